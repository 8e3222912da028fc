// A drop-in spawned with pipes that stay open (issue #19 tests): stdout lines as they arrive, stdin
// frames sent one by one, and how the process ended.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { CBC_BIN } from './run-bin.js';

export const STREAM_ARGS = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];

export interface DropinProcess {
  child: ChildProcessWithoutNullStreams;
  /** stdout lines so far, with the moment (this process's clock) each arrived. */
  lines: Array<{ text: string; at: number }>;
  stderr(): string;
  send(frame: unknown): void;
  /** Resolves with the index of the first stdout line from `from` on that satisfies `pred`. */
  line(pred: (l: string) => boolean, from?: number): Promise<number>;
  /** Resolves when stdout ends (EOF). */
  stdoutEnded: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnDropin(env: Record<string, string>, args: string[] = STREAM_ARGS): DropinProcess {
  const child = spawn(process.execPath, [CBC_BIN, ...args], { env: { ...process.env, ...env }, stdio: 'pipe' });
  let raw = '';
  let err = '';
  const lines: DropinProcess['lines'] = [];
  const waiters: Array<() => void> = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  child.stdout.on('data', (c: Buffer) => {
    const at = performance.now();
    raw += c.toString('utf8');
    const parts = raw.split('\n');
    for (let i = lines.length; i < parts.length - 1; i++) lines.push({ text: parts[i]!, at });
    wake();
  });
  child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  child.stdin.on('error', () => undefined);
  const stdoutEnded = new Promise<void>((resolve) => child.stdout.on('end', resolve));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      wake();
      resolve({ code, signal });
    }),
  );
  const line = (pred: (l: string) => boolean, from = 0): Promise<number> =>
    new Promise((resolve, reject) => {
      const look = () => {
        const i = lines.findIndex((l, k) => k >= from && pred(l.text));
        if (i >= 0) return resolve(i);
        if (child.exitCode !== null || child.signalCode !== null) return reject(new Error(`the drop-in ended without that line; stdout:\n${raw}\nstderr:\n${err}`));
        waiters.push(look);
      };
      look();
    });
  return { child, lines, stderr: () => err, send: (f) => child.stdin.write(JSON.stringify(f) + '\n'), line, stdoutEnded, exited };
}

/** A predicate on a stdout line: the frame's type (and subtype). */
export function kind(type: string, subtype?: string): (l: string) => boolean {
  return (l) => {
    const f = JSON.parse(l) as { type?: string; subtype?: string };
    return f.type === type && (subtype === undefined || f.subtype === subtype);
  };
}

/** A user frame with `text`. */
export function user(text: string): unknown {
  return { type: 'user', message: { role: 'user', content: text } };
}
