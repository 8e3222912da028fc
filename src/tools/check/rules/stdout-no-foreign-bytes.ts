import type { Rule } from '../types.js';

/** stdout carries protocol frames only: no log text, banners, ANSI codes, BOMs or blank lines. */
export const stdoutNoForeignBytes: Rule = {
  id: 'stdout.no-foreign-bytes',
  source: 'seed 002 §7 (stdout is the protocol channel; logs go to stderr)',
  summary: 'every stdout line starts a JSON value: no log text, banners, ANSI escapes, BOM or blank lines',
  create: (ctx) => ({
    raw(text, line) {
      if (text.startsWith('{') || text.startsWith('[') || text.startsWith('"')) return;
      const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
      ctx.report(line, text === '' ? 'blank line on stdout' : `foreign bytes on stdout: ${JSON.stringify(shown)} (stdout must carry protocol frames only; log to stderr)`);
    },
  }),
};
