// Issue #16 (helper FD): a hook answer Claude Code's hook-output schema refuses (a permissionDecision outside allow /
// deny / ask, hookSpecificOutput not an object, a decision outside approve / block) counts as empty, as an error
// answer does, and 2.1.328 says so in a hook_callback_failed notice, after system/init for a prompt's hooks
// (captures req_hook_callback_pre_invalid_fd, req_hook_callback_pre_decision_bogus_fd, req_hook_callback_prompt_error).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import type { Frame } from '../../helpers/frames.js';
import { answerLine, controlLine, driveStream, userLine } from '../../helpers/stream-json.js';

const scenario = parseScenario('turns:\n  - match: { contains: TOOL }\n    ask: { tool: Bash, input: { command: "echo x" }, output: "x" }\n    result: "after tool"\n  - result: "plain reply"\n');

async function run(profile: string, hooks: Record<string, unknown>, prompt: string, answer: Record<string, unknown>): Promise<Frame[]> {
  const r = await driveStream({
    profile,
    extra: ['--allowedTools', 'Bash', '--no-session-persistence'],
    scenario,
    first: controlLine('req_1', { subtype: 'initialize', hooks }),
    on: (f, host) => {
      if (f['type'] === 'control_response' && f['response']['request_id'] === 'req_1') host.send(userLine(prompt));
      if (f['type'] === 'control_request') host.send(answerLine(f['request_id'], answer));
    },
  });
  return r.frames;
}

const kinds = (frames: Frame[]) => frames.map((f) => `${String(f['type'])}${f['subtype'] ? `/${String(f['subtype'])}` : ''}`);
const preHook = { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }] };
const notice = (frames: Frame[]) => frames.find((f) => f['subtype'] === 'informational');

describe('a hook answer the schema refuses counts as empty (#16)', () => {
  it('2.1.328: a permissionDecision "maybe" lets the call run, with the notice', async () => {
    const frames = await run('claude-2.1.328', preHook, 'TOOL', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'maybe' } });
    expect(notice(frames)).toMatchObject({ tag: 'hook_callback_failed', content: 'PreToolUse: Hook callback hook_0 failed: the SDK host replied with an error or an invalid answer. Its answer was treated as empty.' });
    expect(frames.find((f) => f['type'] === 'result')?.['result']).toBe('after tool');
  });

  it('2.1.328: a valid answer gets no notice', async () => {
    const frames = await run('claude-2.1.328', preHook, 'TOOL', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
    expect(notice(frames)).toBeUndefined();
  });

  it('2.1.328: a prompt hook\'s notice follows the turn\'s system/init', async () => {
    const frames = await run('claude-2.1.328', { UserPromptSubmit: [{ hookCallbackIds: ['hook_0'] }] }, 'hi', { decision: 'maybe' });
    const k = kinds(frames);
    expect(k.indexOf('system/informational')).toBe(k.indexOf('system/init') + 1);
  });

  it('2.1.220 writes no notice', async () => {
    const frames = await run('claude-2.1.220', preHook, 'TOOL', { hookSpecificOutput: 5 });
    expect(notice(frames)).toBeUndefined();
    expect(frames.find((f) => f['type'] === 'result')?.['result']).toBe('after tool');
  });
});
