// Issue #21 (emission; get_context_usage's tool calls, #16 ctl_get_context_usage_bg_task_fd): a tool result is noted
// on its call, found by id in O(1) (a search over every earlier call was quadratic over a long session); with two
// calls of one id the first gets the result, as the search from the start gave.
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../src/engine/events.js';
import { SessionSpend } from '../../../src/engine/spend.js';

const use = (id: string, name = 'Bash') => ({ kind: 'assistant_tool_use', toolUseId: id, name, input: { id } }) as unknown as EngineEvent;
const result = (id: string, content: string, isError = false) => ({ kind: 'tool_result', toolUseId: id, content, isError }) as unknown as EngineEvent;

describe('SessionSpend tool calls (#21)', () => {
  it("notes each result on its own call, among many, and on the first of a repeated id", () => {
    const s = new SessionSpend(0);
    for (let i = 0; i < 500; i++) s.heard(use(`t${i}`));
    s.heard(use('t7', 'Read'));
    s.heard(result('t250', 'two fifty'));
    s.heard(result('t7', 'seven', true));
    s.heard(result('nobody', 'lost'));
    expect(s.toolCalls.length).toBe(501);
    expect(s.toolCalls[250]!.result).toEqual({ content: 'two fifty', isError: false });
    expect(s.toolCalls[7]!.result).toEqual({ content: 'seven', isError: true });
    expect(s.toolCalls[500]!).toEqual({ id: 't7', name: 'Read', input: { id: 't7' } });
    expect(s.toolCalls.filter((c) => c.result !== undefined).length).toBe(2);
  });
});
