// Issue #16: Claude Code checks --max-budget-usd after every model response, so a response that asks for a tool and
// spends the budget ends the turn there: the tool never runs, the error_max_budget_usd result has stop_reason
// tool_use and one turn (capture opt_max_budget_usd_tool_h4 of Claude 2.1.220 and 2.1.328).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import type { Frame } from '../../helpers/frames.js';
import { runPrint } from '../../helpers/stream-json.js';

const scenario = parseScenario('turns:\n  - ask: { tool: Bash, input: { command: "touch x" }, output: "ran it" }\n    result: "never shown"\n');

function run(profile: string, budget: string): Promise<Frame[]> {
  const extra = ['--permission-mode', 'bypassPermissions', '--no-session-persistence', '--max-budget-usd', budget];
  return runPrint({ profile, prompt: 'go', extra, env: { IS_SANDBOX: '1' }, scenario }); // IS_SANDBOX: Claude Code refuses bypassPermissions as root otherwise
}

describe('--max-budget-usd stops a turn at the tool call that spent it (#16)', () => {
  for (const profile of ['claude-2.1.220', 'claude-2.1.328']) {
    it(profile, async () => {
      const frames = await run(profile, '0.0000001');
      expect(frames.map((f) => f['type'])).toEqual(['system', 'assistant', 'result']);
      expect(frames[2]).toMatchObject({ subtype: 'error_max_budget_usd', stop_reason: 'tool_use', num_turns: 1, terminal_reason: 'budget_exhausted' });
      // a budget the call does not reach: the tool runs and the turn ends as usual
      const ample = await run(profile, '100');
      expect(ample.at(-1)).toMatchObject({ subtype: 'success', result: 'never shown' });
      expect(JSON.stringify(ample)).toContain('ran it');
    });
  }
});
