import type { Readable } from 'node:stream';
import { streamLines, textLines } from '../../transport/line-reader.js';
import { Checker, type CheckSummary } from './checker.js';
import type { CheckOptions, Violation } from './types.js';

/** Checks a stream line by line (`frame.one-json-per-line` needs to know whether the last line ended with `\n`). Memory: one line plus per-task state. */
export async function checkStream(input: Readable, opts: CheckOptions, onViolation: (v: Violation) => void): Promise<CheckSummary> {
  const checker = new Checker(opts, onViolation);
  for await (const l of streamLines(input)) checker.line(l.text, l.terminated);
  return checker.end();
}

/** Checks a whole transcript or journal held in a string; violations sorted by line. */
export function checkText(text: string, opts: CheckOptions = {}): { violations: Violation[]; summary: CheckSummary } {
  const violations: Violation[] = [];
  const checker = new Checker(opts, (v) => violations.push(v));
  for (const l of textLines(text)) checker.line(l.text, l.terminated);
  const summary = checker.end();
  return { violations: violations.sort((a, b) => a.line - b.line), summary };
}
