import type { Rule } from '../types.js';

/** Each stdout line is exactly one JSON object, terminated by `\n` (seed 002 §7 stream-json framing). */
export const frameOneJsonPerLine: Rule = {
  id: 'frame.one-json-per-line',
  source: 'docs/protocol.md#transport (one JSON object per line)',
  summary: 'a line that starts like a frame (`{`) is exactly one JSON object, and the last frame ends with \\n',
  create: (ctx) => ({
    raw(text, line, terminated, json) {
      if (!text.startsWith('{')) return; // anything else is stdout.no-foreign-bytes'
      // starts with `{`: parses to an object or not at all (the checker parsed it once for every rule)
      if (!json) {
        ctx.report(line, terminated ? 'line is not one JSON object (torn, concatenated or pretty-printed frame)' : 'last frame is not terminated by \\n (torn line)');
        return;
      }
      if (!terminated) ctx.report(line, 'last frame is not terminated by \\n (torn line)');
    },
  }),
};
