// A scenario's `fallback` turn (docs/scenarios.md, "How a prompt selects a turn"; issue #16: the surface model
// answers by keyword alone, as the capture's fake model does, so a keyword repeated after other turns finds its
// turn again; the fifth held-back set's req_can_use_tool_allow_then_second_call_h5 fell to a catch-all turn).
import { afterAll, describe, expect, it } from 'vitest';
import { STREAM_FLAGS } from '../helpers/run-bin.js';
import { cleanupTemps, ctl, liveInProcess, scenarioFile, spawnLive, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

/**
 * One stream-json session; each prompt is sent after the previous result (Claude Code joins prompts that queue).
 * Spawned for claude-2.1.328, the drop-in's entry in this process for the others (issue #21).
 */
async function results(scenario: string, prompts: string[], profile = 'cbc'): Promise<unknown[]> {
  const live = (profile === 'claude-2.1.328' ? spawnLive : liveInProcess)([...STREAM_FLAGS, '--emu-profile', profile, '--emu-speed', '0', '--emu-home', tempDir(), '--emu-scenario', scenario]);
  live.send(ctl('req_1', { subtype: 'initialize' }));
  const isResult = (f: Record<string, unknown>) => f['type'] === 'result';
  for (const [i, p] of prompts.entries()) {
    live.send(user(p));
    await live.waitFor(() => live.frames().filter(isResult).length > i, 60_000); // a bound for a hung process, not a timing check
  }
  live.child.stdin.end();
  expect((await live.exited).code, live.stderr()).toBe(0);
  return live.frames().filter(isResult).map((f) => f['result']);
}

const KEYWORDS = scenarioFile(`name: keywords
turns:
  - match: { contains: "ALPHA" }
    reply: "alpha"
  - match: { contains: "BETA" }
    reply: "beta"
fallback:
  reply: "other: {{prompt}}"
`);

// the same turns with the catch-all written as the last turn: the cursor semantics this feature exists for
const CATCH_ALL = scenarioFile(`name: catch-all
turns:
  - match: { contains: "ALPHA" }
    reply: "alpha"
  - match: { contains: "BETA" }
    reply: "beta"
  - match: { glob: "*" }
    reply: "other"
`);

const SCRIPT = scenarioFile(`name: script
turns:
  - reply: "one"
  - reply: "two"
fallback:
  reply: "past the script"
`);

describe('fallback turn (docs/scenarios.md)', () => {
  for (const profile of ['cbc', 'claude-2.1.328']) {
    it(`${profile}: every keyword finds its turn however often and in whatever order it comes; other prompts get the fallback`, async () => {
      expect(await results(KEYWORDS, ['BETA 1', 'BETA 2', 'hi', 'ALPHA', 'BETA 3', 'ALPHA again', 'bye'], profile)).toEqual([
        'beta',
        'beta',
        'other: hi',
        'alpha',
        'beta',
        'alpha',
        'other: bye',
      ]);
    });
  }
  it('a catch-all turn in the list wins against the last keyword repeated (why the fallback exists)', async () => {
    expect(await results(CATCH_ALL, ['BETA 1', 'BETA 2'])).toEqual(['beta', 'other']);
  });
  it('match-less turns still play in order, one per prompt; the fallback answers past their end', async () => {
    expect(await results(SCRIPT, ['a', 'b', 'c', 'd'])).toEqual(['one', 'two', 'past the script', 'past the script']);
  });
});
