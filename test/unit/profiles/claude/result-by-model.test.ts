// Issue #16 (helper FD): set_model while a can_use_tool request waits: the call after the answer runs under the new
// model and the result's modelUsage lists each call under its own model, in call order (capture
// ctl_set_model_pending_permission_h7 on 2.1.220 and 2.1.328).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../../src/scenario/load.js';
import type { Frame } from '../../../helpers/frames.js';
import { answerLine, controlLine, driveStream, userLine } from '../../../helpers/stream-json.js';

const scenario = parseScenario('turns:\n  - ask: { tool: Bash, input: { command: "touch x" }, output: "done" }\n    result: "after"\n');
async function setModelWhileAsked(profile: string): Promise<Frame[]> {
  const run = await driveStream({
    profile,
    extra: ['--permission-prompt-tool', 'stdio', '--no-session-persistence'],
    scenario,
    first: userLine('go'),
    on: (f, host) => {
      if (f['type'] === 'control_request' && f['request']['subtype'] === 'can_use_tool') {
        host.send(controlLine('m', { subtype: 'set_model', model: 'haiku' }) + answerLine(f['request_id'], { behavior: 'allow', updatedInput: { command: 'touch x' } }));
      }
    },
  });
  return run.frames;
}

describe('a turn whose calls ran under two models reports each under its own (#16)', () => {
  for (const [profile, before, after] of [['claude-2.1.220', 'claude-opus-5[1m]', 'claude-haiku-4-5-20251001'], ['claude-2.1.328', 'claude-opus-5-5', 'claude-haiku-5-5']] as const) {
    it(profile, async () => {
      const result = (await setModelWhileAsked(profile)).find((f) => f['type'] === 'result');
      const usage = result?.['modelUsage'] as Record<string, { inputTokens: number; outputTokens: number }>;
      expect(Object.keys(usage)).toEqual([before, after]);
      expect(usage[before]).toMatchObject({ inputTokens: 100, outputTokens: 20 });
      expect(usage[after]).toMatchObject({ inputTokens: 100, outputTokens: 20 });
      expect(result?.['usage']).toMatchObject({ input_tokens: 200, output_tokens: 40 });
    });
  }
});
