// Cassettes keep what they record (issue #20): a replay puts the recorder's `$HOME` placeholder back as the
// replaying user's home (as the live emulator writes real paths), and an imported scenario replays to the
// same frames as its cassette, follow-up turns' replies and cached agents' tokens included.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CBC_BIN, EMU_BIN, ndjson, ROOT, runNode, STREAM_FLAGS } from '../helpers/run-bin.js';
import { cleanupTemps, ctl, scenarioFile, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

const EMU = EMU_BIN;

/** `node <args>` with `stdin`, `env` added. */
const run = (args: string[], stdin: string, env: NodeJS.ProcessEnv = {}) => runNode(args, stdin, { env });

type Frame = Record<string, unknown>;
const frames = (s: string): Frame[] => s.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Frame);

describe('replay: $HOME (#20)', () => {
  it('recorded paths under the recorder\'s home point into the replaying home', async () => {
    const recHome = tempDir('cbc-emu-rec-home-');
    const playHome = tempDir('cbc-emu-play-home-');
    const cassette = join(tempDir(), 'c.ndjson');
    const stdin = ndjson(ctl('req_1', { subtype: 'initialize' }), user('build it'));
    const cli = [CBC_BIN, ...STREAM_FLAGS, '--emu-speed', '0', '--emu-seed', '3', '--emu-home', join(recHome, 'cache'), '--emu-scenario', join(ROOT, 'scenarios', 'background-tasks.yaml')];
    const rec = await run([EMU, 'record', '--out', cassette, '--', process.execPath, ...cli], stdin, { HOME: recHome });
    expect(rec.code).toBe(0);
    expect(readFileSync(cassette, 'utf8')).toContain('"output_file":"$HOME/cache/');

    const rep = await run([EMU, 'replay', cassette, '--emu-speed', '0'], stdin, { HOME: playHome });
    expect(rep.code, rep.stderr).toBe(0);
    expect(rep.stdout).not.toContain('$HOME');
    const files = frames(rep.stdout).filter((f) => f['subtype'] === 'task_notification').map((f) => String(f['output_file']));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f.startsWith(join(playHome, 'cache') + '/'), f).toBe(true);
    // the same frames as recorded, with the recorder's home swapped for the replaying one
    expect(rep.stdout).toBe(rec.stdout.split(recHome).join(playHome));
  });
});

const FOLLOWUPS = `name: followups
turns:
  - match: { contains: "review" }
    reply: "Starting the review."
    workflow:
      name: review
      phases:
        - title: Review
          agents:
            - { label: style, cached: true, tokens: 800, tool_uses: 2, result: "no style issues" }
            - { label: security, cached: true, tokens: 1100, tool_uses: 3, result: "no findings" }
            - { label: tests, duration: 700ms, tokens: 600, tool_uses: 4, result: "2 tests missing" }
      followup: "The review found 2 missing tests."
    result: "Review started."
  - match: { contains: "agents" }
    background:
      - { kind: agent, description: "loud agent", duration: 2s, tokens: 300, followup: "The loud agent is done." }
      - { kind: agent, description: "quiet agent", duration: 3s, tokens: 200, followup: false }
    result: "Agents started."
`;

describe('import round trip (#20)', () => {
  for (const profile of ['cbc', 'claude-2.1.328'] as const) {
    it(`${profile}: follow-up replies and cached agents' tokens survive; the imported scenario re-emits the cassette's frames`, async () => {
      const dir = tempDir();
      const cassette = join(dir, 'c.ndjson');
      // both prompts written at once: at speed 0 the CLI reads them before it answers the first (docs/testing.md)
      const stdin = ndjson(ctl('req_1', { subtype: 'initialize' }), user('review it'), user('agents please'));
      const base = [CBC_BIN, ...STREAM_FLAGS, '--emu-speed', '0', '--emu-seed', '11', '--emu-profile', profile, '--emu-home', join(dir, 'home')];
      const rec = await run([EMU, 'record', '--out', cassette, '--', process.execPath, ...base, '--emu-scenario', scenarioFile(FOLLOWUPS)], stdin);
      expect(rec.code, rec.stderr).toBe(0);
      const scn = join(dir, 'imported.yaml');
      const imp = await run([EMU, 'import', cassette, '--out', scn], '');
      expect(imp.code, imp.stderr).toBe(0);

      const imported = parse(readFileSync(scn, 'utf8')) as { turns: Array<Record<string, unknown>> };
      const wf = imported.turns[0]?.['workflow'] as { followup?: unknown; phases: Array<{ agents: Array<Record<string, unknown>> }> };
      expect(wf.followup).toBe('The review found 2 missing tests.');
      const cached = wf.phases[0]!.agents.filter((a) => a['cached'] === true);
      expect(cached.reduce((n, a) => n + Number(a['tokens'] ?? 0), 0)).toBe(1900);
      expect(imported.turns[1]?.['background']).toMatchObject([{ followup: 'The loud agent is done.' }, { followup: false }]);
      expect(imported.turns[1]).not.toHaveProperty('reply');

      const again = await run([...base, '--emu-scenario', scn], stdin);
      expect(again.stderr).toBe('');
      const norm = (s: string) => frames(s).map((f) => JSON.stringify(f, (k, v: unknown) => (k === 'cwd' ? '<cwd>' : v)));
      expect(norm(again.stdout)).toEqual(norm(rec.stdout));
    });
  }
});
