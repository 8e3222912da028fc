// Issue #16 (round 10, helper G2): the eighth held-back set's cbc 2.117.0 misses, as rules: a deny rule's refusal
// (opt_disallowedTools_touch_pattern_stream_ask_h8), workflows switched off (env_disable_workflows_workflow_h8), the
// session's --json-schema re-prompts (opt_json_schema_two_turns_stream_h8), --max-turns after a host's answer
// (req_can_use_tool_allow_max_turns_one_h8), and a resumed session's last reply (ses_resume_interrupt_then_turn_h8).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decide } from '../../../src/engine/permissions.js';
import { runInMemory, startInMemory } from '../../../src/testkit/harness.js';
import { Unanswered } from '../../../src/engine/unanswered.js';
import { readFrames, type Frame } from '../../helpers/frames.js';

const scenario = parseScenario(
  [
    'turns:',
    '  - match: { contains: TOOL }',
    '    ask: { tool: Bash, input: { command: "touch fg.txt && echo fg-output" }, output: "fg-output" }',
    '    result: "after tool"',
    '  - match: { contains: WF }',
    '    workflow: { name: w, agents: [{ label: a, duration: 1s, result: A }] }',
    '    result: "workflow started"',
    'fallback:',
    '  reply: "fallback text"',
    '',
  ].join('\n'),
);
const STREAM = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0', '--emu-profile', 'cbc-2.117.0'];

/** Prompts one after another over stream-json (each after the last result), every can_use_tool allowed; the frames until exit. */
async function run(args: string[], prompts: string[], env: Record<string, string> = {}): Promise<Frame[]> {
  const { stdin, stdout, exit } = startInMemory({ argv: [...STREAM, ...args], env: { CBC_EMU_LOG_LEVEL: 'silent', ...env }, scenario });
  const send = (o: unknown) => setImmediate(() => stdin.write(JSON.stringify(o) + '\n'));
  const next = () => {
    const p = prompts.shift();
    if (p === undefined) setImmediate(() => stdin.end());
    else send({ type: 'user', message: { role: 'user', content: p }, parent_tool_use_id: null, session_id: '' });
  };
  const frames = readFrames(stdout, (f) => {
    if (f['type'] === 'control_response' && f['response']['request_id'] === 'req_1') next();
    if (f['type'] === 'control_request') send({ type: 'control_response', response: { subtype: 'success', request_id: f['request_id'], response: { behavior: 'allow', allowed: true } } });
    if (f['type'] === 'result') next();
  });
  send({ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize' } });
  await exit;
  return frames;
}

const results = (frames: Frame[]) => frames.filter((f) => f['type'] === 'result');
const toolResults = (frames: Frame[]) => frames.filter((f) => f['type'] === 'user').map((f) => f['message']['content'][0]);

describe('cbc 2.117.0: the eighth set\'s misses (#16)', () => {
  it('a deny rule covering one simple command refuses the call with the CLI\'s text: no error, no permission_denials entry, nobody asked', async () => {
    const frames = await run(['--disallowedTools', 'Bash(echo:*)'], ['TOOL now']);
    expect(toolResults(frames)[0]).toMatchObject({ content: [{ type: 'text', text: 'Error: Permission to use Bash with command touch fg.txt && echo fg-output has been denied.' }], is_error: false });
    expect(results(frames)[0]).toMatchObject({ result: 'after tool', permission_denials: [] });
    expect(frames.some((f) => f['type'] === 'control_request')).toBe(false);
  });

  it('with workflows switched off a turn that would call the Workflow tool is passed over: the fallback answers', async () => {
    const off = await run([], ['WF go'], { CODEBUDDY_DISABLE_WORKFLOWS: '1' });
    expect(results(off)[0]).toMatchObject({ result: 'fallback text' });
    expect(off.some((f) => f['subtype'] === 'task_started')).toBe(false);
    expect(results(await run([], ['WF go']))[0]).toMatchObject({ result: 'workflow started' });
  });

  it('--json-schema: the session re-prompts three times in all, so a second text turn ends with its text', async () => {
    const frames = await run(['--json-schema', '{"type":"object"}'], ['hi', 'hi']);
    const [first, second] = results(frames);
    const between = frames.slice(frames.indexOf(first!) + 1, frames.indexOf(second!));
    expect(first!['num_turns']).toBe(8);
    expect(between.filter((f) => f['type'] === 'assistant')).toHaveLength(1);
    expect(second!['num_turns']).toBe(10);
  });

  it('--max-turns 1: the run resumed after the host allowed a call is no longer limited', async () => {
    const frames = await run(['--max-turns', '1'], ['TOOL now']);
    expect(results(frames)[0]).toMatchObject({ subtype: 'success', result: 'after tool' });
  });

  it('a resumed session\'s last reply is its stored conversation\'s', () => {
    const u = new Unanswered();
    u.restore([{ kind: 'stored_prompt', text: 'hi' }, { kind: 'assistant_text', messageId: 'm', text: 'stored reply' }, { kind: 'tool_result', toolUseId: 't', content: 'x', isError: false }]);
    expect(u.lastReply).toBe('stored reply');
    u.restore(undefined);
    expect(u.lastReply).toBe('stored reply');
  });

  it('an ask rule comes after the allow rules and the mode; under bypassPermissions the call runs unasked as a resumed run', async () => {
    const ctx = { mode: 'default', allowed: ['Bash'], disallowed: [], asked: ['Bash(echo:*)'], canAsk: true };
    expect(decide({ ...ctx, rulesAsGiven: true }, 'Bash', { command: 'touch a && echo b' })).toBe('allow');
    expect(decide(ctx, 'Bash', { command: 'echo b' })).toBe('ask'); // Claude Code asks first
    const frames = await run(['--settings', '{"permissions":{"ask":["Bash(echo:*)"]}}', '--permission-mode', 'bypassPermissions'], ['TOOL now']);
    expect(frames.some((f) => f['type'] === 'control_request')).toBe(false);
    const afterTool = frames.slice(frames.findIndex((f) => f['type'] === 'user')).find((f) => f['type'] === 'assistant');
    expect(afterTool?.['_requestId']).toBeUndefined();
    expect(frames.find((f) => f['type'] === 'assistant')?.['_requestId']).toEqual(expect.any(String));
  });

  it('--output-format json under stream-json input writes each control reply as a line before the history', async () => {
    const stdin = ['{"type":"control_request","request_id":"req_1","request":{"subtype":"initialize"}}', '{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null,"session_id":""}', ''].join('\n');
    const out = await runInMemory({ argv: ['--input-format', 'stream-json', '--output-format', 'json', '--emu-speed', '0', '--emu-profile', 'cbc-2.117.0', '--emu-home', mkdtempSync(join(tmpdir(), 'g2-home-'))], env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario, stdin });
    const [first, ...rest] = out.stdout.split('\n');
    expect(JSON.parse(first!)).toMatchObject({ type: 'control_response', response: { request_id: 'req_1' } });
    expect((JSON.parse(rest.join('\n')) as Array<Record<string, unknown>>).at(-1)).toMatchObject({ type: 'result', result: 'fallback text' });
  });

  it('-p --continue --output-format json: the history starts with the stored prompt, tool call and replies, each with the cwd', async () => {
    const [home, cwd] = [mkdtempSync(join(tmpdir(), 'g2-home-')), mkdtempSync(join(tmpdir(), 'g2-cwd-'))];
    const p = (args: string[]) => runInMemory({ argv: ['--emu-home', home, '--emu-speed', '0', '--emu-profile', 'cbc-2.117.0', ...args], env: { CBC_EMU_LOG_LEVEL: 'silent', HOME: home }, cwd, scenario, stdin: '' });
    await p(['-p', 'TOOL now', '--permission-mode', 'bypassPermissions']);
    const doc = JSON.parse((await p(['-p', 'hi', '--continue', '--output-format', 'json'])).stdout) as Array<Record<string, unknown>>;
    expect(doc.map((x) => x['type'])).toEqual(['message', 'file-history-snapshot', 'function_call', 'function_call_result', 'message', 'message', 'file-history-snapshot', 'message', 'result']);
    expect(doc.slice(0, 5).every((x) => x['cwd'] === cwd && Object.keys(x)[0] === 'id')).toBe(true);
    expect(Object.keys(doc[2]!)).toEqual(['id', 'parentId', 'timestamp', 'type', 'providerData', 'callId', 'name', 'arguments', 'sessionId', 'message', 'cwd']);
    expect((doc[5]!['content'] as unknown[]).length).toBe(1); // the new prompt carries no reminders
  });
});
