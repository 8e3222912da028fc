/**
 * Library face of the checker: the temporal rules (one module each under ./rules/) plus the profile
 * schemas, over a stdout transcript or a two-way journal. Unknown frames, fields and row types are
 * tolerated (seed 000 §7/§8: consumers MUST ignore what they do not recognise), so they are never violations.
 */
import { Checker } from './checker.js';
import { checkText } from './stream.js';
import type { RawFrame } from '../../protocol/raw-frame.js';
import type { CheckOptions, Violation } from './types.js';

export type { Violation, RuleOptions, CheckOptions, Rule } from './types.js';
export { RULES } from './rules/index.js';

/** Checks parsed frames (in order, with their line numbers); violations sorted by line. */
export function checkFrames(frames: Iterable<{ line: number; frame: RawFrame }>, opts: CheckOptions = {}): Violation[] {
  const out: Violation[] = [];
  const c = new Checker(opts, (v) => out.push(v));
  for (const { line, frame } of frames) c.frame(frame, line);
  c.end();
  return out.sort((a, b) => a.line - b.line);
}

/** Checks an ndjson transcript (or journal) held in a string; violations sorted by line. */
export function checkTranscript(text: string, opts: CheckOptions = {}): Violation[] {
  return checkText(text, opts).violations;
}
