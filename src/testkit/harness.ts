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
}

/** The drop-in running in this process over in-memory streams. */
export interface InMemoryRun {
  stdin: PassThrough;
  stdout: PassThrough;
  stderr: PassThrough;
  /** Resolves with the exit code; stdout and stderr are ended then, as a process's pipes close at exit. */
  exit: Promise<number>;
  /** Sends `sig` to the run (with `signals: true`; false when it has no handler, as after its end). */
  signal(sig: HandledSignal): boolean;
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
  const port: SignalPort = { on: (h) => void (handler = h), off: () => void (handler = undefined), raise: (sig) => void (raised = sig), dies: false };
  const exit = runCli({ argv: o.argv, env: { ...o.env }, stdin, stdout, stderr, cwd: o.cwd ?? process.cwd(), scenario: o.scenario, handleSignals: false, signals: o.signals === true ? port : undefined });
  void exit.then(() => {
    stdout.end();
    stderr.end();
  });
  // delivered on a later turn of the event loop, as a process's signal watcher delivers it
  const signal = (sig: HandledSignal) => handler !== undefined && (setImmediate(() => handler?.(sig)), true);
  return { stdin, stdout, stderr, exit, signal, get raised() { return raised; } };
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
