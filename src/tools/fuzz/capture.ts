/**
 * What the fuzzer keeps of a consumer's stdout or stderr: the first and the last `keep` bytes and a count
 * of the rest (issue #18 class 7: a `--consumer "yes"` must not grow the campaign's memory). The run's
 * verdict is decided by exit code, timeout and oracle as before; a chatty consumer is not a failure by
 * itself, its report line only says how much was not kept.
 */
export class BoundedCapture {
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  /** The tail as a list of recent chunks, trimmed from the front to at most `keep` bytes. */
  private tail: Buffer[] = [];
  private tailBytes = 0;
  /** Every byte the stream carried. */
  total = 0;

  constructor(private readonly keep = 64 * 1024) {}

  /** Takes one chunk: fills the head first, then keeps only the newest `keep` bytes. */
  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.headBytes < this.keep) {
      const part = chunk.subarray(0, this.keep - this.headBytes);
      // a copy: a slice would pin the whole chunk the stream handed us
      this.head.push(Buffer.from(part));
      this.headBytes += part.length;
      chunk = chunk.subarray(part.length);
      if (chunk.length === 0) return;
    }
    const piece = chunk.length > this.keep ? chunk.subarray(chunk.length - this.keep) : chunk;
    this.tail.push(Buffer.from(piece));
    this.tailBytes += piece.length;
    while (this.tailBytes - (this.tail[0]?.length ?? 0) >= this.keep) this.tailBytes -= (this.tail.shift() as Buffer).length;
  }

  /** Bytes carried but not kept. */
  get dropped(): number {
    return this.total - this.headBytes - Math.min(this.tailBytes, this.keep);
  }

  /** The kept text: head, a marker line naming how many bytes were left out, tail. */
  text(): string {
    const tail = Buffer.concat(this.tail);
    const kept = tail.subarray(Math.max(0, tail.length - this.keep));
    const head = Buffer.concat(this.head).toString('utf8');
    if (this.dropped === 0) return head + kept.toString('utf8');
    return `${head}\n[cbc-emu fuzz: ${this.dropped} bytes not kept]\n${kept.toString('utf8')}`;
  }
}
