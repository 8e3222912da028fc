// Issue #16 (round 10, helper FW): cbc 2.117.0's blank turn for an unreadable stdin line read while an interrupt of the
// first turn goes through (src/engine/blank-beside.ts, capture in_json_number_after_interrupt_fw): its side session's
// frames follow the interrupted turn's end, and since that request finished last, the next prompt is answered in the
// side session afresh (the interrupted prompt is not carried into it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { startInMemory } from '../../../src/testkit/harness.js';
import { readFrames, type Frame } from '../../helpers/frames.js';

const scenario = parseScenario('turns:\n  - match: { contains: SLOW }\n    delay: 5000\n    result: "slow reply"\n  - result: "plain reply"\n');
const home = mkdtempSync(join(tmpdir(), 'cbc-emu-blank-beside-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const line = (v: unknown) => JSON.stringify(v) + '\n';
const prompt = (text: string) => line({ type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' });

/** A slow first turn; at its system/init an interrupt and a bare JSON number in one write; `hi` after the blank turn's result. */
async function run(): Promise<Frame[]> {
  const { stdin, stdout, exit } = startInMemory({
    argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', 'cbc-2.117.0', '--emu-speed', '0', '--emu-home', home],
    env: { CBC_EMU_LOG_LEVEL: 'silent' },
    scenario,
  });
  let results = 0;
  const frames = readFrames(stdout, (f) => {
    if (f['subtype'] === 'init' && frames.filter((x) => x['subtype'] === 'init').length === 1) stdin.write(line({ type: 'control_request', request_id: 'req_int', request: { subtype: 'interrupt' } }) + '42\n');
    if (f['type'] === 'result' && ++results === 2) setImmediate(() => stdin.write(prompt('hi')));
    if (f['type'] === 'result' && results === 3) setImmediate(() => stdin.end());
  });
  stdin.write(prompt('SLOW please'));
  await exit;
  return frames;
}

describe('cbc 2.117.0: an unreadable line while an interrupt goes through (#16)', () => {
  it('plays its blank turn after the interrupted turn ends, and the next prompt in that side session, afresh', async () => {
    const frames = await run();
    const results = frames.filter((f) => f['type'] === 'result');
    const main = results[0]?.['session_id'] as string;
    const side = results[1]?.['session_id'] as string;
    expect(results.map((r) => r['result'])).toEqual(['', '', 'plain reply']);
    expect(side).not.toBe(main);
    expect(results[2]?.['session_id']).toBe(side);
    // the interrupted turn's end comes before the side session's frames
    const sideStart = frames.findIndex((f) => f['session_id'] === side);
    expect(frames.findIndex((f) => f === results[0])).toBeLessThan(sideStart);
  });
});
