import type { Rule } from '../types.js';

/** Exactly one task_notification per task (seed 000 §8). */
export const taskNotificationOnce: Rule = {
  id: 'task.notification.once',
  source: 'seed 000 §5.4, §8',
  summary: 'at most one task_notification per task_id',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] === 'task_notification' && f['type'] === 'system' && t?.notified !== undefined) {
        ctx.report(line, `second task_notification for ${t.id} (first at line ${t.notified.at}); seed 000 §8 promises exactly one`);
      }
    },
  }),
};
