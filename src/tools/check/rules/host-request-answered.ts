import { obj, str } from '../../../protocol/raw-frame.js';
import type { Rule } from '../types.js';

/**
 * Every request the CLI sends to the host (can_use_tool, hook_callback, ...) is settled: answered by
 * the host with its request_id, or withdrawn with control_cancel_request. An unanswered request hangs a
 * real session forever (issue #10; seed 004's pending -> approved | rejected state machine).
 */
export const hostRequestAnswered: Rule = {
  id: 'host.request.answered',
  source: 'issue #10; docs/protocol.md#host-requests (request_id correlation, pending -> approved | rejected)',
  summary: 'each CLI-initiated control_request is answered by the host or cancelled by the CLI (journal only)',
  create: (ctx) => {
    const open = new Map<string, number>(); // CLI-initiated request_id -> line
    return {
      out(f, line) {
        if (f['type'] === 'control_request' && typeof f['request_id'] === 'string') open.set(f['request_id'], line);
        if (f['type'] === 'control_cancel_request' && typeof f['request_id'] === 'string') open.delete(f['request_id']);
      },
      in(f) {
        const id = str(obj(f, 'response'), 'request_id');
        if (f['type'] === 'control_response' && id !== undefined) open.delete(id);
      },
      end() {
        if (!ctx.journal) return; // a stdout transcript does not show the host's answers
        for (const [id, line] of open) ctx.report(line, `the host never answered request ${id}, and the CLI never cancelled it`);
      },
    };
  },
};
