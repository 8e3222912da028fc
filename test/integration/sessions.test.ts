// Multi-turn sessions over the embedded store (issue #4 "Sessions" and acceptance "Resume: run two turns, exit,
// --resume <id> runs the third turn of the scenario with the right num_turns"). Seed 002 (the --continue /
// --resume <id> examples, "-p --resume $session_id" in the session-persistence example); the refusals are
// the real CLIs' (surface captures ses_continue_none, ses_resume_unknown, ses_session_id_in_use: Claude Code
// `Error: Session ID <id> is already in use.` on stderr; an unknown id as an error frame on stdout).
// num_turns is per turn, as in every real capture (docs/fidelity.md "Sessions").
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ndjson, runBin, STREAM_FLAGS } from '../helpers/run-bin.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { cleanupTemps, ctl, expectNdjson, scenarioFile, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

const THREE = scenarioFile(`name: three
turns:
  - reply: "one"
  - reply: "two"
  - reply: "three"
`);
type F = Record<string, unknown>;

/**
 * Runs one stream-json session in `cwd` with `prompts`, then EOF; returns its results and init. Through the drop-in's
 * entry in this process (the store is the files under `home` either way; a spawn each was ~0.2 s of CPU, issue #21),
 * or a spawned bin/cbc.js with `spawned` (two processes on one store, and the -p resume below, stay processes).
 */
async function session(cwd: string, home: string, prompts: string[], extra: string[] = [], profile = 'cbc', spawned = false) {
  const args = [...STREAM_FLAGS, '--emu-profile', profile, '--emu-speed', '0', '--emu-home', home, '--emu-scenario', THREE, ...extra];
  const r = await (spawned ? runBin : runInProcess)(args, ndjson(ctl('req_1', { subtype: 'initialize' }), ...prompts.map(user)), { cwd });
  const frames = r.code === 0 ? expectNdjson(r.stdout) : [];
  const results = frames.filter((f) => f['type'] === 'result');
  const init = frames.find((f) => f['type'] === 'system' && f['subtype'] === 'init');
  return { code: r.code, stderr: r.stderr, results, sessionId: init?.['session_id'] as string | undefined, frames };
}
const texts = (rs: F[]) => rs.map((r) => r['result']);
const storeFile = (home: string, id: string) => join(home, 'sessions', `${id}.jsonl`);
const parseLines = (text: string) => text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as F);

describe('resume a session (seed 002 --resume)', () => {
  for (const profile of ['cbc', 'claude-2.1.328']) {
    it(`${profile}: two turns, exit, --resume <id> runs the third turn with the same session_id and the CLI's num_turns`, async () => {
      // Claude Code counts this turn's model calls; cbc 2.117.0 the conversation's messages, session-wide (measured, issue #16)
      const numTurns = (messages: number) => (profile.startsWith('cbc') ? messages : 1);
      const cwd = tempDir();
      const home = tempDir();
      const a = await session(cwd, home, ['first', 'second'], [], profile);
      expect(a.code).toBe(0);
      expect(texts(a.results)).toEqual(['one', 'two']);
      const id = a.sessionId!;
      expect(a.results.map((r) => r['session_id'])).toEqual([id, id]);

      // seed 002: `codebuddy -p --resume "$session_id" "..."`, json output
      const r = await runBin(['-p', 'third', '--resume', id, '--output-format', 'json', '--emu-profile', profile, '--emu-speed', '0', '--emu-home', home, '--emu-scenario', THREE], '', { cwd });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const res = JSON.parse(r.stdout) as F;
      expect(res).toMatchObject({ type: 'result', subtype: 'success', result: 'three', session_id: id, num_turns: numTurns(6) });

      // and in stream-json mode, once more: the script is past its end, so the prompt is echoed (unmatched: echo)
      const b = await session(cwd, home, ['fourth'], ['--resume', id], profile);
      expect(b.sessionId).toBe(id);
      expect(b.results).toHaveLength(1);
      expect(b.results[0]).toMatchObject({ result: 'fourth', session_id: id, num_turns: numTurns(8) });
      const store = parseLines(readFileSync(storeFile(home, id), 'utf8'));
      expect(store.filter((x) => x['type'] === 'session')).toHaveLength(1);
      expect(store.filter((x) => x['type'] === 'turn').map((x) => [x['cursor'], x['turns']])).toEqual([[1, 1], [2, 2], [3, 3], [3, 4]]);
    });
  }

  it('--continue picks the latest session of the cwd, not another directory\'s', async () => {
    const home = tempDir();
    const cwdA = tempDir();
    const cwdB = tempDir();
    const older = await session(cwdA, home, ['first']);
    const latest = await session(cwdA, home, ['first', 'second']);
    const other = await session(cwdB, home, ['first']); // written last, but in another cwd
    expect(new Set([older.sessionId, latest.sessionId, other.sessionId]).size).toBe(3);
    const c = await session(cwdA, home, ['third'], ['--continue']);
    expect(c.code).toBe(0);
    expect(c.sessionId).toBe(latest.sessionId);
    expect(c.results[0]).toMatchObject({ result: 'three', session_id: latest.sessionId });
    const d = await session(cwdB, home, ['again'], ['--continue']);
    expect(d.results[0]).toMatchObject({ result: 'two', session_id: other.sessionId });
    // nothing to continue in a fresh directory: a new session (ses_continue_none)
    const e = await session(tempDir(), home, ['x'], ['--continue']);
    expect(e.code).toBe(0);
    expect(e.stderr).toBe('');
    expect(new Set([older.sessionId, latest.sessionId, other.sessionId, e.sessionId]).size).toBe(4);
    expect(texts(e.results)).toEqual(['one']);
  });

  it('--fork-session gets a new session id but continues the script; the original is untouched', async () => {
    const cwd = tempDir();
    const home = tempDir();
    const a = await session(cwd, home, ['first', 'second']);
    const id = a.sessionId!;
    const f = await session(cwd, home, ['third'], ['--resume', id, '--fork-session']);
    expect(f.code).toBe(0);
    expect(f.sessionId).not.toBe(id);
    // cbc (the default profile) counts the conversation's messages: two turns before the fork, this one's prompt and reply
    expect(f.results[0]).toMatchObject({ result: 'three', session_id: f.sessionId, num_turns: 6 });
    const header = parseLines(readFileSync(storeFile(home, f.sessionId!), 'utf8'))[0];
    expect(header).toMatchObject({ type: 'session', session_id: f.sessionId, forked_from: id });
    // the original session still stands after its second turn
    const again = await session(cwd, home, ['third'], ['--resume', id]);
    expect(again.results[0]).toMatchObject({ result: 'three', session_id: id });
  });

  it('--session-id of an existing session: Claude Code refuses it, cbc carries it on; a new one is used', async () => {
    const cwd = tempDir();
    const home = tempDir();
    const id = '3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f';
    const a = await session(cwd, home, ['first'], ['--session-id', id]);
    expect(a.code).toBe(0);
    expect(a.sessionId).toBe(id);
    expect(a.results[0]).toMatchObject({ session_id: id });
    const b = await session(cwd, home, ['first'], ['--session-id', id], 'claude-2.1.328');
    expect(b.code).toBe(1);
    expect(b.stderr).toBe(`Error: Session ID ${id} is already in use.\n`);
    const c = await session(cwd, home, ['second'], ['--session-id', id]);
    expect(c.code).toBe(0);
    expect(c.results[0]).toMatchObject({ result: 'two', session_id: id });
  });

  it('an unknown --resume id: cbc writes an error frame and keeps serving (exit 0), Claude Code an error result and stderr (exit 1)', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const c = await session(tempDir(), tempDir(), ['x'], ['--resume', id]);
    expect(c.code).toBe(0);
    expect(c.stderr).toBe('');
    // cbc 2.117.0 under stream-json input answers initialize and repeats the error for each prompt (#16, capture ses_resume_unknown_stream_cbc)
    const error = { type: 'error', error: `No conversation found with session ID: ${id}` };
    expect(c.frames.map((f) => f['type'])).toEqual(['error', 'control_response', 'error']);
    expect(c.frames[2]).toEqual(error);
    expect(c.results).toEqual([]);
    const r = await session(tempDir(), tempDir(), ['x'], ['--resume', id], 'claude-2.1.328');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`No conversation found with session ID: ${id}\n`);
  });

  it('--no-session-persistence writes nothing, so the session cannot be resumed', async () => {
    const cwd = tempDir();
    const home = tempDir();
    const id = '11111111-2222-4333-8444-555555555555';
    const a = await session(cwd, home, ['first'], ['--session-id', id, '--no-session-persistence'], 'claude-2.1.328');
    expect(a.code).toBe(0);
    expect(a.sessionId).toBe(id);
    const r = await session(cwd, home, ['x'], ['--resume', id], 'claude-2.1.328');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`No conversation found with session ID: ${id}\n`);
  });
});

describe('store robustness (issue #4: "survives a crash mid-write", "two processes never corrupt one store")', () => {
  it('a torn last line is ignored on resume, and the next record, appended after it, is still read', async () => {
    const cwd = tempDir();
    const home = tempDir();
    const a = await session(cwd, home, ['first', 'second']);
    const id = a.sessionId!;
    const torn = '{"type":"turn","cursor":9,"tu';
    appendFileSync(storeFile(home, id), torn); // a crash in the middle of a write
    const b = await session(cwd, home, ['third'], ['--resume', id]);
    expect(b.code).toBe(0);
    expect(b.results[0]).toMatchObject({ result: 'three', session_id: id });
    // the record of the third turn is intact right after the fragment: a later resume knows the script is past turn 3
    const lines = readFileSync(storeFile(home, id), 'utf8').split('\n').filter((l) => l !== '');
    expect(lines.at(-1)?.startsWith(torn)).toBe(true);
    expect(JSON.parse(lines.at(-1)!.slice(torn.length))).toMatchObject({ type: 'turn', cursor: 3, turns: 3 });
    const c = await session(cwd, home, ['fourth'], ['--resume', id]);
    expect(c.results[0]).toMatchObject({ result: 'fourth' });
  });

  it('two processes appending to one store at once: every line parses', async () => {
    const cwd = tempDir();
    const home = tempDir();
    const a = await session(cwd, home, ['first']);
    const id = a.sessionId!;
    const N = 150;
    const prompts = (tag: string) => Array.from({ length: N }, (_, i) => `${tag} ${i}`);
    const [p, q] = await Promise.all([session(cwd, home, prompts('p'), ['--resume', id], 'cbc', true), session(cwd, home, prompts('q'), ['--resume', id], 'cbc', true)]);
    expect([p.code, q.code]).toEqual([0, 0]);
    expect(p.results).toHaveLength(N);
    expect(q.results).toHaveLength(N);
    const text = readFileSync(storeFile(home, id), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    for (const [i, l] of lines.entries()) expect(() => JSON.parse(l), `line ${i + 1}: ${l.slice(0, 80)}`).not.toThrow();
    const recs = lines.map((l) => JSON.parse(l) as F);
    expect(recs.filter((r) => r['type'] === 'session')).toHaveLength(1);
    expect(recs.filter((r) => r['type'] === 'turn')).toHaveLength(1 + 2 * N);
    expect(readdirSync(join(home, 'sessions'))).toEqual([`${id}.jsonl`]);
  });
});
