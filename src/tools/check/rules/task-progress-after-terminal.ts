import type { Rule } from '../types.js';

/** After a non-stopped notification no progress may follow; after `stopped` only late rows (seed 000 §4.3.4). */
export const taskProgressAfterTerminal: Rule = {
  id: 'task.progress.after-terminal',
  source: 'docs/protocol.md#ordering-guarantees items 4-5 (no progress after the notification; late rows excepted)',
  summary: 'no task_progress after a completed/failed task_notification (only the stopped path has late rows)',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_progress' || f['type'] !== 'system' || !t || t.notified === undefined) return;
      if (t.notified.status !== 'stopped') ctx.report(line, `task_progress for ${t.id} after its ${String(t.notified.status)} notification (line ${t.notified.at})`);
    },
  }),
};
