// Issue #16 (helper FD): set_model while a can_use_tool request waits: the call after the answer runs under the new
// model and the result's modelUsage lists each call under its own model, in call order (capture
// ctl_set_model_pending_permission_h7 on 2.1.220 and 2.1.328).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../../src/scenario/load.js';
import { startInMemory } from '../../../../src/testkit/harness.js';
import { readFrames, type Frame } from '../../../helpers/frames.js';

const scenario = parseScenario('turns:\n  - ask: { tool: Bash, input: { command: "touch x" }, output: "done" }\n    result: "after"\n');
const line = (o: unknown) => JSON.stringify(o) + '\n';

async function setModelWhileAsked(profile: string): Promise<Frame[]> {
  const { stdin, stdout, exit } = startInMemory({
    argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-speed', '0', '--permission-prompt-tool', 'stdio', '--no-session-persistence'],
    env: { CBC_EMU_LOG_LEVEL: 'silent' },
    scenario,
  });
  const frames = readFrames(stdout, (f) => {
    if (f['type'] === 'control_request' && f['request']['subtype'] === 'can_use_tool') {
      const allow = { type: 'control_response', response: { subtype: 'success', request_id: f['request_id'], response: { behavior: 'allow', updatedInput: { command: 'touch x' } } } };
      setImmediate(() => stdin.write(line({ type: 'control_request', request_id: 'm', request: { subtype: 'set_model', model: 'haiku' } }) + line(allow)));
    }
    if (f['type'] === 'result') setImmediate(() => stdin.end());
  });
  stdin.write(line({ type: 'user', message: { role: 'user', content: 'go' }, parent_tool_use_id: null, session_id: '' }));
  await exit;
  return frames;
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
