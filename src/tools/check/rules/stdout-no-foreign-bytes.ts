import type { Rule } from '../types.js';

/**
 * stdout carries protocol frames only: no log text, banners, ANSI codes, BOMs or blank lines. Every
 * frame is a JSON object, so a line must start with `{`; one that does but is no frame is
 * frame.one-json-per-line's. A JSON array or string line is foreign too (`[INFO] …` and `"…"` logs).
 */
export const stdoutNoForeignBytes: Rule = {
  id: 'stdout.no-foreign-bytes',
  source: 'docs/protocol.md#transport (stdout is the protocol channel; logs go to stderr)',
  summary: 'every stdout line starts a JSON object: no log text, banners, ANSI escapes, BOM, blank lines, JSON arrays or strings',
  create: (ctx) => ({
    raw(text, line) {
      if (text.startsWith('{')) return;
      const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
      ctx.report(line, text === '' ? 'blank line on stdout' : `foreign bytes on stdout: ${JSON.stringify(shown)} (stdout must carry protocol frames only; log to stderr)`);
    },
  }),
};
