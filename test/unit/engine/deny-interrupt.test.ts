// Issue #16: a host that denies a tool call with interrupt: true (the SDKs' PermissionResult) stops the turn there
// (capture req_can_use_tool_deny_interrupt_h2 of cbc 2.117.0, Claude 2.1.220 and 2.1.328): Claude writes the refused
// call's tool_result ("User rejected tool use"), "[Request interrupted by user for tool use]" and an interrupted
// result (aborted_tools); cbc writes only its error result. The scenario's result text never comes.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import type { Frame } from '../../helpers/frames.js';
import { answerLine, driveStream, userLine } from '../../helpers/stream-json.js';

const scenario = parseScenario('turns:\n  - ask: { tool: Bash, input: { command: "touch x" }, output: "done" }\n    result: "never shown"\n');

async function denyWithInterrupt(profile: string): Promise<{ frames: Frame[]; code: number }> {
  const claude = profile.startsWith('claude');
  return driveStream({
    profile,
    extra: claude ? ['--permission-prompt-tool', 'stdio', '--no-session-persistence'] : [],
    scenario,
    first: userLine('go'),
    on: (f, host) => {
      if (f['type'] === 'control_request' && f['request']['subtype'] === 'can_use_tool') host.send(answerLine(f['request_id'], { behavior: 'deny', allowed: false, message: 'stop here', interrupt: true }));
    },
  });
}

describe('a host denial with interrupt: true ends the turn at the tool call (#16)', () => {
  for (const profile of ['claude-2.1.220', 'claude-2.1.328']) {
    it(profile, async () => {
      const { frames, code } = await denyWithInterrupt(profile);
      const users = frames.filter((f) => f['type'] === 'user');
      expect(users.map((u) => u['message']['content'][0]['type'])).toEqual(['tool_result', 'text']);
      expect(users[0]?.['tool_use_result']).toBe('User rejected tool use');
      expect(users[0]?.['message']['content'][0]['content']).toMatch(/^The user doesn't want to proceed with this tool use\..* STOP what you are doing and wait for the user to tell you how to proceed\.$/);
      expect(users[1]?.['message']['content'][0]['text']).toBe('[Request interrupted by user for tool use]');
      const result = frames.find((f) => f['type'] === 'result');
      expect(result).toMatchObject({ subtype: 'error_during_execution', is_error: true, stop_reason: 'tool_use', terminal_reason: 'aborted_tools' });
      expect(result?.['errors']).toEqual(['[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=tool_use']);
      expect(result?.['permission_denials']).toHaveLength(1);
      expect(JSON.stringify(frames)).not.toContain('never shown');
      expect(code).toBe(1); // an error result, then EOF
    });
  }

  it('cbc-2.117.0: only the error result, no tool_result', async () => {
    const { frames, code } = await denyWithInterrupt('cbc-2.117.0');
    expect(frames.filter((f) => f['type'] === 'user')).toEqual([]);
    const result = frames.find((f) => f['type'] === 'result');
    expect(result).toMatchObject({ subtype: 'error_during_execution', is_error: true, errors: ['Permission denied for tool(s): Bash'] });
    expect(result?.['permission_denials']).toHaveLength(1);
    expect(code).toBe(0);
  });
});
