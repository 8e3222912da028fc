// Issue #16: a PreToolUse hook is asked for a background launch too, before the task starts (capture
// req_hook_callback_pre_bg_bash_h8); its refusal refuses the call and no task starts.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { startInMemory } from '../../../src/testkit/harness.js';
import { readFrames, type Frame } from '../../helpers/frames.js';

const scenario = parseScenario(
  'turns:\n  - match: { glob: "*" }\n    background:\n      - { kind: bash, description: "Sleep then echo", command: "sleep 2; echo bg", duration: 2s, exit_code: 0, output: "bg\\n" }\n    result: "done"\n',
);
const send = (f: object) => JSON.stringify(f) + '\n';

/** One background-Bash turn with a PreToolUse hook on Bash answered `answer`; stdin ends after the first result. */
async function run(answer: object, extra: string[] = []): Promise<Frame[]> {
  const { stdin, stdout, exit } = startInMemory({
    argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', 'claude-2.1.328', '--emu-speed', '0', '--no-session-persistence', ...extra],
    env: { CBC_EMU_LOG_LEVEL: 'silent' },
    scenario,
  });
  const frames = readFrames(stdout, (f) => {
    const request = f['request'] as Frame | undefined;
    if (f['type'] === 'control_request' && request?.['subtype'] === 'hook_callback') stdin.write(send({ type: 'control_response', response: { subtype: 'success', request_id: f['request_id'], response: answer } }));
    if (f['type'] === 'result') setImmediate(() => stdin.end());
  });
  stdin.write(send({ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize', hooks: { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }] } } }));
  stdin.write(send({ type: 'user', message: { role: 'user', content: 'go' }, parent_tool_use_id: null, session_id: '' }));
  await exit;
  return frames;
}
const kinds = (frames: Frame[]) => frames.map((f) => (f['type'] === 'control_request' ? `hook ${(f['request'] as Frame)['tool_use_id']}` : String(f['subtype'] ?? f['type'])));

describe('PreToolUse hooks for background launches (#16)', () => {
  it('asks the hook after the call and before the task starts', async () => {
    const k = kinds(await run({ continue: true }));
    const hook = k.findIndex((x) => x.startsWith('hook toolu_'));
    expect(hook).toBeGreaterThan(k.indexOf('assistant'));
    expect(k.indexOf('task_started')).toBeGreaterThan(hook);
  });
  it('a refusal refuses the call: no task starts', async () => {
    const frames = await run({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no bg' } });
    expect(kinds(frames)).not.toContain('task_started');
    expect(JSON.stringify(frames)).toContain('no bg');
  });
  // capture opt_disallowedTools_sleep_pattern_stream_bgbash_g1: a deny rule refuses a background call as any call
  it('a deny rule covering the command refuses the launch: no task starts, a permission denial', async () => {
    const frames = await run({ continue: true }, ['--disallowedTools', 'Bash(sleep:*)']);
    expect(kinds(frames)).not.toContain('task_started');
    expect(JSON.stringify(frames)).toContain('Permission to use Bash with command sleep 2; echo bg has been denied.');
    expect((frames.find((f) => f['type'] === 'result')?.['permission_denials'] as unknown[]).length).toBe(1);
  });
});
