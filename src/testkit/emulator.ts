import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProfileName } from '../protocol/vocabulary.js';
import { loadScenarioFile, parseScenario } from '../scenario/load.js';
import { resolveScenarioRef } from '../scenario/shipped.js';
import { checkTranscript } from '../tools/check/rules.js';
import type { CheckOptions, Violation } from '../tools/check/types.js';
import type { JournalEntry } from '../transport/journal.js';
import { LineReader } from '../transport/line-reader.js';
import { startInMemory } from './harness.js';

/** What {@link startEmulator} needs: a scenario (inline or file) and the emulator settings. */
export interface StartOptions {
  /** A shipped scenario's name (`'deep-research'`, see `cbc-emu scenarios`), or an inline scenario (the object form of a scenario YAML file, docs/scenarios.md). */
  scenario?: string | Record<string, unknown>;
  /** Path of a scenario file (`scenarios/deep-research.yaml`). */
  scenarioFile?: string;
  /** Profile to emulate (default `cbc`). */
  profile?: ProfileName;
  /** Seed of every random draw (ids, uuids); the same seed gives the same bytes. */
  seed?: string | number;
  /** Virtual clock speed: 0 = instant (default), 1 = real time. */
  speed?: number;
  /** Extra CLI flags when `send`/`interrupt` spawn the drop-in themselves. */
  args?: string[];
  /** Working directory of a self-spawned drop-in. */
  cwd?: string;
  /**
   * Drive the emulator in this process over in-memory streams instead of spawning bin/cbc.js (faster,
   * same bytes). Only for `send`/`interrupt`/`waitFor`; an SDK still spawns `executablePath` with `env`.
   */
  inProcess?: boolean;
}

/** The running drop-in as `send` sees it: a child process, or the in-process runner over memory streams. */
interface Driven {
  stdin: NodeJS.WritableStream;
  stdout: NodeJS.ReadableStream;
  stderr: NodeJS.ReadableStream;
  kill(): void;
}

/**
 * A frame on the wire, as the test kit hands it to a test. Deliberately `any`-valued: tests index nested
 * fields freely (`f.response.request_id`, docs/testing.md), and this public type must keep compiling there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type WireFrame = Record<string, any>;

/** A prepared emulator: hand `executablePath`/`env` to an SDK, or drive it with `send`/`interrupt`. */
export interface Emulator {
  /** The drop-in to spawn (`bin/cbc.js`; SDKs run `.js` paths with node). */
  executablePath: string;
  /** `CBC_EMU_*` settings (scenario, profile, seed, speed, home, journal) for the process that runs it. */
  env: Record<string, string>;
  /** The journal file the drop-in appends to (`--emu-journal`). */
  journalPath: string;
  /** Frames the CLI wrote: from the self-spawned process, else from the journal. */
  frames(): WireFrame[];
  /** Every journal entry so far (both directions plus lifecycle events), read from `journalPath`. */
  journal(): JournalEntry[];
  /**
   * Resolves with the journal once the drop-in recorded its exit. An SDK's iterator can end before the
   * process it spawned has exited (the CodeBuddy SDK stops at the first result), so await this first.
   */
  finished(timeoutMs?: number): Promise<JournalEntry[]>;
  /** Writes one frame to the self-spawned drop-in (spawned on first use). */
  send(frame: WireFrame): void;
  /** Sends a `control_request` interrupt; resolves to its request_id. */
  interrupt(): string;
  /** Resolves with the first CLI frame matching `pred` (already written or yet to come). */
  waitFor(pred: (f: WireFrame) => boolean, timeoutMs?: number): Promise<WireFrame>;
  /**
   * Runs the `cbc-emu check` rules over the journal (plus the byte-level rules over a self-spawned
   * drop-in's stdout). The journal grows while the drop-in runs: check after `finished()` or `close()`.
   */
  check(opts?: CheckOptions): Violation[];
  /**
   * Ends stdin and waits for a self-spawned drop-in to exit, then deletes the temp home; the journal
   * stays readable (journal(), frames(), check()) from memory. Call it in afterEach.
   */
  close(): Promise<{ code: number | null }>;
}

/** Rules that read stdout bytes, which a journal does not keep. */
const BYTE_RULES = new Set(['frame.one-json-per-line', 'stdout.no-foreign-bytes']);

const BIN = fileURLToPath(new URL('../../bin/cbc.js', import.meta.url));

/** Fills the temp folder `dir` (home, journal, an inline scenario checked and written as a file) and makes the CBC_EMU_* settings. */
function prepare(opts: StartOptions, dir: string): { dir: string; journalPath: string; env: Record<string, string> } {
  if (opts.scenario && opts.scenarioFile) throw new Error('startEmulator: give either scenario or scenarioFile, not both');
  let scenarioPath: string | undefined;
  if (typeof opts.scenario === 'string') {
    scenarioPath = resolve(resolveScenarioRef(opts.scenario)); // issue #20: a shipped scenario's name (or a path)
    loadScenarioFile(scenarioPath);
  } else if (opts.scenario) {
    scenarioPath = join(dir, 'scenario.yaml');
    const text = JSON.stringify(opts.scenario, null, 2); // JSON is YAML
    parseScenario(text, scenarioPath); // throws every problem at once, with line:col
    writeFileSync(scenarioPath, text);
  } else if (opts.scenarioFile) {
    scenarioPath = resolve(opts.scenarioFile);
    loadScenarioFile(scenarioPath);
  }
  const journalPath = join(dir, 'journal.ndjson');
  const env: Record<string, string> = {
    CBC_EMU_HOME: join(dir, 'home'),
    CBC_EMU_JOURNAL: journalPath,
    CBC_EMU_SPEED: String(opts.speed ?? 0),
    ...(scenarioPath ? { CBC_EMU_SCENARIO: scenarioPath } : {}),
    ...(opts.profile ? { CBC_EMU_PROFILE: opts.profile } : {}),
    ...(opts.seed !== undefined ? { CBC_EMU_SEED: String(opts.seed) } : {}),
  };
  return { dir, journalPath, env };
}

/** {@link prepare} in a new temp folder, removed again when the options are refused (a bad scenario leaves nothing behind, issue #20). */
function prepareOrClean(opts: StartOptions): ReturnType<typeof prepare> {
  const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-'));
  try {
    return prepare(opts, dir);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Prepares a temp emulator home and journal file for one test (issue #6 test kit). Nothing runs until
 * an SDK spawns `executablePath` with `env`, or until `send`/`interrupt` spawn the drop-in here.
 */
export function startEmulator(opts: StartOptions = {}): Emulator {
  const { dir, journalPath, env } = prepareOrClean(opts);
  let child: Driven | undefined;
  let exited: Promise<number | null> | undefined;
  const out: WireFrame[] = [];
  const stdoutBytes: Buffer[] = [];
  const waiters = new Set<(f: WireFrame) => void>();
  let interrupts = 0;

  const argv = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', ...(opts.args ?? [])];
  const start = (): { c: Driven; exit: Promise<number | null> } => {
    if (opts.inProcess) {
      const r = startInMemory({ argv, env: { ...process.env, ...env }, cwd: opts.cwd });
      return { c: { stdin: r.stdin, stdout: r.stdout, stderr: r.stderr, kill: () => r.stdin.end() }, exit: r.exit };
    }
    const p: ChildProcessWithoutNullStreams = spawn(process.execPath, [BIN, ...argv], { cwd: opts.cwd ?? process.cwd(), env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    return { c: { stdin: p.stdin, stdout: p.stdout, stderr: p.stderr, kill: () => p.kill('SIGKILL') }, exit: new Promise((res) => p.on('close', (code) => res(code))) };
  };

  const spawnOnce = (): Driven => {
    if (child) return child;
    const { c, exit } = start();
    const lines = new LineReader();
    c.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes.push(chunk);
      for (const ev of lines.push(chunk)) {
        if (ev.kind !== 'line') continue;
        try {
          const f = JSON.parse(ev.text) as WireFrame;
          out.push(f);
          for (const w of waiters) w(f);
        } catch {
          // foreign bytes stay in the stdout bytes, where check() reports them (stdout.no-foreign-bytes)
        }
      }
    });
    c.stderr.resume();
    exited = exit;
    child = c;
    return c;
  };

  let kept: string | undefined; // the journal text, kept in memory once close() removed the temp dir
  const journalText = (): string => kept ?? (existsSync(journalPath) ? readFileSync(journalPath, 'utf8') : '');
  const journal = (): JournalEntry[] =>
    journalText()
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as JournalEntry);

  const frames = (): WireFrame[] =>
    child ? [...out] : journal().filter((e) => e.dir === 'out' && e.frame !== undefined).map((e) => e.frame as WireFrame);

  return {
    executablePath: BIN,
    env,
    journalPath,
    frames,
    journal,
    async finished(timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const j = journal();
        const last = j.at(-1);
        if (last?.dir === 'meta' && (last.event === 'exit' || last.event === 'signal')) return j;
        if (Date.now() > until) throw new Error(`finished: ${journalPath} has no exit event after ${timeoutMs} ms (was the drop-in spawned with emu.env?)`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    send(frame) {
      spawnOnce().stdin.write(JSON.stringify(frame) + '\n');
    },
    interrupt() {
      const id = `emu_interrupt_${++interrupts}`;
      spawnOnce().stdin.write(JSON.stringify({ type: 'control_request', request_id: id, request: { subtype: 'interrupt' } }) + '\n');
      return id;
    },
    waitFor(pred, timeoutMs = 10_000) {
      const seen = frames().find(pred);
      if (seen) return Promise.resolve(seen);
      if (!child || kept !== undefined) return Promise.reject(new Error('waitFor: the drop-in was not spawned here; read frames() after the SDK is done'));
      return new Promise((res, rej) => {
        const timer = setTimeout(() => {
          waiters.delete(w);
          rej(new Error(`waitFor: no matching frame within ${timeoutMs} ms (got ${out.length} frames)`));
        }, timeoutMs);
        const w = (f: WireFrame) => {
          if (!pred(f)) return;
          clearTimeout(timer);
          waiters.delete(w);
          res(f);
        };
        waiters.add(w);
      });
    },
    check(checkOpts = {}) {
      // the journal has both directions (control.response.per-request, interrupt.ack.before-killed need them);
      // raw stdout bytes exist only for a self-spawned drop-in, and only the byte-level rules read them
      const fromJournal = checkTranscript(journalText(), checkOpts);
      const fromBytes = child ? checkTranscript(Buffer.concat(stdoutBytes).toString('utf8'), checkOpts).filter((v) => BYTE_RULES.has(v.rule)) : [];
      return [...fromBytes, ...fromJournal];
    },
    async close() {
      let code: number | null = null;
      if (child && exited) {
        child.stdin.end();
        const timer = setTimeout(() => child?.kill(), 10_000);
        code = await exited;
        clearTimeout(timer);
      }
      kept = journalText();
      rmSync(dir, { recursive: true, force: true });
      return { code };
    },
  };
}
