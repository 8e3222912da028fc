/**
 * The one place the fuzzer asks the checker (src/tools/check) whether a perturbed stream is legal.
 */
import { checkTranscript } from '../check/rules.js';

/** Ids of the rules the transcript breaks (sorted, unique); empty for a legal stream. `partial`: the consumer cut the stream off. */
export function brokenRules(transcript: string, opts: { partial?: boolean } = {}): string[] {
  return [...new Set(checkTranscript(transcript, opts).map((v) => v.rule))].sort();
}
