import type { Rule } from '../types.js';

/** An error result carries `errors: string[]` (the Claude SDK dereferences it). */
export const resultErrorHasErrors: Rule = {
  id: 'result.error-has-errors',
  source: 'docs/protocol.md#a-turn (error results); captures claude-code-2.1.328/apierr1, cbc-2.117.0/real-turn.out',
  summary: 'a result with is_error and a non-success subtype has an errors array',
  create: (ctx) => ({
    out(f, line) {
      if (f['type'] === 'result' && f['is_error'] === true && f['subtype'] !== 'success' && !Array.isArray(f['errors'])) {
        ctx.report(line, `error result (${String(f['subtype'])}) without an errors array; the Claude SDK crashes on it`);
      }
    },
  }),
};
