// Issue #16 (round 6): what the real CLIs do with a host's hook answers and around a permission prompt, measured by the
// surface captures of test/capture/surface-more/fn.mjs: a UserPromptSubmit hook's continue: false / decision "block"
// (req_hook_callback_prompt_*), a PreToolUse hook's deny and continue: false (req_hook_callback_pre_*), and Claude's
// session_state_changed requires_action while can_use_tool waits (env_session_state_permission_h3).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import type { Frame } from '../../helpers/frames.js';
import { answerLine, controlLine, driveStream, userLine, type Host } from '../../helpers/stream-json.js';

const scenario = parseScenario(
  'turns:\n  - match: { contains: TOOL }\n    ask: { tool: Bash, input: { command: "echo x" }, output: "x" }\n    result: "after tool"\n  - result: "plain reply"\n',
);

interface Run {
  profile: string;
  hooks?: Record<string, unknown>;
  env?: Record<string, string>;
  prompts: string[];
  /** The host's answer to each control_request the CLI sends (by subtype). */
  answer: (subtype: string) => Record<string, unknown>;
}

/** Runs the prompts one after the other (each after the previous one's result, or error frame), answering every request. */
async function run(r: Run): Promise<Frame[]> {
  const claude = r.profile.startsWith('claude');
  const prompts = [...r.prompts];
  const next = (host: Host) => {
    const p = prompts.shift();
    if (p === undefined) host.end();
    else host.send(userLine(p));
  };
  const run = await driveStream({
    profile: r.profile,
    extra: claude ? ['--permission-prompt-tool', 'stdio', '--no-session-persistence'] : [],
    env: r.env,
    scenario,
    first: controlLine('req_1', { subtype: 'initialize', hooks: r.hooks ?? {} }),
    endAtResult: false,
    on: (f, host) => {
      if (f['type'] === 'control_response' && f['response']['request_id'] === 'req_1') next(host);
      if (f['type'] === 'control_request') host.send(answerLine(f['request_id'], r.answer(f['request']['subtype'])));
      if (f['type'] === 'result' || f['type'] === 'error') next(host);
    },
  });
  return run.frames;
}

const promptHook = { UserPromptSubmit: [{ hookCallbackIds: ['hook_0'] }] };
const preHook = { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }] };
const allow = { behavior: 'allow', allowed: true };

describe('a UserPromptSubmit hook that stops the prompt (#16)', () => {
  it('claude-2.1.328: decision "block" ends the turn without a model call: the notice, then a num_turns 0 result', async () => {
    const frames = await run({ profile: 'claude-2.1.328', hooks: promptHook, prompts: ['hi'], answer: () => ({ decision: 'block', reason: 'no way' }) });
    const text = 'UserPromptSubmit operation blocked by hook:\nno way\n\nOriginal prompt: hi';
    expect(frames.find((f) => f['subtype'] === 'informational')).toMatchObject({ content: text, prevent_continuation: true, prompt_submit_outcome: { kind: 'blocked_by_hook', prompt_kept: false, reason: 'no way' } });
    expect(frames.find((f) => f['type'] === 'result')).toMatchObject({ subtype: 'success', is_error: false, num_turns: 0, result: text, stop_reason: null });
    expect(frames.some((f) => f['type'] === 'assistant')).toBe(false);
  });

  it('claude-2.1.220: continue: false without a stopReason says only that the hook stopped it', async () => {
    const frames = await run({ profile: 'claude-2.1.220', hooks: promptHook, prompts: ['hi'], answer: () => ({ continue: false }) });
    expect(frames.find((f) => f['type'] === 'result')).toMatchObject({ num_turns: 0, result: 'Operation stopped by hook' });
  });

  it('cbc-2.117.0: continue: false writes an error frame, no result, and the next prompt runs in a new session; a block is ignored', async () => {
    let n = 0;
    const frames = await run({ profile: 'cbc-2.117.0', hooks: promptHook, prompts: ['hi', 'hi'], answer: () => [{ continue: false, stopReason: 'halt' }, { decision: 'block' }][n++] ?? {} });
    expect(frames.find((f) => f['type'] === 'error')).toEqual({ type: 'error', error: 'UserPromptSubmit hook error: \nhalt' });
    const inits = frames.filter((f) => f['subtype'] === 'init');
    expect(inits).toHaveLength(1);
    expect(frames.filter((f) => f['type'] === 'result').map((f) => f['result'])).toEqual(['plain reply']);
    const first = frames.find((f) => f['type'] === 'control_request')?.['request']['input']['session_id'] as string;
    expect(inits[0]?.['session_id']).not.toBe(first);
  });
});

describe('a PreToolUse hook answer (#16)', () => {
  it('claude-2.1.328: permissionDecision "deny" refuses the call with the hook\'s reason, decided by the hook, and asks no one', async () => {
    const frames = await run({ profile: 'claude-2.1.328', hooks: preHook, prompts: ['TOOL'], answer: (s) => (s === 'hook_callback' ? { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'nope' } } : allow) });
    expect(frames.some((f) => f['request']?.['subtype'] === 'can_use_tool')).toBe(false);
    const refused = frames.find((f) => f['type'] === 'user');
    expect(refused?.['message']['content'][0]).toMatchObject({ content: 'PreToolUse:Bash hook error: nope', is_error: true });
    expect(refused?.['tool_result_meta'][0]['permission_decision']).toEqual({ decision: 'reject', source: 'hook', reason_type: 'hook' });
    expect(frames.find((f) => f['type'] === 'result')?.['permission_denials']).toHaveLength(1);
  });

  it('claude-2.1.220: continue: false lets the call run, then ends the turn (hook_stopped)', async () => {
    const frames = await run({ profile: 'claude-2.1.220', hooks: preHook, prompts: ['TOOL'], answer: (s) => (s === 'hook_callback' ? { continue: false, stopReason: 'enough' } : allow) });
    expect(frames.find((f) => f['type'] === 'user')?.['message']['content'][0]).toMatchObject({ content: 'x', is_error: false });
    expect(frames.find((f) => f['type'] === 'result')).toMatchObject({ result: '', stop_reason: 'tool_use', terminal_reason: 'hook_stopped', num_turns: 2 });
  });

  it('cbc-2.117.0: continue: false refuses the call with its stopReason as a plain result, and the turn goes on', async () => {
    const frames = await run({ profile: 'cbc-2.117.0', hooks: preHook, prompts: ['TOOL'], answer: (s) => (s === 'hook_callback' ? { continue: false, stopReason: 'enough' } : allow) });
    expect(frames.find((f) => f['type'] === 'user')?.['message']['content'][0]).toMatchObject({ content: [{ type: 'text', text: 'Error: enough' }], is_error: false });
    expect(frames.find((f) => f['type'] === 'result')).toMatchObject({ result: 'after tool', permission_denials: [] });
  });
});

describe('session state around a permission prompt (#16)', () => {
  it('claude-2.1.328: requires_action right before can_use_tool, running once the host answered', async () => {
    const frames = await run({ profile: 'claude-2.1.328', env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, prompts: ['TOOL'], answer: () => allow });
    const seq = frames.flatMap((f) => (f['subtype'] === 'session_state_changed' ? [f['state'] as string] : f['request']?.['subtype'] === 'can_use_tool' ? ['ASK'] : f['type'] === 'user' ? ['RESULT'] : []));
    expect(seq).toEqual(['running', 'requires_action', 'ASK', 'running', 'RESULT', 'idle']);
  });
});
