// fuzz()'s worker threads are kept warm between calls (issue #21): the next call takes the worker the last one
// parked instead of starting one (~150–250 ms of CPU and a few hundred runs of cold code each), and a parked
// worker never keeps the process alive.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../../dist/index.js';
import { loadScenarioFile } from '../../../dist/scenario/load.js';
import { parkedThreadIds } from '../../../dist/testkit/fuzz-pool.js';
import { warmWorkers } from '../../../dist/testkit/fuzz-threads.js';
import { ROOT, runNode } from '../../helpers/run-bin.js';

const FIX = join(ROOT, 'test', 'fixtures', 'consumers');

describe('fuzz() worker pool (#21)', () => {
  it('a second call runs on the worker the first one parked, with the same outcome', async () => {
    const scenario = loadScenarioFile(join(FIX, 'scenario.yaml'));
    const { createConsumer, driveStream } = await import(join(FIX, 'core.mjs'));
    const campaign = () => fuzz({ scenario, runs: 12, seed: 5, profile: 'claude-2.1.220', threads: 1 }, async (stream) => void (await driveStream(stream, createConsumer())));
    const before = parkedThreadIds();
    const first = await campaign();
    const parked = parkedThreadIds();
    // the first call's worker is kept: a new one, or one an earlier file of this worker process parked (taken and
    // parked again), so the count grows only from none
    expect(parked.length).toBe(Math.max(before.length, 1));
    const second = await campaign();
    expect(second).toEqual(first);
    expect(parkedThreadIds().sort()).toEqual(parked.sort()); // taken and parked again: no new thread
  }, 120_000);

  it('warmWorkers starts the missing workers (fuzz() does so before it loads the scenario file) and keeps the parked ones', () => {
    const before = parkedThreadIds();
    warmWorkers(before.length + 1);
    const after = parkedThreadIds();
    expect(after.length).toBe(before.length + 1);
    expect(after).toEqual(expect.arrayContaining(before));
    warmWorkers(after.length); // enough parked: no new thread
    expect(parkedThreadIds().sort()).toEqual([...after].sort());
  });

  it('a parked worker does not keep the process alive', async () => {
    // the process reaches beforeExit (nothing but unref'd handles left) with the worker still parked
    const script = `import { fuzz } from ${JSON.stringify(join(ROOT, 'dist', 'index.js'))};
import { parkedThreadIds } from ${JSON.stringify(join(ROOT, 'dist', 'testkit', 'fuzz-pool.js'))};
const { createConsumer, driveStream } = await import(${JSON.stringify(join(FIX, 'core.mjs'))});
await fuzz({ scenarioFile: ${JSON.stringify(join(FIX, 'scenario.yaml'))}, runs: 2, seed: 5, threads: 1 }, async (s) => void (await driveStream(s, createConsumer())));
process.once('beforeExit', () => console.log('parked at exit: ' + parkedThreadIds().length));`;
    // a file, not -e: a worker inherits the process's flags, and --input-type stops it from loading (its runs then stay in the calling thread)
    const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-fuzz-pool-'));
    try {
      writeFileSync(join(dir, 'park.mjs'), script);
      const r = await runNode([join(dir, 'park.mjs')], '');
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe('parked at exit: 1\n');
      expect(r.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
