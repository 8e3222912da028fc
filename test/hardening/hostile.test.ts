// Hardening under hostile input (issue #18): each class of the adversarial pass, kept fixed. No timed
// assertions: outcomes are exit codes, frame counts, files on disk and bounded sizes; a hang is caught by
// vitest's timeout, sized for a loaded 2-core machine.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CBC_BIN, ROOT } from '../helpers/run-bin.js';
import { ctl, expectNoStack, frames, inProcess, lines, spawned, streamArgs, user } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-hardening-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const STREAM = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
const scenario = (name: string, text: string) => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};

describe('1. ids that become paths stay inside --emu-home', () => {
  // Each CLI refuses the id its own way (captures test/golden/real/*/argv/session_id_*, ses_session_id_invalid_stream):
  // cbc states its format message and exits 0 without a turn, Claude exits 1; either way nothing is written outside the home.
  it.each([
    ['cbc', 0, 'Invalid session ID format'],
    ['claude-2.1.328', 1, 'Invalid session ID'],
  ])('--session-id ../../x under %s is refused (exit %i); nothing is written outside the home', async (profile, code, message) => {
    const base = join(dir, `trav-${profile}`);
    const home = join(base, 'a', 'home');
    const r = await spawned([...STREAM, '--emu-profile', profile, '--emu-speed', '0', '--emu-home', home, '--session-id', '../../../x'], lines(user('/deep-research t')));
    expect(r.code).toBe(code);
    expectNoStack(r.stderr);
    if (profile === 'cbc') {
      // under stream-json output cbc writes the refusal as one error frame on stdout (capture ses_session_id_invalid_stream, #16)
      const frames = r.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(frames.map((f) => f['type'])).toEqual(['error']);
      expect(String(frames[0]?.['error'])).toContain(message);
    } else {
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    }
    expect(existsSync(join(base, 'x.jsonl')) || existsSync(join(base, 'x'))).toBe(false);
  });

  it('--continue does not adopt a stored header whose session_id is a path', async () => {
    const home = join(dir, 'trav-continue');
    mkdirSync(join(home, 'sessions'), { recursive: true });
    writeFileSync(join(home, 'sessions', 'ok.jsonl'), JSON.stringify({ type: 'session', v: 1, session_id: '../../../evil', cwd: ROOT, profile: 'cbc', scenario: 's', created: 0 }) + '\n');
    const r = await spawned([...STREAM, '--emu-speed', '0', '--emu-home', home, '--continue'], lines(user('hi')));
    // the header is not adopted: as with nothing to continue, the CLI starts a new session (capture ses_continue_none, issue #16)
    expect(r.code).toBe(0);
    const init = frames(r.stdout).find((f) => f['subtype'] === 'init');
    expect(init?.['session_id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(existsSync(join(dir, 'evil.jsonl'))).toBe(false);
  });

  it('a link planted inside the home is not followed: the store and task files are refused, the frames are unchanged', async () => {
    const home = join(dir, 'link-home');
    const outside = join(dir, 'link-target');
    mkdirSync(outside, { recursive: true });
    mkdirSync(home, { recursive: true });
    symlinkSync(outside, join(home, 'sessions'));
    const r = await spawned([...STREAM, '--emu-speed', '0', '--emu-seed', 'l', '--emu-home', home, '--session-id', 'linked'], lines(user('/deep-research t')));
    expect(r.code).toBe(0);
    expect(frames(r.stdout).at(-1)!['type']).toBe('result');
    expect(readdirSync(outside)).toEqual([]);
    expect(r.stderr).toContain('symbolic link inside the emulator home');
  });
});

describe('3. a control-request flood is answered at the pace the reader reads', () => {
  it('3,000 initialize requests to a slow reader: every reply delivered, exit 0', async () => {
    const child = spawn(process.execPath, [CBC_BIN, ...streamArgs('cbc', join(dir, 'flood'))], { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
    let replies = 0;
    let rest = '';
    child.stdout.on('data', (c: Buffer) => {
      const text = rest + c.toString('utf8');
      const parts = text.split('\n');
      rest = parts.pop()!;
      replies += parts.filter((l) => l.includes('"subtype":"success"')).length;
      child.stdout.pause(); // a reader slower than the writer: one chunk per macrotask
      setImmediate(() => child.stdout.resume());
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(Array.from({ length: 3000 }, (_, i) => lines(ctl(`r${i}`, { subtype: 'initialize' }))).join(''));
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(code).toBe(0);
    expect(replies).toBe(3000);
  }, 120_000);
});

describe('4. an unread stderr never stalls stdout', () => {
  it('thousands of warnings into a stderr pipe nobody reads: the run still ends with its result, exit 0', async () => {
    const child = spawn(process.execPath, [CBC_BIN, ...streamArgs('cbc', join(dir, 'stderr'))], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    // stderr is never read: its 64 KiB pipe fills after a few hundred warnings
    child.stdin.end('[1,2]\n'.repeat(5000) + lines(user('hi')));
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(code).toBe(0);
    expect(frames(out).at(-1)!['type']).toBe('result');
  }, 60_000);
});

describe('5. signals', () => {
  it('SIGHUP mid-run exits 129 with complete frames', async () => {
    const child = spawn(process.execPath, [CBC_BIN, ...STREAM, '--emu-scenario', join(ROOT, 'scenarios', 'long-run.yaml'), '--emu-speed', '1', '--emu-home', join(dir, 'hup')], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (out.includes('"subtype":"task_started"')) child.kill('SIGHUP');
    });
    child.stdin.write(lines(user('go')));
    const r = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
    expect(r).toEqual({ code: 129, signal: null });
    frames(out);
  }, 60_000);

  it('SIGTERM while stdout is blocked (nobody reads it) still exits 143: the flush has a deadline', async () => {
    const journal = join(dir, 'blocked.journal');
    const child = spawn(process.execPath, [CBC_BIN, ...streamArgs('cbc', join(dir, 'blocked'), ['--emu-journal', journal])], { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
    child.stdout.pause(); // never read
    child.stdin.on('error', () => undefined);
    child.stdin.write(Array.from({ length: 400 }, (_, i) => lines(ctl(`r${i}`, { subtype: 'initialize' }))).join(''));
    // wait until more was written than a pipe holds (64 KiB): the rest waits in the writer for good
    const outBytes = () => (existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').filter((l) => l.includes('"dir":"out"')).join('').length : 0);
    await new Promise<void>((resolve) => {
      const poll = () => (outBytes() > 100_000 ? resolve() : setTimeout(poll, 50));
      poll();
    });
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(code).toBe(143);
  }, 60_000);
});

describe('6. prompt matching runs in bounded time', () => {
  it('glob *a*a*a*a*a*ab against 200 a: no match, answered at once', async () => {
    const f = scenario('glob.yaml', 'turns:\n  - match: { glob: "*a*a*a*a*a*ab" }\n    reply: matched\n');
    const r = await spawned([...STREAM, '--emu-speed', '0', '--emu-scenario', f, '--emu-home', join(dir, 'glob-home')], lines(user('a'.repeat(200))));
    expect(r.code).toBe(0);
    expect(JSON.stringify(frames(r.stdout).at(-1))).not.toContain('matched');
  });

  it('a regex with nested repetition (^(a+)+$) is refused when the scenario loads (exit 2)', async () => {
    const f = scenario('redos.yaml', 'turns:\n  - match: { regex: "^(a+)+$" }\n    reply: x\n');
    const r = await spawned([...STREAM, '--emu-speed', '0', '--emu-scenario', f], lines(user('a'.repeat(31) + '!')));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('can take exponential time');
    expectNoStack(r.stderr);
  });
});

describe('9. amplification', () => {
  it('a 1 MB interrupt reason is cut before the late rows repeat it', async () => {
    const home = join(dir, 'amp');
    const r = await inProcess(streamArgs('cbc', home), lines(user('/deep-research t'), ctl('i', { subtype: 'interrupt', reason: 'r'.repeat(1_000_000) })));
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBeLessThan(5_000_000);
  }, 60_000);

  it('--emu-speed 1e-9 is refused with a clear error (exit 2)', async () => {
    const r = await spawned([...STREAM, '--emu-speed', '1e-9'], lines(user('hi')));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--emu-speed must be 0');
  });
});

describe('10. journal and log failures', () => {
  it('--emu-journal /dev/full: no crash, every frame still delivered, exit 0 (at most one stderr line)', async () => {
    const clean = await spawned(streamArgs('cbc', join(dir, 'j0')), lines(user('/deep-research t')));
    const r = await spawned(streamArgs('cbc', join(dir, 'j0'), ['--emu-journal', '/dev/full']), lines(user('/deep-research t')));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(clean.stdout);
    expect(r.stderr).toMatch(/^(?:cbc-emu: journal \/dev\/full failed \(ENOSPC[^\n]*\); journaling stopped, the run goes on\n)?$/);
  });

  it('CBC_EMU_LOG=/dev/full: no crash, every frame delivered, exit 0 (logging stops with one stderr line)', async () => {
    const r = await spawned(streamArgs('cbc', join(dir, 'l1')), '[1,2]\n'.repeat(50) + lines(user('/deep-research t')), { env: { CBC_EMU_LOG: '/dev/full' } });
    expect(r.code).toBe(0);
    expect(frames(r.stdout).at(-1)!['type']).toBe('result');
    expect(r.stderr.replace('cbc-emu: log file /dev/full failed (ENOSPC: no space left on device, write); logging stopped\n', '')).toBe('');
  });

  it.each([
    [{ CBC_EMU_LOG_LEVEL: 'bogus' }, [], 'is not a log level'],
    [{ CBC_EMU_LOG: '/proc/none/log' }, [], 'cannot be opened for appending'],
    [{}, ['--emu-journal', '/proc/none/j'], 'cannot be opened for appending'],
  ])('unusable %j %j at start-up: exit 2 with a clear message', async (env, extra, text) => {
    const r = await spawned(streamArgs('cbc', join(dir, 'l2'), extra), lines(user('hi')), { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(text);
    expectNoStack(r.stderr);
  });
});

describe('11. deep nesting in host answers', () => {
  const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  it('a control_response nested 5,000 deep is ignored, with or without the journal; the run goes on', async () => {
    const input = `{"type":"control_response","response":{"subtype":"success","request_id":"x","response":${deep(5000)}}}\n` + lines(user('hi'));
    for (const extra of [[], ['--emu-journal', join(dir, 'deep.journal')]]) {
      const r = await spawned(streamArgs('cbc', join(dir, 'deep'), extra), input);
      expect(r.code).toBe(0);
      expectNoStack(r.stderr);
      expect(r.stderr).toContain('nested more than');
      expect(frames(r.stdout).at(-1)!['type']).toBe('result');
    }
  });
});

describe('14. sizes', () => {
  it('a workflow of more agents than the limit is refused at load (exit 2)', async () => {
    const agents = Array.from({ length: 10_001 }, (_, i) => `      - { label: a${i} }`).join('\n');
    const f = scenario('many.yaml', `turns:\n  - workflow:\n      agents:\n${agents}\n`);
    const r = await spawned([...STREAM, '--emu-speed', '0', '--emu-scenario', f], lines(user('hi')));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('at most 10000 agents');
  }, 60_000);
});
