// Messages between fuzz()'s calling thread and a worker, posted together once per turn of the event loop (issue #21):
// a run's stream is many small messages (stdout batches, acks, input lines, its end, its exit), and each one wakes
// the other thread (2–30 µs of CPU in a quiet loop, more on a loaded machine, where the woken thread takes the
// poster's time slice: `postMessage` held 3–4% of each thread's profile).

/** Queues messages for one thread; `send` posts them all as one array on the next turn of the event loop. */
export interface Mailbox<M> {
  /** Queues `m` (and a buffer to transfer with it). */
  send(m: M, transfer?: ArrayBuffer): void;
  /** Makes sure a post is coming (for `before`'s messages). */
  schedule(): void;
}

/**
 * A mailbox posting through `post`; `before` runs just before each post (to queue what was gathered meanwhile, such as
 * the runs' stdout batches). Order is kept: the other side handles the array's messages in order.
 */
export function mailbox<M>(post: (ms: M[], transfer: ArrayBuffer[]) => void, before?: () => void): Mailbox<M> {
  let box: M[] = [];
  let transfer: ArrayBuffer[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    before?.();
    if (box.length === 0) return;
    const ms = box;
    const tr = transfer;
    box = [];
    transfer = [];
    post(ms, tr);
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };
  return {
    send(m, t) {
      box.push(m);
      if (t) transfer.push(t);
      schedule();
    },
    schedule,
  };
}

/** Calls `one` for each message of `m` (an array from a mailbox, or a single message). */
export function eachMessage<M>(m: M | M[], one: (m: M) => void): void {
  if (Array.isArray(m)) for (const x of m) one(x);
  else one(m);
}
