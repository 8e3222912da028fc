import { num } from '../../../protocol/raw-frame.js';
import { rowsOfType } from '../../../protocol/task-state.js';
import type { Rule } from '../types.js';

/** Late abort rows end within the grace window after the task's end_time (seed 000 §6: 5 s recommended). */
export const interruptLateRowsWithinGrace: Rule = {
  id: 'interrupt.late-rows.within-grace',
  source: 'docs/protocol.md#late-rows, #ordering-guarantees item 5 (grace window, 5 s)',
  summary: "a late start -> error row's endedAt is within the grace window (default 5000 ms) of the task's end_time",
  create: (ctx) => ({
    out(f, line, t) {
      const endTime = t?.terminal?.endTime;
      if (f['subtype'] !== 'task_progress' || !t || t.notified === undefined || endTime === undefined) return;
      for (const r of rowsOfType(f, 'workflow_agent')) {
        const endedAt = num(r, 'endedAt');
        const late = endedAt !== undefined ? endedAt - endTime : undefined;
        if (t.agents.get(r.index)?.state === 'start' && r['state'] === 'error' && late !== undefined && late > ctx.graceMs) {
          ctx.report(line, `agent ${r.index} aborted ${late} ms after end_time (grace ${ctx.graceMs} ms)`);
        }
      }
    },
  }),
};
