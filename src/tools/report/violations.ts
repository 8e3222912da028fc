// The report's only link to the checker (issue #11: `--check` marks violations on the timeline). The
// checker is being restructured; whatever its public entry becomes, only this import follows it.
import { checkTranscript } from '../check/rules.js';
import type { InputKind } from './browser/model.js';
import type { Rec } from './input.js';

/** One violation as the report places it: the input line, the rule id and the message. */
export interface ReportViolation {
  line: number;
  rule: string;
  message: string;
}

/**
 * Runs `cbc-emu check` over the text the report reads. Transcripts and journals go as they are; a
 * cassette is re-spelt as a journal with the same line numbers (one entry per frame, blank elsewhere),
 * so the checker sees both directions and its lines still point at the cassette's lines.
 */
export function findViolations(text: string, kind: InputKind, recs: Rec[]): ReportViolation[] {
  let input = text;
  if (kind === 'cassette') {
    const lines: string[] = [];
    for (const r of recs) {
      if (!r.frame || r.dir === 'meta') continue;
      while (lines.length < r.line - 1) lines.push('');
      lines.push(JSON.stringify({ seq: r.i + 1, vt: r.clock ?? 0, rt: 0, dir: r.dir, frame: r.frame }));
    }
    input = lines.join('\n') + '\n';
  }
  return checkTranscript(input).map((v) => ({ line: v.line, rule: v.rule, message: v.message }));
}
