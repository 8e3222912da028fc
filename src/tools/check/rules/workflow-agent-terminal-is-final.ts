import { rowsOfType } from '../../../protocol/task-state.js';
import { isTerminalAgentState } from '../../../protocol/vocabulary.js';
import type { Rule } from '../types.js';

/** An agent in done/error/cached stays there (seed 000 §5.2 state machine start -> done|error|cached). */
export const workflowAgentTerminalIsFinal: Rule = {
  id: 'workflow.agent.terminal-is-final',
  source: 'docs/protocol.md#workflow-progress (state: start -> done | error | cached, never leaves a terminal state)',
  summary: 'a workflow_agent row never leaves a terminal state (a cached re-run row excepted)',
  create: (ctx) => ({
    out(f, line, t) {
      if (f['subtype'] !== 'task_progress' || !t) return;
      for (const r of rowsOfType(f, 'workflow_agent')) {
        const prev = t.agents.get(r.index)?.state;
        if (isTerminalAgentState(prev) && prev !== r['state'] && r['cached'] !== true) {
          ctx.report(line, `agent ${r.index} (${String(r['label'])}) left terminal state ${prev} for ${String(r['state'])}`);
        }
      }
    },
  }),
};
