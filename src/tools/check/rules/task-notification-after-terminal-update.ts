import type { Rule } from '../types.js';

/** The notification follows the terminal task_updated (seed 000 §6: key events in order). */
export const taskNotificationAfterTerminalUpdate: Rule = {
  id: 'task.notification.after-terminal-update',
  source: 'docs/protocol.md#ordering-guarantees item 1',
  summary: 'a task_notification comes after a terminal task_updated of its task',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_notification' || f['type'] !== 'system' || !t || t.notified !== undefined) return;
      if (t.terminal === undefined) ctx.report(line, `task_notification for ${t.id} before a terminal task_updated`);
    },
  }),
};
