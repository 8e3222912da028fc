/**
 * The project's one line splitter: byte-buffered NDJSON lines, for the drop-in's stdin and for every
 * reader of someone else's output (check, report, cassettes, demo, the test kit).
 *
 * Why bytes: a chunk boundary may fall inside a multi-byte UTF-8 character; decoding per chunk would
 * corrupt it. We keep raw bytes until a `\n` arrives and decode whole lines only.
 * Why by hand (not readline): readline cannot say whether the last line was terminated, nor cap a line.
 */
export type LineEvent =
  | { kind: 'line'; text: string; lineNo: number; terminated: boolean }
  | { kind: 'oversized'; bytes: number; lineNo: number };

/** How lines are delivered. */
export interface LineReaderOptions {
  /** Cap on one line's bytes (default {@link DEFAULT_MAX_LINE_BYTES}). */
  maxLineBytes?: number;
  /**
   * Every physical line as it is, blank and `\r`-ended ones included (a checker must see them: a blank
   * line on stdout is itself a finding). Default false: the stdin reading, which strips a trailing `\r`
   * and skips blank lines.
   */
  verbatim?: boolean;
}

/** Default cap on one stdin line: generous for image-bearing user messages, bounded for safety. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

/**
 * Splits a byte stream into lines; strips a trailing `\r`; skips blank lines; caps line size.
 * Line numbers count every physical line (blank ones too), from 1. Non-JSON text is passed through:
 * the protocol layer decides what a line means.
 */
export class LineReader {
  private parts: Buffer[] = [];
  private size = 0;
  private discarding = false; // inside an oversized line: drop bytes until its newline
  private discarded = 0;
  private lineNo = 0;

  private readonly maxLineBytes: number;
  private readonly verbatim: boolean;

  constructor(options: LineReaderOptions = {}) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.verbatim = options.verbatim ?? false;
  }

  /** Feeds one chunk (a string is taken as UTF-8); returns the complete lines it finished, in order. */
  push(data: Buffer | string): LineEvent[] {
    const chunk = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    const out: LineEvent[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl === -1) break;
      this.take(chunk.subarray(start, nl), out, true);
      start = nl + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start), out, false);
    return out;
  }

  /** Flushes a final line that had no terminating newline (stdin EOF). */
  end(): LineEvent[] {
    const out: LineEvent[] = [];
    if (this.size > 0 || this.discarding) this.finish(out, false);
    return out;
  }

  private take(piece: Buffer, out: LineEvent[], complete: boolean): void {
    if (this.discarding) {
      this.discarded += piece.length;
    } else if (this.size + piece.length > this.maxLineBytes) {
      this.discarding = true;
      this.discarded = this.size + piece.length;
      this.parts = [];
      this.size = 0;
    } else if (piece.length > 0) {
      // copy: the caller may reuse the chunk's memory
      this.parts.push(complete && this.parts.length === 0 ? piece : Buffer.from(piece));
      this.size += piece.length;
    }
    if (complete) this.finish(out, true);
  }

  private finish(out: LineEvent[], terminated: boolean): void {
    this.lineNo += 1;
    if (this.discarding) {
      out.push({ kind: 'oversized', bytes: this.discarded, lineNo: this.lineNo });
      this.discarding = false;
      this.discarded = 0;
      return;
    }
    const buf = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    let text = buf.toString('utf8');
    if (!this.verbatim) {
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (text.trim() === '') return;
    }
    out.push({ kind: 'line', text, lineNo: this.lineNo, terminated });
  }
}

/**
 * The lines of a byte stream (a child's or an in-memory stdout), split by a {@link LineReader} so a
 * multi-byte character cut across chunks stays whole. Blank lines are skipped; a line over the cap ends
 * the iteration with an error (no stdout the emulator writes comes near it).
 */
export async function* readLines(source: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const reader = new LineReader();
  const texts = function* (events: LineEvent[]): Generator<string> {
    for (const ev of events) {
      if (ev.kind === 'oversized') throw new Error(`line ${ev.lineNo} is ${ev.bytes} bytes, over the ${DEFAULT_MAX_LINE_BYTES}-byte limit`);
      yield ev.text;
    }
  };
  for await (const chunk of source) yield* texts(reader.push(chunk));
  yield* texts(reader.end());
}

/** One physical line, without its `\n`; `terminated` is false only for a last line that lacks one. */
export interface TextLine {
  text: string;
  terminated: boolean;
}

const verbatimLines = function* (events: LineEvent[]): Generator<TextLine> {
  for (const ev of events) if (ev.kind === 'line') yield { text: ev.text, terminated: ev.terminated };
};

/** The physical lines of a whole text, blank ones included; a final empty piece after the last `\n` is no line. */
export function* textLines(text: string): Generator<TextLine> {
  // already decoded: no character can be cut, so the string is split as it is (the bytes' round trip cost the
  // fuzzer's checker a copy of every run's stdout, issue #21); same lines as a verbatim LineReader
  let start = 0;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
    yield { text: text.slice(start, nl), terminated: true };
    start = nl + 1;
  }
  if (start < text.length) yield { text: text.slice(start), terminated: false };
}

/** The physical lines of a byte (or string) stream, as they complete, verbatim. Memory: one line. */
export async function* streamLines(input: AsyncIterable<unknown>): AsyncGenerator<TextLine> {
  const reader = new LineReader({ verbatim: true, maxLineBytes: Number.POSITIVE_INFINITY });
  for await (const chunk of input) yield* verbatimLines(reader.push(chunk as Buffer | string));
  yield* verbatimLines(reader.end());
}
