// Worker threads of fuzz() kept warm between calls (issue #21). A new worker costs ~60 ms of CPU to load the drop-in
// and the checker from their bundle and its code cache (bin/fuzz-thread.cjs; ~250 ms from dist/'s modules before),
// and then runs its first few hundred runs in cold (not yet optimised) code at about 1.5× the CPU of a warm one's: a
// suite or a bench calling fuzz() several times paid that on every call.
import { Worker } from 'node:worker_threads';

/** How long a parked worker waits for the next fuzz() call before it ends (a 300-run campaign takes 2–10 s). */
const IDLE_MS = 30_000;

/** A worker thread of fuzz(); `ready` once it posted `{ t: 'ready' }` (its modules loaded). */
export interface FuzzThread {
  readonly w: Worker;
  ready: boolean;
}

interface Parked {
  t: FuzzThread;
  timer: NodeJS.Timeout;
  gone: () => void;
}
const parked: Parked[] = [];

const unpark = (p: Parked): void => {
  const i = parked.indexOf(p);
  if (i >= 0) parked.splice(i, 1);
  clearTimeout(p.timer);
  p.t.w.off('error', p.gone).off('exit', p.gone);
};

/** A parked worker (loaded, or loading, and its code optimised by earlier runs), else a new one. */
export function takeWorker(file: string): FuzzThread {
  const p = parked.pop();
  if (p) {
    unpark(p);
    p.t.w.ref();
    return p.t;
  }
  const t: FuzzThread = { w: new Worker(file), ready: false };
  t.w.on('message', (m: { t?: unknown }) => void (m.t === 'ready' && (t.ready = true)));
  return t;
}

/**
 * Keeps an idle worker (no run in flight, the caller's listeners removed) for the next fuzz() call, and ends it
 * after IDLE_MS unused. Unref'd while parked, so it never keeps the process alive; one that fails or exits while
 * parked is dropped.
 */
export function parkWorker(t: FuzzThread): void {
  const p: Parked = {
    t,
    timer: setTimeout(() => {
      unpark(p);
      void t.w.terminate();
    }, IDLE_MS).unref(),
    gone: () => unpark(p),
  };
  t.w.on('error', p.gone).on('exit', p.gone);
  t.w.unref();
  // fuzz-threads.ts ToWorker `idle`: the worker may write its code cache now (bin/fuzz-thread.cjs)
  t.w.postMessage({ t: 'idle' });
  parked.push(p);
}

/** Thread ids of the parked workers (for tests: the next fuzz() call takes one of these instead of a new one). */
export const parkedThreadIds = (): number[] => parked.map((p) => p.t.w.threadId);
