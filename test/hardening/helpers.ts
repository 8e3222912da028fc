// Helpers of the hardening suite (issue #9): byte-level stdin, complete-frame checks, stack-trace checks.
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { runInMemory } from '../../dist/testkit/harness.js';
import type { ScenarioT } from '../../dist/scenario/schema.js';
import { CBC_BIN, ROOT, runBin } from '../helpers/run-bin.js';

/** What one run left behind. */
export interface Ran {
  stdout: string;
  stderr: string;
  code: number | null;
  signal?: NodeJS.Signals | null;
}

/** Runs the drop-in in-process with raw stdin bytes (invalid UTF-8, NUL, CRLF survive as given). */
export function inProcess(args: string[], stdin: Buffer | string, opts: { scenario?: ScenarioT; env?: NodeJS.ProcessEnv } = {}): Promise<Ran> {
  // CBC_EMU_LOG_LEVEL=silent: in-process, pino would write warnings to the test runner's own fd 2
  return runInMemory({ argv: args, stdin, env: { CBC_EMU_LOG_LEVEL: 'silent', ...opts.env }, cwd: resolve(ROOT), scenario: opts.scenario });
}

/** Spawns bin/cbc.js with raw stdin bytes, closes stdin, collects everything (the suite's one spawn helper). */
export function spawned(args: string[], stdin: Buffer | string, opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<Ran> {
  return runBin(args, stdin, { env: opts.env, timeoutMs: opts.timeoutMs ?? 30_000 });
}

/** Asserts stderr carries no JavaScript stack trace (a crash, not a clear error). */
export function expectNoStack(stderr: string): void {
  expect(stderr, 'stderr has no stack trace lines').not.toMatch(/^\s{2,}at .+[(:]\d+|^\s+at (?:async )?\S+ \(/m);
  expect(stderr).not.toMatch(/\b(?:TypeError|ReferenceError|RangeError): .*\n\s+at /);
}

/** Every stdout line is one complete JSON object ending in `\n` (no torn frame); returns them. */
export function frames(stdout: string): Record<string, unknown>[] {
  if (stdout === '') return [];
  expect(stdout.endsWith('\n'), 'the last frame is complete (ends with \\n)').toBe(true);
  return stdout
    .slice(0, -1)
    .split('\n')
    .map((line, i) => {
      let v: unknown;
      expect(() => (v = JSON.parse(line)), `stdout line ${i + 1} is JSON: ${line.slice(0, 160)}`).not.toThrow();
      expect(v !== null && typeof v === 'object' && !Array.isArray(v), `stdout line ${i + 1} is an object`).toBe(true);
      return v as Record<string, unknown>;
    });
}

/** One stdin line per object. */
export const lines = (...fs: unknown[]): string => fs.map((f) => JSON.stringify(f) + '\n').join('');
/** Stream-json args, deterministic, for `profile`, with `home` as --emu-home. */
export const streamArgs = (profile: string, home: string, extra: string[] = []): string[] => [
  '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose',
  '--emu-profile', profile, '--emu-speed', '0', '--emu-seed', 'hardening', '--emu-home', home, ...(profile.startsWith('claude') ? ['--no-session-persistence'] : []), ...extra,
];
/** A user frame. */
export const user = (content: unknown) => ({ type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' });
/** A control request. */
export const ctl = (id: unknown, request: unknown) => ({ type: 'control_request', request_id: id, request });
