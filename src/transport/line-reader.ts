/**
 * Byte-buffered NDJSON line splitter for stdin.
 *
 * Why bytes: a chunk boundary may fall inside a multi-byte UTF-8 character; decoding per chunk would
 * corrupt it. We keep raw bytes until a `\n` arrives and decode whole lines only.
 */
export type LineEvent =
  | { kind: 'line'; text: string; lineNo: number }
  | { kind: 'oversized'; bytes: number; lineNo: number };

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

  constructor(private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES) {}

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
    if (this.size > 0 || this.discarding) this.finish(out);
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
    if (complete) this.finish(out);
  }

  private finish(out: LineEvent[]): void {
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
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim() === '') return;
    out.push({ kind: 'line', text, lineNo: this.lineNo });
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
