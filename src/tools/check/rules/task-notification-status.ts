import { isTerminalTaskStatus, notificationStatus } from '../../../protocol/vocabulary.js';
import type { Rule } from '../types.js';

/** Notification status mirrors the terminal task_updated; killed maps to stopped (seed 000 §5.4). */
export const taskNotificationStatus: Rule = {
  id: 'task.notification.status',
  source: 'docs/protocol.md#ordering-guarantees item 3 (killed converges to "stopped")',
  summary: "the task_notification status equals the terminal task_updated status (killed -> stopped)",
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_notification' || f['type'] !== 'system' || !t || t.notified !== undefined || t.terminal === undefined) return;
      const ended = t.terminal.status;
      const expected = isTerminalTaskStatus(ended) ? notificationStatus(ended) : ended;
      if (f['status'] !== expected) ctx.report(line, `notification status ${String(f['status'])} does not match task_updated ${ended}`);
    },
  }),
};
