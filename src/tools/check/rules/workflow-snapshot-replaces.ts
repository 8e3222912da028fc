import { rowsOfType, snapshotRows } from '../../../protocol/task-state.js';
import type { Rule } from '../types.js';

/** Each workflow_progress is a full snapshot that replaces the last one, so no row may disappear (seed 000 §6). */
export const workflowSnapshotReplaces: Rule = {
  id: 'workflow.snapshot.replaces',
  source: 'docs/protocol.md#workflow-progress (a snapshot replaces the previous one)',
  summary: 'every workflow_progress snapshot of a task carries every row (type:index) seen before in that task',
  create: (ctx) => ({
    out(f, line, t) {
      // absent workflow_progress = a throttled tick without a snapshot (peers-and-user-needs.md §3), not an empty one
      if (f['subtype'] !== 'task_progress' || f['type'] !== 'system' || !t || snapshotRows(f) === undefined) return;
      const lost = [
        ...lostRows(t.phases.keys(), rowsOfType(f, 'workflow_phase')).map((i) => `workflow_phase:${i}`),
        ...lostRows(t.agents.keys(), rowsOfType(f, 'workflow_agent')).map((i) => `workflow_agent:${i}`),
      ];
      if (lost.length > 0) ctx.report(line, `snapshot for ${t.id} drops row(s) ${lost.join(', ')}; a snapshot replaces the previous one, so it must carry every row`);
    },
  }),
};

/** Indexes seen before that a snapshot's rows no longer carry. */
function lostRows(seen: Iterable<number>, rows: ReadonlyArray<{ index: number }>): number[] {
  const now = new Set(rows.map((r) => r.index));
  return [...seen].filter((i) => !now.has(i));
}
