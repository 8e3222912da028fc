// Issue #16: Claude Code 2.1.328 refuses a string prompt of whitespace only before any model call: a system/informational
// notice and a zero-turn result with its text (capture in_content_whitespace_h6). Text blocks of whitespace, an empty
// string and 2.1.220 go to the model as before.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { frameKinds as kinds, runStream, userLine } from '../../helpers/stream-json.js';

const BLANK = 'Blank prompt \u2014 the message was only whitespace, so nothing was sent to the model.';
const scenario = parseScenario('turns: []\nfallback:\n  reply: "answered"\n');

const run = (profile: string, content: unknown) => runStream({ profile, extra: ['--no-session-persistence'], scenario, stdin: userLine(content) });

describe('a prompt of whitespace only (#16)', () => {
  it('claude-2.1.328: a notice and a zero-turn result, no model call', async () => {
    for (const content of ['  \n ', '\t', '\u00a0']) {
      const frames = await run('claude-2.1.328', content);
      expect(kinds(frames)).toEqual(['system/init', 'system/informational', 'result/success']);
      expect(frames[1]).toEqual({ type: 'system', subtype: 'informational', content: BLANK, level: 'warning', uuid: expect.any(String) as string, session_id: expect.any(String) as string });
      expect(frames[2]).toMatchObject({ result: BLANK, num_turns: 0, is_error: false, stop_reason: null });
    }
  });
  it('whitespace text blocks, and 2.1.220, reach the model', async () => {
    expect((await run('claude-2.1.328', [{ type: 'text', text: '  ' }])).at(-1)).toMatchObject({ result: 'answered' });
    expect((await run('claude-2.1.220', '  \n ')).at(-1)).toMatchObject({ result: 'answered' });
  });
});
