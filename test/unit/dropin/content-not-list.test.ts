// Issue #16: a user line whose message.content is neither a string nor a list (captures in_content_number_fm):
// Claude Code drops it (no turn, nothing written), cbc 2.117.0 writes its own TypeError in an error frame and goes
// on; a list or a string still starts a turn.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { runInMemory } from '../../../src/testkit/harness.js';
import type { Frame } from '../../helpers/frames.js';
import { controlLine, framesOf, streamArgv, userLine } from '../../helpers/stream-json.js';

const scenario = parseScenario('turns:\n  - match: { glob: "*" }\n    reply: "ok"\n');
const EMU_HOME = mkdtempSync(join(tmpdir(), 'cbc-emu-content-'));

async function frames(profile: string, content: unknown): Promise<Frame[]> {
  const stdin = controlLine('req_1', { subtype: 'initialize' }) + userLine(content);
  const r = await runInMemory({ argv: streamArgv(profile, '--emu-seed', 'c', '--emu-home', EMU_HOME), env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario, stdin });
  expect(r.code).toBe(0);
  return framesOf(r.stdout);
}

describe('user content that is neither a string nor a list (#16)', () => {
  for (const content of [42, { text: 'hi' }, true]) {
    it(`Claude drops it: ${JSON.stringify(content)}`, async () => {
      const out = await frames('claude-2.1.328', content);
      expect(out.filter((f) => f['type'] !== 'control_response')).toEqual([]);
    });
    it(`cbc 2.117.0 reports it in an error frame, no turn: ${JSON.stringify(content)}`, async () => {
      const out = await frames('cbc-2.117.0', content);
      expect(out.filter((f) => f['type'] !== 'control_response')).toEqual([{ type: 'error', error: 'Al.map is not a function' }]);
    });
  }
  it('a text block without text: Claude drops the line, cbc 2.117.0 reports it', async () => {
    expect((await frames('claude-2.1.328', [{ type: 'text' }])).filter((f) => f['type'] !== 'control_response')).toEqual([]);
    const cbc = await frames('cbc-2.117.0', [{ type: 'text' }]);
    expect(cbc.filter((f) => f['type'] !== 'control_response')).toEqual([{ type: 'error', error: "Cannot read properties of undefined (reading 'trim')" }]);
  });
  it('a null content: Claude takes it as an empty prompt (a turn), cbc 2.117.0 reports it', async () => {
    expect((await frames('claude-2.1.328', null)).some((f) => f['type'] === 'result')).toBe(true);
    const cbc = await frames('cbc-2.117.0', null);
    expect(cbc.filter((f) => f['type'] !== 'control_response')).toEqual([{ type: 'error', error: "Cannot read properties of null (reading 'map')" }]);
  });
  it('a string and a list still start a turn', async () => {
    for (const content of ['hi', [{ type: 'text', text: 'hi' }]]) {
      for (const profile of ['claude-2.1.328', 'cbc-2.117.0']) expect((await frames(profile, content)).some((f) => f['type'] === 'result')).toBe(true);
    }
  });
});
