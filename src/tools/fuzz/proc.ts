import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { BoundedCapture } from './capture.js';

/**
 * Running a consumer (or an oracle) so that nothing it starts outlives its run (issue #18 class 7).
 * Each command runs in its own process group (`detached`); when it exits or times out the group is
 * swept, and so is every process that inherited the run's marker variable, which also catches a
 * `setsid` grandchild that left the group. Reading its output never waits forever: after the command
 * exits, its pipes get DRAIN_MS to close (a grandchild may hold them open) and are then let go.
 */

/** Environment variable every process of a run inherits; its value names the run. */
export const RUN_MARKER = 'CBC_EMU_FUZZ_RUN';
/** Real milliseconds the pipes may stay open after the command exited (a background child holding stdout). */
export const DRAIN_MS = 1000;
/** Real milliseconds a swept process gets between SIGTERM and SIGKILL. */
const GRACE_MS = 500;

/** How a command ended. */
export interface ShellResult {
  code: number | null;
  stdout: BoundedCapture;
  stderr: BoundedCapture;
  timedOut: boolean;
}

/** The runs in flight, so a signal to the campaign can end them all (see killAllRuns). */
const live = new Map<string, number>(); // marker value -> process group id

/**
 * Live pids of a run: in its process group, or carrying its marker (Linux /proc; undefined without
 * it). Zombies do not count: an orphan nobody reaps stays one forever and can no longer hold anything.
 */
function runPids(value: string, pgid: number): number[] | undefined {
  const needle = Buffer.from(`\0${RUN_MARKER}=${value}\0`);
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const pids: number[] = [];
  for (const e of entries) {
    if (!/^\d+$/.test(e) || Number(e) === process.pid) continue;
    try {
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so read after the last ')'
      const stat = readFileSync(`/proc/${e}/stat`, 'latin1');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' || state === 'X') continue;
      // a leading NUL so the first variable matches too
      if (Number(pgrp) === pgid || Buffer.concat([Buffer.from([0]), readFileSync(`/proc/${e}/environ`)]).includes(needle)) pids.push(Number(e));
    } catch {
      /* gone, or not ours */
    }
  }
  return pids;
}

/** Sends `sig` to every live process of the run; true when there was any. */
function signalRun(value: string, pgid: number, sig: NodeJS.Signals): boolean {
  const pids = runPids(value, pgid);
  const targets = pids ?? [-pgid]; // without /proc the group is all we can reach
  let any = false;
  for (const target of targets) {
    try {
      process.kill(target, sig);
      any = true;
    } catch {
      /* already gone */
    }
  }
  return any;
}

/** Ends every process of a run: SIGTERM, then SIGKILL for what is left after GRACE_MS. */
async function sweep(value: string, pgid: number): Promise<void> {
  if (!signalRun(value, pgid, 'SIGTERM')) return;
  const until = Date.now() + GRACE_MS;
  // poll: a process group has no exit event to wait for
  while (Date.now() < until && (runPids(value, pgid) ?? [1]).length > 0) await new Promise((r) => setTimeout(r, 25));
  signalRun(value, pgid, 'SIGKILL');
}

/** SIGKILLs every run in flight at once (a signal to the campaign: nothing may outlive it). */
export function killAllRuns(): void {
  for (const [value, pgid] of live) signalRun(value, pgid, 'SIGKILL');
  // a SIGKILL lands when the kernel next runs its target: wait (bounded) until the runs are gone, so none
  // is still alive once the campaign has exited; synchronous, as the caller exits right after
  const until = Date.now() + 2 * GRACE_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (Date.now() < until && [...live].some(([value, pgid]) => (runPids(value, pgid) ?? []).length > 0)) Atomics.wait(pause, 0, 0, 10);
  live.clear();
}

/**
 * Runs `sh -c <command>` in its own process group with a bounded capture of stdout and stderr; past
 * `timeoutMs` the whole run is killed. Resolves once the command exited, its pipes closed or DRAIN_MS
 * passed, and every process of the run is gone.
 */
export function runShell(command: string, env: NodeJS.ProcessEnv, cwd: string, timeoutMs: number): Promise<ShellResult> {
  const marker = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const child = spawn('sh', ['-c', command], { cwd, env: { ...env, [RUN_MARKER]: marker }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const pgid = child.pid;
  const stdout = new BoundedCapture();
  const stderr = new BoundedCapture();
  child.stdout.on('data', (c: Buffer) => stdout.push(c));
  child.stderr.on('data', (c: Buffer) => stderr.push(c));
  if (pgid === undefined) return new Promise((done) => child.once('error', () => done({ code: 127, stdout, stderr, timedOut: false })));
  live.set(marker, pgid);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    signalRun(marker, pgid, 'SIGKILL');
  }, timeoutMs);
  const closed = new Promise<void>((r) => child.once('close', () => r()));
  return new Promise((done) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      let drainTimer: NodeJS.Timeout | undefined;
      const drained = new Promise<void>((r) => (drainTimer = setTimeout(r, DRAIN_MS)));
      void Promise.race([closed, drained])
        .then(() => {
          clearTimeout(drainTimer);
          return sweep(marker, pgid);
        })
        .then(() => {
          live.delete(marker);
          child.stdout.destroy();
          child.stderr.destroy();
          done({ code, stdout, stderr, timedOut });
        });
    });
  });
}
