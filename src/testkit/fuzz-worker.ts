// A worker thread of the in-process fuzz() (issue #21): runs the emulator side of runs (the drop-in over
// in-memory streams, its perturbations, the checker over a legal plan's stream) while the consumer stays in
// the calling thread. Messages are those of fuzz-threads.ts (ToWorker in, FromWorker out). A worker runs this module
// from its one-file bundle through a V8 code cache (bin/fuzz-thread.cjs, dist/bundle/fuzz-worker.cjs).
import { mkdirSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { ScenarioT } from '../scenario/schema.js';
import { brokenRules } from '../tools/fuzz/judge.js';
import { removeTree } from '../tools/fuzz/workdir.js';
import { eachMessage, mailbox } from './fuzz-mailbox.js';
import { pack, WINDOW, type FromWorker, type ToWorker } from './fuzz-threads.js';
import { startInMemory, type InMemoryRun } from './harness.js';


if (!parentPort) throw new Error('fuzz-worker is the module of fuzz()\'s worker threads (bin/fuzz-thread.cjs), not a program');
const port = parentPort;
/** The calling fuzz() campaign's scenario (its first message; a parked worker gets the next campaign's). */
let scenario: ScenarioT | undefined;

interface Run {
  run: InMemoryRun;
  unacked: number;
  /** Writes not posted yet: a run's writes of one turn of the event loop go in one message (a message costs more than a small write). */
  batch: Buffer[];
  /** Queues the batch (one buffer, transferred) in the mailbox. */
  flush(): void;
}
const runs = new Map<number, Run>();
/** Runs with writes in their batch. */
const written = new Set<Run>();
const box = mailbox<FromWorker>(
  (ms, transfer) => port.postMessage(ms, transfer),
  () => {
    for (const r of written) r.flush();
    written.clear();
  },
);
const post = (m: FromWorker) => box.send(m);

function start(m: Extract<ToWorker, { t: 'start' }>): void {
  try {
    mkdirSync(m.home);
  } catch (e) {
    post({ t: 'exit', id: m.id, broken: [], error: e instanceof Error ? e.message : String(e) });
    return;
  }
  const run = startInMemory({ argv: m.argv, env: m.env, cwd: m.home, scenario });
  const r: Run = {
    run,
    unacked: 0,
    batch: [],
    flush() {
      if (r.batch.length === 0) return;
      const bytes = pack(r.batch);
      box.send({ t: 'out', id: m.id, bytes, lens: r.batch.map((c) => c.byteLength) }, bytes.buffer);
      r.batch = [];
    },
  };
  runs.set(m.id, r);
  const seen: Buffer[] = [];
  run.stdout.on('data', (c: Buffer) => {
    if (m.check) seen.push(c);
    r.unacked += c.length;
    if (r.unacked > WINDOW) run.stdout.pause();
    r.batch.push(c);
    written.add(r);
    box.schedule();
  });
  run.stdout.on('end', () => {
    r.flush(); // before its exit
    written.delete(r);
    void run.exit.then(() => {
      runs.delete(m.id);
      post({ t: 'exit', id: m.id, broken: m.check ? brokenRules(Buffer.concat(seen).toString('utf8')) : [] });
      removeTree(m.home);
    });
  });
}

/** The loader's `fill`, called at the first `idle` message after a run (the cache then holds what runs compiled). */
let idle: (() => void) | undefined;
/** Whether a run was started here. */
let ran = false;

const handle = (m: ToWorker): void => {
  if (m.t === 'scenario') return void (scenario = m.scenario);
  if (m.t === 'idle') {
    const f = ran ? idle : undefined;
    if (f) idle = undefined;
    return f?.();
  }
  if (m.t === 'start') return void ((ran = true), start(m));
  // a run of the calling thread: its stdout checked here, off the thread that runs every consumer (issue #21)
  if (m.t === 'check') return post({ t: 'checked', id: m.id, broken: brokenRules(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength).toString('utf8')) });
  const r = runs.get(m.id);
  if (!r) return; // a run that ended already
  const { stdin, stdout } = r.run;
  if (m.t === 'in') {
    if (!stdin.writableEnded) stdin.write(m.text);
  } else if (m.t === 'end') {
    if (!stdin.writableEnded) stdin.end();
  } else {
    r.unacked -= m.n;
    if (r.unacked <= WINDOW && stdout.isPaused()) stdout.resume();
  }
};
/** What the worker's loader says of its bundle (bin/fuzz-thread.cjs, bin/load-dropin.cjs). */
export interface Loaded {
  /** Whether the bundle's code came from its V8 code cache. */
  cacheUsed: boolean;
  /** Writes a code cache when the bundle had none it could use (else does nothing). */
  fill: () => void;
}

/** Serves fuzz()'s calling thread; bin/fuzz-thread.cjs calls it once the bundle is loaded. */
export function serve(loaded: Loaded): void {
  idle = loaded.fill;
  port.on('message', (m: ToWorker | ToWorker[]) => eachMessage(m, handle));
  // loaded: runs sent from now on start at once (until then fuzz() keeps them in its own thread)
  port.postMessage({ t: 'ready', cache: loaded.cacheUsed } satisfies FromWorker);
}
