import type { Writable } from 'node:stream';

/**
 * Writes one already-serialised frame per line. Knows nothing about message shapes.
 *
 * Honours backpressure (`ready()` resolves on `drain`), survives a consumer that closed the pipe
 * (EPIPE: later frames are dropped and `broken` is set), and `end()` resolves only once every byte
 * was handed to the OS.
 */
export class FrameWriter {
  private waiting: Array<() => void> = [];
  private full = false;
  /** Set when the reader went away (EPIPE); frames after that are dropped. */
  broken = false;
  /** Count of frames handed to the stream. */
  written = 0;

  constructor(private readonly stream: Writable) {
    stream.on('drain', () => this.release());
    stream.on('error', (err: NodeJS.ErrnoException) => {
      // a consumer that stops reading is legal; it must not crash us with a stack trace
      this.broken = true;
      this.release();
      if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED') this.onError?.(err);
    });
  }

  /** Called for stream errors other than a closed reader. */
  onError: ((err: Error) => void) | undefined;

  /** Writes `json` plus `\n`. Returns false when the caller should await `ready()`. */
  write(json: string): boolean {
    if (this.broken) return true;
    this.written += 1;
    const ok = this.stream.write(json + '\n');
    if (!ok) this.full = true;
    return ok;
  }

  /** Resolves when the stream can take more (immediately when it is not backed up). */
  ready(): Promise<void> | undefined {
    if (!this.full || this.broken) return undefined;
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Flushes everything written so far. */
  flush(): Promise<void> {
    if (this.broken) return Promise.resolve();
    return new Promise((resolve) => {
      // an empty write's callback runs after all earlier writes were flushed
      this.stream.write('', () => resolve());
    });
  }

  private release(): void {
    this.full = false;
    const w = this.waiting;
    this.waiting = [];
    for (const f of w) f();
  }
}
