// Issue #16: cbc 2.117.0 sends each stdin line that is no control frame as a request of its own, carrying the session
// of the last request that finished (its CliExecutor.executeStreamMode). An unreadable line (keep_alive here) while the
// first turn runs plays its blank turn at once in a side session (capture in_keep_alive_mid_turn_h3); while a later
// turn runs it joins that turn, whose message frames are then written twice (capture in_keep_alive_mid_second_turn_cbc).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import type { Frame } from '../../helpers/frames.js';
import { answerLine, driveStream, line, userLine as prompt } from '../../helpers/stream-json.js';

const scenario = parseScenario(
  'turns:\n  - match: { contains: "hi" }\n    reply: "hello"\n  - match: { contains: "go" }\n    ask: { tool: Bash, input: { command: "touch x" }, output: "done" }\n    result: "ran it"\n',
);
const home = mkdtempSync(join(tmpdir(), 'cbc-emu-beside-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
/** Prompts in order (each after the previous result); a keep_alive once the gated call is asked, then allow. */
async function run(prompts: string[], midLine = line({ type: 'keep_alive' })): Promise<Frame[]> {
  const left = [...prompts];
  const r = await driveStream({
    profile: 'cbc-2.117.0',
    extra: ['--emu-seed', 'beside', '--emu-home', home],
    scenario,
    first: prompt(left.shift() ?? ''),
    endAtResult: false,
    on: (f, host) => {
      if (f['type'] === 'control_request' && f['request']['subtype'] === 'can_use_tool') {
        setImmediate(() => {
          host.write(midLine);
          host.send(answerLine(f['request_id'], { behavior: 'allow', allowed: true }));
        });
      }
      if (f['type'] === 'result' && f['result'] !== '') {
        if (left.length > 0) host.send(prompt(left.shift() ?? ''));
        else host.end();
      }
    },
  });
  return r.frames;
}

describe('cbc 2.117.0: an unreadable line while a turn runs (#16)', () => {
  it('during the first turn: a blank turn at once in a side session, the running turn untouched', async () => {
    const frames = await run(['go']);
    const main = frames.find((f) => f['subtype'] === 'init')?.['session_id'] as string;
    const results = frames.filter((f) => f['type'] === 'result');
    expect(results.map((r) => r['result'])).toEqual(['', 'ran it']);
    expect(results[0]?.['session_id']).not.toBe(main);
    expect(results[0]?.['num_turns']).toBe(1);
    expect(results[1]?.['session_id']).toBe(main);
    const sideInits = frames.filter((f) => f['subtype'] === 'init' && f['session_id'] !== main);
    expect(sideInits.map((f) => f['model'])).toEqual(['default-model', 'unknown']); // a blank turn's two inits
  });

  it('during a later turn: it joins it, the turn writes its message frames twice', async () => {
    const frames = await run(['hi', 'go']);
    const ids = new Set(frames.filter((f) => 'session_id' in f).map((f) => f['session_id'] as string));
    expect(ids.size).toBe(1);
    const results = frames.filter((f) => f['type'] === 'result');
    expect(results.map((r) => r['result'])).toEqual(['hello', 'ran it', 'ran it']);
    expect(frames.filter((f) => f['subtype'] === 'init')).toHaveLength(3);
    expect(frames.filter((f) => f['type'] === 'assistant' && f['message']['content'][0]['text'] === 'ran it')).toHaveLength(2);
    expect(frames.filter((f) => f['type'] === 'control_request')).toHaveLength(1); // the host channel is not doubled
  });

  it('a prompt line during a later turn joins it too and gets no turn of its own (in_user_mid_second_turn_cbc)', async () => {
    const frames = await run(['hi', 'go', 'hi'], prompt('hi'));
    const results = frames.filter((f) => f['type'] === 'result');
    expect(results.map((r) => r['result'])).toEqual(['hello', 'ran it', 'ran it', 'hello']);
    // the joined prompt and an unwritten reply count in the conversation after the turn (in_user_mid_second_turn_then_turn_cbc)
    expect(results[3]?.['num_turns']).toBe((results[1]?.['num_turns'] as number) + 4);
    expect(frames.filter((f) => f['subtype'] === 'init')).toHaveLength(4);
  });
});
