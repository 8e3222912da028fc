// Issue #16: a can_use_tool request that fails instead of being answered, an interrupt while it waits, and an
// interrupt while the model stalls mid-reply, per profile (captures eof_pending_permission_h2,
// req_can_use_tool_error_answer, req_can_use_tool_deny_no_message, req_can_use_tool_interrupt_pending,
// sig_int_pending_permission_h2 and int_mid of cbc 2.117.0, Claude 2.1.220 and 2.1.328).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { startInMemory } from '../../../src/testkit/harness.js';
import { readFrames, type Frame } from '../../helpers/frames.js';
import { answerLine, controlLine, line, userLine } from '../../helpers/stream-json.js';

const ASK = parseScenario('turns:\n  - ask: { tool: Bash, input: { command: "touch x" }, output: "done" }\n    result: "after the call"\n');
const STALL = parseScenario('turns:\n  - delay: 10m\n    partial: "thinking..."\n    reply: "thinking..."\n');

type Action = 'close' | 'error' | 'invalid' | 'interrupt';

/** One turn of `scenario`; on the first can_use_tool (or, with no ask, the first frame) the host does `action`. */
async function run(profile: string, scenario: ReturnType<typeof parseScenario>, action: Action, speed = '0'): Promise<{ frames: Frame[]; code: number }> {
  const claude = profile.startsWith('claude');
  const { stdin, stdout, exit } = startInMemory({
    argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-speed', speed, ...(claude ? ['--permission-prompt-tool', 'stdio', '--no-session-persistence'] : [])],
    env: { CBC_EMU_LOG_LEVEL: 'silent' },
    scenario,
  });
  const send = (text: string) => setImmediate(() => stdin.writable && stdin.write(text));
  let acted = false;
  const frames = readFrames(stdout, (f) => {
    const asked = f['type'] === 'control_request' && f['request']['subtype'] === 'can_use_tool';
    if (!acted && (asked || (scenario === STALL && f['type'] === 'system' && f['subtype'] === 'init'))) {
      acted = true;
      if (action === 'close') setImmediate(() => stdin.end());
      if (action === 'error') send(line({ type: 'control_response', response: { subtype: 'error', request_id: f['request_id'], error: 'boom' } }));
      if (action === 'invalid') send(answerLine(f['request_id'], { behavior: 'deny' }));
      if (action === 'interrupt') setTimeout(() => send(controlLine('int-1', { subtype: 'interrupt' })), scenario === STALL ? 100 : 0);
    }
    // cbc 2.117.0 goes on waiting for the host after an interrupt: stdin's end settles the request
    const held = profile === 'cbc-2.117.0' && scenario === ASK && f['type'] === 'control_response' && f['response']['request_id'] === 'int-1';
    if (f['type'] === 'result' || held) setImmediate(() => stdin.end());
  });
  send(userLine('go'));
  return { code: await exit, frames };
}

const toolResult = (frames: Frame[]) => frames.find((f) => f['type'] === 'user' && f['message']['content'][0]['type'] === 'tool_result');
const result = (frames: Frame[]) => frames.find((f) => f['type'] === 'result');

describe('a can_use_tool request that fails is refused, and the turn goes on (#16)', () => {
  for (const profile of ['claude-2.1.220', 'claude-2.1.328']) {
    it(`${profile}: stdin closing, an error answer and an invalid answer each have their text; the refusal counts`, async () => {
      const texts: Record<string, string | RegExp> = {
        close: 'Tool permission request failed: AbortError: Tool permission stream closed before response received',
        error: 'Tool permission request failed: Error: boom',
        invalid: /^The canUseTool callback returned an invalid permission result\. Expected \{behavior: 'allow', updatedInput\?: object\} or \{behavior: 'deny', message: string\}\./,
      };
      for (const [action, text] of Object.entries(texts)) {
        const { frames } = await run(profile, ASK, action as Action);
        const tr = toolResult(frames);
        expect(tr?.['message']['content'][0]['content'], action).toMatch(typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text);
        expect(tr?.['tool_result_meta'][0]['non_execution_kind']).toBe('permission-rule');
        if (profile === 'claude-2.1.328') expect(tr?.['tool_result_meta'][0]['permission_decision']).toEqual({ decision: 'reject', source: 'config', reason_type: 'other' });
        expect(result(frames)).toMatchObject({ subtype: 'success', result: 'after the call' });
        expect(result(frames)?.['permission_denials']).toHaveLength(1);
      }
    });
  }

  it('cbc-2.117.0: the generic rejection, left out of permission_denials', async () => {
    for (const action of ['close', 'error'] as const) {
      const { frames } = await run('cbc-2.117.0', ASK, action);
      expect(toolResult(frames)?.['message']['content'][0]['content'][0]['text'], action).toMatch(/^The user doesn't want to proceed with this tool use\./);
      expect(result(frames)).toMatchObject({ subtype: 'success', result: 'after the call', permission_denials: [] });
    }
  });
});

describe('an interrupt while can_use_tool waits (#16)', () => {
  for (const profile of ['claude-2.1.220', 'claude-2.1.328']) {
    it(`${profile}: the cancel, then the reply, then the call refused and an aborted_tools result with the call's usage`, async () => {
      const { frames } = await run(profile, ASK, 'interrupt');
      const cancel = frames.findIndex((f) => f['type'] === 'control_cancel_request');
      const reply = frames.findIndex((f) => f['type'] === 'control_response' && f['response']['request_id'] === 'int-1');
      expect(cancel).toBeGreaterThan(-1);
      expect(reply).toBeGreaterThan(cancel);
      expect(toolResult(frames)?.['tool_use_result']).toBe('User rejected tool use');
      expect(result(frames)).toMatchObject({ subtype: 'error_during_execution', terminal_reason: 'aborted_tools', stop_reason: 'tool_use', num_turns: 3 });
      expect(result(frames)?.['usage']['input_tokens']).toBeGreaterThan(0);
      expect(Object.keys(result(frames)?.['modelUsage'] ?? {})).toHaveLength(1);
    });
  }

  it('cbc-2.117.0: answered, but the request keeps waiting (until stdin closes) and the turn goes on', async () => {
    const { frames } = await run('cbc-2.117.0', ASK, 'interrupt');
    expect(frames.some((f) => f['type'] === 'control_cancel_request')).toBe(false);
    const reply = frames.findIndex((f) => f['type'] === 'control_response' && f['response']['request_id'] === 'int-1');
    expect(frames.findIndex((f) => f === toolResult(frames))).toBeGreaterThan(reply);
    expect(frames.some((f) => f['type'] === 'assistant' && f['message']['content'][0]['text'] === 'Interrupted by user')).toBe(false);
    expect(result(frames)).toMatchObject({ subtype: 'success', result: 'after the call', permission_denials: [] });
  });
});

describe('an interrupt while the model is mid-reply shows the streamed text (#16, turn `partial`)', () => {
  it('claude-2.1.328: an aborted assistant frame, then the interrupted user frame; modelUsage names the cut call', async () => {
    const { frames } = await run('claude-2.1.328', STALL, 'interrupt', '1');
    const cut = frames.find((f) => f['type'] === 'assistant');
    expect(cut).toMatchObject({ aborted: true, message: { content: [{ type: 'text', text: 'thinking...' }] } });
    expect(result(frames)).toMatchObject({ terminal_reason: 'aborted_streaming', usage: { input_tokens: 0 } });
    expect(Object.keys(result(frames)?.['modelUsage'] ?? {})).toHaveLength(1);
  });
  it('claude-2.1.220: the aborted frame; no model usage', async () => {
    const { frames } = await run('claude-2.1.220', STALL, 'interrupt', '1');
    expect(frames.find((f) => f['type'] === 'assistant')).toMatchObject({ aborted: true });
    expect(result(frames)?.['modelUsage']).toEqual({});
  });
  it('cbc-2.117.0: the streamed text, then "Interrupted by user", each a message', async () => {
    const { frames } = await run('cbc-2.117.0', STALL, 'interrupt', '1');
    const texts = frames.filter((f) => f['type'] === 'assistant').map((f) => f['message']['content'][0]['text']);
    expect(texts).toEqual(['thinking...', 'Interrupted by user']);
    expect(result(frames)).toMatchObject({ subtype: 'success', result: '', num_turns: 3 });
  });
});
