import { obj } from '../../../protocol/raw-frame.js';
import type { Rule } from '../types.js';

/**
 * Every control_request the consumer (host) sent gets exactly one control_response with its request_id;
 * a CLI-initiated request gets at most one answer (a timeout or control_cancel_request may settle it).
 */
export const controlResponsePerRequest: Rule = {
  id: 'control.response.per-request',
  source: 'docs/protocol.md#control-requests-and-replies, #host-requests; captures cbc-2.117.0/real-init.out, claude-code-2.1.328/init_only',
  summary: 'each inbound control_request is answered exactly once by request_id; no request is answered twice (journal for the inbound side)',
  create: (ctx) => {
    const open = new Map<string, number>(); // inbound request_id -> line, unanswered
    const answered = new Map<string, number>(); // request_id -> line of its (first) answer, both directions
    const answer = (id: unknown, line: number, who: string) => {
      if (typeof id !== 'string') return;
      const first = answered.get(id);
      if (first !== undefined) ctx.report(line, `second control_response ${who} for request ${id} (first at line ${first})`);
      else answered.set(id, line);
      open.delete(id);
    };
    return {
      in(f, line) {
        if (f['type'] === 'control_request' && typeof f['request_id'] === 'string') open.set(f['request_id'], line);
        if (f['type'] === 'control_response') answer(obj(f, 'response')?.['request_id'], line, 'from the consumer');
      },
      out(f, line) {
        if (f['type'] === 'control_response') answer(obj(f, 'response')?.['request_id'], line, 'from the CLI');
      },
      end() {
        if (!ctx.journal) return; // a stdout transcript does not show the requests
        for (const [id, line] of open) ctx.report(line, `control_request ${id} was never answered`);
      },
    };
  },
};
