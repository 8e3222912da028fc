import type { Rule } from '../types.js';

/** Exactly one task_notification per task (seed 000 §8). */
export const taskNotificationOnce: Rule = {
  id: 'task.notification.once',
  source: 'docs/protocol.md#background-tasks, #ordering-guarantees item 1 (at most one notification per task)',
  summary: 'at most one task_notification per task_id',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] === 'task_notification' && f['type'] === 'system' && t?.notified !== undefined) {
        ctx.report(line, `second task_notification for ${t.id} (first at line ${t.notified.at}); a task has at most one (docs/protocol.md#ordering-guarantees)`);
      }
    },
  }),
};
