import type { Rule } from '../types.js';

/** Every started task reaches a terminal state before the stream ends (seed 000 §6, §8). */
export const taskTerminalReached: Rule = {
  id: 'task.terminal.reached',
  source: 'docs/protocol.md#background-tasks (ending without a notification is legal for background tasks), #ordering-guarantees item 1',
  summary: 'each started task gets a terminal task_updated or a task_notification before the stream ends',
  create: (ctx) => ({
    end(tasks) {
      for (const [id, t] of tasks) {
        if (t.notified === undefined && t.terminal === undefined) ctx.report(t.firstAt, `task ${id} never reached a terminal state`);
      }
    },
  }),
};
