import { describe, expect, it } from 'vitest';
import { AgentStats } from '../../../src/engine/agent-stats.js';
import type { EngineEvent, TaskInfo } from '../../../src/engine/events.js';

const agent = (id: string, input: Record<string, unknown>): EngineEvent => ({ kind: 'assistant_tool_use', messageId: 'm', toolUseId: id, name: 'Agent', input });
const task = (id: string): TaskInfo => ({ taskId: `t-${id}`, toolUseId: id, kind: 'agent', description: 'd', outputFile: '/o', startedAt: 0 });

// issue #16: Claude 2.1.328's result.subagent_stats (captures bg_agent, ses_bg_slow_agent_l8, env_disable_bg_agent_fm)
describe('the session sub-agent counts (#16)', () => {
  it('a background agent is spawned and requested in the background as it starts, and completes at its notification', () => {
    const a = new AgentStats();
    a.heard(agent('u1', { subagent_type: 'general-purpose', run_in_background: true }));
    a.heard({ kind: 'task_started', task: task('u1') });
    a.heard({ kind: 'tool_result', toolUseId: 'u1', content: 'Async agent launched', isError: false });
    expect([a.spawned, a.requested, a.startedInBackground, a.maxDepth, a.completed, [...a.byType]]).toEqual([1, { background: 1, foreground: 0, unset: 0 }, 1, 1, 0, [['general-purpose', 1]]]);
    a.heard({ kind: 'task_notification', task: task('u1'), status: 'completed', summary: 's' });
    expect(a.completed).toBe(1);
  });

  it('an agent run in the foreground counts as its run_in_background said (unset when background tasks are off) and ends with its result', () => {
    const a = new AgentStats();
    a.heard(agent('u1', { run_in_background: true }));
    a.heard({ kind: 'tool_result', toolUseId: 'u1', content: 'alpha', isError: false });
    a.heard(agent('u2', { subagent_type: 'Explore', run_in_background: false }));
    a.heard({ kind: 'tool_result', toolUseId: 'u2', content: 'boom', isError: true });
    expect([a.spawned, a.requested, a.startedInBackground, a.completed, a.failed, [...a.byType]]).toEqual([2, { background: 0, foreground: 1, unset: 1 }, 0, 1, 1, [['general-purpose', 1], ['Explore', 1]]]);
  });

  it('other tools and other tasks are not counted; a stopped agent counts as killed', () => {
    const a = new AgentStats();
    a.heard({ kind: 'assistant_tool_use', messageId: 'm', toolUseId: 'b', name: 'Bash', input: { run_in_background: true } });
    a.heard({ kind: 'task_started', task: { ...task('b'), kind: 'bash' } });
    expect(a.spawned + a.requested.background + a.startedInBackground).toBe(0);
    a.heard(agent('u1', { run_in_background: true }));
    a.heard({ kind: 'task_started', task: task('u1') });
    a.heard({ kind: 'task_notification', task: task('u1'), status: 'stopped', summary: 's' });
    expect([a.completed, a.killed.user]).toEqual([0, 1]);
  });

  it('a foreground sub-agent run as a task counts by its result, not as a background start nor at its notification', () => {
    const a = new AgentStats();
    a.heard(agent('u1', { run_in_background: true }));
    a.heard({ kind: 'task_started', task: { ...task('u1'), foreground: true } });
    a.heard({ kind: 'task_notification', task: { ...task('u1'), foreground: true }, status: 'completed', summary: 'alpha' });
    a.heard({ kind: 'tool_result', toolUseId: 'u1', content: 'alpha', isError: false });
    expect([a.spawned, a.requested, a.startedInBackground, a.completed]).toEqual([1, { background: 0, foreground: 0, unset: 1 }, 0, 1]);
  });
});
