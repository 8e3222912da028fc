import { TERMINAL_TASK, type Rule } from '../types.js';

/** Before a non-killed terminal task_updated every non-cached agent showed a terminal row (seed 000 §6). */
export const workflowAgentsTerminalBeforeTaskTerminal: Rule = {
  id: 'workflow.agents.terminal-before-task-terminal',
  source: 'seed 000 §6 (delivery guarantee of agent terminal rows; not on the interrupt path)',
  summary: 'a completed/failed workflow saw every non-cached agent reach done/error/cached first',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_updated' || f['type'] !== 'system' || !t || t.terminalStatus !== undefined) return;
      const status = f['patch']?.['status'];
      if (!TERMINAL_TASK.has(status) || status === 'killed' || status === 'stopped') return;
      for (const [idx] of t.agents) {
        if (!t.cached.has(idx) && !t.terminalSeen.has(idx)) ctx.report(line, `task ${f['task_id']} ended ${status} while agent ${idx} never reported a terminal state`);
      }
    },
  }),
};
