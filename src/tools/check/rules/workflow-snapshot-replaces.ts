import type { Rule } from '../types.js';

/** Each workflow_progress is a full snapshot that replaces the last one, so no row may disappear (seed 000 §6). */
export const workflowSnapshotReplaces: Rule = {
  id: 'workflow.snapshot.replaces',
  source: 'seed 000 §4 (consumer treats workflow_progress as the authoritative snapshot), §5.2, §6 (snapshot replacement)',
  summary: 'every workflow_progress snapshot of a task carries every row (type:index) seen before in that task',
  create: (ctx) => ({
    out(f, line, t) {
      // absent workflow_progress = a throttled tick without a snapshot (peers-and-user-needs.md §3), not an empty one
      if (f['subtype'] !== 'task_progress' || f['type'] !== 'system' || !t || !Array.isArray(f['workflow_progress']) || t.rowKeys.size === 0) return;
      const now = new Set<string>();
      for (const r of f['workflow_progress']) if (r && (r['type'] === 'workflow_phase' || r['type'] === 'workflow_agent') && typeof r['index'] === 'number') now.add(`${r['type']}:${r['index']}`);
      const lost = [...t.rowKeys].filter((k) => !now.has(k));
      if (lost.length > 0) ctx.report(line, `snapshot for ${f['task_id']} drops row(s) ${lost.join(', ')}; a snapshot replaces the previous one, so it must carry every row`);
    },
  }),
};
