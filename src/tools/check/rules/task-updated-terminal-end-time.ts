import { obj } from '../../../protocol/raw-frame.js';
import { isTerminalStatus } from '../../../protocol/vocabulary.js';
import type { Rule } from '../types.js';

/** A terminal task_updated carries patch.end_time (seed 000 §5.3 example). */
export const taskUpdatedTerminalEndTime: Rule = {
  id: 'task.updated.terminal-end-time',
  source: 'docs/protocol.md#background-tasks (end_time on a terminal status)',
  summary: 'a terminal task_updated has a numeric patch.end_time',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_updated' || f['type'] !== 'system' || !t) return;
      const patch = obj(f, 'patch');
      if (isTerminalStatus(patch?.['status']) && typeof patch?.['end_time'] !== 'number') {
        ctx.report(line, `terminal task_updated for ${t.id} without patch.end_time`);
      }
    },
  }),
};
