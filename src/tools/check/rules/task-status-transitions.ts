import { TERMINAL_TASK, type Rule } from '../types.js';

const RANK: Record<string, number> = { pending: 0, running: 1, paused: 1 };

/** pending -> running (<-> paused) -> one terminal status; nothing after the terminal one (seed 000 §5.3). */
export const taskStatusTransitions: Rule = {
  id: 'task.status.transitions',
  source: 'seed 000 §5.3 (status: pending, running, paused, completed, failed, killed), §6',
  summary: 'task_updated statuses go pending -> running/paused -> one terminal status, never back',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_updated' || f['type'] !== 'system' || !t) return;
      const status = f['patch']?.['status'];
      if (typeof status !== 'string') return;
      if (t.terminalStatus !== undefined) {
        ctx.report(line, `task ${f['task_id']} went ${t.terminalStatus} -> ${status}; a terminal status is final`);
      } else if (!TERMINAL_TASK.has(status) && t.status !== undefined && (RANK[status] ?? 1) < (RANK[t.status] ?? 1)) {
        ctx.report(line, `task ${f['task_id']} went back from ${t.status} to ${status}`);
      }
    },
  }),
};
