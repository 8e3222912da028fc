import type { Rule } from '../types.js';

/**
 * Consumers MUST ignore unknown fields, frames and timeline entry types (seed 000 §7, §8): the protocol
 * grows additively, so no rule or schema reports what it does not know (test/unit/tools/check/tolerance.test.ts).
 * What makes a frame *unknown* is its `type`: a consumer dispatches on it and skips the types it does
 * not know. A JSON object with no string `type` cannot be skipped that way; on stdout it is most often
 * a JSON log line (a logger writing to stdout), so it is reported. (A `workflow_progress` row without a
 * `type` is frame.schema's: the task_progress schema requires it.)
 */
export const toleranceUnknown: Rule = {
  id: 'tolerance.unknown',
  source: 'docs/protocol.md#versioning-and-unknown-fields (ignore unrecognised fields; additive evolution)',
  summary: 'unknown frame types, system subtypes, keys and workflow_progress row types are never violations; a JSON object without a string type is',
  create: (ctx) => ({
    out(f, line) {
      if (typeof f['type'] !== 'string') {
        ctx.report(line, `a JSON object without a string "type" is no frame a consumer can skip as unknown (a JSON log line on stdout?): ${JSON.stringify(f).slice(0, 60)}`);
      }
    },
  }),
};
