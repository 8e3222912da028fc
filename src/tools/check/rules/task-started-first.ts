import { taskSubtype, type Rule } from '../types.js';

/** task_started is the first frame of a task. */
export const taskStartedFirst: Rule = {
  id: 'task.started.first',
  source: 'docs/protocol.md#ordering-guarantees item 1 (task_started first)',
  summary: 'no task_progress / task_updated / task_notification before the task_started of its task_id',
  create: (ctx) => ({
    out(f, line, t) {
      const sub = taskSubtype(f);
      if (sub && sub !== 'task_started' && !t) ctx.report(line, `${sub} for ${String(f['task_id'])} before its task_started`);
    },
  }),
};
