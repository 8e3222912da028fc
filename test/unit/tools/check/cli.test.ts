// `cbc-emu check <file|->` (issue #6): exit codes 0/1/2, `<line>: <rule-id>: <message>` lines, --json,
// stdin, journal auto-detection and --profile auto guesses (docs/rules.md).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emuInProcess } from '../../../helpers/emu-in-process.js';
import { ROOT } from '../../../helpers/run-bin.js';

const FIX = join(ROOT, 'test', 'fixtures', 'check');
const check = (args: string[], input?: string) => spawnSync(process.execPath, [join(ROOT, 'bin', 'cbc-emu.js'), 'check', ...args], { encoding: 'utf8', input });
/** `cbc-emu check <file>` through the program's main in this process (a spawn was ~0.2 s of CPU; issue #21); stdin cases spawn. */
const checkFile = (args: string[]) => emuInProcess(['check', ...args]);

describe('cbc-emu check', () => {
  it('is listed in cbc-emu help', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'cbc-emu.js'), 'help'], { encoding: 'utf8' });
    expect(r.stdout).toMatch(/^ {2}check \[options\] <file\|->/m);
  });
  it('exits 2 on a missing file, naming it', async () => {
    const r = await checkFile(['/nonexistent/transcript.ndjson']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('/nonexistent/transcript.ndjson: no such file');
  });
  it('exits 2 on input that is not ndjson at all', () => {
    const r = check(['-'], 'Hello from fake API.\nsecond line\n');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('is not ndjson');
  });
  it('exits 2 on an unknown profile', () => {
    expect(check(['--profile', 'nope', '-'], '{}\n').status).toBe(2);
  });
  it('exits 2 on an empty input: a check that saw no frame passed nothing (issue #17)', () => {
    const r = check(['-'], '');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('stdin is empty; nothing was checked');
  });
  it('exits 2 on a journal without frames', () => {
    const r = check(['-'], JSON.stringify({ seq: 1, vt: 0, rt: 0, dir: 'meta', event: 'exit', code: 0 }) + '\n');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('is a journal without frames');
  });
  it('exits 1 on a workflow whose notification was removed, and on a turn without its result (issue #17)', () => {
    const lines = readFileSync(join(FIX, 'task.notification.once', 'pass.ndjson'), 'utf8').trimEnd().split('\n');
    const noNotification = check(['-'], lines.filter((l) => !l.includes('"task_notification"')).join('\n') + '\n');
    expect(noNotification.stdout).toMatch(/^5: workflow\.terminal\.notified: workflow task t1 ended completed here but never got its task_notification\n$/);
    expect(noNotification.status).toBe(1);
    const noResult = check(['-'], lines.filter((l) => !l.startsWith('{"type":"result"')).join('\n') + '\n');
    expect(noResult.stdout).toBe('1: turn.one-result: the turn opened here never got its result before the stream ended\n');
    expect(noResult.status).toBe(1);
  });
  it('--partial skips the end-of-stream rules of a cut-off transcript, and says so', () => {
    const lines = readFileSync(join(FIX, 'turn.one-result', 'fail-missing.ndjson'), 'utf8');
    const r = check(['--partial', '-'], lines);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('cut off: end-of-stream rules skipped');
    expect(r.status).toBe(0);
  });
  it('reads stdin with -, and --json prints one object per violation', () => {
    const text = spawnSync('cat', [join(FIX, 'task.notification.once', 'fail.ndjson')], { encoding: 'utf8' }).stdout;
    const r = check(['--json', '-'], text);
    expect(r.status).toBe(1);
    const vs = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(vs).toEqual([{ rule: 'task.notification.once', line: 7, message: expect.stringContaining('second task_notification for t1') }]);
  });
  it('auto-detects a journal by its seq/dir entries and says so', async () => {
    const r = await checkFile([join(FIX, 'interrupt.ack.before-killed', 'pass.ndjson')]);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('journal,');
  });
  it('--profile auto guesses claude-2.1.328 from a result starting with duration_api_ms (capture json_hi)', async () => {
    const r = await checkFile([join(ROOT, 'test', 'golden', 'real', 'claude-code-2.1.328', 'json_hi.stdout.ndjson')]);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('profile claude-2.1.328 (detected)');
  });
  it('--profile auto guesses claude-2.1.220 from a result starting with is_error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cbc-check-'));
    const f = join(dir, 'r.ndjson');
    writeFileSync(f, JSON.stringify({ is_error: false, duration_api_ms: 1, num_turns: 1, subtype: 'success', type: 'result', session_id: 's', total_cost_usd: 0, usage: {}, permission_denials: [], stop_reason: null, result: 'x', duration_ms: 1, uuid: 'u' }) + '\n');
    const r = await checkFile([f]);
    expect(r.stderr).toContain('profile claude-2.1.220 (detected)');
    expect(r.status).toBe(0);
  });
  it('a torn last line is a frame.one-json-per-line violation on that line', () => {
    const r = check(['-'], '{"type":"some_frame"}\n{"type":"result"');
    expect(r.stdout).toBe('2: frame.one-json-per-line: last frame is not terminated by \\n (torn line)\n');
    expect(r.status).toBe(1);
  });
});
