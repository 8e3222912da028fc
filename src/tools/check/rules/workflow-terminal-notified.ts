import { isWorkflowType } from '../../../protocol/vocabulary.js';
import type { Rule } from '../types.js';

/**
 * A workflow that ended is notified: its terminal task_updated is followed by exactly one
 * task_notification before the stream ends (seed 000 §5.4, §8). Only background tasks may end with the
 * task_updated alone (seed 002 §8; scenario `notify: false`), so they are not held to it.
 */
export const workflowTerminalNotified: Rule = {
  id: 'workflow.terminal.notified',
  source: 'docs/protocol.md#background-tasks (one notification per workflow; terminal-only endings: background tasks only)',
  summary: 'a workflow task that reached a terminal state gets its task_notification before the stream ends',
  create: (ctx) => ({
    end(tasks) {
      for (const [id, t] of tasks) {
        if (t.terminal !== undefined && t.notified === undefined && isWorkflowType(t.type)) {
          ctx.report(t.terminal.at, `workflow task ${id} ended ${t.terminal.status} here but never got its task_notification`);
        }
      }
    },
  }),
};
