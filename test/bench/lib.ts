// Shared pieces of `npm run bench` (issue #9): statistics, child processes timed from spawn, the machine.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The drop-in under test (override with --bin to measure another build, e.g. an older commit). */
export const DEFAULT_BIN = fileURLToPath(new URL('../../bin/cbc.js', import.meta.url));
/** The `cbc-emu` tool next to it. */
export const EMU_BIN = fileURLToPath(new URL('../../bin/cbc-emu.js', import.meta.url));
/** The stream-json flags the SDKs pass. */
export const STREAM = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];

/** Median of a sample (the mean of the two middle values for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The q-quantile (0..1) by nearest rank. */
export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

/** Milliseconds since `t0` (a `performance.now()` value). */
export const since = (t0: number): number => performance.now() - t0;

/** One user prompt frame. */
export const userLine = (text: string): string => JSON.stringify({ type: 'user', message: { role: 'user', content: text } }) + '\n';
/** The initialize control request the SDKs send first. */
export const initLine = (id = 'bench-init'): string => JSON.stringify({ type: 'control_request', request_id: id, request: { subtype: 'initialize' } }) + '\n';

/**
 * Spawns `cmd args`, writes `stdin`, resolves with the ms from spawn to the first stdout byte (the
 * child is then killed), or to exit when it never writes. Rejects after `timeoutMs`.
 */
export function timeToFirstByte(cmd: string, args: string[], opts: { stdin?: string; env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {}): Promise<{ ms: number; first: string; wrote: boolean }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { cwd: opts.cwd ?? ROOT, env: opts.env ?? process.env, stdio: ['pipe', 'pipe', 'ignore'] });
    let settled = false;
    const done = (wrote: boolean, first = '') => {
      if (settled) return;
      settled = true;
      const ms = since(t0);
      clearTimeout(timer);
      if (wrote) child.kill('SIGKILL');
      resolve({ ms, first, wrote });
    };
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      child.kill('SIGKILL');
      reject(new Error(`${cmd} ${args.join(' ')}: no output within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs ?? 30_000);
    child.stdout!.once('data', (c: Buffer) => done(true, c.toString('utf8', 0, Math.min(c.length, 200))));
    child.on('exit', () => done(false));
    child.on('error', reject);
    child.stdin!.on('error', () => undefined); // the child may be killed before it read everything
    if (opts.stdin !== undefined) child.stdin!.write(opts.stdin);
    else child.stdin!.end();
  });
}

/** Result of draining a child's stdout without keeping it. */
export interface Drained {
  /** Spawn → exit, ms. */
  totalMs: number;
  /** First stdout byte → exit, ms (the emission phase). */
  emitMs: number;
  bytes: number;
  lines: number;
  code: number | null;
  stderr: string;
  /** Peak RSS in KiB when measured through /usr/bin/time, else undefined. */
  maxRssKiB?: number | undefined;
  /** User + system CPU seconds of the command (all its threads) when measured through /usr/bin/time, else undefined. */
  cpu?: { user: number; sys: number } | undefined;
}

/** Where GNU time lives, when installed (peak RSS of a child). */
export const GNU_TIME = ['/usr/bin/time'].find((p) => existsSync(p) && spawnSync(p, ['-f', '%M', 'true'], { encoding: 'utf8' }).stderr.trim().match(/^\d+$/));

/**
 * Runs `cmd args`, counts stdout bytes and lines as a fast consumer would (nothing kept), and
 * optionally feeds stdin through `drive` (called with the child and each stdout chunk). With
 * `rss: true` or `cpu: true` the command runs under GNU time (peak RSS in KiB, user and system CPU
 * seconds), parsed from stderr's last line.
 */
export function drain(
  cmd: string,
  args: string[],
  opts: { stdin?: string | undefined; env?: NodeJS.ProcessEnv; rss?: boolean; cpu?: boolean; onSpawn?: (child: ChildProcess) => void; onChunk?: (child: ChildProcess, chunk: Buffer) => void; timeoutMs?: number } = {},
): Promise<Drained> {
  return new Promise((resolve, reject) => {
    const wrap = (opts.rss || opts.cpu) && GNU_TIME ? [GNU_TIME, ['-f', 'BENCH_MAXRSS=%M %U %S', cmd, ...args]] as const : [cmd, args] as const;
    const t0 = performance.now();
    let tFirst: number | undefined;
    let bytes = 0;
    let lines = 0;
    const err: Buffer[] = [];
    const child = spawn(wrap[0], [...wrap[1]], { cwd: ROOT, env: opts.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${cmd} ${args.join(' ')} did not finish within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs ?? 600_000);
    child.stdout!.on('data', (c: Buffer) => {
      tFirst ??= performance.now();
      bytes += c.length;
      for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines++;
      opts.onChunk?.(child, c);
    });
    child.stderr!.on('data', (c: Buffer) => err.push(c));
    child.stdin!.on('error', () => undefined);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const end = performance.now();
      let stderr = Buffer.concat(err).toString('utf8');
      let maxRssKiB: number | undefined;
      let cpu: Drained['cpu'];
      const m = /BENCH_MAXRSS=(\d+) ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
      if (m) {
        maxRssKiB = Number(m[1]);
        cpu = { user: Number(m[2]), sys: Number(m[3]) };
        stderr = stderr.slice(0, m.index);
      }
      resolve({ totalMs: end - t0, emitMs: end - (tFirst ?? end), bytes, lines, code, stderr, maxRssKiB, cpu });
    });
    if (opts.stdin !== undefined) child.stdin!.end(opts.stdin);
    opts.onSpawn?.(child);
  });
}

/** The machine, as docs/performance.md reports it. */
export function machine(): { cpu: string; nproc: number; node: string; os: string } {
  let cpu = cpus()[0]?.model ?? 'unknown';
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) cpu = m[1]!.trim();
  } catch {
    // not Linux: os.cpus() is the fallback
  }
  const nproc = Number(spawnSync('nproc', { encoding: 'utf8' }).stdout.trim()) || cpus().length;
  return { cpu, nproc, node: process.version, os: `${process.platform} ${process.arch}` };
}

/** `n` with thousands separators. */
export const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** One line answered by a bare node: the start-up floor (issue #21) a drop-in cannot beat. */
export const BARE_ANSWER = ['-e', "process.stdin.once('data', () => process.stdout.write('{}\\n'))"];

/**
 * The spawned-fuzz floor (issue #21): a node consumer that spawns node (which writes one line), reads the
 * line and exits, `n` times back to back. Resolves with the wall milliseconds of all `n`.
 */
export async function nodeSpawnsNode(n: number): Promise<number> {
  const script = "const c = require('node:child_process').spawn(process.execPath, ['-e', 'process.stdout.write(\"x\\\\n\")']); c.stdout.once('data', () => undefined); c.on('close', (code) => process.exit(code ?? 1));";
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const r = await drain(process.execPath, ['-e', script]);
    if (r.code !== 0) throw new Error(`node spawns node exited ${r.code}: ${r.stderr}`);
  }
  return since(t0);
}
