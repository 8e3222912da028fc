// Shared helpers for the SDK interop tests (issue #2 acceptance: the real SDKs drive bin/cbc.js).
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { CBC_BIN, ROOT, runBin } from '../helpers/run-bin.js';

export { CBC_BIN, ROOT };

/**
 * Every interop test fails on a process warning or an unhandled rejection raised while it ran
 * (a leaked listener, a rejected control request nobody awaited, ...). Call once per file.
 */
export function failOnProcessNoise(): void {
  let noise: string[] = [];
  const onWarning = (w: Error): void => {
    noise.push(`warning: ${w.name}: ${w.message}`);
  };
  const onRejection = (reason: unknown): void => {
    noise.push(`unhandledRejection: ${reason instanceof Error ? reason.stack ?? reason.message : String(reason)}`);
  };
  beforeEach(() => {
    noise = [];
    process.on('warning', onWarning);
    process.on('unhandledRejection', onRejection);
  });
  afterEach(async () => {
    // Let rejections from the last tick surface before checking.
    await new Promise((r) => setTimeout(r, 20));
    process.off('warning', onWarning);
    process.off('unhandledRejection', onRejection);
    expect(noise, 'process warnings / unhandled rejections during the test').toEqual([]);
  });
}

/**
 * The CodeBuddy SDK spawns the CLI with `{...process.env, ...options.env}` (codebuddy-sdk.md §1), so
 * CBC_EMU_* / CODEBUDDY_CODE_PATH from the developer's shell would leak into the tests. Call once per
 * file: removes them for the file's duration and applies `set` instead.
 */
export function isolateEmuEnv(set: Record<string, string> = {}): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const k of Object.keys(process.env)) if (k.startsWith('CBC_EMU_') || k === 'CODEBUDDY_CODE_PATH') saved[k] = process.env[k];
    for (const k of Object.keys(set)) saved[k] = process.env[k];
    for (const k of Object.keys(saved)) delete process.env[k];
    Object.assign(process.env, set);
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}

/**
 * The Claude Agent SDK passes `options.env` to the child un-merged (claude-agent-sdk.md §1.3), so
 * PATH and HOME must be given explicitly. CBC_EMU_SPEED=0 keeps the tests instant.
 */
export function claudeEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { CBC_EMU_SPEED: '0', ...extra };
  if (process.env['PATH'] !== undefined) env['PATH'] = process.env['PATH'];
  if (process.env['HOME'] !== undefined) env['HOME'] = process.env['HOME'];
  return env;
}

/** What the Claude SDK adds to `options.env` before spawning (claude-agent-sdk.md §1.3, observed). */
export const CLAUDE_SDK_ADDED_ENV = {
  CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
  CLAUDE_AGENT_SDK_VERSION: '0.3.328',
  CLAUDE_CODE_SDK_READS_SESSION_STATE: '1',
} as const;

export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const m of it) out.push(m);
  return out;
}

/** A streaming-input prompt the test feeds by hand (an AsyncIterable of SDK user messages). */
export class Inbox<T> implements AsyncIterable<T> {
  private queue: T[] = [];
  private ended = false;
  private wake: (() => void) | undefined;

  push(msg: T): void {
    this.queue.push(msg);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      const next = this.queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((r) => (this.wake = r));
      this.wake = undefined;
    }
  }
}

/** A streaming-input user message as SDK apps write them (claude-agent-sdk.md §4.1). */
export function userMessage(text: string): { type: 'user'; message: { role: 'user'; content: string }; parent_tool_use_id: null; session_id: string } {
  return { type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' };
}

export interface DirectRun {
  frames: Record<string, unknown>[];
  code: number | null;
  stderr: string;
}

/** Runs bin/cbc.js directly with exactly `env` (no process.env merge), the given argv and stdin. */
export async function runDirect(args: string[], stdin: string, env: Record<string, string>): Promise<DirectRun> {
  const r = await runBin(args, stdin, { env, replaceEnv: true, timeoutMs: 15_000 });
  return { frames: r.lines.filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Record<string, unknown>), code: r.code, stderr: r.stderr };
}

/**
 * Fields that legitimately differ between two runs with the same seed: the emulator's pid shows up in
 * system/init's messaging_socket_path. Everything else must be byte-identical.
 */
export function normalizeRunSpecific<T>(frame: T): T {
  const copy = structuredClone(frame) as Record<string, unknown>;
  if (typeof copy['messaging_socket_path'] === 'string') copy['messaging_socket_path'] = '<pid-specific>';
  return copy as T;
}
