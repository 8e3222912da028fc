import type { Writable } from 'node:stream';
import { flushed } from './flush.js';

/** Characters of coalesced lines written at once without waiting for the end of the burst. */
const BATCH_CHARS = 65536;
/** Lines a hold may queue before `ready()` asks the engine to wait for its release. */
const MAX_HELD_LINES = 4096;

/**
 * Writes one already-serialised frame per line. Knows nothing about message shapes.
 *
 * Honours backpressure (`ready()` resolves on `drain`), survives a consumer that closed the pipe
 * (EPIPE, destroyed or ended stream: later frames are dropped and `broken` is set, nothing throws),
 * and `flush()` resolves only once every byte written so far was handed to the OS.
 */
export class FrameWriter {
  private waiting: Array<() => void> = [];
  private full = false;
  /** Set when the reader went away (EPIPE, destroyed or closed stream); frames after that are dropped. */
  broken = false;
  /** Count of frames handed to the stream. */
  written = 0;

  /** Lines written while stdout is held (the control server's stall fault, issue #19), in order. */
  private held: string[] | undefined;
  private holdWaiters: Array<() => void> = [];

  /** Called after each line is written (or queued behind a hold), with the line's JSON: the control server's `when` injections. */
  onWrite: ((json: string) => void) | undefined;

  /**
   * `coalesce`: frames written in one synchronous burst leave as one string in one write (joined until
   * the next tick, or 64 KiB) — far fewer syscalls and chunks when the engine emits many frames at
   * once, same bytes and order.
   */
  constructor(
    private readonly stream: Writable,
    private readonly opts: { coalesce?: boolean } = {},
  ) {
    stream.on('drain', () => this.release());
    stream.on('error', (err: NodeJS.ErrnoException) => {
      // a consumer that stops reading is legal; it must not crash us with a stack trace
      this.markBroken();
      if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED') this.onError?.(err);
    });
    // a stream that closes while we wait for `drain` would otherwise leave `ready()` pending forever
    stream.on('close', () => this.markBroken());
  }

  /** Called for stream errors other than a closed reader. */
  onError: ((err: Error) => void) | undefined;

  /** Writes `json` plus `\n`. Returns false when the caller should await `ready()`. Never throws. */
  write(json: string): boolean {
    if (this.broken || this.unusable()) {
      this.markBroken();
      return true;
    }
    this.written += 1;
    if (this.held) {
      this.held.push(json);
      this.onWrite?.(json);
      return true;
    }
    const ok = this.put(json);
    this.onWrite?.(json);
    return ok;
  }

  /**
   * Holds stdout: lines written from now on queue in memory, in order, and go out when the returned
   * release is called (once). Nested holds release when the last one does.
   */
  hold(): () => void {
    this.held ??= [];
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds > 0 || !this.held) return;
      const lines = this.held;
      this.held = undefined;
      for (const line of lines) if (!this.broken && !this.unusable()) this.put(line);
      const w = this.holdWaiters;
      this.holdWaiters = [];
      for (const f of w) f();
    };
  }

  private holds = 0;

  private put(json: string): boolean {
    if (this.opts.coalesce) {
      // one string and one write(2) per burst: a writev of thousands of small chunks costs more than the copy (issue #21)
      if (this.batch === '') process.nextTick(this.sendBatch);
      this.batch += json + '\n';
      if (this.batch.length >= BATCH_CHARS) this.sendBatch();
      return !this.full;
    }
    return this.send(json + '\n');
  }

  /** The coalesced lines not yet handed to the stream. */
  private batch = '';

  private readonly sendBatch = (): void => {
    if (this.batch === '') return;
    const text = this.batch;
    this.batch = '';
    if (!this.broken && !this.unusable()) this.send(text);
  };

  private send(text: string): boolean {
    let ok: boolean;
    try {
      ok = this.stream.write(text);
    } catch {
      this.markBroken();
      return true;
    }
    if (!ok) this.full = true;
    return ok;
  }

  /** Resolves when the stream can take more (and a long hold was released); `undefined` when it is not backed up (or broken). */
  ready(): Promise<void> | undefined {
    if (this.broken) return undefined;
    // held lines wait in memory: past a bound the writer is as backed up as a full pipe
    if (this.held && this.held.length >= MAX_HELD_LINES) return new Promise<void>((resolve) => this.holdWaiters.push(resolve));
    if (!this.full) return undefined;
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Resolves once everything written so far was flushed (immediately when the stream is broken). */
  flush(): Promise<void> {
    if (this.held) return new Promise<void>((resolve) => this.holdWaiters.push(resolve)).then(() => this.flush());
    this.sendBatch();
    if (this.broken) return Promise.resolve();
    return flushed(this.stream);
  }

  /** Whether the reader went away, so frames were or will be dropped (a destroyed stream counts before its error event). */
  get gone(): boolean {
    return this.broken || this.stream.destroyed;
  }

  /** A destroyed or ended stream takes no more bytes (and a destroyed one emits no error on write). */
  private unusable(): boolean {
    return this.stream.destroyed || this.stream.writableEnded;
  }

  private markBroken(): void {
    this.broken = true;
    this.release();
  }

  private release(): void {
    this.full = false;
    const w = this.waiting;
    this.waiting = [];
    for (const f of w) f();
  }
}
