// Issue #16: a user line's `priority` (the Claude SDK's SDKUserMessage.priority) and --permission-prompt-tool naming a
// tool, as Claude Code treats them (captures in_user_priority_*_ff and opt_permission_prompt_tool_* of
// test/capture/surface-more/ff.mjs; rules read from the CLI's stdin handling and prompt-tool wrapper).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { runInMemory, startInMemory } from '../../../src/testkit/harness.js';
import { readFrames, type Frame } from '../../helpers/frames.js';
import { framesOf, printArgv, userLine as line } from '../../helpers/stream-json.js';

const scenario = parseScenario(
  'turns:\n  - match: { contains: "SLOW" }\n    delay: 2s\n    reply: "slow"\n  - match: { contains: "TOOL" }\n    ask: { tool: Bash, input: { command: "touch x" }, output: "ran" }\n    result: "after tool"\n  - match: { glob: "*" }\n    reply: "fast"\n',
);
const STREAM = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0', '--no-session-persistence'];

/** Sends `first`, then `later` once `when` holds for a frame, and ends stdin after `results` results. */
async function run(profile: string, first: string[], later: string[], when: (f: Frame) => boolean, results: number, extra: string[] = []): Promise<Frame[]> {
  const { stdin, stdout, exit } = startInMemory({ argv: [...STREAM, '--emu-profile', profile, ...extra], env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario });
  let sent = false;
  const frames = readFrames(stdout, (f) => {
    if (!sent && when(f)) {
      sent = true;
      for (const s of later) stdin.write(s);
    }
    if (f['type'] === 'result' && frames.filter((g) => g['type'] === 'result').length === results) setImmediate(() => stdin.end());
  });
  for (const s of first) stdin.write(s);
  await exit;
  return frames;
}
const kinds = (frames: Frame[]) => frames.map((f) => (f['type'] === 'result' ? `result:${String(f['subtype'])}:${String(f['result'] ?? '')}` : String(f['subtype'] ?? f['type'])));

describe("priority 'now' (#16)", () => {
  it('aborts the running turn without the interrupted marker; the line runs first, alone, before a line queued earlier', async () => {
    const frames = await run('claude-2.1.328', [line('SLOW one')], [line('SLOW two'), line('hi', { priority: 'now' })], (f) => f['subtype'] === 'init', 3);
    expect(kinds(frames)).toEqual(['init', 'result:error_during_execution:', 'init', 'assistant', 'result:success:fast', 'init', 'assistant', 'result:success:slow']);
    expect(frames[1]).toMatchObject({ num_turns: 1, terminal_reason: 'aborted_streaming' });
  });

  it('at a waiting permission prompt: the request is cancelled, the call aborted, the turn a success at the tool', async () => {
    const frames = await run('claude-2.1.328', [line('TOOL please')], [line('hi', { priority: 'now' })], (f) => f['type'] === 'control_request', 2, ['--permission-prompt-tool', 'stdio']);
    const cancel = frames.findIndex((f) => f['type'] === 'control_cancel_request');
    expect(cancel).toBeGreaterThan(0);
    expect(JSON.stringify(frames[cancel + 1])).toContain('Tool permission request aborted');
    expect(frames[cancel + 2]).toMatchObject({ type: 'result', subtype: 'success', stop_reason: 'tool_use', terminal_reason: 'aborted_tools', num_turns: 2 });
    expect(frames.at(-1)).toMatchObject({ type: 'result', result: 'fast' });
  });

  it('2.1.220 drops a line of a priority the SDK types do not name; 2.1.328 runs it', async () => {
    const bogus = (profile: string) => runInMemory({ argv: [...STREAM, '--emu-profile', profile], env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario, stdin: line('hi', { priority: 'urgent' }) });
    expect((await bogus('claude-2.1.220')).stdout).toBe('');
    expect((await bogus('claude-2.1.328')).stdout).toContain('"result":"fast"');
  });
});

describe('--permission-prompt-tool naming a tool (#16)', () => {
  it('the first gated call fails with the CLI error, on stderr too, exit 1 without a result', async () => {
    const r = await runInMemory({ argv: printArgv('claude-2.1.328', 'TOOL please', '--no-session-persistence', '--permission-prompt-tool', 'mcp__perm__ask'), env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario, stdin: '' });
    const message = 'Error: MCP tool mcp__perm__ask (passed via --permission-prompt-tool) not found. Available MCP tools: none';
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
    const frames = framesOf(r.stdout);
    expect(frames.map((f) => f['type'])).toEqual(['system', 'assistant', 'user']);
    expect(frames[0]?.['tools']).toContain('AskUserQuestion');
    expect(frames[2]).toMatchObject({ tool_use_result: `Error calling tool (Bash): ${message}` });
  });
});
