import { rowsOfType } from '../../../protocol/task-state.js';
import type { Rule } from '../types.js';

/** Rows after the notification may only flip an in-flight agent from start to error (seed 000 §4.3.4, §7). */
export const interruptLateRowsOnlyStartToError: Rule = {
  id: 'interrupt.late-rows.only-start-to-error',
  source: 'docs/protocol.md#late-rows (a late row only changes an agent from start to error; cbc profiles); captures cbc-2.117.0/int_mid',
  summary: 'a row after the task_notification changes an agent only from start to error',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_progress' || !t || t.notified === undefined) return;
      for (const r of rowsOfType(f, 'workflow_agent')) {
        const prev = t.agents.get(r.index)?.state;
        if (prev !== undefined && prev !== r['state'] && !(prev === 'start' && r['state'] === 'error')) {
          ctx.report(line, `agent ${r.index} (${String(r['label'])}) went ${prev} -> ${String(r['state'])} after the notification`);
        }
      }
    },
  }),
};
