// Shared helpers for the integration tests: temp homes, raw-byte framing checks, a live drop-in (spawned or in-process).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { expect } from 'vitest';
import { SIGNAL_EXIT, type HandledSignal } from '../../dist/dropin/signals.js';
import { startInMemory } from '../../dist/testkit/harness.js';
import { CBC_BIN, ROOT } from '../helpers/run-bin.js';

/** Every profile the emulator ships. */
export const PROFILES = ['cbc', 'cbc-2.117.0', 'claude-2.1.220', 'claude-2.1.328'] as const;
export type ProfileName = (typeof PROFILES)[number];

/** Temp directories made by this test file; remove with `cleanupTemps()` in afterAll. */
const temps: string[] = [];

/** A fresh temp directory (for --emu-home and scenario files). */
export function tempDir(prefix = 'cbc-emu-it-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
}

/** Removes every directory made by `tempDir()`. */
export function cleanupTemps(): void {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Writes a scenario YAML into a fresh temp dir and returns its path. */
export function scenarioFile(yaml: string): string {
  const f = join(tempDir('cbc-emu-scn-'), 'scenario.yaml');
  writeFileSync(f, yaml);
  return f;
}

/**
 * Asserts the raw stdout bytes are NDJSON as the real CLIs write it (claude-code-cli.md §2):
 * every line is exactly one compact `JSON.stringify`d object terminated by `\n`, nothing else.
 * Returns the parsed objects.
 */
export function expectNdjson(stdout: string): Record<string, unknown>[] {
  if (stdout === '') return [];
  expect(stdout.endsWith('\n'), 'stdout ends with \\n').toBe(true);
  expect(stdout).not.toContain('\r');
  expect(stdout).not.toContain('\ufffd');
  const lines = stdout.slice(0, -1).split('\n');
  return lines.map((line, i) => {
    let v: unknown;
    expect(() => (v = JSON.parse(line)), `line ${i + 1} is JSON: ${line.slice(0, 120)}`).not.toThrow();
    expect(v !== null && typeof v === 'object' && !Array.isArray(v), `line ${i + 1} is an object`).toBe(true);
    // compact serialisation, no stray whitespace: the line round-trips byte for byte
    expect(JSON.stringify(v), `line ${i + 1} is compact JSON`).toBe(line);
    return v as Record<string, unknown>;
  });
}

/** Stream-json flags plus deterministic emulator flags for `profile`. */
export function streamArgs(profile: string, home: string, extra: string[] = []): string[] {
  return ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-speed', '0', '--emu-seed', '7', '--emu-home', home, ...extra];
}

/** A control_request frame. */
export const ctl = (id: string, request: Record<string, unknown>) => ({ type: 'control_request', request_id: id, request });
/** A user frame with string content. */
export const user = (content: string) => ({ type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' });

/** What a test may do with a live drop-in's process: a spawned bin/cbc.js is one; liveInProcess gives the streams only. */
export interface LiveChild {
  stdin: NodeJS.WritableStream;
  stdout: NodeJS.ReadableStream & { destroy(): unknown };
  /** The exit code once it exited, else null. */
  exitCode: number | null;
  kill(signal?: NodeJS.Signals): boolean;
}

/** A running drop-in whose stdout is collected as raw bytes and parsed line by line. */
export interface Live {
  child: LiveChild;
  /** Raw stdout so far. */
  raw: () => string;
  /** Stderr so far. */
  stderr: () => string;
  /** Complete stdout lines so far, parsed. */
  frames: () => Record<string, unknown>[];
  send: (frame: unknown) => void;
  /** Resolves with the first frame (index) matching `pred`, or rejects after `ms`. */
  waitFor: (pred: (f: Record<string, unknown>) => boolean, ms?: number) => Promise<number>;
  /** Resolves with exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawns bin/cbc.js and keeps stdin open. */
export function spawnLive(args: string[]): Live {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [CBC_BIN, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return live(child, child.stderr, exited);
}

/**
 * The drop-in's entry (runCli) in this process over in-memory streams, stdin kept open, with spawnLive's interface:
 * for tests of what it answers when (a spawn was ~0.15 s of CPU each; issue #21). Its cwd is ROOT as a spawned
 * process's own cwd reads it. Without `signals` kill throws (signals need spawnLive); with it, kill sends SIGTERM,
 * SIGINT or SIGHUP through the run's signal port (startInMemory's `signals`, held to the spawned binary by
 * in-process-signals.test.ts) and `exited` names the signal the run died by.
 */
export function liveInProcess(args: string[], opts: { signals?: boolean } = {}): Live {
  const run = startInMemory({ argv: args, env: { ...process.env }, cwd: resolve(ROOT), signals: opts.signals });
  let exitCode: number | null = null;
  const exited = run.exit.then(async (code) => {
    await Promise.all([finished(run.stdout), finished(run.stderr)]);
    exitCode = run.raised ? null : code;
    return { code: exitCode, signal: run.raised ?? null };
  });
  const child: LiveChild = {
    stdin: run.stdin,
    stdout: run.stdout,
    get exitCode() {
      return exitCode;
    },
    kill: (sig = 'SIGTERM') => {
      if (opts.signals !== true) throw new Error('liveInProcess runs no process to signal: use spawnLive, or give it { signals: true }');
      if (!(sig in SIGNAL_EXIT)) throw new Error(`the drop-in handles SIGTERM, SIGINT and SIGHUP only, not ${sig}`);
      return run.signal(sig as HandledSignal);
    },
  };
  return live(child, run.stderr, exited);
}

/** Collects a live drop-in's stdout and stderr; frames, send and waitFor over them. */
function live(child: LiveChild, stderr: NodeJS.ReadableStream, exited: Live['exited']): Live {
  const out: Buffer[] = [];
  const listeners = new Set<() => void>();
  child.stdout.on('data', (c: Buffer) => {
    out.push(c);
    for (const l of [...listeners]) l();
  });
  const errs: Buffer[] = [];
  stderr.on('data', (c: Buffer) => errs.push(c));
  const raw = () => Buffer.concat(out).toString('utf8');
  const frames = () => {
    const s = raw();
    const complete = s.slice(0, s.lastIndexOf('\n') + 1);
    return complete === '' ? [] : complete.slice(0, -1).split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  };
  const waitFor = (pred: (f: Record<string, unknown>) => boolean, ms = 10_000) =>
    new Promise<number>((resolve, reject) => {
      const check = () => {
        const i = frames().findIndex(pred);
        if (i < 0) return false;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(i);
        return true;
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no matching frame within ${ms} ms; got:\n${raw().slice(0, 2000)}`));
      }, ms);
      if (!check()) listeners.add(check);
    });
  return { child, raw, stderr: () => Buffer.concat(errs).toString('utf8'), frames, send: (f) => child.stdin.write(JSON.stringify(f) + '\n'), waitFor, exited };
}
