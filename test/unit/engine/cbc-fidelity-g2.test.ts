// Issue #16 (round 10, helper G2): the eighth held-back set's cbc 2.117.0 misses, as rules: a deny rule's refusal
// (opt_disallowedTools_touch_pattern_stream_ask_h8), workflows switched off (env_disable_workflows_workflow_h8), the
// session's --json-schema re-prompts (opt_json_schema_two_turns_stream_h8), --max-turns after a host's answer
// (req_can_use_tool_allow_max_turns_one_h8), and a resumed session's last reply (ses_resume_interrupt_then_turn_h8).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { startInMemory } from '../../../src/testkit/harness.js';
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
});
