// Issue #8 acceptance through the in-process API (`fuzz()` of the package, fast-check): the careful consumer of
// test/fixtures/consumers passes 1,000 runs, a naive one is caught and shrunk to a token that replays it, and
// the report for a seed does not change with jobs or worker threads (#21). The spawned `cbc-emu fuzz` campaigns
// are in fuzz.test.ts; the two files are apart so the test runner can run them side by side.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../dist/index.js';
import { loadScenarioFile } from '../../dist/scenario/load.js';
import { ROOT } from '../helpers/run-bin.js';

const FIX = join(ROOT, 'test', 'fixtures', 'consumers');
const SCENARIO = join(FIX, 'scenario.yaml');
/** In-process runs are cheap (~20 ms each), so the acceptance's 1,000 runs fit in npm test. */
const CAREFUL_RUNS = 1000;

describe('in-process fuzz() (fast-check)', () => {
  const scenario = loadScenarioFile(SCENARIO);
  /** The careful consumer of core.mjs driven over the in-process stream; the oracle's check inline. */
  async function careful(stream: import('../../dist/index.js').FuzzStream, bugs = {}): Promise<void> {
    const { createConsumer, driveStream, truthOf } = await import(join(FIX, 'core.mjs'));
    const c = createConsumer(bugs);
    const text = await driveStream(stream, c);
    expect(c.view()).toEqual(truthOf(text));
  }

  it(`the careful consumer passes ${CAREFUL_RUNS} runs, one consumer call a run`, async () => {
    let calls = 0;
    const s = await fuzz({ scenario, runs: CAREFUL_RUNS, seed: 3, profile: 'claude-2.1.220' }, async (stream) => {
      calls++;
      await careful(stream);
    });
    expect(s.runs).toBe(CAREFUL_RUNS);
    expect(Object.keys(s.used).length).toBeGreaterThanOrEqual(10);
    // default jobs (8) and threads: the plans started ahead are the ones fast-check then asks for (#21)
    expect(calls).toBe(CAREFUL_RUNS);
  }, 600_000);

  it('a naive consumer fails with a shrunk plan and a token that replays the failure', async () => {
    const err = await fuzz({ scenario, runs: 200, seed: 3, profile: 'claude-2.1.220' }, (stream) => careful(stream, { ignoreLateRows: true })).then(
      () => undefined,
      (e: Error & { token?: string }) => e,
    );
    expect(err?.message).toMatch(/minimal plan: late-progress×1\n/);
    // issue #21: the faster runs (homes on tmpfs, one scratch folder) leave the campaign as it was for this seed
    expect(err?.message).toMatch(/^fuzz: the consumer failed after 9 run\(s\) and 14 shrink\(s\)\n/);
    const token = (err as { token: string }).token;
    expect(token).toBe('eyJ2IjoxLCJzZWVkIjowLCJlbXUiOiJmdXp6LTAiLCJwIjp7ImxhdGUtcHJvZ3Jlc3MiOjF9fQ');
    await expect(fuzz({ scenario, replay: token, profile: 'claude-2.1.220' }, (stream) => careful(stream, { ignoreLateRows: true }))).rejects.toThrow(/expected/);
    await expect(fuzz({ scenario, replay: token, profile: 'claude-2.1.220' }, (stream) => careful(stream))).resolves.toEqual({ runs: 1, used: { 'late-progress': 1 } });
  }, 300_000); // campaigns of process spawns: several times their quiet-machine duration
});

/**
 * Seed 4's failing campaign with the strict-keys consumer: its report (message and token), or '' if it passed. The
 * default one (jobs 8, default threads) is run once for two tests: the pinned report and the jobs comparison (#21).
 */
async function failing(jobs?: number, threads?: number): Promise<string> {
  const scenario = loadScenarioFile(SCENARIO);
  const { createConsumer, driveStream } = await import(join(FIX, 'core.mjs'));
  return fuzz({ scenario, runs: 200, seed: 4, profile: 'claude-2.1.220', ...(jobs === undefined ? {} : { jobs }), threads }, async (stream) => {
    await driveStream(stream, createConsumer({ strictKeys: true }));
  }).then(
    () => '',
    (e: Error & { token: string }) => `${e.message}\n${e.token}`,
  );
}
let byDefault: Promise<string> | undefined;
const failingByDefault = (): Promise<string> => (byDefault ??= failing());

it('in-process fuzz(): a fixed seed gives the report it gave before the runs were made faster (#21)', async () => {
  const report = await failingByDefault();
  // recorded before the change: first failing run, shrink steps, minimal plan and its token
  expect(report).toMatch(/^fuzz: the consumer failed after 1 run\(s\) and 26 shrink\(s\)\n {2}minimal plan: unknown-field×2\n {2}error: unexpected field "fuzz_5" in task_started\n/);
  expect(report.split('\n').at(-1)).toBe('eyJ2IjoxLCJzZWVkIjoxNTM0MzU1MjM5LCJlbXUiOiJmdXp6LTE1MzQzNTUyMzkiLCJwIjp7InVua25vd24tZmllbGQiOjJ9fQ');
}, 300_000);

it('in-process fuzz(): runs overlap (jobs) without changing the report, and run the plans fast-check asks for (#21)', async () => {
  const scenario = loadScenarioFile(SCENARIO);
  const { createConsumer, driveStream } = await import(join(FIX, 'core.mjs'));
  const one = await failing(1);
  expect(one).toMatch(/minimal plan: unknown-field×2/);
  expect(await failingByDefault()).toBe(one); // jobs 8, default threads: the pinned test's campaign
  // the emulators in worker threads (two besides this one) or all in this thread: the same report (#21)
  expect(await failing(8, 2)).toBe(one);
  expect(await failing(8, 0)).toBe(one);
  // a passing campaign calls the consumer once per run: the plans started ahead are the ones fast-check then asks for
  // (with default threads: the careful consumer's 1,000 runs above; here all in this thread)
  let calls = 0;
  const s = await fuzz({ scenario, runs: 60, seed: 11, profile: 'claude-2.1.220', jobs: 8, threads: 0 }, async (stream) => {
    calls++;
    await driveStream(stream, createConsumer());
  });
  expect(s.runs).toBe(60);
  expect(calls).toBe(60);
}, 300_000);
