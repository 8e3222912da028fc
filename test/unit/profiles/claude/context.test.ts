import { describe, expect, it } from 'vitest';
import type { EncodeContext } from '../../../../src/engine/profile.js';
import { Random } from '../../../../src/engine/random.js';
import { SessionSpend } from '../../../../src/engine/spend.js';
import { contextUsage } from '../../../../src/profiles/claude/context.js';
import { CLAUDE_220 } from '../../../../src/profiles/claude/spec.js';

const ctx = (spend: SessionSpend): EncodeContext => ({ sessionId: 's', cwd: '/w', model: 'claude-opus-5', permissionMode: 'default', pid: 1, now: 0, rng: new Random('t'), tools: [], transcriptPath: '/t', userHome: '/h', env: {}, spend });
const breakdown = (spend: SessionSpend) => contextUsage(CLAUDE_220, ctx(spend))['messageBreakdown'] as Record<string, unknown>;

// issue #16: get_context_usage counts the conversation's tool calls and results (captures ctl_get_context_usage_after_tool_fr, _pending_hook_fr)
describe('get_context_usage tool tokens (#16)', () => {
  it('estimates each call and result block at a quarter of its JSON, per tool in the order first called; a pending call counts its call only', () => {
    const spend = new SessionSpend(0);
    spend.prompted('FGBASH please');
    const input = { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' };
    spend.heard({ kind: 'assistant_tool_use', messageId: 'm', toolUseId: 'toolu_fake0020', name: 'Bash', input });
    // the capture's numbers for the fake API's id: 35 for the call
    expect(breakdown(spend)).toMatchObject({ toolCallTokens: 35, toolResultTokens: 0, toolCallsByType: [{ name: 'Bash', callTokens: 35, resultTokens: 0 }] });
    spend.heard({ kind: 'tool_result', toolUseId: 'toolu_fake0020', content: 'fg-output', isError: false });
    expect(breakdown(spend)).toMatchObject({ toolCallTokens: 35, toolResultTokens: 23, toolCallsByType: [{ name: 'Bash', callTokens: 35, resultTokens: 23 }] });
    spend.heard({ kind: 'assistant_tool_use', messageId: 'm', toolUseId: 'toolu_x', name: 'Read', input: { file_path: '/a' } });
    expect((breakdown(spend)['toolCallsByType'] as Array<{ name: string }>).map((t) => t.name)).toEqual(['Bash', 'Read']);
  });

  it('no calls: zero tokens and an empty list', () => {
    const spend = new SessionSpend(0);
    spend.prompted('hi');
    expect(breakdown(spend)).toMatchObject({ toolCallTokens: 0, toolResultTokens: 0, toolCallsByType: [] });
  });
});
