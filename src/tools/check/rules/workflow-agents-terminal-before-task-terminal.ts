import { obj, str } from '../../../protocol/raw-frame.js';
import { isStoppedStatus, isTerminalStatus } from '../../../protocol/vocabulary.js';
import type { Rule } from '../types.js';

/** Before a non-killed terminal task_updated every non-cached agent showed a terminal row (seed 000 §6). */
export const workflowAgentsTerminalBeforeTaskTerminal: Rule = {
  id: 'workflow.agents.terminal-before-task-terminal',
  source: 'docs/protocol.md#ordering-guarantees item 4 (agent terminal rows before the workflow ends; not on the interrupt path)',
  summary: 'a completed/failed workflow saw every non-cached agent reach done/error/cached first',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_updated' || f['type'] !== 'system' || !t || t.terminal !== undefined) return;
      const status = str(obj(f, 'patch'), 'status');
      if (!isTerminalStatus(status) || isStoppedStatus(status)) return;
      for (const [idx, a] of t.agents) {
        if (!a.cached && a.terminal === undefined) ctx.report(line, `task ${t.id} ended ${status} while agent ${idx} never reported a terminal state`);
      }
    },
  }),
};
