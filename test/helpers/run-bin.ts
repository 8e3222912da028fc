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

/**
 * Runs bin/cbc.js with `args`, writes `stdin` (then closes it), and collects everything. The one
 * spawn helper of the test suite: `replaceEnv` passes exactly `env` (as the Claude SDK does, un-merged).
 */
export function runBin(
  args: string[],
  stdin: string | Buffer = '',
  opts: { env?: NodeJS.ProcessEnv; replaceEnv?: boolean; cwd?: string; timeoutMs?: number } = {},
): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CBC_BIN, ...args], {
      cwd: opts.cwd ?? ROOT,
      env: opts.replaceEnv ? opts.env : { ...process.env, ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const ms = opts.timeoutMs ?? 20000;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bin/cbc.js ${args.join(' ')} did not exit within ${ms} ms`));
    }, ms);
    child.on('error', reject);
    child.stdin.on('error', () => undefined); // a fatal line may end the process before it read everything
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString('utf8');
      resolve({ stdout, stderr: Buffer.concat(err).toString('utf8'), code, signal, lines: stdout.split('\n').filter((l, i, a) => !(i === a.length - 1 && l === '')) });
    });
    child.stdin.end(stdin);
  });
}

/** One stdin line per object. */
export function ndjson(...frames: unknown[]): string {
  return frames.map((f) => JSON.stringify(f) + '\n').join('');
}

/** Standard stream-json flags as the SDKs pass them. */
export const STREAM_FLAGS = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
