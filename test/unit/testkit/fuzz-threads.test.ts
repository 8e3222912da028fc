// How fuzz() spreads runs over its threads (issue #21): a worker still loading gets no run, and a run in flight in
// the calling thread counts double (that thread also runs every consumer and relays the workers' streams).
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { spreadHost, type EmulatorHost, type RunStart } from '../../../src/testkit/fuzz-threads.js';

/** A host that records its runs and ends one when told; `ready` is switched by the test. */
function fakeHost(name: string, log: string[]) {
  const ends: Array<() => void> = [];
  const host: EmulatorHost & { isReady: boolean; endOne(): void } = {
    isReady: true,
    start() {
      log.push(name);
      let end!: () => void;
      const finished = new Promise<string[]>((resolve) => (end = () => resolve([])));
      ends.push(end);
      return { out: new PassThrough(), send: () => undefined, end: () => undefined, finished, release: () => undefined };
    },
    ready: () => host.isReady,
    close: () => Promise.resolve(),
    endOne: () => ends.shift()?.(),
  };
  return host;
}
const RUN: RunStart = { argv: [], env: {}, home: '/nowhere', check: false };
const settle = () => new Promise((r) => setImmediate(r));

describe('spreadHost (#21)', () => {
  it('gives a loading worker no run, and runs in the calling thread count double', async () => {
    const log: string[] = [];
    const here = fakeHost('here', log);
    const worker = fakeHost('worker', log);
    worker.isReady = false;
    const spread = spreadHost([here, worker]);
    for (let i = 0; i < 3; i++) spread.start(RUN);
    expect(log).toEqual(['here', 'here', 'here']); // the worker is still loading
    worker.isReady = true;
    log.length = 0;
    for (let i = 0; i < 8; i++) spread.start(RUN);
    // 3 in flight here weigh 6: the worker takes runs until its own count ties with that (a tie goes to this thread)
    expect(log).toEqual([...Array<string>(7).fill('worker'), 'here']);
  });

  it('balances two in-flight runs in the worker against one here', async () => {
    const log: string[] = [];
    const here = fakeHost('here', log);
    const worker = fakeHost('worker', log);
    const spread = spreadHost([here, worker]);
    for (let i = 0; i < 6; i++) spread.start(RUN);
    expect(log).toEqual(['worker', 'here', 'worker', 'worker', 'here', 'worker']);
    // a run that ends frees its host's share
    here.endOne();
    await settle();
    log.length = 0;
    spread.start(RUN);
    expect(log).toEqual(['here']);
  });
});
