import { TERMINAL_TASK, type Rule } from '../types.js';

/** A terminal task_updated carries patch.end_time (seed 000 §5.3 example). */
export const taskUpdatedTerminalEndTime: Rule = {
  id: 'task.updated.terminal-end-time',
  source: 'seed 000 §5.3; seed 002 §8',
  summary: 'a terminal task_updated has a numeric patch.end_time',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_updated' || f['type'] !== 'system' || !t) return;
      if (TERMINAL_TASK.has(f['patch']?.['status']) && typeof f['patch']?.['end_time'] !== 'number') {
        ctx.report(line, `terminal task_updated for ${f['task_id']} without patch.end_time`);
      }
    },
  }),
};
