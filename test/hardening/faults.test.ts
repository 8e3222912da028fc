// Hardening (issue #9): process faults. The process exits with the code documented in docs/fidelity.md
// ("Exit codes") and every frame written before the fault is complete (no torn line, no stack trace).
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CBC_BIN, ROOT } from '../helpers/run-bin.js';
import { expectNoStack, frames, lines, spawned, user } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-hardening-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const STREAM = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
const LONG_RUN = join(ROOT, 'scenarios', 'long-run.yaml');

/** A wide scenario (4 background workflows × 12 agents per `go`): lots of output quickly at speed 0. */
function wideScenario(): string {
  const agents = (w: number) => Array.from({ length: 12 }, (_, a) => `        - { label: w${w}a${a}, duration: ${100 + 13 * a}ms, tokens: 10, result: "r${a}" }`).join('\n');
  const wfs = Array.from({ length: 4 }, (_, w) => `    - name: wf${w}\n      agents:\n${agents(w)}`).join('\n');
  const f = join(dir, 'wide.yaml');
  writeFileSync(f, `turns:\n  - match: { contains: go }\n    reply: launching\n    workflows:\n${wfs.replace(/^/gm, '  ')}\n`);
  return f;
}

/** Spawns the drop-in; `onOut` sees stdout as it grows and may act on the child (signal it, close the pipe). */
function live(args: string[], onOut: (child: ReturnType<typeof spawn>, out: string) => void) {
  const child = spawn(process.execPath, [CBC_BIN, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString('utf8');
    onOut(child, out);
  });
  child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
  child.stdin!.on('error', () => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, out, err })));
  return { child, exited };
}

describe('signals mid-workflow (issue #9; exit codes 143 / 130 as a shell reports them)', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s while a workflow runs: exit %i, every frame already written is complete', async (sig, code) => {
    let sent = false;
    const { child, exited } = live([...STREAM, '--emu-scenario', LONG_RUN, '--emu-speed', '1', '--emu-home', join(dir, 'sig')], (c, out) => {
      if (!sent && out.includes('"subtype":"task_progress"')) {
        sent = true;
        c.kill(sig);
      }
    });
    child.stdin!.write(lines(user('go')));
    const r = await exited;
    expect(r.signal).toBeNull();
    expect(r.code).toBe(code);
    expectNoStack(r.err);
    const fs = frames(r.out);
    expect(fs.some((f) => f['subtype'] === 'task_started')).toBe(true);
    expect(fs.some((f) => f['type'] === 'result')).toBe(false); // the 60 s run had no time to end
  });
});

describe('the consumer closes stdout (EPIPE) mid-stream (issue #9)', () => {
  it('frames after the close are dropped; the run finishes and exits 0 without an EPIPE error', async () => {
    const scenario = wideScenario();
    let closedAt = -1;
    const { child, exited } = live([...STREAM, '--emu-scenario', scenario, '--emu-speed', '0', '--emu-seed', 'epipe', '--emu-home', join(dir, 'epipe')], (c, out) => {
      if (closedAt < 0 && out.length > 100_000) {
        closedAt = out.length;
        c.stdout!.destroy();
      }
    });
    child.stdin!.end(Array.from({ length: 40 }, (_, i) => lines(user(`go ${i}`))).join(''));
    const r = await exited;
    expect(closedAt).toBeGreaterThan(0);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    // what was read before the close: whole frames up to the last newline
    frames(r.out.slice(0, r.out.lastIndexOf('\n') + 1));
  });

  it('stdout that fails with another error (ENOSPC: /dev/full): one clear stderr line, exit 1', async () => {
    const fd = openSync('/dev/full', 'w');
    try {
      const child = spawn(process.execPath, [CBC_BIN, ...STREAM, '--emu-speed', '0', '--emu-home', join(dir, 'full')], { cwd: ROOT, stdio: ['pipe', fd, 'pipe'] });
      let err = '';
      child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(lines(user('hi')));
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      expect(code).toBe(1);
      expectNoStack(err);
      expect(err).toBe('cbc-emu: stdout failed: ENOSPC: no space left on device, write\n');
    } finally {
      closeSync(fd);
    }
  });
});

describe('stdin EOF mid-turn (issue #9; seed 002 §8: background work ends after the result)', () => {
  it('EOF right after a prompt whose turn waits on a 60 s workflow (speed 0): the turn completes, exit 0', async () => {
    const r = await spawned([...STREAM, '--emu-scenario', LONG_RUN, '--emu-speed', '0', '--emu-seed', 'eof', '--emu-home', join(dir, 'eof0')], lines(user('go')));
    expect(r.code).toBe(0);
    expectNoStack(r.stderr);
    const fs = frames(r.stdout);
    expect(fs.at(-1)!['type']).toBe('result');
    expect(fs.at(-1)!['result']).toBe('Long run finished.');
    expect(fs.filter((f) => f['subtype'] === 'task_notification').map((f) => f['status'])).toEqual(['completed']);
  });

  it('EOF while a background workflow runs in real time: the notification and its follow-up turn still arrive, exit 0', async () => {
    const r = await spawned([...STREAM, '--emu-speed', '1', '--emu-home', join(dir, 'eof1')], lines(user('/deep-research eof')), { timeoutMs: 30_000 });
    expect(r.code).toBe(0);
    expectNoStack(r.stderr);
    const fs = frames(r.stdout);
    const firstResult = fs.findIndex((f) => f['type'] === 'result');
    const note = fs.findIndex((f) => f['subtype'] === 'task_notification');
    expect(firstResult).toBeGreaterThan(-1);
    expect(note).toBeGreaterThan(firstResult);
    expect(fs.filter((f) => f['type'] === 'result')).toHaveLength(2);
    expect(fs.at(-1)!['type']).toBe('result');
  }, 120_000);
});

describe('output_file writes that fail (issue #9: a full disk, an unusable --emu-home)', () => {
  const args = (home: string, extra: string[] = []) => [...STREAM, '--emu-speed', '0', '--emu-seed', 'disk', '--emu-home', home, ...extra];
  const prompt = lines(user('/deep-research disk'));

  it('a link planted at the task output file (to /dev/full) is not followed (issue #18): one error log line, the frames are unchanged, exit 0', async () => {
    const home = join(dir, 'disk-full');
    const clean = await spawned(args(home), prompt);
    expect(clean.code).toBe(0);
    const outputFile = String(frames(clean.stdout).find((f) => f['subtype'] === 'task_notification')!['output_file']);
    expect(readFileSync(outputFile, 'utf8')).not.toBe('');
    rmSync(home, { recursive: true, force: true });
    mkdirSync(dirname(outputFile), { recursive: true });
    symlinkSync('/dev/full', outputFile);
    const r = await spawned(args(home), prompt);
    expect(r.code).toBe(0);
    expectNoStack(r.stderr);
    expect(r.stdout).toBe(clean.stdout); // same seed: byte-identical frames, none lost
    const logs = r.stderr.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logs.map((l) => l['msg'])).toEqual(['cannot write task output file']);
    expect(logs[0]!['file']).toBe(outputFile);
    expect((logs[0]!['err'] as Record<string, unknown>)['code']).toBe('E_IO');
    expect(String((logs[0]!['err'] as Record<string, unknown>)['message'])).toContain('symbolic link inside the emulator home');
  });

  it('--emu-home below a regular file (ENOTDIR for the session store and the output file): error log lines, same frames, exit 0', async () => {
    const file = join(dir, 'not-a-dir');
    writeFileSync(file, 'x');
    const good = await spawned(args(join(dir, 'good-home')), prompt);
    const r = await spawned(args(join(file, 'home')), prompt);
    expect(r.code).toBe(0);
    expectNoStack(r.stderr);
    const fs = frames(r.stdout);
    expect(fs.length).toBe(frames(good.stdout).length);
    expect(fs.at(-1)!['type']).toBe('result');
    const msgs = new Set(r.stderr.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as Record<string, unknown>)['msg']));
    expect(msgs).toEqual(new Set(['cannot write the session store', 'cannot write task output file']));
  });
});
