// Issue #16: with --json-schema a turn's tool calls run as without it, and the text the model closes with leads to the
// CLI's reminder (Claude) or re-prompts (cbc); the model answers those as it answers any prompt: the scenario turn or
// fallback that the CLI's own message selects (captures opt_json_schema_tool_h6 of all three CLIs).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import type { Frame } from '../../helpers/frames.js';
import { runPrint } from '../../helpers/stream-json.js';

const SCHEMA = '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}';
const scenario = (fallback: boolean) =>
  parseScenario(`turns:\n  - ask: { tool: Bash, input: { command: "touch x" }, output: "ran it" }\n    result: "closing text"\n${fallback ? 'fallback:\n  reply: "answer to the reminder"\n' : ''}`);

function run(profile: string, fallback: boolean): Promise<Frame[]> {
  const extra = ['--permission-mode', 'bypassPermissions', ...(profile.startsWith('claude') ? ['--no-session-persistence'] : []), '--json-schema', SCHEMA];
  return runPrint({ profile, prompt: 'go', extra, env: { IS_SANDBOX: '1' }, scenario: scenario(fallback) }); // IS_SANDBOX: Claude Code refuses bypassPermissions as root otherwise
}

const texts = (frames: Frame[]): string[] =>
  frames.flatMap((f) => (f['type'] === 'assistant' ? ((f['message'] as { content: { type: string; text?: string; name?: string }[] }).content.map((c) => c.text ?? `tool:${c.name}`)) : []));

describe('--json-schema with a tool call and a text close (#16)', () => {
  for (const profile of ['claude-2.1.220', 'claude-2.1.328']) {
    it(`${profile}: the tool runs, the reminder's answer is the fallback's and the result's`, async () => {
      const frames = await run(profile, true);
      expect(texts(frames)).toEqual(['tool:Bash', 'closing text', 'answer to the reminder']);
      expect(frames.at(-1)).toMatchObject({ subtype: 'success', result: 'answer to the reminder', num_turns: 3 });
      // no turn or fallback answers the reminder: the model says its closing text again
      const bare = await run(profile, false);
      expect(texts(bare)).toEqual(['tool:Bash', 'closing text', 'closing text']);
    });
  }
  it('cbc-2.117.0: the tool runs, the re-prompts are answered by the fallback, the result keeps the closing text', async () => {
    const frames = await run('cbc-2.117.0', true);
    expect(texts(frames)).toEqual(['tool:Bash', 'closing text', 'answer to the reminder', 'answer to the reminder']);
    expect(frames.at(-1)).toMatchObject({ subtype: 'success', result: 'closing text', num_turns: 10 });
  });
});
