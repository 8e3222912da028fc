// Issue #16 (round 8, helper FB): rules read from cbc 2.117.0's bundle and checked against its captures: the
// PreToolUse hooks asked once more when a call the host allowed runs (req_hook_callback_pre_then_can_use_tool_h6),
// --json-schema with a tool call (opt_json_schema_tool_h6), --max-turns read with Number() (ses_max_turns_zero_h5),
// and the permission mode of a blank turn's side session (in_keep_alive_pending_hook_h6).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { runInMemory, startInMemory } from '../../../src/testkit/harness.js';
import { readFrames, type Frame } from '../../helpers/frames.js';
import { answerLine, controlLine, framesOf, line, userLine } from '../../helpers/stream-json.js';

const scenario = parseScenario(
  'turns:\n  - match: { contains: TOOL }\n    ask: { tool: Bash, input: { command: "echo x" }, output: "x" }\n    result: "after tool"\nfallback:\n  reply: "fallback text"\n',
);
const STREAM = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0'];

/** One prompt over stream-json, every control_request answered by subtype; the frames until exit. */
async function run(profile: string, args: string[], hooks: Record<string, unknown>, answer: (subtype: string) => Record<string, unknown>, prompt = 'TOOL now'): Promise<Frame[]> {
  const claude = profile.startsWith('claude');
  const { stdin, stdout, exit } = startInMemory({
    argv: [...STREAM, '--emu-profile', profile, ...args, ...(claude ? ['--permission-prompt-tool', 'stdio', '--no-session-persistence'] : [])],
    env: { CBC_EMU_LOG_LEVEL: 'silent' },
    scenario,
  });
  const send = (text: string) => setImmediate(() => stdin.write(text));
  const frames = readFrames(stdout, (f) => {
    if (f['type'] === 'control_response' && f['response']['request_id'] === 'req_1') send(userLine(prompt));
    if (f['type'] === 'control_request') send(answerLine(f['request_id'], answer(f['request']['subtype'])));
    if (f['type'] === 'result') setImmediate(() => stdin.end());
  });
  send(controlLine('req_1', { subtype: 'initialize', hooks }));
  await exit;
  return frames;
}

const preHook = { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }] };
const answers = (subtype: string) => (subtype === 'can_use_tool' ? { behavior: 'allow', allowed: true } : { continue: true });
const requests = (frames: Frame[]) => frames.filter((f) => f['type'] === 'control_request').map((f) => f['request']['subtype'] as string);

describe('cbc 2.117.0 rules from its bundle (#16)', () => {
  it('a call the host allowed asks its PreToolUse hooks again as it runs (cbc), once only on Claude', async () => {
    expect(requests(await run('cbc-2.117.0', [], preHook, answers))).toEqual(['hook_callback', 'can_use_tool', 'hook_callback']);
    expect(requests(await run('claude-2.1.328', [], preHook, answers))).toEqual(['hook_callback', 'can_use_tool']);
  });

  it('PermissionRequest hooks: the manager path (no matcher) and the SDK path before can_use_tool, the manager path again as the call runs', async () => {
    const frames = await run('cbc-2.117.0', [], { PermissionRequest: [{ hookCallbackIds: ['hook_p'] }] }, answers);
    const events = frames.filter((f) => f['type'] === 'control_request').map((f) => `${f['request']['subtype']}:${f['request']['input']?.['hook_event_name'] ?? ''}:${f['request']['input']?.['transcript_path'] === '' ? 'sdk' : ''}`);
    expect(events).toEqual(['hook_callback:PermissionRequest:', 'hook_callback:PermissionRequest:sdk', 'can_use_tool::', 'hook_callback:PermissionRequest:']);
    // with a pattern the manager path never fires (its input names no tool); Claude asks none of them here
    expect(requests(await run('cbc-2.117.0', [], { PermissionRequest: [{ matcher: 'Bash', hookCallbackIds: ['hook_p'] }] }, answers))).toEqual(['hook_callback', 'can_use_tool']);
    expect(requests(await run('claude-2.1.328', [], { PermissionRequest: [{ matcher: 'Bash', hookCallbackIds: ['hook_p'] }] }, answers))).toEqual(['can_use_tool']);
  });

  it('SessionStart hooks: once per session, before its first turn, when the matcher finds the source', async () => {
    const start = (matcher?: string) => ({ SessionStart: [{ ...(matcher === undefined ? {} : { matcher }), hookCallbackIds: ['hook_s'] }] });
    const frames = await run('cbc-2.117.0', [], start(), answers, 'hi');
    expect(frames.findIndex((f) => f['request']?.['input']?.['source'] === 'startup')).toBeLessThan(frames.findIndex((f) => f['subtype'] === 'init'));
    expect(requests(await run('cbc-2.117.0', [], start('start'), answers, 'hi'))).toEqual(['hook_callback']);
    expect(requests(await run('cbc-2.117.0', [], start('resume'), answers, 'hi'))).toEqual([]);
  });

  it('a second-round hook that denies still refuses the allowed call', async () => {
    let hookCalls = 0;
    const frames = await run('cbc-2.117.0', [], preHook, (subtype) => {
      if (subtype === 'can_use_tool') return { behavior: 'allow', allowed: true };
      hookCalls += 1;
      return hookCalls === 1 ? { continue: true } : { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'second no' } };
    });
    const result = frames.find((f) => f['type'] === 'user')?.['message']['content'][0];
    expect(result).toMatchObject({ type: 'tool_result', content: [{ type: 'text', text: 'Error: second no' }] });
  });

  it('--json-schema: the tool call plays first, the re-prompts get the fallback, the result keeps the turn text', async () => {
    const frames = await run('cbc-2.117.0', ['--permission-mode', 'bypassPermissions', '--json-schema', '{"type":"object"}'], {}, answers);
    const said = frames.filter((f) => f['type'] === 'assistant').map((f) => f['message']['content'][0]['type'] === 'tool_use' ? 'tool_use' : f['message']['content'][0]['text']);
    expect(said).toEqual(['tool_use', 'after tool', 'fallback text', 'fallback text']);
    expect(frames.find((f) => f['type'] === 'result')).toMatchObject({ subtype: 'success', result: 'after tool' });
  });

  it('--max-turns 0 refuses the first model call on cbc; Claude ignores it', async () => {
    const cbc = await runInMemory({ argv: ['-p', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0', '--max-turns', '0', '--', 'hi'], env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario, stdin: '' });
    const lines = framesOf(cbc.stdout);
    expect(lines.at(-1)).toMatchObject({ type: 'result', subtype: 'error_during_execution', is_error: true });
    expect(lines.find((f) => f['type'] === 'assistant')?.['message']['content'][0]['text']).toBe('Max turns (0) exceeded');
    const claude = await runInMemory({ argv: ['-p', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0', '--emu-profile', 'claude-2.1.328', '--max-turns', '0', '--', 'hi'], env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario, stdin: '' });
    expect(framesOf(claude.stdout).at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
  });

  it('a keep_alive while the first turn waits: its side session starts in the --permission-mode of the options', async () => {
    const { stdin, stdout, exit } = startInMemory({ argv: [...STREAM, '--emu-profile', 'cbc-2.117.0', '--permission-mode', 'bypassPermissions'], env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario });
    const send = (text: string) => setImmediate(() => stdin.write(text));
    let hookId: string | undefined;
    const frames = readFrames(stdout, (f) => {
      if (f['type'] === 'control_response' && f['response']['request_id'] === 'req_1') send(userLine('TOOL now'));
      if (f['type'] === 'control_request' && hookId === undefined) {
        hookId = f['request_id'] as string;
        send(line({ type: 'keep_alive' }));
      }
      // the side session's blank result: now the hook is answered
      if (f['type'] === 'result' && f['result'] === '') send(answerLine(hookId, { continue: true }));
      if (f['type'] === 'result' && f['result'] !== '') setImmediate(() => stdin.end());
    });
    send(controlLine('req_1', { subtype: 'initialize', hooks: preHook }));
    await exit;
    const bare = frames.find((f) => f['subtype'] === 'init' && f['model'] === 'unknown');
    expect(bare).toMatchObject({ tools: [], permissionMode: 'bypassPermissions' });
  });
});
