// The session store (issue #4): append-only JSON lines, a torn last line ignored, latest session per cwd.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendRecord, latestSession, readSession, recordIn, sessionExists } from '../../../dist/store/sessions.js';

const home = mkdtempSync(join(tmpdir(), 'cbc-emu-store-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const header = (id: string, cwd: string) => ({ type: 'session' as const, v: 1 as const, session_id: id, cwd, profile: 'cbc', scenario: 's', created: 1 });

describe('session store', () => {
  it('reads the header and the last turn record; ignores a torn last line', () => {
    appendRecord(home, 'a', header('a', '/w'));
    appendRecord(home, 'a', { type: 'turn', cursor: 1, turns: 1, messages: 2, at: 2 });
    appendRecord(home, 'a', { type: 'turn', cursor: 2, turns: 2, messages: 6, at: 3 });
    appendFileSync(join(home, 'sessions', 'a.jsonl'), '{"type":"turn","cursor":9');
    expect(readSession(home, 'a')).toEqual({ header: header('a', '/w'), cursor: 2, turns: 2, messages: 6 });
    // the next record after a torn fragment is appended right after it and read back; the one after that is on a line of its own
    appendRecord(home, 'a', { type: 'turn', cursor: 3, turns: 3, messages: 8, at: 4 });
    expect(readSession(home, 'a')?.cursor).toBe(3);
    appendRecord(home, 'a', { type: 'turn', cursor: 4, turns: 4, messages: 10, at: 5 });
    expect(readSession(home, 'a')).toMatchObject({ cursor: 4, turns: 4, messages: 10 });
    expect(readFileSync(join(home, 'sessions', 'a.jsonl'), 'utf8').split('\n').at(-2)).toBe('{"type":"turn","cursor":4,"turns":4,"messages":10,"at":5}');
  });
  it('recovers the record written after a torn fragment, also when the fragment holds objects that start like a record (stop 26 CI)', () => {
    const rec = { type: 'turn', cursor: 3, turns: 3, messages: 8, said: [{ type: 'user', text: '{"type":"turn"' }], at: 4 };
    const text = JSON.stringify(rec);
    expect(recordIn(text)).toEqual(rec);
    expect(recordIn('{"type":"turn","cursor":9,"said":[{"type":"user","text":"x"}' + text)).toEqual(rec);
    expect(recordIn('{"type":"turn","cursor":9,"tu' + text)).toEqual(rec);
    expect(recordIn('{"type":"turn","cursor":9,"tu')).toBeUndefined();
    expect(recordIn('not json')).toBeUndefined();
  });
  it('an append writes its record and nothing else, whatever the tail: a tail without its newline may be another process mid-append (stop 26 CI)', () => {
    appendRecord(home, 'w', header('w', '/w'));
    const before = readFileSync(join(home, 'sessions', 'w.jsonl'), 'utf8');
    appendFileSync(join(home, 'sessions', 'w.jsonl'), '{"type":"turn","cursor":1,'); // what another append in flight shows
    appendRecord(home, 'w', { type: 'turn', cursor: 2, turns: 2, messages: 4, at: 3 });
    expect(readFileSync(join(home, 'sessions', 'w.jsonl'), 'utf8')).toBe(before + '{"type":"turn","cursor":1,' + '{"type":"turn","cursor":2,"turns":2,"messages":4,"at":3}\n');
    expect(readSession(home, 'w')).toMatchObject({ cursor: 2, turns: 2 });
  });
  it('a session file removed or replaced between appends gets the next record (the kept descriptor is not reused, issue #21)', () => {
    appendRecord(home, 'r', header('r', '/w'));
    rmSync(join(home, 'sessions', 'r.jsonl'));
    appendRecord(home, 'r', header('r', '/w'));
    appendRecord(home, 'r', { type: 'turn', cursor: 1, turns: 1, messages: 2, at: 2 });
    expect(readFileSync(join(home, 'sessions', 'r.jsonl'), 'utf8').split('\n')).toHaveLength(3);
    expect(readSession(home, 'r')?.cursor).toBe(1);
  });
  it('a session file replaced by a link between appends is refused, nothing is written through it (issue #21)', () => {
    const own = join(home, 'links'); // a home of its own: the dangling link stays out of the latestSession test
    const outside = join(home, 'outside');
    mkdirSync(outside);
    appendRecord(own, 'l', header('l', '/w'));
    rmSync(join(own, 'sessions', 'l.jsonl'));
    symlinkSync(join(outside, 'target.jsonl'), join(own, 'sessions', 'l.jsonl'));
    expect(() => appendRecord(own, 'l', { type: 'turn', cursor: 1, turns: 1, messages: 2, at: 2 })).toThrow(/symbolic link/);
    expect(existsSync(join(outside, 'target.jsonl'))).toBe(false);
  });
  it('counts a prompt and a reply per turn for a record written without messages', () => {
    appendRecord(home, 'old', header('old', '/w'));
    appendFileSync(join(home, 'sessions', 'old.jsonl'), '{"type":"turn","cursor":1,"turns":3,"at":2}\n');
    expect(readSession(home, 'old')?.messages).toBe(6);
  });
  it('refuses ids that are not plain names, and answers unknown ids with undefined', () => {
    expect(readSession(home, '../etc/passwd')).toBeUndefined();
    expect(readSession(home, 'nope')).toBeUndefined();
    expect(sessionExists(home, 'a')).toBe(true);
  });
  it('latestSession picks the most recent session of the given cwd only', async () => {
    appendRecord(home, 'b', header('b', '/other'));
    await new Promise((r) => setTimeout(r, 20));
    appendRecord(home, 'c', header('c', '/w'));
    expect(latestSession(home, '/w')?.header.session_id).toBe('c');
    expect(latestSession(home, '/other')?.header.session_id).toBe('b');
    expect(latestSession(home, '/none')).toBeUndefined();
  });
  it('latestSession skips links in sessions/ (a dangling one too) and folders named *.jsonl: --continue neither crashes nor adopts them', () => {
    const own = join(home, 'continue-links');
    appendRecord(own, 'real', header('real', '/w'));
    symlinkSync(join(home, 'nowhere.jsonl'), join(own, 'sessions', 'dangling.jsonl'));
    symlinkSync(join(own, 'sessions', 'real.jsonl'), join(own, 'sessions', 'alias.jsonl'));
    mkdirSync(join(own, 'sessions', 'dir.jsonl'));
    expect(latestSession(own, '/w')?.header.session_id).toBe('real');
    rmSync(join(own, 'sessions', 'real.jsonl'));
    expect(latestSession(own, '/w')).toBeUndefined();
  });
});
