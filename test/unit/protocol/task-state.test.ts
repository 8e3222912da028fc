// The one frames -> task-state fold (issue #14) used by check, fuzz, report and import: task_started,
// workflow_progress snapshots (seed 000 §5.2), task_updated (§5.3: a terminal status is final),
// task_notification (§5.4), and the checker's constant-memory mode (issue #6).
import { describe, expect, it } from 'vitest';
import { rowsOfType, taskEvent, TaskStates } from '../../../src/protocol/task-state.js';

const sys = (subtype: string, rest: Record<string, unknown>) => ({ type: 'system', subtype, task_id: 't1', ...rest });
const started = sys('task_started', { task_type: 'local_workflow', description: 'research' });
const snap = (...rows: unknown[]) => sys('task_progress', { workflow_progress: rows });
const agent = (index: number, state: string, extra: Record<string, unknown> = {}) => ({ type: 'workflow_agent', index, state, label: `a${index}`, ...extra });
const updated = (status: string, end_time?: number) => sys('task_updated', { patch: { status, ...(end_time !== undefined ? { end_time } : {}) } });
const notified = (status: string) => sys('task_notification', { status });

describe('TaskStates', () => {
  it('folds a workflow: kind, agents (first terminal row kept), phases, terminal status and notification', () => {
    const s = new TaskStates();
    s.apply(started, 1);
    s.apply(snap({ type: 'workflow_phase', index: 1, title: 'Search' }, agent(0, 'start', { phaseIndex: 1, startedAt: 100 })), 2);
    s.apply(snap({ type: 'workflow_phase', index: 1, title: 'Search' }, agent(0, 'done', { phaseIndex: 1, startedAt: 100, endedAt: 200 }), { type: 'future_row', index: 9 }), 3);
    s.apply(snap(agent(0, 'start')), 4); // contradicts the terminal row: state follows, terminal stays
    s.apply(updated('completed', 300), 5);
    s.apply(updated('failed', 400), 6);
    s.apply(notified('completed'), 7);
    s.apply(notified('failed'), 8);
    const t = s.get('t1');
    expect(t).toMatchObject({ firstAt: 1, type: 'local_workflow', kind: 'workflow', description: 'research', status: 'failed' });
    expect(t?.terminal).toMatchObject({ status: 'completed', at: 5, endTime: 300 });
    expect(t?.notified).toMatchObject({ status: 'completed', at: 7 });
    expect(t?.phases).toEqual(new Map([[1, 'Search']]));
    const a = t?.agents.get(0);
    expect(a).toMatchObject({ state: 'start', startedAt: 100, firstAt: 2, lastAt: 4, cached: false });
    expect(a?.terminal).toMatchObject({ state: 'done', at: 3 });
    expect([...(t?.agents.keys() ?? [])]).toEqual([0]); // unknown row types are tolerated, not kept (seed 000 §8)
  });

  it('knows task kinds per CLI and marks cached agents either way (cbc state, Claude flag)', () => {
    const s = new TaskStates();
    s.apply({ ...started, task_type: 'local_bash' }, 1);
    expect(s.get('t1')?.kind).toBe('bash');
    s.apply(snap(agent(0, 'cached'), agent(1, 'done', { cached: true }), agent(2, 'done')), 2);
    expect([0, 1, 2].map((i) => s.get('t1')?.agents.get(i)?.cached)).toEqual([true, true, false]);
  });

  it('starts a task at its first frame, or only at task_started with startedOnly', () => {
    const lenient = new TaskStates();
    const strict = new TaskStates({ startedOnly: true });
    for (const s of [lenient, strict]) {
      s.apply(updated('completed', 0), 1);
      s.apply(started, 2);
    }
    expect(lenient.get('t1')).toMatchObject({ firstAt: 1, started: { at: 2 }, terminal: { status: 'completed' } });
    expect(strict.get('t1')).toMatchObject({ firstAt: 2, started: { at: 2 } });
    expect(strict.get('t1')?.terminal).toBeUndefined();
  });

  it('forgetFinishedRows drops the rows of a completed, notified task, but keeps a stopped one (late rows, seed 000 §6)', () => {
    for (const [end, note, kept] of [['completed', 'completed', 0], ['killed', 'stopped', 1]] as const) {
      const s = new TaskStates({ forgetFinishedRows: true });
      s.apply(started, 1);
      s.apply(snap(agent(0, 'start')), 2);
      s.apply(updated(end, 10), 3);
      s.apply(notified(note), 4);
      s.apply(snap(agent(0, 'error')), 5);
      expect(s.get('t1')?.agents.size).toBe(kept);
      expect(s.get('t1')?.terminal?.status).toBe(end);
    }
  });

  it('ignores frames outside the task family and unknown task_* subtypes', () => {
    const s = new TaskStates();
    expect(s.apply({ type: 'result', task_id: 't1' }, 1)).toBeUndefined();
    expect(s.apply(sys('task_future', {}), 2)).toBeUndefined();
    expect(taskEvent(sys('task_future', {}))).toBeUndefined();
    expect(s.all.size).toBe(0);
  });

  it('rowsOfType keeps indexed rows of one type', () => {
    expect(rowsOfType(snap(agent(0, 'start'), { type: 'workflow_agent' }, 'x', null), 'workflow_agent').map((r) => r.index)).toEqual([0]);
    expect(rowsOfType(sys('task_progress', {}), 'workflow_agent')).toEqual([]);
  });
});
