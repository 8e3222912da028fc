// Issue #10 acceptance: CLI-initiated requests answered by the real SDKs. The Claude Agent SDK's
// canUseTool callback and the CodeBuddy SDK's equivalent allow and deny a gated tool end to end; hooks
// registered through the Claude SDK fire and change the run; a host that never answers gets the
// scenario's timeout outcome instead of a hang. Scenario: scenarios/permissions.yaml.
import { query as claudeQuery, type SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { query as cbcQuery, type Message } from '@tencent-ai/agent-sdk';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CBC_BIN, claudeEnv, collect, failOnProcessNoise, isolateEmuEnv, ROOT } from './helpers.js';

failOnProcessNoise();
isolateEmuEnv();

const SCENARIO = join(ROOT, 'scenarios', 'permissions.yaml');
const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-perm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The tool_result blocks of the user frames, flattened. */
function toolResults(msgs: Array<SDKMessage | Message>): Array<{ content: unknown; is_error?: boolean }> {
  return msgs
    .filter((m) => m.type === 'user')
    .flatMap((m) => ((m as { message: { content: unknown } }).message.content as Array<Record<string, unknown>>) ?? [])
    .filter((b) => b && b['type'] === 'tool_result') as Array<{ content: unknown; is_error?: boolean }>;
}
const text = (c: unknown): string => (typeof c === 'string' ? c : JSON.stringify(c));

describe('Claude Agent SDK canUseTool and hooks (claude-2.1.328)', () => {
  const env = () => claudeEnv({ CBC_EMU_PROFILE: 'claude-2.1.328', CBC_EMU_SCENARIO: SCENARIO });

  it('allow: the tool runs with updatedInput, no permission_denials', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [];
    const msgs = await collect(
      claudeQuery({
        prompt: 'clean up',
        options: {
          pathToClaudeCodeExecutable: CBC_BIN,
          env: env(),
          canUseTool: async (tool, input) => {
            calls.push([tool, input]);
            return { behavior: 'allow', updatedInput: { command: 'rm -rf build/tmp' } };
          },
        },
      }),
    );
    expect(calls).toEqual([['Bash', { command: 'rm -rf build' }]]);
    expect(toolResults(msgs)).toEqual([expect.objectContaining({ content: 'removed build/', is_error: false })]);
    const result = msgs.at(-1) as Record<string, unknown>;
    expect(result).toMatchObject({ type: 'result', subtype: 'success', result: 'Clean finished.', permission_denials: [] });
  });

  it('deny: the denial lands in permission_denials and as an is_error tool_result with the message', async () => {
    const msgs = await collect(
      claudeQuery({
        prompt: 'clean up',
        options: { pathToClaudeCodeExecutable: CBC_BIN, env: env(), canUseTool: async () => ({ behavior: 'deny', message: 'not on my machine' }) },
      }),
    );
    expect(toolResults(msgs)).toEqual([expect.objectContaining({ content: 'not on my machine', is_error: true })]);
    const result = msgs.at(-1) as Record<string, unknown>;
    expect(result['subtype']).toBe('success');
    expect(result['permission_denials']).toEqual([{ tool_name: 'Bash', tool_use_id: expect.stringMatching(/^toolu_01/), tool_input: { command: 'rm -rf build' } }]);
  });

  it('a PreToolUse hook that denies decides without asking canUseTool; Stop hooks fire at the end', async () => {
    const fired: string[] = [];
    let asked = false;
    const msgs = await collect(
      claudeQuery({
        prompt: 'clean up',
        options: {
          pathToClaudeCodeExecutable: CBC_BIN,
          env: env(),
          canUseTool: async () => {
            asked = true;
            return { behavior: 'allow' as const, updatedInput: {} };
          },
          hooks: {
            PreToolUse: [
              {
                matcher: 'Bash',
                hooks: [
                  async (input) => {
                    fired.push(`${input.hook_event_name}:${(input as { tool_name?: string }).tool_name}`);
                    return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'hook says no' } };
                  },
                ],
              },
            ],
            Stop: [{ hooks: [async (input) => (fired.push(input.hook_event_name), {})] }],
          },
        },
      }),
    );
    expect(fired).toEqual(['PreToolUse:Bash', 'Stop']);
    expect(asked).toBe(false);
    expect((msgs.at(-1) as Record<string, unknown>)['permission_denials']).toHaveLength(1);
  });

  it('a host that never answers: the scenario timeout denies and the turn ends (no hang)', async () => {
    const scn = join(dir, 'timeout.yaml');
    writeFileSync(scn, 'name: t\nturns:\n  - ask: { tool: Bash, input: { command: "make" }, timeout: 300ms, on_deny: error }\n    result: "built"\n');
    let error: unknown;
    const msgs: SDKMessage[] = [];
    try {
      for await (const m of claudeQuery({
        prompt: 'build',
        options: { pathToClaudeCodeExecutable: CBC_BIN, env: claudeEnv({ CBC_EMU_PROFILE: 'claude-2.1.328', CBC_EMU_SCENARIO: scn }), canUseTool: () => new Promise(() => {}) },
      }))
        msgs.push(m);
    } catch (e) {
      error = e;
    }
    // on_deny: error ends the turn with an error result; Claude profiles exit 1 after it, so the SDK throws (agent-sdk.md §4.3)
    expect(String(error)).toContain('Permission denied for tool(s): Bash');
    expect(msgs.at(-1)).toMatchObject({ type: 'result', subtype: 'error_during_execution', errors: ['Permission denied for tool(s): Bash'] });
  });
});

describe('CodeBuddy SDK canUseTool (cbc)', () => {
  const run = (answer: 'allow' | 'deny') => {
    const calls: string[] = [];
    const q = cbcQuery({
      prompt: 'clean up',
      options: {
        pathToCodebuddyCode: CBC_BIN,
        env: { CBC_EMU_SPEED: '0', CBC_EMU_SCENARIO: SCENARIO },
        canUseTool: async (tool) => {
          calls.push(tool);
          return answer === 'allow' ? { behavior: 'allow', updatedInput: { command: 'rm -rf build/cache' } } : { behavior: 'deny', message: 'denied by the host' };
        },
      },
    });
    return { calls, msgs: collect(q as AsyncIterable<Message>) };
  };

  it('allow: the tool result is the scenario output', async () => {
    const r = run('allow');
    const msgs = await r.msgs;
    expect(r.calls).toEqual(['Bash']);
    expect(text(toolResults(msgs)[0]?.content)).toContain('removed build/');
    expect(toolResults(msgs)[0]?.is_error).toBe(false);
    expect(msgs.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'Clean finished.', permission_denials: [] });
  });

  it('deny: an is_error tool_result with the reason and a permission_denials entry', async () => {
    const r = run('deny');
    const msgs = await r.msgs;
    expect(r.calls).toEqual(['Bash']);
    expect(toolResults(msgs)[0]?.is_error).toBe(true);
    expect(text(toolResults(msgs)[0]?.content)).toContain('denied by the host');
    expect((msgs.at(-1) as Record<string, unknown>)['permission_denials']).toEqual([{ tool_name: 'Bash', tool_use_id: expect.any(String), tool_input: { command: 'rm -rf build' } }]);
  });
});
