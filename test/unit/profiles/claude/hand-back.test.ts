import { describe, expect, it } from 'vitest';
import type { HandBack, TaskInfo } from '../../../../src/engine/events.js';
import type { EncodeContext } from '../../../../src/engine/profile.js';
import { Random } from '../../../../src/engine/random.js';
import { handBackResult, subagentPrompt } from '../../../../src/profiles/claude/hand-back.js';
import { CLAUDE_220, CLAUDE_328 } from '../../../../src/profiles/claude/spec.js';

const ctx = (model: string): EncodeContext => ({ sessionId: 's', cwd: '/w', model, permissionMode: 'bypassPermissions', pid: 1, now: 0, rng: new Random('t'), tools: [], transcriptPath: '/t', userHome: '/h', env: {} });
const task: TaskInfo = { taskId: 'a883766d6977effc2', toolUseId: 'toolu_1', kind: 'agent', description: 'bg helper', prompt: 'SUBAGENT_ALPHA do it', subagentType: 'general-purpose', outputFile: '/o', startedAt: 0, foreground: true };
const h: HandBack = { task, status: 'completed', durationMs: 1731, tokens: 120, toolUses: 0 };
// the user settings' allow rule Agent let it run, as in the capture (the engine names it: foreground-agent.ts)
const ev = { kind: 'tool_result' as const, toolUseId: 'toolu_1', content: 'alpha', isError: false, allowedBy: 'rule' as const, allowRule: { rule: 'Agent', fromCli: false }, ran: { name: 'Agent', input: {} }, handBack: h };

// issue #16: a foreground sub-agent on Claude Code (capture env_disable_bg_agent_fm, both versions)
describe('a foreground sub-agent hands its report back (#16)', () => {
  it('2.1.328: one block, the notice and the report indented, then the agent id and usage; the record fingerprints the report (the captured hash)', () => {
    const u = handBackResult(CLAUDE_328, ev, h, ctx('claude-opus-5-5'));
    const block = (u.message.content as Array<{ content: Array<{ text: string }> }>)[0]!;
    expect(block.content).toHaveLength(1);
    expect(block.content[0]!.text).toMatch(/^\[Subagent hand-back\] .* The report follows:\n {2}alpha\nagentId: a883766d6977effc2 \(use SendMessage with to: 'a883766d6977effc2', summary: '<5-10 word recap>' to continue this agent\)\n<usage>subagent_tokens: 120\ntool_uses: 0\nduration_ms: 1731<\/usage>$/s);
    const record = u.tool_use_result as Record<string, unknown>;
    expect(Object.keys(record)).toEqual(['status', 'prompt', 'agentId', 'agentType', 'harnessNoteCount', 'harnessTailCount', 'harnessSectionHash', 'content', 'resolvedModel', 'totalDurationMs', 'totalTokens', 'totalToolUseCount', 'usage', 'canContinueAgent']);
    expect(record['harnessSectionHash']).toBe('f420985a120d0b54');
    expect(u.tool_result_meta?.[0]?.permission_decision).toEqual({ decision: 'accept', source: 'user_permanent', reason_type: 'rule' });
  });

  it('2.1.220: the report as it is, then the agent id and usage as a second block; no harness counts', () => {
    const u = handBackResult(CLAUDE_220, ev, h, ctx('claude-opus-5[1m]'));
    const block = (u.message.content as Array<{ content: Array<{ text: string }> }>)[0]!;
    expect(block.content.map((b) => b.text.split('\n')[0])).toEqual(['alpha', "agentId: a883766d6977effc2 (use SendMessage with to: 'a883766d6977effc2', summary: '<5-10 word recap>' to continue this agent)"]);
    expect(Object.keys(u.tool_use_result as object)).toEqual(['status', 'prompt', 'agentId', 'agentType', 'content', 'resolvedModel', 'totalDurationMs', 'totalTokens', 'totalToolUseCount', 'usage']);
  });

  it('the prompt frame sits under the Agent call; only 2.1.328 names the agent id', () => {
    const p = { kind: 'subagent_prompt' as const, task, text: 'SUBAGENT_ALPHA do it' };
    expect(Object.keys(subagentPrompt(CLAUDE_328, p, ctx('m')))).toEqual(['type', 'message', 'parent_tool_use_id', 'agent_id', 'session_id', 'uuid', 'timestamp', 'subagent_type', 'task_description']);
    expect(subagentPrompt(CLAUDE_220, p, ctx('m'))).not.toHaveProperty('agent_id');
  });
});
