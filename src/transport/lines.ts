/**
 * Physical lines of text for the readers of someone else's output (check, report, cassettes, demo).
 *
 * Why not ./line-reader.ts: that one serves the drop-in's stdin and drops blank lines and a trailing
 * `\r`; a checker must see every physical line verbatim (a blank or `\r`-ended line on stdout is itself
 * a finding) and whether the last one ended with `\n` (a torn frame). Written by hand (no readline):
 * readline cannot tell whether the last line was terminated.
 */
import { StringDecoder } from 'node:string_decoder';

/** One physical line, without its `\n`; `terminated` is false only for a last line that lacks one. */
export interface TextLine {
  text: string;
  terminated: boolean;
}

/** The physical lines of a whole text, blank ones included; a final empty piece after the last `\n` is no line. */
export function* textLines(text: string): Generator<TextLine> {
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
    yield { text: text.slice(start, i), terminated: true };
    start = i + 1;
  }
  if (start < text.length) yield { text: text.slice(start), terminated: false };
}

/**
 * The physical lines of a byte (or string) stream, as they complete. Chunks are decoded with a
 * StringDecoder, so a UTF-8 character split across chunks is never decoded half-way. Memory: one line.
 */
export async function* streamLines(input: AsyncIterable<unknown>): AsyncGenerator<TextLine> {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  const complete = function* (text: string): Generator<TextLine> {
    let start = 0;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
      yield { text: partial + text.slice(start, i), terminated: true };
      partial = '';
      start = i + 1;
    }
    partial += text.slice(start);
  };
  for await (const chunk of input) yield* complete(typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
  yield* complete(decoder.end());
  if (partial !== '') yield { text: partial, terminated: false };
}
