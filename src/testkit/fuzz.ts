import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { ScenarioT } from '../scenario/schema.js';
import { LEGAL_IDS } from '../tools/fuzz/catalogue.js';
import { decodePlan, encodePlan, isLegal, type FuzzPlan } from '../tools/fuzz/plan.js';
import { scratchRoot } from '../tools/fuzz/workdir.js';
import { readLines } from '../transport/line-reader.js';
import { checkHere, localHost, spreadHost, warmWorkers, workerHost, workersAvailable, type EmulatorHost } from './fuzz-threads.js';

/** Options of the in-process fuzzer. */
export interface FuzzOptions {
  /** A parsed scenario (takes precedence over `scenarioFile`). */
  scenario?: ScenarioT;
  scenarioFile?: string;
  /** Runs (default 100). */
  runs?: number;
  /** fast-check seed (default 1): same seed, same plans. */
  seed?: number;
  /** Emulator profile (default cbc). */
  profile?: string;
  /** Perturbation ids to draw from (default: every legal one). */
  perturb?: readonly string[];
  /** Run exactly this plan (a token from a failure message) once. */
  replay?: string;
  /** Fail a run whose consumer has not returned after this many ms (default 20000). */
  timeoutMs?: number;
  /**
   * Runs in flight at once (default 8): the campaign's next plans start while earlier ones run, so `body` may be
   * called for several streams at a time and for a few plans past a failure (their outcomes are dropped). The
   * report is the same for any value (each run depends only on its plan); 1 runs one plan at a time.
   */
  jobs?: number;
  /**
   * Worker threads that run emulators (the drop-in, its perturbations, the checker over a legal plan's stream)
   * besides this thread, so a campaign uses more than one core; each run goes to the thread with the fewest runs
   * in flight, and the workers also check the stream of this thread's runs. `body` is always called in this thread,
   * on a stream fed from the run's thread. Default: the number of cores minus one (none on one core); 0 runs
   * everything in this thread. The report is the same for any value.
   * A worker gets runs once it has loaded (until then they start here), and is kept idle for a few seconds after the
   * call, unref'd, so the next fuzz() call finds it loaded and its code optimised. Used only from the compiled
   * package (dist/): from the TypeScript sources (a test runner's transform) the runs stay in this thread.
   */
  threads?: number;
}

/** This thread plus `threads` workers, or this thread alone when there are none (or the scenario cannot be posted to a worker). */
function emulatorHost(scenario: ScenarioT | undefined, threads: number): EmulatorHost {
  if (threads <= 0 || !workersAvailable()) return localHost(scenario);
  const workers: EmulatorHost[] = [];
  try {
    for (let i = 0; i < threads; i++) workers.push(workerHost(scenario));
  } catch (e) {
    for (const w of workers) void w.close(); // parked again
    if (!(e instanceof Error && e.name === 'DataCloneError')) throw e;
    return localHost(scenario); // a scenario object with a function or such in it: its runs stay here
  }
  // this thread's runs are checked by the workers in turn (the checker was ~11% of this thread, the busy one: issue #21)
  let turn = 0;
  const check = () => workers[turn++ % workers.length]?.check ?? checkHere;
  return spreadHost([localHost(scenario, check), ...workers]);
}

/** Worker threads by default: one per core besides this thread's (the consumer here takes a small part of a core, issue #21). */
const defaultThreads = (): number => availableParallelism() - 1;

/** What the consumer callback gets: the perturbed stdout, and the emulator's stdin. */
export interface FuzzStream extends AsyncIterable<Buffer> {
  /** The perturbed stdout split into lines (on bytes, so a character cut across chunks stays whole; blank lines skipped). */
  lines(): AsyncIterable<string>;
  /** The perturbed stdout as parsed frames (blank lines skipped). */
  frames(): AsyncIterable<Record<string, unknown>>;
  /** Writes one frame to the emulator's stdin. */
  send(frame: unknown): void;
  /** Closes the emulator's stdin. */
  end(): void;
  /** Replay token of this run. */
  readonly token: string;
  readonly plan: FuzzPlan;
}

/** What a passing `fuzz()` saw. */
export interface FuzzSummary {
  runs: number;
  /** Perturbation id -> runs that used it. */
  used: Record<string, number>;
}

const STREAM_ARGS = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];

function planArbitrary(ids: readonly string[]): fc.Arbitrary<FuzzPlan> {
  return fc
    .tuple(fc.subarray([...ids]), fc.array(fc.integer({ min: 1, max: 8 }), { minLength: ids.length, maxLength: ids.length }), fc.nat({ max: 2 ** 31 - 1 }))
    .map(([chosen, budgets, seed]) => ({ v: 1 as const, seed, emu: `fuzz-${seed}`, p: Object.fromEntries(chosen.map((id) => [id, budgets[ids.indexOf(id)] as number])) }));
}

/** Where one fuzz() call keeps its runs: a fresh home per run under one folder of the scratch root (tmpfs when there is one: no disk work per run, issue #21), and what runs their emulators. */
interface Scratch {
  folder: string;
  next: number;
  host: EmulatorHost;
}

/**
 * Runs the emulator (in this thread or a worker, `scratch.host`) under `plan` and hands its perturbed streams to
 * `body`, in this thread. The run's home is removed once its emulator has exited (`release`).
 */
async function runPlan(plan: FuzzPlan, opts: FuzzOptions, body: (s: FuzzStream) => Promise<void>, scratch: Scratch): Promise<void> {
  const home = join(scratch.folder, String(scratch.next++));
  const token = encodePlan(plan);
  const env: NodeJS.ProcessEnv = { CBC_EMU_FUZZ: token, CBC_EMU_SEED: plan.emu, CBC_EMU_SPEED: '0', CBC_EMU_HOME: home, ...(opts.profile ? { CBC_EMU_PROFILE: opts.profile } : {}), ...(opts.scenarioFile && !opts.scenario ? { CBC_EMU_SCENARIO: opts.scenarioFile } : {}) };
  const emu = scratch.host.start({ argv: STREAM_ARGS, env, home, check: isLegal(plan) });
  const copy = emu.out;
  const stream: FuzzStream = {
    token,
    plan,
    [Symbol.asyncIterator]: () => (copy as AsyncIterable<Buffer>)[Symbol.asyncIterator](),
    lines: () => readLines(copy as AsyncIterable<Buffer>),
    async *frames() {
      for await (const line of this.lines()) yield JSON.parse(line) as Record<string, unknown>;
    },
    send: (frame) => emu.send(JSON.stringify(frame) + '\n'),
    end: () => emu.end(),
  };
  const limit = opts.timeoutMs ?? 20_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      body(stream),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`the consumer did not return within ${limit} ms (hung?)`)), limit))),
    ]);
    stream.end();
    copy.resume();
    const broken = await emu.finished;
    if (broken.length > 0) throw new Error(`fuzzer bug: the legal plan ${token} produced a stream breaking ${broken.join(', ')}`);
  } finally {
    clearTimeout(timer);
    stream.end();
    copy.resume();
    emu.finished.catch(() => undefined); // a run given up on (timeout, consumer error) may still fail; its outcome is settled
    emu.release();
  }
}

/**
 * In-process fuzzing for JS consumers (issue #8): `body` consumes one perturbed run and throws (or
 * rejects) when the consumer misbehaves. Plans come from fast-check, so a failure is shrunk to fewer
 * perturbations and smaller budgets; the error names the minimal plan's replay token
 * (`fuzz({ ...opts, replay: token }, body)`). Resolves with a summary when every run passed.
 */
export async function fuzz(opts: FuzzOptions, body: (stream: FuzzStream) => Promise<void>): Promise<FuzzSummary> {
  if (!opts.scenario && !opts.scenarioFile) throw new Error('fuzz(): give `scenario` (parsed) or `scenarioFile` (a path)');
  // a replay is one run: a worker would only add its start-up
  const threads = opts.replay !== undefined ? 0 : opts.threads ?? defaultThreads();
  const load = opts.scenario || opts.scenarioFile === undefined ? undefined : opts.scenarioFile;
  if (load !== undefined && threads > 0) warmWorkers(threads); // loading while the file loads
  // the file is loaded once here, not by every run's emulator (yaml + zod per run; issue #21); a bad file throws its EmuError now
  const resolved: FuzzOptions = load === undefined ? opts : { ...opts, scenario: (await import('../scenario/load.js')).loadScenarioFile(load) };
  const host = emulatorHost(resolved.scenario, threads);
  const scratch: Scratch = { folder: mkdtempSync(join(scratchRoot(), 'cbc-emu-fuzz-api-')), next: 0, host };
  try {
    return await campaign(resolved, body, scratch);
  } finally {
    await host.close();
    rmSync(scratch.folder, { recursive: true, force: true });
  }
}

/**
 * Runs a campaign's plans ahead of fast-check, `jobs` at a time, in the order fast-check will ask for them
 * (`fc.sample` with the campaign's seed and run count draws the plans `fc.check` draws): `outcome(plan)` is the
 * settled run of that plan, started now if it was not among them (a shrink candidate). A run's outcome depends
 * only on its plan (its own home, seed and virtual clock), so the verdicts, and the report, are those of one run
 * at a time; what overlapping buys is the wall time a run spends waiting (jitter pauses, file-system work:
 * ~40% of a lone run, issue #21). Written by hand: fast-check runs an async property's cases one by one.
 */
function runsAhead(planned: readonly FuzzPlan[], jobs: number, run: (plan: FuzzPlan) => Promise<void>) {
  const started = new Map<string, Promise<void>>();
  const all: Promise<void>[] = [];
  let next = 0;
  let running = 0;
  const start = (plan: FuzzPlan): Promise<void> => {
    const p = run(plan);
    started.set(encodePlan(plan), p);
    all.push(p);
    return p;
  };
  const pump = (): void => {
    while (running < jobs && next < planned.length) {
      const plan = planned[next++] as FuzzPlan;
      if (started.has(encodePlan(plan))) continue;
      running++;
      void start(plan).then(done, done);
    }
  };
  const done = (): void => {
    running--;
    pump();
  };
  pump();
  return {
    outcome(plan: FuzzPlan): Promise<void> {
      const key = encodePlan(plan);
      const p = started.get(key) ?? start(plan);
      started.delete(key); // a plan fast-check asks for twice (a shrink back to it) runs again, as one at a time would
      return p;
    },
    settle: async (): Promise<void> => {
      next = planned.length; // start nothing more
      await Promise.allSettled(all);
    },
  };
}

/** fuzz() once the scenario is loaded: one replay, or a fast-check campaign. */
async function campaign(opts: FuzzOptions, body: (stream: FuzzStream) => Promise<void>, scratch: Scratch): Promise<FuzzSummary> {
  if (opts.replay !== undefined) {
    const plan = decodePlan(opts.replay);
    await runPlan(plan, opts, body, scratch);
    return { runs: 1, used: Object.fromEntries(Object.keys(plan.p).map((id) => [id, 1])) };
  }
  const used: Record<string, number> = {};
  let last: { token: string; error: unknown } | undefined;
  const arb = planArbitrary(opts.perturb ?? LEGAL_IDS);
  const numRuns = opts.runs ?? 100;
  const seed = opts.seed ?? 1;
  const ahead = runsAhead(fc.sample(arb, { numRuns, seed }), Math.max(1, opts.jobs ?? 8), (plan) => runPlan(plan, opts, body, scratch));
  const prop = fc.asyncProperty(arb, async (plan) => {
    for (const id of Object.keys(plan.p)) used[id] = (used[id] ?? 0) + 1;
    try {
      await ahead.outcome(plan);
    } catch (e) {
      last = { token: encodePlan(plan), error: e };
      throw e;
    }
  });
  let details: fc.RunDetails<[FuzzPlan]>;
  try {
    details = await fc.check(prop, { numRuns, seed });
  } finally {
    await ahead.settle(); // no run of this call outlives it (the ones started past a failure included)
  }
  if (details.failed) {
    const plan = details.counterexample?.[0];
    const token = plan ? encodePlan(plan) : last?.token ?? '?';
    const why = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    const err = new Error(
      `fuzz: the consumer failed after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s)\n` +
        `  minimal plan: ${plan ? Object.entries(plan.p).map(([id, n]) => `${id}×${n}`).join(', ') || '(none)' : '?'}\n  error: ${why}\n` +
        `  replay: fuzz({ ...options, replay: '${token}' }, consumer)\n  (or: cbc-emu fuzz --replay ${token} --scenario <file> --consumer <cmd>)`,
    );
    Object.assign(err, { token, plan });
    throw err;
  }
  return { runs: details.numRuns, used };
}
