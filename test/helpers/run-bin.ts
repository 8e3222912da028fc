import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Absolute path of the drop-in under test (the built bin/cbc.js). */
export const CBC_BIN = fileURLToPath(new URL('../../bin/cbc.js', import.meta.url));
/** Repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface BinResult {
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout split into lines (the trailing empty piece removed). */
  lines: string[];
}

/** Absolute path of the `cbc-emu` tool (the built bin/cbc-emu.js). */
export const EMU_BIN = fileURLToPath(new URL('../../bin/cbc-emu.js', import.meta.url));

/** Options of a spawned node process: `replaceEnv` passes exactly `env` (as the Claude SDK does, un-merged). */
export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  replaceEnv?: boolean;
  cwd?: string;
  /** A guard against a hung process (not a timing assertion); none: the test's own timeout. */
  timeoutMs?: number;
  /** Called with the child's pid once it is spawned (to signal it). */
  onSpawn?: (pid: number) => void;
}

/**
 * Runs `node <args>`, writes `stdin` (then closes it), and collects everything. The one spawn helper of
 * the test suite: runBin and runEmu are it with the drop-in or the tool as the script.
 */
export function runNode(args: string[], stdin: string | Buffer = '', opts: RunOptions = {}): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: opts.cwd ?? ROOT,
      env: opts.replaceEnv ? opts.env : { ...process.env, ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const ms = opts.timeoutMs;
    const timer =
      ms === undefined
        ? undefined
        : setTimeout(() => {
            child.kill('SIGKILL');
            reject(new Error(`node ${args.join(' ')} did not exit within ${ms} ms`));
          }, ms);
    child.on('error', reject);
    child.stdin.on('error', () => undefined); // a fatal line may end the process before it read everything
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString('utf8');
      resolve({ stdout, stderr: Buffer.concat(err).toString('utf8'), code, signal, lines: stdout.split('\n').filter((l, i, a) => !(i === a.length - 1 && l === '')) });
    });
    child.stdin.end(stdin);
    if (child.pid !== undefined) opts.onSpawn?.(child.pid);
  });
}

/** Runs bin/cbc.js with `args` (a 20 s guard unless `timeoutMs` says otherwise). */
export function runBin(args: string[], stdin: string | Buffer = '', opts: RunOptions = {}): Promise<BinResult> {
  return runNode([CBC_BIN, ...args], stdin, { timeoutMs: 20000, ...opts });
}

/** Runs bin/cbc-emu.js with `args` (no guard of its own: campaigns and recordings take the test's timeout). */
export function runEmu(args: string[], stdin: string | Buffer = '', opts: RunOptions = {}): Promise<BinResult> {
  return runNode([EMU_BIN, ...args], stdin, opts);
}

/** One stdin line per object. */
export function ndjson(...frames: unknown[]): string {
  return frames.map((f) => JSON.stringify(f) + '\n').join('');
}

/** Standard stream-json flags as the SDKs pass them. */
export const STREAM_FLAGS = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
