import { agentRows, type Rule } from '../types.js';

/** Late abort rows end within the grace window after the task's end_time (seed 000 §6: 5 s recommended). */
export const interruptLateRowsWithinGrace: Rule = {
  id: 'interrupt.late-rows.within-grace',
  source: 'seed 000 §6 (grace window, 5 s)',
  summary: "a late start -> error row's endedAt is within the grace window (default 5000 ms) of the task's end_time",
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_progress' || !t || t.notifiedLine === undefined || t.endTime === undefined) return;
      for (const r of agentRows(f)) {
        const late = typeof r['endedAt'] === 'number' ? r['endedAt'] - t.endTime : undefined;
        if (t.agents.get(r['index']) === 'start' && r['state'] === 'error' && late !== undefined && late > ctx.graceMs) {
          ctx.report(line, `agent ${r['index']} aborted ${late} ms after end_time (grace ${ctx.graceMs} ms)`);
        }
      }
    },
  }),
};
