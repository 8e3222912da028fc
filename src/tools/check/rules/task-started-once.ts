import type { Rule } from '../types.js';

/** A task id is started once. */
export const taskStartedOnce: Rule = {
  id: 'task.started.once',
  source: 'docs/protocol.md#background-tasks (task_id unique in the session), #ordering-guarantees item 1',
  summary: 'one task_started per task_id',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['type'] === 'system' && f['subtype'] === 'task_started' && t) ctx.report(line, `task ${t.id} started twice (first at line ${t.firstAt})`);
    },
  }),
};
