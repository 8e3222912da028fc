import { settingSourcesOf, withAgentFiles } from './agent-files.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Writable } from 'node:stream';
import { checkSpeed, Scheduler } from '../engine/clock.js';
import { Random, seededEpoch } from '../engine/random.js';
import { Session } from '../engine/session.js';
import type { SourcedRule } from '../engine/rule-book.js';
import { EMU_PREFIX, EmuError } from '../errors.js';
import { createLogger, type EmuLogger } from '../log.js';
import type { Profile } from '../profiles/index.js';
import { noteUuids } from '../protocol/uuid-members.js';
import { loadThroughCache } from '../scenario/cache.js';
import { compiledDefaultScenario, compiledScenario, compiledShippedScenario, DEFAULT_SCENARIO_URL } from '../scenario/compiled.js';
import type { ScenarioT } from '../scenario/schema.js';
import { jsonOrPath, loadSettings, type EmuSettings } from '../settings.js';
import { bindSession } from '../store/binding.js';
import type { FuzzHook } from '../tools/fuzz/hook.js';
import { FrameWriter } from '../transport/frame-writer.js';
import { Journal } from '../transport/journal.js';
import type { ServeConfig } from './config.js';
import { defaultHome, stderrLine, type RunIO } from './io.js';
import { createOutput } from './output.js';

/** The wired drop-in: an engine session on its clock, writing through the profile into the transport. */
export interface Composition {
  profile: Profile;
  session: Session;
  scheduler: Scheduler;
  writer: FrameWriter;
  journal: Journal | undefined;
  fuzz: FuzzHook | undefined;
  log: EmuLogger;
  /** The session cannot start (an unknown --resume id): serving reports it and ends (src/store/binding.ts). */
  sessionError: string | undefined;
  /** The session error is said when the first prompt comes, not at start (SessionBinding.errorAtPrompt). */
  sessionErrorAtPrompt?: boolean | undefined;
}

/** A composition that could not be made: the exit code, once stderr got `why`. */
export interface Unusable {
  exit: number;
  why: string;
}

/** Writes `why` to stderr and gives up with `exit`. */
function unusable(io: RunIO, exit: number, why: string): Unusable {
  stderrLine(io)(why);
  return { exit, why };
}

/** Files a run reads before it serves: the scenario and the CLI's settings; or the exit code, once stderr says why. */
async function readInputs(cfg: ServeConfig, io: RunIO): Promise<{ scenario: ScenarioT; settings: EmuSettings } | Unusable> {
  let scenario: ScenarioT;
  try {
    // the built-in and shipped scenarios come precompiled (no yaml/zod on the start-up path); other files through the
    // parse cache (scenario/cache.ts: a file already loaded once under this build), else the loader, whose output is kept
    scenario =
      io.scenario ??
      (cfg.scenarioFile === undefined
        ? compiledDefaultScenario()
        : cfg.scenarioCompiled !== undefined
          ? compiledScenario(cfg.scenarioCompiled, cfg.scenarioFile)
          : compiledShippedScenario(cfg.scenarioFile)) ??
      (await loadThroughCache(cfg.scenarioFile ?? fileURLToPath(DEFAULT_SCENARIO_URL), () => import('../scenario/load.js')));
  } catch (e) {
    if (e instanceof EmuError) return unusable(io, 2, `${EMU_PREFIX} ${e.message}`);
    throw e;
  }
  try {
    return { scenario, settings: loadSettings({ cwd: io.cwd, dir: cfg.profile.behavior.settingsDir, sources: cfg.settingSources, flag: cfg.settingsFlag, managed: cfg.managedSettings, home: io.env['HOME'], ignoreProjectAllow: cfg.profile.behavior.projectAllowIgnored !== undefined }) };
  } catch (e) {
    if (e instanceof EmuError && e.code === 'E_SETTINGS') return unusable(io, 1, e.message);
    throw e;
  }
}

/** Runs a setup step; an EmuError('E_ENV') from it (an unusable log or journal path) is one stderr line and exit 2. */
function setupOrExit<T extends object>(io: RunIO, step: () => T): T | Unusable {
  try {
    return step();
  } catch (e) {
    if (!(e instanceof EmuError) || e.code !== 'E_ENV') throw e;
    return unusable(io, 2, `${EMU_PREFIX} ${e.message}`);
  }
}

/**
 * Composes engine, profile and transport for `cfg`: clock and ids from the seed, the session store
 * binding, the fuzz layer (CBC_EMU_FUZZ), stdout framing, the journal, and the session. Returns the
 * exit code instead when an input is unusable (the reason is on stderr).
 */
export async function compose(cfg: ServeConfig, io: RunIO): Promise<Composition | Unusable> {
  const { profile } = cfg;
  const log = setupOrExit(io, () => createLogger(io.env, io.stderr));
  if ('exit' in log) return log;
  const speedProblem = checkSpeed(cfg.speed);
  if (speedProblem !== undefined) return unusable(io, 2, `${EMU_PREFIX} ${speedProblem}`);
  const inputs = await readInputs(cfg, io);
  if ('exit' in inputs) return inputs;
  const { scenario, settings } = inputs;
  const untrusted = settings.ignoredProjectAllow > 0 ? profile.behavior.projectAllowIgnored?.(settings.ignoredProjectAllow, io.cwd, io.env['HOME'] || '~') : undefined;
  if (untrusted !== undefined) stderrLine(io)(untrusted);

  const rng = new Random(cfg.seed ?? Random.freshSeed());
  const epoch = cfg.seed !== undefined ? seededEpoch(rng.fork('epoch')) : Date.now();
  const home = cfg.home ?? defaultHome(io.env);
  const scheduler = new Scheduler(epoch, cfg.speed);
  const idRng = rng.fork('ids');
  // sessions (seed 002 §4): --session-id, --resume <id>, --continue, --fork-session over the store under --emu-home
  const bound = bindSession({
    home,
    cwd: io.cwd,
    flags: cfg.session,
    profile: profile.name,
    scenario: scenario.name ?? 'unnamed',
    newId: () => profile.ids.sessionId(idRng),
    now: () => scheduler.now(),
    log,
    policy: profile.behavior.binding,
    refusal: cfg.sessionRefusal,
  });
  if ('fatal' in bound) return unusable(io, 1, bound.fatal);

  // CBC_EMU_FUZZ (issue #8, docs/fuzzing.md): frames pass a perturbing transformer, bytes a chunking writer
  const fuzz = cfg.fuzzToken !== undefined ? (await import('../tools/fuzz/hook.js')).fuzzHook(io) : undefined;
  if (typeof fuzz === 'string') return unusable(io, 2, fuzz);
  // under fuzz every frame stays its own write: the byte perturbations cut each write (src/tools/fuzz/bytes.ts)
  const writer = new FrameWriter((fuzz?.stdout ?? io.stdout) as Writable, { coalesce: fuzz === undefined });
  const journalFile = cfg.journalFile;
  // under CBC_EMU_CONTROL the control server reads the journal's lines (issue #19), with or without a file
  const journaled = journalFile !== undefined || (io.env['CBC_EMU_CONTROL'] ?? '') !== '';
  const journal = journaled ? setupOrExit(io, () => new Journal(journalFile, () => scheduler.now(), (e) => stderrLine(io)(`${EMU_PREFIX} journal ${journalFile} failed (${e.message}); journaling stopped, the run goes on`))) : undefined;
  if (journal !== undefined && 'exit' in journal) return journal;
  // under fuzz the journal records stream-json frames as perturbed, when sent: the stream the consumer got (issue #17)
  const perturbed = fuzz !== undefined && cfg.outputFormat === 'stream-json';
  // the uuids of the frames written since the last finished turn: the store keeps them for --resume-session-at
  const wrote: string[] = [];
  const emit = fuzz
    ? fuzz.frames((json) => {
        journal?.frame('out', JSON.parse(json));
        noteUuids(json, wrote);
        writer.write(json);
      })
    : (json: string) => void writer.write(json); // its uuids noted by createOutput as it serialised the frame
  scheduler.gate = () => writer.ready();
  const write = createOutput({ format: cfg.outputFormat, emit, line: (text) => writer.write(text), err: stderrLine(io), journal: perturbed ? undefined : journal, bridge: cfg.bridge, uuids: fuzz ? undefined : wrote });

  // --agents read from a file, and the agents of the profile's agent files folded in (agent-files.ts)
  const cliFlags = withAgentFiles(withFileValues(cfg.cliFlags, cfg.fileValued, io.cwd), cfg.agentFolders?.(io.cwd, io.env, settingSourcesOf(cfg.settingSources)) ?? []);
  // --agent's own model stands in for --model (Claude Code: before ANTHROPIC_MODEL and the settings' model)
  const flagModel = (cfg.model === '' && profile.behavior.emptyModelIsUnset === true ? undefined : cfg.model) ?? profile.behavior.agentModel?.(cliFlags, cfg.agent);
  const resumed = (model: string) => (bound.resume !== undefined ? (profile.behavior.resumedModel?.(model) ?? model) : model);
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
    persist: (state) => bound.persist({ ...state, uuids: wrote.splice(0) }),
    // an --agent whose tools leave out the schema's tool: the schema is not enforced (Claude; capture opt_agent_json_schema_stream_ff)
    jsonSchema: profile.behavior.agentKeepsSchema?.(cliFlags, cfg.agent) === false ? undefined : cfg.jsonSchema,
    model: flagModel ?? modelFromEnv(profile, io.env) ?? resumed(settings.model ?? scenario.model ?? profile.behavior.defaultModel),
    modelChosen: flagModel,
    permissionMode: cfg.permissionMode,
    disableWorkflows: cfg.disableWorkflows || settings.disableWorkflows,
    agent: cfg.agent,
    singleShot: !cfg.streamIn,
    pid: cfg.seed !== undefined ? rng.fork('pid').int(1000, 99999) : process.pid,
    allowedTools: [...cfg.allowedTools, ...settings.allow],
    cliAllowedTools: [...cfg.allowedTools, ...settings.flagAllow],
    disallowedTools: [...cfg.disallowedTools, ...settings.deny],
    permissionRules: permissionRules(cfg, settings),
    settingsHooks: settings.hooks,
    settingsLayers: settings.layers,
    permissionPromptStdio: cfg.permissionPromptStdio,
    permissionPromptTool: cfg.permissionPromptTool,
    cliFlags,
    maxTurns: cfg.maxTurns,
    maxBudgetUsd: cfg.maxBudgetUsd,
    partialMessages: cfg.partialMessages,
    replayUserMessages: cfg.replayUserMessages,
    replayAtResume: cfg.streamIn && cfg.session.resume !== undefined,
    trace: journal ? (event, data) => journal.event(event, data) : undefined,
  });
  return { profile, session, scheduler, writer, journal, fuzz, log, sessionError: bound.error, sessionErrorAtPrompt: bound.errorAtPrompt };
}

/** Every rule with its source, each behaviour's in the order allowedTools / disallowedTools hold them (engine/rule-book.ts). */
function permissionRules(cfg: ServeConfig, settings: EmuSettings): SourcedRule[] {
  const cli = (behavior: 'allow' | 'deny', rules: readonly string[]) => rules.map((rule) => ({ behavior, source: 'cliArg', rule }));
  const of = (behavior: string) => settings.sourced.filter((r) => r.behavior === behavior);
  return [...cli('allow', cfg.allowedTools), ...of('allow'), ...cli('deny', cfg.disallowedTools), ...of('deny'), ...of('ask')];
}

/** The model the profile's environment variable names (cbc 2.117.0: CODEBUDDY_MODEL, beaten by --model; captures env_model_cbc_*). */
function modelFromEnv(profile: Profile, env: NodeJS.ProcessEnv): string | undefined {
  const name = profile.behavior.modelEnv;
  return name !== undefined ? env[name] || undefined : undefined;
}

/** The flags with each file-valued option's path (a value that is no JSON object) replaced by the file's text. */
function withFileValues(flags: ServeConfig['cliFlags'], names: readonly string[], cwd: string): ServeConfig['cliFlags'] {
  const out = new Map(flags);
  for (const name of names) {
    const v = flags.get(name);
    const given = typeof v === 'string' ? jsonOrPath(v, cwd) : undefined;
    if (given === undefined || !('file' in given)) continue;
    try {
      out.set(name, readFileSync(given.file, 'utf8'));
    } catch {
      // no such file: the start checks refused the run already
    }
  }
  return out;
}
