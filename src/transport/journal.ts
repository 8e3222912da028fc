import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';

/** One journal line: a frame in either direction, or a lifecycle event, with virtual and real time. */
export interface JournalEntry {
  seq: number;
  dir: 'in' | 'out' | 'meta';
  /** Virtual time (epoch ms) when the entry was recorded. */
  vt: number;
  /** Real milliseconds since the process started serving. */
  rt: number;
  frame?: unknown;
  /** An input line that was not JSON, verbatim. */
  raw?: string;
  event?: string;
  [k: string]: unknown;
}

/**
 * Two-way journal (`--emu-journal <file>`): every frame read from stdin and written to stdout, plus
 * lifecycle events (stdin EOF, exit), one JSON object per line, appended. Tests read it to assert
 * what the consumer sent (issue #6).
 */
export class Journal {
  private readonly out: WriteStream;
  private seq = 0;
  private readonly t0 = performance.now();

  constructor(
    file: string,
    private readonly now: () => number,
  ) {
    mkdirSync(dirname(file), { recursive: true });
    this.out = createWriteStream(file, { flags: 'a' });
  }

  /** Records a frame in direction `dir`. */
  frame(dir: 'in' | 'out', frame: unknown): void {
    this.write({ dir, frame });
  }

  /** Records an input line that was not JSON. */
  raw(text: string): void {
    this.write({ dir: 'in', raw: text });
  }

  /** Records a lifecycle event (`eof`, `exit`, `signal`, ...). */
  event(event: string, extra: Record<string, unknown> = {}): void {
    this.write({ dir: 'meta', event, ...extra });
  }

  /** Flushes and closes the file. */
  close(): Promise<void> {
    return new Promise((resolve) => this.out.end(() => resolve()));
  }

  private write(e: Omit<JournalEntry, 'seq' | 'vt' | 'rt'>): void {
    const entry = { seq: ++this.seq, vt: this.now(), rt: Math.round(performance.now() - this.t0), ...e };
    this.out.write(JSON.stringify(entry) + '\n');
  }
}
