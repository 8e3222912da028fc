import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { runCli } from '../dropin/main.js';
import type { HandledSignal, SignalPort } from '../dropin/signals.js';
import type { ScenarioT } from '../scenario/schema.js';

/** A drop-in run in this process: its argv, environment (as given: nothing of process.env is added), cwd, and optionally a parsed scenario. */
export interface InMemoryOptions {
  argv: string[];
  env?: NodeJS.ProcessEnv | undefined;
  /** Default: process.cwd(). */
  cwd?: string | undefined;
  scenario?: ScenarioT | undefined;
  /** Take signals through `InMemoryRun.signal` (as a spawned drop-in takes them from the OS); default: none handled. */
  signals?: boolean | undefined;
  /** The pid the run's fuzz notes give (RunIO.pid): the relay process a spawned campaign's run is served for. */
  pid?: number | undefined;
}

/** The drop-in running in this process over in-memory streams. */
export interface InMemoryRun {
  stdin: PassThrough;
  stdout: PassThrough;
  stderr: PassThrough;
  /** Resolves with the exit code (1 for a throw, its error on stderr); stdout and stderr are ended then, as a process's pipes close at exit. */
  exit: Promise<number>;
  /** Sends `sig` to the run (with `signals: true`; false when it has no handler, as after its end). */
  signal(sig: HandledSignal): boolean;
  /**
   * Sends `sig` now, or once the run takes signals when it does not yet (a process's signal during its start-up);
   * dropped when the run ends first. For a run whose signals come from outside, as a relay's do.
   */
  deliver(sig: HandledSignal): void;
  /** The signal the run died by, as a process would (set by the time `exit` resolves); undefined when it exited with its code. */
  readonly raised: HandledSignal | undefined;
}

/**
 * Starts the drop-in (runCli) over in-memory streams, without signal handlers: the one in-memory
 * harness of the test kit, the fuzz() API and the test suites. Same bytes as a spawned bin/cbc.js.
 */
export function startInMemory(o: InMemoryOptions): InMemoryRun {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let handler: ((sig: HandledSignal) => void) | undefined;
  let raised: HandledSignal | undefined;
  let early: HandledSignal[] = []; // deliver()ed before the run took signals
  let over = false;
  // delivered on a later turn of the event loop, as a process's signal watcher delivers it
  const signal = (sig: HandledSignal) => handler !== undefined && (setImmediate(() => handler?.(sig)), true);
  const on = (h: (sig: HandledSignal) => void) => {
    handler = h;
    const now = early;
    early = [];
    for (const sig of now) signal(sig);
  };
  const port: SignalPort = { on, off: () => void (handler = undefined), raise: (sig) => void (raised = sig), dies: false };
  // a throw out of the drop-in (a bug: it resolves an exit code for every bad input) ends the run as it ends a
  // process: its error on stderr and exit code 1, not an unhandled rejection of the process hosting the run
  const exit = runCli({ argv: o.argv, env: { ...o.env }, stdin, stdout, stderr, cwd: o.cwd ?? process.cwd(), scenario: o.scenario, handleSignals: false, signals: o.signals === true ? port : undefined, pid: o.pid }).catch((e: unknown) => {
    if (!stderr.writableEnded) stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 1;
  });
  void exit.then(() => {
    over = true;
    early = [];
    stdout.end();
    stderr.end();
  });
  const deliver = (sig: HandledSignal) => void (signal(sig) || over || early.push(sig));
  return { stdin, stdout, stderr, exit, signal, deliver, get raised() { return raised; } };
}

/** What a finished in-memory run wrote, and its exit code. */
export interface InMemoryResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** Runs the drop-in in memory with all of `stdin` written at once (raw bytes survive as given), then closed. */
export async function runInMemory(o: InMemoryOptions & { stdin: Buffer | string }): Promise<InMemoryResult> {
  const run = startInMemory(o);
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  run.stdout.on('data', (c: Buffer) => out.push(c));
  run.stderr.on('data', (c: Buffer) => err.push(c));
  run.stdin.end(o.stdin);
  const code = await run.exit;
  await Promise.all([finished(run.stdout), finished(run.stderr)]);
  return { stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code };
}
