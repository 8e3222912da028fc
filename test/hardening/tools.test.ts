// Hardening of the cbc-emu tools under hostile input (issue #18 classes 2, 6, 12, 13): every byte
// reaches a slow reader, unsafe --redact rules are refused, cassettes of the wrong types are clear
// errors, recorded line breaks cannot inject YAML, type-confused frames are violations, not crashes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../helpers/run-bin.js';
import { expectNoStack } from './helpers.js';

const EMU = join(ROOT, 'bin', 'cbc-emu.js');
const dir = mkdtempSync(join(tmpdir(), 'cbc-hardening-tools-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const emu = (args: string[], input = '') => spawnSync(process.execPath, [EMU, ...args], { cwd: ROOT, input, encoding: 'utf8' });
const file = (name: string, text: string) => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};
const HEADER = { cassette: 'cbc-emulator', version: 1, command: 'cbc', argv: [], env: {}, recorded_at: '2026-01-01T00:00:00.000Z' };
const ndjson = (...vs: unknown[]) => vs.map((v) => JSON.stringify(v) + '\n').join('');

describe('2. record delivers every byte to a reader slower than the CLI', () => {
  it('8 MB through `cbc-emu record` to a slow reader: all of it arrives, exit 0', async () => {
    const size = 8 * 1024 * 1024; // 8,192 lines of 1,024 bytes
    const cli = `process.stdout.write(('x'.repeat(1023) + '\\n').repeat(8192))`;
    const child = spawn(process.execPath, [EMU, 'record', '--out', join(dir, 'slow.ndjson'), '--', process.execPath, '-e', cli], { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
    let got = 0;
    child.stdout.on('data', (c: Buffer) => {
      got += c.length;
      child.stdout.pause(); // one chunk per macrotask: slower than the CLI writes
      setImmediate(() => child.stdout.resume());
    });
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(code).toBe(0);
    expect(got).toBe(size);
  }, 120_000);
});

describe('6. --redact regexes', () => {
  it.each([
    ['^(a+)+$', 'exponential time'],
    ['(', 'neither a $.path nor a valid regular expression'],
  ])('record --redact %j is refused with exit 2', (rule, text) => {
    const r = emu(['record', '--out', join(dir, 'r.ndjson'), '--redact', rule, '--', process.execPath, '-e', '0']);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain(text);
    expectNoStack(r.stderr);
  });
});

describe('12. cassettes from elsewhere', () => {
  it.each([
    ['a header field of the wrong type', ndjson({ ...HEADER, argv: 'x' }), 'header "argv" must be a list of strings'],
    ['a line that is not an object', ndjson(HEADER, [1]), 'not a JSON object'],
    ['a frame that is a string', ndjson(HEADER, { t: 1, dir: 'out', frame: 'x' }), '"frame" must be a JSON object'],
    ['a time that is not a number', ndjson(HEADER, { t: 'x', dir: 'out', frame: {} }), '"t" must be a number'],
  ])('import of %s: exit 2 with a clear message', (_name, text, message) => {
    const r = emu(['import', file('bad.ndjson', text), '--out', join(dir, 'bad.yaml')]);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain(message);
    expectNoStack(r.stderr);
  });

  it('line breaks in recorded text stay inside their YAML values and comments', () => {
    const c = file('inject.ndjson', ndjson({ ...HEADER, argv: ['-p\nevil: 1'], recorded_at: 'x\nalso: 2' }, { t: 1, dir: 'in', frame: { type: 'user', message: { role: 'user', content: 'hi\nturns: []' } } }, { t: 2, exit: 0, signal: null }));
    const out = join(dir, 'inject.yaml');
    const r = emu(['import', c, '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    const doc = parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(doc).sort()).toEqual(['name', 'turns', 'unmatched']);
    expect(JSON.stringify(doc['turns'])).toContain('hi\\nturns: []');
  });
});

describe('13. type-confused frames in check and report', () => {
  const frames = ndjson(
    { type: 'constructor' },
    { type: '__proto__', subtype: 'toString' },
    { type: 'system', subtype: 'task_progress', workflow_progress: [{ type: 'constructor' }, { type: 'hasOwnProperty' }] },
    { type: 'control_response', response: { subtype: 'success', request_id: 'a', response: 'str' } },
  );
  it('check: violations (exit 1), no crash', () => {
    const r = emu(['check', file('confused.ndjson', frames)]);
    expect(r.status, r.stderr).toBe(1);
    expectNoStack(r.stderr);
  });
  it('report --check: a page, no crash', () => {
    const r = emu(['report', file('confused2.ndjson', frames), '--out', join(dir, 'confused.html'), '--check']);
    expect(r.status === 0 || r.status === 1).toBe(true);
    expectNoStack(r.stderr);
    expect(readFileSync(join(dir, 'confused.html'), 'utf8')).toContain('<html');
  });
});
