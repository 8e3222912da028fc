import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { Checker, type CheckSummary } from './checker.js';
import type { CheckOptions, Violation } from './types.js';

/**
 * Checks a stream chunk by chunk, splitting lines itself (readline cannot tell whether the last line
 * ended with `\n`, which `frame.one-json-per-line` needs). Memory: one line plus per-task state.
 */
export async function checkStream(input: Readable, opts: CheckOptions, onViolation: (v: Violation) => void): Promise<CheckSummary> {
  const checker = new Checker(opts, onViolation);
  const decoder = new StringDecoder('utf8');
  let partial = '';
  const feed = (text: string) => {
    let start = 0;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
      checker.line(partial + text.slice(start, i));
      partial = '';
      start = i + 1;
    }
    partial += text.slice(start);
  };
  for await (const chunk of input) feed(typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
  feed(decoder.end());
  if (partial !== '') checker.line(partial, false);
  return checker.end();
}

/** Checks a whole transcript or journal held in a string; violations sorted by line. */
export function checkText(text: string, opts: CheckOptions = {}): { violations: Violation[]; summary: CheckSummary } {
  const violations: Violation[] = [];
  const checker = new Checker(opts, (v) => violations.push(v));
  const lines = text.split('\n');
  lines.forEach((l, i) => {
    if (i < lines.length - 1) checker.line(l);
    else if (l !== '') checker.line(l, false);
  });
  const summary = checker.end();
  return { violations: violations.sort((a, b) => a.line - b.line), summary };
}
