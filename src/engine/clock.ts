/**
 * Virtual clock and event scheduler.
 *
 * Time is virtual milliseconds since the epoch. Scheduled callbacks fire in (time, priority,
 * insertion) order. `speed` maps virtual to real time: 1 sleeps in real time, 10 runs ten times
 * faster, 0 never sleeps (time jumps from event to event, so output is fully deterministic).
 * Between events at speed > 0, `now()` interpolates real elapsed time so that inputs arriving
 * mid-wait (an interrupt) get a realistic timestamp; it never passes the next event's time.
 */
import { realNow } from '../now.js';

export interface Timer {
  readonly time: number;
  cancel(): void;
}

interface Entry {
  time: number;
  prio: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/** Slowest accepted speed other than 0: a virtual second then takes about 17 real minutes. */
export const MIN_SPEED = 0.001;
/** Longest single real wait: setTimeout fires at once (with a warning) for more than 2^31-1 ms, so longer waits are taken in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Why `speed` is unusable for the clock, or undefined when it is fine (0, or MIN_SPEED and up, finite). */
export function checkSpeed(speed: number): string | undefined {
  if (speed === 0 || (Number.isFinite(speed) && speed >= MIN_SPEED)) return undefined;
  return `--emu-speed must be 0 (instant) or a finite number from ${MIN_SPEED} up (1 is real time), got ${speed}`;
}

/** Priorities for callbacks at the same instant: lower runs first. */
export const PRIO = { normal: 0, flush: 10, late: 20 } as const;

/** The event loop of the virtual clock; its queue is a binary heap by hand (Node has no priority queue). */
export class Scheduler {
  private heap: Entry[] = [];
  private seq = 0;
  private vAnchor: number;
  private rAnchor: number;
  private wakeUp: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  private idleWaiters: Array<() => void> = [];
  /** Awaited before each callback fires (backpressure from the writer). */
  gate: (() => Promise<void> | undefined) | undefined;
  private holds = 0;
  /**
   * The control server's clock hold (issue #19): `frozen` is now while held, `frozenUntil` how far
   * callbacks may fire (advance moves it; frozen follows each callback fired, then reaches it).
   */
  private frozen: number | undefined;
  private frozenUntil: number | undefined;

  constructor(
    epochMs: number,
    readonly speed: number,
  ) {
    this.vAnchor = epochMs;
    this.rAnchor = realNow();
  }

  /** Current virtual time in integer milliseconds. */
  now(): number {
    if (this.frozen !== undefined) return this.frozen;
    if (this.speed === 0) return this.vAnchor;
    const t = this.vAnchor + Math.floor((realNow() - this.rAnchor) * this.speed);
    const next = this.peek();
    return next ? Math.min(t, next.time) : t;
  }

  /** Schedules `fn` at virtual time `time` (clamped to now). */
  at(time: number, fn: () => void, prio: number = PRIO.normal): Timer {
    const e: Entry = { time: Math.max(time, this.now()), prio, seq: this.seq++, fn, cancelled: false };
    this.push(e);
    this.wake();
    return {
      time: e.time,
      cancel: () => {
        e.cancelled = true;
      },
    };
  }

  /** Schedules `fn` `delay` virtual ms from now. */
  after(delay: number, fn: () => void, prio: number = PRIO.normal): Timer {
    return this.at(this.now() + Math.max(0, delay), fn, prio);
  }

  /** True when nothing is scheduled. */
  get idle(): boolean {
    this.dropCancelled();
    return this.heap.length === 0;
  }

  /** Resolves the next time the queue becomes empty. */
  whenIdle(): Promise<void> {
    if (this.idle) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  /**
   * Holds virtual time at `now` while someone outside (the host answering a request) must act: at
   * speed 0 time would otherwise jump straight to the request's timeout. Callbacks due now still run.
   * Returns the release function.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      this.wake();
    };
  }

  /**
   * Freezes virtual time at `now` at any speed (the control server's clock hold, issue #19): callbacks
   * due later wait until `advance()` moves the frozen time or `thaw()` lets it run again.
   */
  freeze(): void {
    if (this.frozen !== undefined) return;
    this.frozen = this.now();
    this.frozenUntil = this.frozen;
  }

  /** Moves frozen time `ms` forward, firing what falls due in order, each at its own time; freezes first. Returns the target. */
  advance(ms: number): number {
    this.freeze();
    this.frozenUntil = this.frozenUntil! + Math.max(0, ms);
    this.wake();
    return this.frozenUntil;
  }

  /** Lets frozen time run again from where it stands. */
  thaw(): void {
    if (this.frozen === undefined) return;
    this.vAnchor = Math.max(this.vAnchor, this.frozen);
    this.rAnchor = realNow();
    this.frozen = undefined;
    this.frozenUntil = undefined;
    this.wake();
  }

  /** Resolves once every callback due by now has fired and the loop waits (for time, input or a thaw). */
  whenSettled(): Promise<void> {
    if (!this.running || this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.settleWaiters.push(resolve);
      this.wake(); // a waiting loop re-evaluates and reports itself settled
    });
  }

  private settleWaiters: Array<() => void> = [];

  private settled(): void {
    const w = this.settleWaiters;
    this.settleWaiters = [];
    for (const f of w) f();
  }

  /** True while `freeze()` holds the clock. */
  get isFrozen(): boolean {
    return this.frozen !== undefined;
  }

  /** Starts the loop; it runs until `stop()`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    void this.loop();
  }

  /** Stops the loop; pending callbacks are dropped. */
  stop(): void {
    this.stopped = true;
    this.heap = [];
    this.settled();
    this.wake();
  }

  private async loop(): Promise<void> {
    let burst = 0;
    while (!this.stopped) {
      this.dropCancelled();
      const next = this.heap[0];
      if (!next) {
        const w = this.idleWaiters;
        this.idleWaiters = [];
        for (const f of w) f();
        if (this.frozen !== undefined) this.frozen = this.frozenUntil;
        this.settled();
        await new Promise<void>((r) => (this.wakeUp = r));
        continue;
      }
      const beyond = this.frozenUntil !== undefined && next.time > this.frozenUntil;
      if (beyond || (this.holds > 0 && this.speed === 0 && next.time > this.vAnchor)) {
        if (beyond) this.frozen = this.frozenUntil; // every callback due by the target fired: time stands at it
        this.settled();
        await new Promise<void>((r) => (this.wakeUp = r));
        continue;
      }
      if (this.speed > 0 && this.frozen === undefined) {
        const realDelay = (next.time - this.now()) / this.speed;
        if (realDelay >= 1) {
          this.settled();
          await new Promise<void>((r) => {
            this.wakeUp = r;
            this.timer = setTimeout(r, Math.min(realDelay, MAX_TIMER_MS));
          });
          clearTimeout(this.timer);
          continue; // re-evaluate: something earlier may have been scheduled
        }
      }
      const g = this.gate?.();
      if (g) {
        await g;
        continue;
      }
      this.pop();
      if (next.cancelled) continue;
      this.vAnchor = Math.max(this.vAnchor, next.time);
      if (this.speed > 0) this.rAnchor = realNow(); // read only at speed > 0 (now()): ~80,000 reads in an emission run
      if (this.frozen !== undefined) this.frozen = Math.max(this.frozen, next.time);
      next.fn();
      // let stdin and stdout callbacks run now and then, even when time does not advance
      if (++burst >= 64) {
        burst = 0;
        await new Promise<void>((r) => setImmediate(r));
      }
    }
  }

  private wake(): void {
    const w = this.wakeUp;
    this.wakeUp = undefined;
    w?.();
  }

  private peek(): Entry | undefined {
    this.dropCancelled();
    return this.heap[0];
  }

  private dropCancelled(): void {
    while (this.heap.length > 0 && this.heap[0]!.cancelled) this.pop();
  }

  private less(a: Entry, b: Entry): boolean {
    return a.time !== b.time ? a.time < b.time : a.prio !== b.prio ? a.prio < b.prio : a.seq < b.seq;
  }

  private push(e: Entry): void {
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }

  private pop(): Entry | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
        if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}
