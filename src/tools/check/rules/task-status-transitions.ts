import { obj, str } from '../../../protocol/raw-frame.js';
import { isTerminalStatus } from '../../../protocol/vocabulary.js';
import type { Rule } from '../types.js';

const RANK: Record<string, number> = { pending: 0, running: 1, paused: 1 };

/** pending -> running (<-> paused) -> one terminal status; nothing after the terminal one (seed 000 §5.3). */
export const taskStatusTransitions: Rule = {
  id: 'task.status.transitions',
  source: 'docs/protocol.md#background-tasks (status: pending, running, paused, completed, failed, killed), #ordering-guarantees item 2',
  summary: 'task_updated statuses go pending -> running/paused -> one terminal status, never back',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_updated' || f['type'] !== 'system' || !t) return;
      const status = str(obj(f, 'patch'), 'status');
      if (status === undefined) return;
      if (t.terminal !== undefined) {
        ctx.report(line, `task ${t.id} went ${t.terminal.status} -> ${status}; a terminal status is final`);
      } else if (!isTerminalStatus(status) && t.status !== undefined && (RANK[status] ?? 1) < (RANK[t.status] ?? 1)) {
        ctx.report(line, `task ${t.id} went back from ${t.status} to ${status}`);
      }
    },
  }),
};
