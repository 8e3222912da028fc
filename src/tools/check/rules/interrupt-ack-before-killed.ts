import { obj, str } from '../../../protocol/raw-frame.js';
import type { Rule } from '../types.js';

/**
 * The interrupt's control_response ACK precedes the killed task_updated it causes (seed 000 §4.3.1-§4.3.3).
 * `stop_task` is not held to this: real Claude answers it only after the killed task_updated and the
 * stopped notification (captures claude-code-2.1.328/stoptask lines 9-12, claude-code-2.1.220/wfstop lines 11-13).
 */
export const interruptAckBeforeKilled: Rule = {
  id: 'interrupt.ack.before-killed',
  source: 'docs/protocol.md#what-follows (interrupt: ACK, then task_updated killed, then task_notification stopped); needs a journal',
  summary: 'while a client interrupt is unanswered, no task_updated killed is emitted (journal input only)',
  create: (ctx) => {
    const pending = new Map<string, number>(); // request_id -> line of the interrupt request
    return {
      in(f, line) {
        const sub = str(obj(f, 'request'), 'subtype');
        if (f['type'] === 'control_request' && sub === 'interrupt' && typeof f['request_id'] === 'string') pending.set(f['request_id'], line);
      },
      out(f, line) {
        const answered = str(obj(f, 'response'), 'request_id');
        if (f['type'] === 'control_response' && answered !== undefined) pending.delete(answered);
        if (f['type'] === 'system' && f['subtype'] === 'task_updated' && obj(f, 'patch')?.['status'] === 'killed') {
          for (const [id, at] of pending) ctx.report(line, `task ${String(f['task_id'])} killed before the ACK of interrupt ${id} (line ${at})`);
        }
      },
    };
  },
};
