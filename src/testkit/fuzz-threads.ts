// The emulator side of fuzz() runs: in this thread, or in worker threads (issue #21: one thread holds a campaign
// to one core; the consumer, a user function, stays here and reads the run's stdout from a stream as before).
import { existsSync, mkdirSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { ScenarioT } from '../scenario/schema.js';
import { brokenRules } from '../tools/fuzz/judge.js';
import { removeTree } from '../tools/fuzz/workdir.js';
import { eachMessage, mailbox } from './fuzz-mailbox.js';
import { parkWorker, takeWorker } from './fuzz-pool.js';
import { startInMemory } from './harness.js';

/** Calling thread -> worker. `ack`: the consumer's stream took `n` more bytes of the run's stdout. */
export type ToWorker =
  | { t: 'scenario'; scenario: ScenarioT | undefined }
  | { t: 'start'; id: number; argv: string[]; env: NodeJS.ProcessEnv; home: string; check: boolean }
  | { t: 'in'; id: number; text: string }
  | { t: 'end'; id: number }
  | { t: 'ack'; id: number; n: number }
  | { t: 'check'; id: number; bytes: Uint8Array }
  /** Parked (fuzz-pool.ts): no run in flight until the next fuzz() call takes it. */
  | { t: 'idle' };

/**
 * Worker -> calling thread. `ready`: its modules are loaded (sent once). `exit`: the run's emulator exited (its stdout
 * all sent); the worker then removes its home.
 */
export type FromWorker =
  /** `cache`: whether the worker's bundle came from its code cache (bin/fuzz-thread.cjs). */
  | { t: 'ready'; cache: boolean }
  | { t: 'out'; id: number; bytes: Uint8Array; lens: number[] }
  | { t: 'exit'; id: number; broken: string[]; error?: string }
  | { t: 'checked'; id: number; broken: string[] };

/** Checks a run's stdout (its writes in order) and resolves with the rules it breaks: here, or in a worker. */
export type CheckStream = (chunks: Buffer[]) => Promise<string[]>;

/**
 * `chunks` copied into one new buffer of their size, to be transferred to the other thread (its `buffer` listed in
 * postMessage's transfer list). Cloning the chunks instead copied each one's whole backing store, most often Node's
 * 8 KiB pool for a small write: ~10× the bytes of a run's stdout (issue #21).
 */
export function pack(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let size = 0;
  for (const c of chunks) size += c.byteLength;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

/** The checker in this thread. */
export const checkHere: CheckStream = (chunks) => Promise.resolve(brokenRules(Buffer.concat(chunks).toString('utf8')));

/** One run's emulator as the consumer's side sees it. */
export interface EmulatorSide {
  /** The run's stdout (perturbed), for the consumer. */
  out: PassThrough;
  send(text: string): void;
  end(): void;
  /** Resolves once the emulator exited, with the checker's broken rules when `check` was asked (else []). */
  finished: Promise<string[]>;
  /**
   * Called once the consumer is done with the run: removes the run's home once its emulator has exited (at once
   * when it has; what cannot be removed, or a home whose emulator never exits, is left to fuzz()'s removal of
   * the campaign folder).
   */
  release(): void;
}

/** What starts a run: the drop-in's argv and environment, its home (a fresh folder), whether to check its stream. */
export interface RunStart {
  argv: string[];
  env: NodeJS.ProcessEnv;
  home: string;
  check: boolean;
}

/** Starts runs' emulators; `close` ends the ones still running (fuzz() calls it once its campaign settled). */
export interface EmulatorHost {
  start(run: RunStart): EmulatorSide;
  /** Checks the stdout of a run that ran elsewhere (a worker's host offers it: the checker then costs the calling thread nothing). */
  check?: CheckStream;
  /** Whether a run started now would start at once (false while a new worker loads its modules). */
  ready(): boolean;
  close(): Promise<void>;
}

/**
 * The emulator in this thread: the drop-in over in-memory streams, its stdout piped to the consumer's stream. `check`
 * (default: here) runs the checker over a legal plan's stdout once the emulator exited.
 */
export function localHost(scenario: ScenarioT | undefined, check: () => CheckStream = () => checkHere): EmulatorHost {
  return {
    start(r) {
      mkdirSync(r.home);
      const { stdin, stdout, exit } = startInMemory({ argv: r.argv, env: r.env, cwd: r.home, scenario });
      const seen: Buffer[] = [];
      if (r.check) stdout.on('data', (c: Buffer) => seen.push(c));
      stdout.pause();
      const out = new PassThrough();
      stdout.pipe(out);
      const finished = exit.then(() => (r.check ? check()(seen) : []));
      // synchronous and after the exit: an async rm cost a run ~0.5 ms of CPU in callbacks, this ~0.1 ms on tmpfs (issue #21)
      const remove = () => void removeTree(r.home);
      return {
        out,
        send: (text) => void (stdin.writableEnded || stdin.write(text)),
        end: () => void (stdin.writableEnded || stdin.end()),
        finished,
        release: () => void exit.then(remove, remove),
      };
    },
    ready: () => true,
    close: () => Promise.resolve(),
  };
}

/**
 * The worker entry (fuzz-worker.ts's bundle through its code cache), and that bundle: absent when this module runs from
 * the TypeScript sources (a test runner's transform).
 */
const WORKER = fileURLToPath(new URL('../../bin/fuzz-thread.cjs', import.meta.url));
const WORKER_BUNDLE = fileURLToPath(new URL('../bundle/fuzz-worker.cjs', import.meta.url));

/** Whether worker threads can be used here (the worker bundle was built next to this compiled module's folder). */
export const workersAvailable = (): boolean => existsSync(WORKER_BUNDLE);

interface Pending {
  out: PassThrough;
  finished: { resolve: (b: string[]) => void; reject: (e: Error) => void };
  /** Bytes the consumer's stream took and the worker has not been told of yet. */
  taken: number;
}

/** Unacknowledged stdout bytes a worker's run may have in flight before its stdout pauses (two stream buffers, as a pipe into a PassThrough holds). */
export const WINDOW = 32 * 1024;
/**
 * Taken bytes told to the worker at once: one ack for every few batches instead of one each (a message costs more
 * than a batch's bytes, issue #21). Below WINDOW, so a paused run (more than WINDOW unacked) is always told.
 */
const ACK_AT = WINDOW / 2;

/**
 * Starts loading `n` workers (or keeps the parked ones) for the workerHost calls that follow: fuzz() calls it before
 * it loads the scenario file, so a new worker's ~300 ms of loading overlaps that (issue #21).
 */
export function warmWorkers(n: number): void {
  if (!workersAvailable()) return;
  const taken = Array.from({ length: n }, () => takeWorker(WORKER));
  for (const t of taken) parkWorker(t);
}

/** Run ids per worker: a parked worker serves several fuzz() calls, and an id is never used twice in one worker. */
const nextIds = new WeakMap<Worker, number>();

/**
 * A worker thread that runs emulators for this thread's consumers: a warm one kept from an earlier fuzz() call
 * (fuzz-pool.ts), else a new one that loads the drop-in once. Written by hand: the messages are a run's stream
 * (bytes out, frames in, acks for backpressure), which no pool library carries. Throws DataCloneError (the worker
 * parked again) when the scenario cannot be posted.
 */
export function workerHost(scenario: ScenarioT | undefined): EmulatorHost {
  const thread = takeWorker(WORKER);
  const { w } = thread;
  try {
    w.postMessage({ t: 'scenario', scenario } satisfies ToWorker);
  } catch (e) {
    parkWorker(thread);
    throw e;
  }
  const pending = new Map<number, Pending>();
  /** Checks of the calling thread's runs in flight here. */
  const checks = new Map<number, Pending['finished']>();
  const checking = new Set<Promise<string[]>>();
  let failed = false;
  let closed = false;
  const newId = (): number => {
    const id = nextIds.get(w) ?? 0;
    nextIds.set(w, id + 1);
    return id;
  };
  // a turn's messages go as one (the scenario above went alone: its DataCloneError is thrown to the caller)
  const box = mailbox<ToWorker>((ms, transfer) => w.postMessage(ms, transfer));
  const onMessage = (m: FromWorker) => {
    if (m.t === 'ready') return; // fuzz-pool.ts notes it
    if (m.t === 'checked') {
      checks.get(m.id)?.resolve(m.broken);
      checks.delete(m.id);
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    if (m.t === 'out') {
      // the emulator's writes one by one (a perturbation may cut frames across writes); acked once taken, ACK_AT at a time
      const n = m.bytes.byteLength;
      let at = m.bytes.byteOffset;
      let room = true;
      for (const len of m.lens) {
        room = p.out.write(Buffer.from(m.bytes.buffer, at, len));
        at += len;
      }
      const took = () => {
        p.taken += n;
        if (p.taken < ACK_AT) return;
        box.send({ t: 'ack', id: m.id, n: p.taken });
        p.taken = 0;
      };
      if (room) took();
      else p.out.once('drain', took);
    } else {
      pending.delete(m.id);
      p.out.end();
      if (m.error !== undefined) p.finished.reject(new Error(m.error));
      else p.finished.resolve(m.broken);
    }
  };
  const onError = (e: Error) => {
    failed = true;
    for (const p of pending.values()) p.finished.reject(e);
    for (const c of checks.values()) c.reject(e);
    pending.clear();
    checks.clear();
  };
  const onMessages = (m: FromWorker | FromWorker[]) => eachMessage(m, onMessage);
  w.on('message', onMessages).on('error', onError);
  return {
    start(r) {
      const id = newId();
      const out = new PassThrough();
      let finished!: Pending['finished'];
      let ended = false;
      const side: EmulatorSide = {
        out,
        send: (text) => box.send({ t: 'in', id, text }),
        // once: a consumer may call end() on every frame once it is done (the fixture's does), fuzz() twice more
        end: () => void (ended || ((ended = true), box.send({ t: 'end', id }))),
        finished: new Promise<string[]>((resolve, reject) => (finished = { resolve, reject })),
        // the worker removes the home once the emulator exits; close() ends any it did not get to (fuzz() then removes the folder)
        release: () => undefined,
      };
      pending.set(id, { out, finished, taken: 0 });
      box.send({ t: 'start', id, ...r });
      return side;
    },
    // a loaded worker checks; else (loading, failed, closed) the calling thread does, as it did before
    check: (chunks) => {
      if (!thread.ready || failed || closed) return checkHere(chunks);
      const id = newId();
      const checked = new Promise<string[]>((resolve, reject) => {
        checks.set(id, { resolve, reject });
        const bytes = pack(chunks);
        box.send({ t: 'check', id, bytes }, bytes.buffer);
      });
      checking.add(checked);
      const done = () => void checking.delete(checked);
      checked.then(done, done);
      return checked;
    },
    ready: () => thread.ready,
    async close() {
      closed = true;
      // a check still running (a run given up on by fuzz() ends without waiting for it) takes milliseconds: the worker is then parked, not ended
      if (pending.size === 0 && !failed) await Promise.allSettled([...checking]);
      w.off('message', onMessages).off('error', onError);
      // idle: kept warm (or loading) for the next call; a run still in flight (a consumer given up on) ends with the worker
      if (pending.size === 0 && checks.size === 0 && !failed) return parkWorker(thread);
      await w.terminate();
      onError(new Error('fuzz(): the worker threads were closed with this run in flight'));
    },
  };
}

/**
 * Runs spread over `hosts`, this thread first and then workers: each run goes to the ready host with the least load,
 * the first on a tie. A run in flight in this thread counts double, since this thread also runs every run's consumer
 * and relays the workers' streams (with an equal count it was the busy thread and a warm worker idled ~25% of the
 * time). A worker still loading gets no run, so none waits for its start-up (this thread is always ready).
 */
export function spreadHost(hosts: readonly EmulatorHost[]): EmulatorHost {
  const load = hosts.map(() => 0);
  const cost = (k: number): number => (k === 0 ? 2 : 1);
  return {
    start(r) {
      const i = load.reduce((best, n, k) => (n + cost(k) < (load[best] ?? 0) + cost(best) && (hosts[k] as EmulatorHost).ready() ? k : best), 0);
      load[i] = (load[i] ?? 0) + cost(i);
      const side = (hosts[i] as EmulatorHost).start(r);
      const done = () => void (load[i] = (load[i] ?? 0) - cost(i));
      side.finished.then(done, done);
      return side;
    },
    ready: () => true,
    close: async () => void (await Promise.all(hosts.map((h) => h.close()))),
  };
}
