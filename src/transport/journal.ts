import { closeSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { EmuError } from '../errors.js';
import { realNow } from '../now.js';
import { makeDirs } from './dirs.js';

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
 * what the consumer sent (issue #6). The file is opened at once, so an unusable path is an
 * EmuError('E_ENV') at start-up; a write that fails later (a full disk) calls `onFail` once and
 * journaling stops — the protocol on stdout goes on unchanged.
 *
 * Each line is one write(2) on an O_APPEND descriptor, done before `frame`/`event` return: a line recorded is
 * in the file, whatever ends the process next (an SDK's SIGTERM right after its stdin EOF, a deadline exit).
 * An asynchronous stream lost its queued tail in about 1 run in 50 of the CodeBuddy SDK's close (stdin end and
 * SIGTERM at once) on a loaded box; a line costs a few microseconds this way.
 */
export class Journal {
  private fd: number | undefined;
  /** Who else reads each line as it is recorded (the control server's copy, issue #19). */
  private readonly taps: Array<(line: string) => void> = [];
  private seq = 0;
  private readonly t0 = realNow();
  private failed = false;
  private readonly onFail: (err: Error) => void;

  /** `file` undefined: no file, the lines only go to the taps (a drop-in under CBC_EMU_CONTROL without --emu-journal). */
  constructor(
    file: string | undefined,
    private readonly now: () => number,
    onFail: (err: Error) => void,
  ) {
    this.onFail = onFail;
    if (file === undefined) return;
    try {
      makeDirs(dirname(file));
      this.fd = openSync(file, 'a');
    } catch (e) {
      throw new EmuError('E_ENV', `--emu-journal ${file} cannot be opened for appending (${(e as Error).message}): name a writable file`, { cause: e });
    }
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

  /** Hands every later line (JSON, no newline) to `tap` too. */
  tap(tap: (line: string) => void): void {
    this.taps.push(tap);
  }

  /** Closes the file (every line is already in it); later lines go to the taps only. */
  close(): void {
    const fd = this.fd;
    this.fd = undefined;
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // nothing is lost: every line was written before close
      }
    }
  }

  private write(e: Omit<JournalEntry, 'seq' | 'vt' | 'rt'>): void {
    if (this.failed && this.taps.length === 0) return;
    const line = JSON.stringify({ seq: ++this.seq, vt: this.now(), rt: Math.round(realNow() - this.t0), ...e });
    if (!this.failed && this.fd !== undefined) this.append(this.fd, line + '\n');
    for (const t of this.taps) t(line);
  }

  private append(fd: number, text: string): void {
    const buf = Buffer.from(text, 'utf8');
    try {
      for (let off = 0; off < buf.length; ) off += writeSync(fd, buf, off, buf.length - off);
    } catch (e) {
      this.failed = true;
      this.onFail(e as Error);
    }
  }
}
