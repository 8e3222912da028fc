// Issue #16: a PreToolUse hook is asked for a background launch too, before the task starts (capture
// req_hook_callback_pre_bg_bash_h8); its refusal refuses the call and no task starts.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import type { Frame } from '../../helpers/frames.js';
import { answerLine, controlLine, driveStream, userLine } from '../../helpers/stream-json.js';

const scenario = parseScenario(
  'turns:\n  - match: { glob: "*" }\n    background:\n      - { kind: bash, description: "Sleep then echo", command: "sleep 2; echo bg", duration: 2s, exit_code: 0, output: "bg\\n" }\n    result: "done"\n',
);
const hooks = { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }] };

/** One background-Bash turn with a PreToolUse hook on Bash answered `answer` (at once); stdin ends after the first result. */
async function run(answer: object, extra: string[] = []): Promise<Frame[]> {
  const r = await driveStream({
    profile: 'claude-2.1.328',
    extra: ['--no-session-persistence', ...extra],
    scenario,
    first: [controlLine('req_1', { subtype: 'initialize', hooks }), userLine('go')],
    on: (f, host) => {
      if (f['type'] === 'control_request' && f['request']?.['subtype'] === 'hook_callback') host.write(answerLine(f['request_id'], answer));
    },
  });
  return r.frames;
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
