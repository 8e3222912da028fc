// Issue #16 (round 10, FV): hook answers measured by test/capture/surface-more/fv.mjs on Claude Code 2.1.220 / 2.1.328:
// a systemMessage becomes 2.1.328's "<hook> says: …" notice (req_hook_callback_{pre,post,stop}_system_message_fv), a Stop
// hook's continue: false ends the turn as stop_hook_prevented (req_hook_callback_stop_continue_false_fv), and a deny rule
// overrides a PreToolUse hook's allow (req_hook_callback_pre_allow_deny_rule_fv).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { startInMemory } from '../../../src/testkit/harness.js';
import { readFrames, type Frame } from '../../helpers/frames.js';

const scenario = parseScenario(
  'turns:\n  - match: { contains: TOOL }\n    ask: { tool: Bash, input: { command: "touch a && echo x" }, output: "x" }\n    result: "after tool"\n  - result: "plain reply"\n',
);

/** One prompt on `profile` with `hooks` registered, every hook_callback answered with `answer`; the frames written. */
async function run(profile: string, hooks: Record<string, unknown>, prompt: string, answer: Record<string, unknown>, extra: string[] = []): Promise<Frame[]> {
  const { stdin, stdout, exit } = startInMemory({
    argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-speed', '0', '--no-session-persistence', ...extra],
    env: { CBC_EMU_LOG_LEVEL: 'silent' },
    scenario,
  });
  const send = (o: unknown) => setImmediate(() => stdin.write(JSON.stringify(o) + '\n'));
  const frames = readFrames(stdout, (f) => {
    if (f['type'] === 'control_response' && f['response']['request_id'] === 'req_1') send({ type: 'user', message: { role: 'user', content: prompt }, parent_tool_use_id: null, session_id: '' });
    if (f['type'] === 'control_request') send({ type: 'control_response', response: { subtype: 'success', request_id: f['request_id'], response: answer } });
    if (f['type'] === 'result') setImmediate(() => stdin.end());
  });
  send({ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize', hooks } });
  await exit;
  return frames;
}

const hook = (event: string, matcher?: string) => ({ [event]: [{ ...(matcher ? { matcher } : {}), hookCallbackIds: ['hook_0'] }] });
const notices = (frames: Frame[]) => frames.filter((f) => f['subtype'] === 'informational').map((f) => [f['content'], f['level']]);
const kinds = (frames: Frame[]) => frames.map((f) => (f['type'] === 'user' ? 'tool_result' : f['subtype'] === 'informational' ? 'notice' : String(f['type'])));

describe("a hook answer's systemMessage (#16)", () => {
  it('claude-2.1.328: a PreToolUse hook\'s shows before the tool result, named by event and tool', async () => {
    const frames = await run('claude-2.1.328', hook('PreToolUse', 'Bash'), 'TOOL', { systemMessage: 'pre note', hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
    expect(notices(frames)).toEqual([['PreToolUse:Bash says: pre note', 'notice']]);
    expect(kinds(frames).indexOf('notice')).toBeLessThan(kinds(frames).indexOf('tool_result'));
  });

  it("claude-2.1.328: a PostToolUse hook's shows after the tool result; a Stop hook's before the result", async () => {
    const post = await run('claude-2.1.328', hook('PostToolUse', 'Bash'), 'TOOL', { systemMessage: 'post note' }, ['--allowedTools', 'Bash']);
    expect(notices(post)).toEqual([['PostToolUse:Bash says: post note', 'notice']]);
    expect(kinds(post).indexOf('notice')).toBeGreaterThan(kinds(post).indexOf('tool_result'));
    const stop = await run('claude-2.1.328', hook('Stop'), 'hi', { systemMessage: 'two\nlines' });
    expect(notices(stop)).toEqual([['Stop says: two\nStop says: lines', 'notice']]);
  });

  it('claude-2.1.220 shows none', async () => {
    expect(notices(await run('claude-2.1.220', hook('Stop'), 'hi', { systemMessage: 'note' }))).toEqual([]);
  });
});

describe('a Stop hook answering continue: false (#16)', () => {
  it.each(['claude-2.1.220', 'claude-2.1.328'])('%s: the turn ends as it stands, terminal_reason stop_hook_prevented', async (profile) => {
    const result = (await run(profile, hook('Stop'), 'hi', { continue: false, stopReason: 'halt' })).find((f) => f['type'] === 'result');
    expect(result).toMatchObject({ subtype: 'success', result: 'plain reply', terminal_reason: 'stop_hook_prevented' });
  });
});

describe("a deny rule against a PreToolUse hook's allow (#16)", () => {
  it.each(['claude-2.1.220', 'claude-2.1.328'])('%s: the rule refuses the call, with no permission_denied notice', async (profile) => {
    const allow = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } };
    const frames = await run(profile, hook('PreToolUse', 'Bash'), 'TOOL', allow, ['--disallowedTools', 'Bash(touch:*)']);
    const block = frames.find((f) => f['type'] === 'user')?.['message']['content'][0];
    expect(block).toMatchObject({ is_error: true, content: 'Permission to use Bash with command touch a && echo x has been denied.' });
    expect(frames.some((f) => f['subtype'] === 'permission_denied')).toBe(false);
    expect(frames.find((f) => f['type'] === 'result')?.['permission_denials']).toHaveLength(1);
  });
});

describe('a PostToolUse hook answering continue: false (#16)', () => {
  it.each(['claude-2.1.220', 'claude-2.1.328'])('%s: the turn ends after the tool result, terminal_reason hook_stopped', async (profile) => {
    const frames = await run(profile, hook('PostToolUse', 'Bash'), 'TOOL', { continue: false, stopReason: 'post says stop' }, ['--allowedTools', 'Bash']);
    expect(kinds(frames).slice(-2)).toEqual(['tool_result', 'result']);
    expect(frames.find((f) => f['type'] === 'result')).toMatchObject({ stop_reason: 'tool_use', terminal_reason: 'hook_stopped' });
  });
});

const agentScenario = parseScenario(
  [
    'turns:',
    '  - match: { contains: AGENT }',
    '    background:',
    '      - { kind: agent, description: "slow helper", prompt: "do it", duration: 6s, tokens: 101, result: "slow done", followup: "FINAL" }',
    '    result: "FINAL"',
    '  - match: { contains: WF }',
    '    workflow: { name: w, description: "A wf", agents: [{ label: one, duration: 100ms, result: r }] }',
    '    result: "FINAL"',
    '  - result: "plain reply"',
    '',
  ].join('\n'),
);

/** One prompt against agentScenario on `profile`, every hook_callback answered with `answer`, until stdin EOF after the last result. */
async function runAgent(profile: string, hooks: Record<string, unknown>, prompt: string, answer: Record<string, unknown>, results = 2): Promise<Frame[]> {
  const { stdin, stdout, exit } = startInMemory({
    argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-speed', '0', '--no-session-persistence', '--allowedTools', 'Agent,Workflow'],
    env: { CBC_EMU_LOG_LEVEL: 'silent' },
    scenario: agentScenario,
  });
  const send = (o: unknown) => setImmediate(() => stdin.write(JSON.stringify(o) + '\n'));
  let seen = 0;
  const frames = readFrames(stdout, (f) => {
    if (f['type'] === 'control_response' && f['response']['request_id'] === 'req_1') send({ type: 'user', message: { role: 'user', content: prompt }, parent_tool_use_id: null, session_id: '' });
    if (f['type'] === 'control_request') send({ type: 'control_response', response: { subtype: 'success', request_id: f['request_id'], response: answer } });
    if (f['type'] === 'result' && ++seen === results) setImmediate(() => stdin.end());
  });
  send({ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize', hooks } });
  await exit;
  return frames;
}

const hookInputs = (frames: Frame[]) => frames.filter((f) => f['type'] === 'control_request').map((f) => f['request']['input']);

describe('SubagentStart / SubagentStop hooks around a background agent (#16)', () => {
  it.each(['claude-2.1.220', 'claude-2.1.328'])('%s: Start before the launch result, Stop after its last message and before its task ends', async (profile) => {
    const frames = await runAgent(profile, { SubagentStart: [{ hookCallbackIds: ['a'] }], SubagentStop: [{ matcher: 'general-purpose', hookCallbackIds: ['b'] }] }, 'AGENT', { continue: true });
    const at = (pred: (f: Frame) => boolean) => frames.findIndex(pred);
    const [start, stop] = hookInputs(frames);
    expect(start).toMatchObject({ hook_event_name: 'SubagentStart', agent_type: 'general-purpose' });
    expect(start).not.toHaveProperty('permission_mode');
    expect(stop).toMatchObject({ hook_event_name: 'SubagentStop', last_assistant_message: 'slow done', stop_hook_active: false, background_tasks: [{ type: 'subagent', status: 'running', description: 'slow helper' }] });
    expect(stop['agent_id']).toBe(start['agent_id']);
    expect(at((f) => f['request']?.['input']?.['hook_event_name'] === 'SubagentStart')).toBeLessThan(at((f) => f['type'] === 'user'));
    expect(at((f) => f['request']?.['input']?.['hook_event_name'] === 'SubagentStop')).toBeLessThan(at((f) => f['subtype'] === 'task_notification'));
  });
});

describe('hooks around a background launch (#16)', () => {
  it.each(['claude-2.1.220', 'claude-2.1.328'])('%s: a PreToolUse hook refuses a Workflow call before it starts', async (profile) => {
    const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' } };
    const frames = await runAgent(profile, hook('PreToolUse', 'Workflow'), 'WF', deny, 1);
    expect(frames.some((f) => f['subtype'] === 'task_started')).toBe(false);
    expect(frames.find((f) => f['type'] === 'user')?.['message']['content'][0]).toMatchObject({ is_error: true });
  });

  it.each(['claude-2.1.220', 'claude-2.1.328'])('%s: a refused Agent call is listed as "Task" and spawned nothing', async (profile) => {
    const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' } };
    const result = (await runAgent(profile, hook('PreToolUse', 'Agent'), 'AGENT', deny, 1)).find((f) => f['type'] === 'result');
    expect(result?.['permission_denials'].map((d: { tool_name: string }) => d.tool_name)).toEqual(['Task']);
    if (profile === 'claude-2.1.328') expect(result?.['subagent_stats']).toMatchObject({ spawned: 0, max_depth: 0, failed: 0, by_type: {} });
  });
});

describe('a PostToolBatch hook (#16)', () => {
  it.each(['claude-2.1.220', 'claude-2.1.328'])('%s: asked after the tool result with the round\'s calls, before the next model call', async (profile) => {
    const frames = await run(profile, hook('PostToolBatch'), 'TOOL', { continue: true }, ['--allowedTools', 'Bash']);
    const request = frames.find((f) => f['type'] === 'control_request');
    expect(request?.['request']['input']).toMatchObject({ hook_event_name: 'PostToolBatch', tool_calls: [{ tool_name: 'Bash', tool_input: { command: 'touch a && echo x' }, tool_response: 'x' }] });
    expect(request?.['request']['tool_use_id']).toMatch(/^hook-/);
    expect(kinds(frames).slice(-4)).toEqual(['tool_result', 'control_request', 'assistant', 'result']);
  });
});

describe('more hook answers at other phases (#16)', () => {
  it("claude-2.1.328: a UserPromptSubmit hook's systemMessage follows the turn's system/init", async () => {
    const frames = await run('claude-2.1.328', hook('UserPromptSubmit'), 'hi', { systemMessage: 'from the prompt hook' });
    expect(notices(frames)).toEqual([['UserPromptSubmit says: from the prompt hook', 'notice']]);
    expect(frames.findIndex((f) => f['subtype'] === 'init')).toBeLessThan(frames.findIndex((f) => f['subtype'] === 'informational'));
  });

  it.each(['claude-2.1.220', 'claude-2.1.328'])('%s: a PreToolUse continue: false on a background Agent launches it, then ends the turn (hook_stopped)', async (profile) => {
    const frames = await runAgent(profile, hook('PreToolUse', 'Agent'), 'AGENT', { continue: false, stopReason: 'no more' });
    const first = frames.find((f) => f['type'] === 'result');
    expect(frames.some((f) => f['subtype'] === 'task_started')).toBe(true);
    expect(first).toMatchObject({ stop_reason: 'tool_use', terminal_reason: 'hook_stopped' });
  });
});
