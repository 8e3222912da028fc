// The emulator's notes for `cbc-emu fuzz` (issue #17): each drop-in process notes its start, its session
// and how it ended (CBC_EMU_FUZZ_NOTES, src/dropin/run-note.ts), and the fuzzer reads them back per run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInMemory, startInMemory } from '../../../../dist/testkit/harness.js';
import { readEmulatorUse } from '../../../../dist/tools/fuzz/notes.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-notes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const STREAM = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];

describe('emulator notes', () => {
  it('no notes file: the emulator never started', () => {
    expect(readEmulatorUse(join(dir, 'absent.ndjson'))).toEqual({ started: 0, served: 0, cut: 0, errors: [] });
  });

  it('a served session, a usage error, an unusable scenario and help, as the drop-in notes them', async () => {
    const notes = join(dir, 'a.ndjson');
    const env = { CBC_EMU_FUZZ_NOTES: notes, CBC_EMU_HOME: join(dir, 'home'), CBC_EMU_SEED: '1', CBC_EMU_SPEED: '0' };
    expect((await runInMemory({ argv: STREAM, env, cwd: dir, stdin: '' })).code).toBe(0);
    expect((await runInMemory({ argv: [...STREAM, '--output-format', 'yaml', '--emu-profile', 'claude-2.1.328'], env, cwd: dir, stdin: '' })).code).toBe(1); // Claude's --output-format has commander choices
    expect((await runInMemory({ argv: STREAM, env: { ...env, CBC_EMU_SCENARIO: join(dir, 'nope.yaml') }, cwd: dir, stdin: '' })).code).toBe(2);
    expect((await runInMemory({ argv: ['--help'], env, cwd: dir, stdin: '' })).code).toBe(0);
    const ends = readFileSync(notes, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e['event'] === 'end').map((e) => `${String(e['end'])} ${String(e['code'])}`);
    expect(ends).toEqual(['served 0', 'usage 1', 'input 2', 'info 0']);
    const use = readEmulatorUse(notes);
    expect(use).toMatchObject({ started: 4, served: 1, cut: 0 });
    expect(use.errors).toEqual([expect.stringMatching(/^exited 1 \(usage error\): error: option '--output-format/), expect.stringMatching(/^exited 2 \(unusable input\): cbc-emu: cannot read scenario .*nope\.yaml/)]);
  });

  it('a session killed while serving counts as cut (its stream ended early)', () => {
    const notes = join(dir, 'b.ndjson');
    writeFileSync(notes, '{"pid":7,"event":"start"}\n{"pid":7,"event":"serving"}\n{"pid":8,"event":"start"}\n{"pid":8,"event":"serving"}\n{"pid":8,"event":"end","end":"cut","code":143}\n{"pid":9,"ev');
    expect(readEmulatorUse(notes)).toEqual({ started: 2, served: 2, cut: 2, errors: [] });
  });
});

describe('a reader gone before the last frame (the fuzz flake of stop 30, #21)', () => {
  it('a session whose stdout closed early counts as cut even when stdin ended it', async () => {
    // the stop-at-result consumer exits at its first result: its emulator sees EOF and ends the session "served"
    // while its last frames fail on the closed pipe; the fuzzer must judge that transcript as cut off
    const notes = join(dir, 'c.ndjson');
    const env = { CBC_EMU_FUZZ_NOTES: notes, CBC_EMU_HOME: join(dir, 'home-c'), CBC_EMU_SEED: '1', CBC_EMU_SPEED: '0' };
    const run = startInMemory({ argv: STREAM, env, cwd: dir });
    run.stdout.destroy(); // the reader is gone before the first frame
    run.stdin.end(JSON.stringify({ type: 'user', message: { role: 'user', content: 'hello' }, parent_tool_use_id: null, session_id: '' }) + '\n');
    expect(await run.exit).toBe(0);
    expect(readEmulatorUse(notes)).toMatchObject({ started: 1, served: 1, cut: 1 });
  });
});
