import { Writable } from 'node:stream';
import type { FuzzPlan } from './plan.js';
import { pick, unit } from './plan.js';

/** Cut points for `buf`: 1..4 of them, preferring the inside of a multi-byte UTF-8 character. */
export function cutPoints(buf: Uint8Array, seed: number, k: number): number[] {
  if (buf.length < 2) return [];
  const inside: number[] = [];
  for (let i = 1; i < buf.length; i++) if (((buf[i] as number) & 0xc0) === 0x80) inside.push(i);
  const count = pick(1, Math.min(4, buf.length - 1), seed, 'cuts', k);
  const cuts = new Set<number>();
  for (let c = 0; c < count; c++) {
    const mid = inside.length > 0 && unit(seed, 'mid', k, c) < 0.6;
    cuts.add(mid ? (inside[pick(0, inside.length - 1, seed, 'in', k, c)] as number) : pick(1, buf.length - 1, seed, 'at', k, c));
  }
  return [...cuts].sort((a, b) => a - b);
}

/**
 * A stdout wrapper for the byte-level perturbations (`chunk`, `jitter`, `truncate-last-line`): bytes
 * reach the target in order, in the pieces and with the pauses the plan chooses. Backpressure,
 * `drain` and errors pass through, and a write's callback runs only once its bytes were handed on, so
 * the FrameWriter's flush still means "everything is out".
 */
export class ChunkWriter extends Writable {
  private n = 0;
  private chunked = 0;
  private jittered = 0;
  private lastLine: Buffer | undefined;
  /** Perturbation id -> how many times it acted. */
  readonly applied = new Map<string, number>();

  constructor(
    private readonly target: NodeJS.WritableStream,
    private readonly plan: FuzzPlan,
    private readonly tap?: (bytes: Buffer) => void,
  ) {
    super({ decodeStrings: true });
    target.on('error', (e: Error) => this.destroy(e));
    target.on('close', () => this.destroy());
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null) => void): void {
    void this.send(chunk).then(
      () => cb(),
      (e: Error) => cb(e),
    );
  }

  /** Ends the stream with the first half of the last line and no newline (illegal `truncate-last-line`). */
  tornTail(): void {
    if (!this.plan.p['truncate-last-line'] || !this.lastLine || this.lastLine.length < 4) return;
    this.applied.set('truncate-last-line', 1);
    this.write(this.lastLine.subarray(0, Math.floor(this.lastLine.length / 2)));
  }

  private async send(chunk: Buffer): Promise<void> {
    if (chunk.length === 0) return;
    const k = this.n++;
    // the last line is kept (a copy: the caller may reuse its buffer) only for the plan that tears it
    if (this.plan.p['truncate-last-line']) {
      const end = chunk.lastIndexOf(0x0a);
      if (end >= 0) this.lastLine = Buffer.from(chunk.subarray(chunk.lastIndexOf(0x0a, end - 1) + 1, end + 1));
    }
    this.tap?.(chunk);
    let pieces = [chunk];
    if ((this.plan.p['chunk'] ?? 0) > this.chunked && unit(this.plan.seed, 'chunk', k) < 0.5) {
      this.chunked++;
      this.applied.set('chunk', this.chunked);
      const cuts = [0, ...cutPoints(chunk, this.plan.seed, k), chunk.length];
      pieces = cuts.slice(1).map((c, i) => chunk.subarray(cuts[i] as number, c));
    }
    for (const [i, piece] of pieces.entries()) {
      if ((this.plan.p['jitter'] ?? 0) > this.jittered && unit(this.plan.seed, 'jitter', k, i) < 0.5) {
        this.jittered++;
        this.applied.set('jitter', this.jittered);
        await new Promise((r) => setTimeout(r, pick(1, 5, this.plan.seed, 'ms', k, i)));
      }
      if (this.destroyed) return;
      if (!this.target.write(piece)) await new Promise<void>((r) => this.target.once('drain', () => r()));
    }
  }
}
