// Issue #16: SIGINT after stdin has ended, while a turn runs. Claude Code 2.1.220 ends at once, exit 0, without the
// interrupted turn's frames (capture sig_int_after_eof_mid_turn_h6); with stdin open it writes them (sig_int_mid_turn).
// The test waits for the journal's eof entry (an event, not a sleep) before it signals.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTemps, ctl, scenarioFile, spawnLive, streamArgs, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

const SCENARIO = scenarioFile('name: slow\nturns:\n  - match: { contains: "SLOW" }\n    delay: 60s\n    reply: "slow"\n');

/** Resolves once the journal has recorded stdin's end. */
async function journalSaysEof(file: string): Promise<void> {
  while (!(existsSync(file) && readFileSync(file, 'utf8').includes('"event":"eof"'))) await new Promise((r) => setTimeout(r, 20));
}

async function sigintAfterEof(profile: string, closeFirst: boolean): Promise<{ end: unknown; kinds: string[] }> {
  const dir = tempDir();
  const journal = join(dir, 'journal.ndjson');
  const live = spawnLive([...streamArgs(profile, dir, ['--emu-scenario', SCENARIO, '--emu-journal', journal]), '--emu-speed', '1']);
  live.send(ctl('req_1', { subtype: 'initialize' }));
  live.send(user('SLOW please'));
  await live.waitFor((f) => f['subtype'] === 'init');
  if (closeFirst) {
    live.child.stdin.end();
    await journalSaysEof(journal);
  }
  live.child.kill('SIGINT');
  const end = await live.exited;
  return { end, kinds: live.frames().map((f) => `${String(f['type'])}/${String(f['subtype'] ?? '')}`) };
}

describe('SIGINT after stdin EOF mid-turn (#16)', () => {
  it('claude-2.1.220: exit 0 and nothing after system/init', async () => {
    const { end, kinds } = await sigintAfterEof('claude-2.1.220', true);
    expect(end).toEqual({ code: 0, signal: null });
    expect(kinds).toEqual(['control_response/', 'system/init']);
  });
  it('claude-2.1.220 with stdin open: the interrupted turn ends with its result', async () => {
    const { end, kinds } = await sigintAfterEof('claude-2.1.220', false);
    expect(end).toEqual({ code: 0, signal: null });
    expect(kinds.at(-1)).toBe('result/error_during_execution');
  });
});
