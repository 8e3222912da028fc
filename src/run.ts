import { readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArgvError, parseArgv, splitToolList, type ParsedArgv } from './cli/argv.js';
import { createOutput } from './cli/output.js';
import { Scheduler } from './engine/clock.js';
import { Random, seededEpoch } from './engine/random.js';
import { Session } from './engine/session.js';
import { EMU_PREFIX, EmuError } from './errors.js';
import { truthy } from './env.js';
import { createLogger } from './log.js';
import { getProfile, type Profile } from './profiles/index.js';
import { compiledDefaultScenario, DEFAULT_SCENARIO_URL } from './scenario/compiled.js';
import type { ScenarioT } from './scenario/schema.js';
import { loadSettings, SettingsError } from './settings.js';
import { bindSession } from './store/binding.js';
import { FrameWriter } from './transport/frame-writer.js';
import { Journal } from './transport/journal.js';
import { DEFAULT_MAX_LINE_BYTES, LineReader } from './transport/line-reader.js';

/** Streams and environment of one drop-in run (injectable for in-process tests). */
export interface RunIO {
  argv: string[];
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  cwd: string;
  /** An already-loaded scenario (library use); takes precedence over --emu-scenario. */
  scenario?: ScenarioT | undefined;
  /** Install SIGTERM/SIGINT handlers (the real process: yes; in-process tests: no). */
  handleSignals?: boolean | undefined;
}

/** Default location of the emulator's files (task outputs, sessions): the user's cache directory. */
export function defaultHome(env: NodeJS.ProcessEnv): string {
  const xdg = env['XDG_CACHE_HOME'];
  return join(xdg && xdg !== '' ? xdg : join(homedir() || tmpdir(), '.cache'), 'cbc-emulator');
}

const str = (v: string | true | string[] | undefined): string | undefined => (typeof v === 'string' ? v : Array.isArray(v) ? v.join(' ') : undefined);

/**
 * The drop-in CLI: parses the real CLIs' flags, then speaks stream-json (or prints json/text) for a
 * scenario. Resolves to the process exit code; never throws for bad input.
 */
export async function runCli(io: RunIO): Promise<number> {
  const err = (line: string) => io.stderr.write(line.endsWith('\n') ? line : line + '\n');
  let args: ParsedArgv;
  try {
    args = parseArgv(io.argv);
  } catch (e) {
    if (e instanceof ArgvError) {
      err(e.message);
      return 1;
    }
    throw e;
  }
  const flag = (n: string) => args.flags.get(n);
  const setting = (name: string, envName: string) => str(flag(name)) ?? (io.env[envName] !== '' ? io.env[envName] : undefined);

  let profile: Profile;
  try {
    profile = getProfile(setting('emu-profile', 'CBC_EMU_PROFILE') ?? 'cbc');
  } catch (e) {
    err(`${EMU_PREFIX} ${(e as Error).message}`);
    return 2;
  }
  if (flag('help')) {
    io.stdout.write(helpText(profile));
    return 0;
  }
  if (flag('version')) {
    io.stdout.write(profile.behavior.versionText);
    return 0;
  }

  // CBC_EMU_REPLAY: play a recorded session back instead of a scenario (issue #7, docs/cassettes.md)
  const replayFile = setting('emu-replay', 'CBC_EMU_REPLAY');
  if (replayFile !== undefined) {
    const { runReplay } = await import('./tools/cassette/dropin.js');
    return runReplay(replayFile, io, str(flag('session-id')), Number(setting('emu-speed', 'CBC_EMU_SPEED') ?? '1'));
  }

  const outputFormat = str(flag('output-format')) ?? 'text';
  const inputFormat = str(flag('input-format')) ?? 'text';
  const print = flag('print') === true;
  if (!['text', 'json', 'stream-json'].includes(outputFormat)) {
    err(`error: option '--output-format <format>' argument '${outputFormat}' is invalid. Allowed choices are text, json, stream-json.`);
    return 1;
  }
  if (!['text', 'stream-json'].includes(inputFormat)) {
    err(`error: option '--input-format <format>' argument '${inputFormat}' is invalid. Allowed choices are text, stream-json.`);
    return 1;
  }
  const streamIn = inputFormat === 'stream-json';
  if (!print && !streamIn && flag('output-format') === undefined) {
    err(`${EMU_PREFIX} the interactive terminal UI is not emulated; run with -p/--print or --input-format stream-json --output-format stream-json`);
    return 2;
  }
  if (profile.behavior.requiresVerboseForStreamJson) {
    if (streamIn && outputFormat !== 'stream-json') {
      err('Error: --input-format=stream-json requires output-format=stream-json.');
      return 1;
    }
    if (outputFormat === 'stream-json' && flag('verbose') !== true) {
      err('Error: When using --print, --output-format=stream-json requires --verbose');
      return 1;
    }
  }

  const log = createLogger(io.env);
  const scenarioFile = setting('emu-scenario', 'CBC_EMU_SCENARIO');
  let scenario: ScenarioT;
  try {
    // the built-in scenario comes precompiled (no yaml/zod on the start-up path); files go through the loader
    scenario = io.scenario ?? (scenarioFile === undefined ? compiledDefaultScenario() : undefined) ?? (await import('./scenario/load.js')).loadScenarioFile(scenarioFile ?? fileURLToPath(DEFAULT_SCENARIO_URL));
  } catch (e) {
    if (e instanceof EmuError) {
      err(`${EMU_PREFIX} ${e.message}`);
      return 2;
    }
    throw e;
  }
  let settings;
  try {
    settings = loadSettings({ cwd: io.cwd, dir: profile.behavior.settingsDir, sources: str(flag('setting-sources')), flag: str(flag('settings')) });
  } catch (e) {
    if (e instanceof SettingsError) {
      err(e.message);
      return 1;
    }
    throw e;
  }

  const seedText = setting('emu-seed', 'CBC_EMU_SEED');
  const rng = new Random(seedText ?? Random.freshSeed());
  const epoch = seedText !== undefined ? seededEpoch(rng.fork('epoch')) : Date.now();
  const speedText = setting('emu-speed', 'CBC_EMU_SPEED') ?? '1';
  const speed = Number(speedText);
  if (!Number.isFinite(speed) || speed < 0) {
    err(`${EMU_PREFIX} --emu-speed must be a number >= 0 (got "${speedText}"); 0 emits instantly, 1 is real time`);
    return 2;
  }
  const home = setting('emu-home', 'CBC_EMU_HOME') ?? defaultHome(io.env);
  const scheduler = new Scheduler(epoch, speed);
  const idRng = rng.fork('ids');
  // sessions (seed 002 §4): --session-id, --resume <id>, --continue, --fork-session over the store under --emu-home
  const resumeFlag = flag('resume');
  const bound = bindSession({
    home,
    cwd: io.cwd,
    flags: {
      resume: typeof resumeFlag === 'string' || resumeFlag === true ? resumeFlag : undefined,
      continue: flag('continue') === true,
      sessionId: str(flag('session-id')),
      fork: flag('fork-session') === true,
      persist: flag('no-session-persistence') !== true,
    },
    profile: profile.name,
    scenario: scenario.name ?? 'unnamed',
    newId: () => profile.ids.sessionId(idRng),
    now: () => scheduler.now(),
    log,
  });
  if ('error' in bound) {
    err(bound.error);
    return 1;
  }

  // CBC_EMU_FUZZ (issue #8, docs/fuzzing.md): frames pass a perturbing transformer, bytes a chunking writer
  const fuzz = io.env['CBC_EMU_FUZZ'] ? (await import('./tools/fuzz/hook.js')).fuzzHook(io) : undefined;
  if (fuzz === null) return 2;
  const writer = new FrameWriter((fuzz?.stdout ?? io.stdout) as unknown as import('node:stream').Writable, { coalesce: true });
  const emit = fuzz ? fuzz.frames((json) => writer.write(json)) : (json: string) => writer.write(json);
  scheduler.gate = () => writer.ready();
  const journalFile = setting('emu-journal', 'CBC_EMU_JOURNAL');
  const journal = journalFile !== undefined ? new Journal(journalFile, () => scheduler.now()) : undefined;
  // --emu-bridge / CBC_EMU_BRIDGE (issue #5, seed 003): also write system/task_* as flattened top-level frames
  const write = createOutput({
    format: outputFormat as 'text' | 'json' | 'stream-json',
    emit,
    line: (text) => writer.write(text),
    err,
    journal,
    bridge: flag('emu-bridge') === true || truthy(io.env['CBC_EMU_BRIDGE']),
  });

  let jsonSchema: unknown;
  const schemaText = str(flag('json-schema'));
  if (schemaText !== undefined) {
    try {
      jsonSchema = JSON.parse(schemaText);
    } catch (e) {
      err(`Error: Invalid JSON provided to --json-schema: ${(e as Error).message}`);
      return 1;
    }
  }
  const disableWorkflows = truthy(io.env['CODEBUDDY_DISABLE_WORKFLOWS']) || settings.disableWorkflows;
  const session = new Session({
    profile,
    scenario,
    scheduler,
    rng: idRng,
    write,
    log,
    cwd: io.cwd,
    home,
    env: io.env,
    sessionId: bound.sessionId,
    resume: bound.resume,
    persist: bound.persist,
    jsonSchema,
    model: str(flag('model')) ?? settings.model ?? scenario.model ?? profile.behavior.defaultModel,
    permissionMode: flag('dangerously-skip-permissions') === true ? 'bypassPermissions' : str(flag('permission-mode')) ?? 'default',
    disableWorkflows,
    singleShot: !streamIn,
    pid: seedText !== undefined ? rng.fork('pid').int(1000, 99999) : process.pid,
    allowedTools: splitToolList(flag('allowedTools')),
    disallowedTools: splitToolList(flag('disallowedTools')),
    permissionPromptStdio: str(flag('permission-prompt-tool')) === 'stdio',
    trace: journal ? (event, data) => journal.event(event, data) : undefined,
  });

  return new Promise<number>((resolve) => {
    let finished = false;
    let eof = false;
    const finish = (code: number) => {
      if (finished) return;
      finished = true;
      scheduler.stop();
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      journal?.event('exit', { code });
      fuzz?.flush();
      void Promise.all([writer.flush(), journal?.close()]).then(() => resolve(code));
    };
    const maybeDone = () => {
      if (!eof || finished) return;
      void scheduler.whenIdle().then(() => {
        if (finished) return;
        if (session.quiet && scheduler.idle) finish(session.lastResultError ? profile.behavior.exitCodeAfterErrorResult : 0);
        else maybeDone();
      });
    };
    const onSignal = (sig: NodeJS.Signals) => {
      log.info({ sig }, 'signal: flushing and exiting');
      journal?.event('signal', { signal: sig });
      finish(sig === 'SIGINT' ? 130 : 143);
    };
    if (io.handleSignals !== false) {
      process.once('SIGTERM', onSignal);
      process.once('SIGINT', onSignal);
    }
    writer.onError = (e) => {
      err(`${EMU_PREFIX} stdout failed: ${e.message}`);
      finish(1);
    };
    scheduler.start();

    if (!streamIn) {
      const positional = args.positionals.join(' ');
      const fromStdin = (text: string) => {
        const prompt = positional !== '' ? positional : text.trim();
        if (prompt === '') {
          err('Error: Input must be provided either through stdin or as a prompt argument when using --print');
          finish(1);
          return;
        }
        session.userMessage(prompt);
        eof = true;
        maybeDone();
      };
      if (positional !== '' || (io.stdin as NodeJS.ReadStream).isTTY) fromStdin('');
      else {
        const parts: Buffer[] = [];
        io.stdin.on('data', (c: Buffer) => parts.push(c));
        io.stdin.on('end', () => fromStdin(Buffer.concat(parts).toString('utf8')));
      }
      return;
    }

    const reader = new LineReader();
    const onLine = (text: string) => {
      if (finished) return;
      let msg: unknown;
      try {
        msg = JSON.parse(text);
        journal?.frame('in', msg);
      } catch (e) {
        journal?.raw(text);
        const what = profile.behavior.malformedLine(text, e as Error);
        if ('fatal' in what) {
          err(what.fatal);
          finish(1);
        } else session.emit({ kind: 'input_error', message: what.report });
        return;
      }
      dispatch(msg);
    };
    const dispatch = (msg: unknown) => {
      if (!msg || typeof msg !== 'object' || Array.isArray(msg)) {
        log.warn({ frame: msg }, 'ignoring a stdin frame that is not a JSON object');
        return;
      }
      const m = msg as Record<string, unknown>;
      switch (m['type']) {
        case 'control_request': {
          const req = m['request'];
          const id = m['request_id'];
          if (typeof id !== 'string' || !req || typeof req !== 'object') {
            log.warn({ frame: m }, 'ignoring a control_request without request_id or request');
            return;
          }
          session.control(id, req as Record<string, unknown>);
          return;
        }
        case 'user':
          session.userMessage(promptOf(m['message']));
          return;
        case 'control_response':
          session.hostResponse((m['response'] ?? {}) as Record<string, unknown>);
          return;
        case 'control_cancel_request':
        case 'keep_alive':
          return;
        default:
          log.warn({ type: m['type'] }, 'ignoring a stdin frame of unknown type');
      }
    };
    const onEvents = (events: ReturnType<LineReader['push']>) => {
      for (const ev of events) {
        if (ev.kind === 'line') onLine(ev.text);
        else err(`${EMU_PREFIX} stdin line ${ev.lineNo} is ${ev.bytes} bytes, over the ${DEFAULT_MAX_LINE_BYTES}-byte limit; it was skipped`);
      }
    };
    io.stdin.on('data', (chunk: Buffer) => onEvents(reader.push(chunk)));
    io.stdin.on('end', () => {
      onEvents(reader.end());
      journal?.event('eof');
      session.stdinClosed();
      eof = true;
      maybeDone();
    });
    io.stdin.on('error', () => {
      eof = true;
      maybeDone();
    });
  });
}


/** The text of a user message's content: a string, or the concatenated text blocks. */
function promptOf(message: unknown): string {
  if (!message || typeof message !== 'object') return '';
  const content = (message as Record<string, unknown>)['content'];
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((b) => (b && typeof b === 'object' && (b as Record<string, unknown>)['type'] === 'text' ? String((b as Record<string, unknown>)['text'] ?? '') : ''))
      .filter((s) => s !== '')
      .join('\n');
  }
  return '';
}

function helpText(profile: Profile): string {
  const file = profile.behavior.helpName;
  return readFileSync(new URL(`./cli/help/${file}.txt`, import.meta.url), 'utf8');
}

