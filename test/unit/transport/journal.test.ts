import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '../../../src/transport/journal.js';

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);

// issue #6 (the journal) and the CodeBuddy SDK's close, which ends stdin and sends SIGTERM at once: a line the run
// recorded must be in the file whatever ends the process next (an asynchronous stream lost its tail, ~1 run in 50)
describe('Journal with a file (#6)', () => {
  it('has each line in the file when frame()/event() return, before any close', () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const file = join(dir, 'j.jsonl');
    const j = new Journal(file, () => 7, () => undefined);
    j.frame('in', { type: 'user' });
    expect(lines(file).map((e) => [e['seq'], e['dir'], e['vt']])).toEqual([[1, 'in', 7]]);
    j.event('signal', { signal: 'SIGTERM' });
    j.event('exit', { code: 143 });
    expect(lines(file).map((e) => e['event'] ?? null)).toEqual([null, 'signal', 'exit']);
  });

  it('appends to an existing file, and records nothing after close (taps still get the lines)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const file = join(dir, 'j.jsonl');
    const first = new Journal(file, () => 1, () => undefined);
    first.event('exit', { code: 0 });
    first.close();
    const second = new Journal(file, () => 2, () => undefined);
    const tapped: string[] = [];
    second.tap((l) => tapped.push(l));
    second.event('eof');
    second.close();
    second.event('late');
    expect(lines(file).map((e) => e['event'])).toEqual(['exit', 'eof']);
    expect(tapped.map((l) => (JSON.parse(l) as { event: string }).event)).toEqual(['eof', 'late']);
  });
});
