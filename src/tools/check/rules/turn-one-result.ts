import type { Rule } from '../types.js';

/** Exactly one result per turn: a result closes the turn opened by system/init, and no turn is left open. */
export const turnOneResult: Rule = {
  id: 'turn.one-result',
  source: 'docs/protocol.md#a-turn (one result per turn)',
  summary: 'each turn (opened by system/init) ends with exactly one result: no second result, and none missing at the end of the stream',
  create: (ctx) => {
    const open: number[] = []; // lines of the system/init frames whose turn has no result yet
    let seenInit = false;
    let loneResults = 0;
    return {
      out(f, line) {
        if (f['type'] === 'system' && f['subtype'] === 'init') {
          open.push(line);
          seenInit = true;
        }
        if (f['type'] !== 'result') return;
        if (open.length > 0) open.shift();
        // `--output-format json` prints the result alone, with no system/init (capture claude-code-2.1.328/json_hi)
        else if (!seenInit && loneResults++ === 0) return;
        else ctx.report(line, 'a result without a turn in progress (a second result for one turn?)');
      },
      end() {
        for (const line of open) ctx.report(line, 'the turn opened here never got its result before the stream ended');
      },
    };
  },
};
