import { isTerminalTaskStatus, notificationStatus } from '../../../protocol/vocabulary.js';
import type { Rule } from '../types.js';

/** Notification status mirrors the terminal task_updated; killed maps to stopped (seed 000 §5.4). */
export const taskNotificationStatus: Rule = {
  id: 'task.notification.status',
  source: 'seed 000 §5.4 (killed / cancelled converge to "stopped")',
  summary: "the task_notification status equals the terminal task_updated status (killed -> stopped)",
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_notification' || f['type'] !== 'system' || !t || t.notifiedLine !== undefined || t.terminalStatus === undefined) return;
      const expected = isTerminalTaskStatus(t.terminalStatus) ? notificationStatus(t.terminalStatus) : t.terminalStatus;
      if (f['status'] !== expected) ctx.report(line, `notification status ${f['status']} does not match task_updated ${t.terminalStatus}`);
    },
  }),
};
