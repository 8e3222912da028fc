import type { Rule } from '../types.js';

/** Exactly one result per turn: a result closes the turn opened by system/init. */
export const turnOneResult: Rule = {
  id: 'turn.one-result',
  source: 'seed 002 §7; claude-agent-sdk.md §7 req. 6',
  summary: 'each turn (opened by system/init) ends with exactly one result',
  create: (ctx) => {
    let open = 0;
    let seenInit = false;
    let loneResults = 0;
    return {
      out(f, line) {
        if (f['type'] === 'system' && f['subtype'] === 'init') {
          open++;
          seenInit = true;
        }
        if (f['type'] !== 'result') return;
        if (open > 0) open--;
        // `--output-format json` prints the result alone, with no system/init (capture claude-code-2.1.328/json_hi)
        else if (!seenInit && loneResults++ === 0) return;
        else ctx.report(line, 'a result without a turn in progress (a second result for one turn?)');
      },
    };
  },
};
