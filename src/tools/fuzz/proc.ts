import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
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

/** A run in flight: its process group (the shell's pid) and when that shell started (Date.now()). */
interface Run {
  pgid: number;
  since: number;
}

/** The runs in flight, so a signal to the campaign can end them all (see killAllRuns). */
const live = new Map<string, Run>(); // marker value -> its run

/** Linux's pid_max (pids are handed out in increasing order and wrap there), or undefined without /proc. */
const PID_MAX = ((): number | undefined => {
  try {
    const n = Number(readFileSync('/proc/sys/kernel/pid_max', 'latin1').trim());
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
})();
/** More new processes a second than any machine forks: a run shorter than pid_max / this cannot have seen the pids wrap past its own. */
const MAX_FORKS_PER_S = 20_000;

/**
 * Which pids can belong to `run`: only those handed out since its shell started, the cyclic range from
 * its pid to the last pid given (the last field of /proc/loadavg). Undefined (any pid) when that is
 * unknown or the run is old enough that the pids may have wrapped past it. Skipping the older
 * processes spares a read of /proc/<pid>/stat and environ for each of them: on a busy machine that
 * scan cost more than the rest of a run's bookkeeping (issue #21).
 */
function newPids(run: Run): ((pid: number) => boolean) | undefined {
  if (PID_MAX === undefined || Date.now() - run.since > (PID_MAX / MAX_FORKS_PER_S) * 1000) return undefined;
  let last: number;
  try {
    last = Number(readFileSync('/proc/loadavg', 'latin1').trim().split(' ')[4]);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(last) || last <= 0) return undefined;
  const first = run.pgid;
  return last >= first ? (pid) => pid >= first && pid <= last : (pid) => pid >= first || pid <= last;
}

/** One small /proc file read with a buffer reused across reads (readFileSync's fstat and allocation cost more than the read). */
const statBuf = Buffer.alloc(4096);
function readStat(pid: string): string {
  const fd = openSync(`/proc/${pid}/stat`, 'r');
  try {
    const n = readSync(fd, statBuf, 0, statBuf.length, 0);
    return n < statBuf.length ? statBuf.toString('latin1', 0, n) : readFileSync(`/proc/${pid}/stat`, 'latin1');
  } finally {
    closeSync(fd);
  }
}

/**
 * Live pids of a run: in its process group, or carrying its marker (Linux /proc; undefined without
 * it). Zombies do not count: an orphan nobody reaps stays one forever and can no longer hold anything.
 */
function runPids(value: string, run: Run): number[] | undefined {
  const needle = Buffer.from(`\0${RUN_MARKER}=${value}\0`);
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const candidate = newPids(run);
  const pids: number[] = [];
  for (const e of entries) {
    if (!/^\d+$/.test(e) || Number(e) === process.pid || (candidate && !candidate(Number(e)))) continue;
    try {
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so read after the last ')'
      const stat = readStat(e);
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' || state === 'X') continue;
      // a leading NUL so the first variable matches too
      if (Number(pgrp) === run.pgid || Buffer.concat([Buffer.from([0]), readFileSync(`/proc/${e}/environ`)]).includes(needle)) pids.push(Number(e));
    } catch {
      /* gone, or not ours */
    }
  }
  return pids;
}

/** Sends `sig` to every live process of the run; true when there was any. */
function signalRun(value: string, run: Run, sig: NodeJS.Signals): boolean {
  const pids = runPids(value, run);
  const targets = pids ?? [-run.pgid]; // without /proc the group is all we can reach
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
async function sweep(value: string, run: Run): Promise<void> {
  if (!signalRun(value, run, 'SIGTERM')) return;
  const until = Date.now() + GRACE_MS;
  // poll: a process group has no exit event to wait for
  while (Date.now() < until && (runPids(value, run) ?? [1]).length > 0) await new Promise((r) => setTimeout(r, 25));
  signalRun(value, run, 'SIGKILL');
}

/** SIGKILLs every run in flight at once (a signal to the campaign: nothing may outlive it). */
export function killAllRuns(): void {
  for (const [value, run] of live) signalRun(value, run, 'SIGKILL');
  // a SIGKILL lands when the kernel next runs its target: wait (bounded) until the runs are gone, so none
  // is still alive once the campaign has exited; synchronous, as the caller exits right after
  const until = Date.now() + 2 * GRACE_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (Date.now() < until && [...live].some(([value, run]) => (runPids(value, run) ?? []).length > 0)) Atomics.wait(pause, 0, 0, 10);
  live.clear();
}

/**
 * Runs `sh -c <command>` in its own process group with a bounded capture of stdout and stderr; past
 * `timeoutMs` the whole run is killed. Resolves once the command exited, its pipes closed or DRAIN_MS
 * passed, and every process of the run is gone.
 */
export function runShell(command: string, env: NodeJS.ProcessEnv, cwd: string, timeoutMs: number): Promise<ShellResult> {
  const marker = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const since = Date.now();
  const child = spawn('sh', ['-c', command], { cwd, env: { ...env, [RUN_MARKER]: marker }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const pgid = child.pid;
  const stdout = new BoundedCapture();
  const stderr = new BoundedCapture();
  child.stdout.on('data', (c: Buffer) => stdout.push(c));
  child.stderr.on('data', (c: Buffer) => stderr.push(c));
  if (pgid === undefined) return new Promise((done) => child.once('error', () => done({ code: 127, stdout, stderr, timedOut: false })));
  const run: Run = { pgid, since };
  live.set(marker, run);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    signalRun(marker, run, 'SIGKILL');
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
          return sweep(marker, run);
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
