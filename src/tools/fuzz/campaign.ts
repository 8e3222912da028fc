import { isLegal, planFor, type FuzzPlan } from './plan.js';
import { isSetupFailure, reachedEmulator, runOnce, sameFailure, shrink, type RunContext, type RunOutcome } from './runner.js';

/** Options of `cbc-emu fuzz`, as src/cli declares and checks them. */
export interface FuzzArgs {
  scenario: string;
  consumer: string;
  oracle?: string;
  profile?: string;
  speed: string;
  runs: number;
  seed: number;
  perturb: string[];
  illegal: boolean;
  timeoutMs: number;
  shard: [number, number];
  keepGoing: boolean;
  replay?: string;
  /** Folder for the artefacts of each shrunk failure (issue #11: a report next to each). */
  out: string;
  /** `--json <file>`: the machine-readable campaign report (issue #20, report-json.ts). */
  json?: string;
  /** `--jobs <n>`: runs in flight at once (issue #21); the report is the same for any n. Default 1. */
  jobs?: number;
  /** `--no-relay` is false: every run's consumer starts the Node drop-in instead of the relay (issue #21). Default true. */
  relay?: boolean;
}

/** One finding of a campaign: the first failing run of its kind, and its shrunk plan. */
export interface Finding {
  run: number;
  legal: boolean;
  first: RunOutcome;
  plan: FuzzPlan;
  min: FuzzPlan;
  minOutcome: RunOutcome;
  steps: number;
}

/** What the runs of a campaign added up to. */
export interface Tally {
  /** Run numbers of the shard, and how many of them ran (a failure stops the campaign early). */
  runs: number[];
  executed: number;
  /** Runs whose verdict was not `pass`. */
  failed: number[];
  /** Runs that got a session from the emulator. */
  reached: number;
  /** The first run that did not reach it, and why. */
  firstMiss?: { run: number; why: string };
  stats: Map<string, { runs: number; failed: number }>;
  verdicts: Map<string, number>;
  findings: Finding[];
  illegalMisses: string[];
}

/** A plan in words: its perturbations and budgets. */
export const describePlan = (plan: FuzzPlan): string =>
  Object.keys(plan.p).length === 0 ? '(no perturbation: fails on the plain stream)' : Object.entries(plan.p).map(([id, n]) => `${id}×${n}`).join(', ');

/** The heading of a finding in the report. */
export const findingKind = (f: Finding): string => (isSetupFailure(f.first.verdict) ? 'NOT TESTED (the consumer did not exercise the emulator)' : f.legal ? 'FINDING' : 'ROBUSTNESS (illegal input)');

/** Whether a campaign failed: nothing reached the emulator, a legal or setup finding, or a legal plan that broke a rule. */
export function campaignFailed(t: Tally): boolean {
  return t.reached === 0 || t.findings.some((f) => f.legal || isSetupFailure(f.first.verdict)) || t.illegalMisses.length > 0;
}

/** The run numbers of the campaign's shard `--shard i/n`: r % n == i - 1 (the n shards cover the campaign exactly). */
export function shardRuns(a: Pick<FuzzArgs, 'runs' | 'shard'>): number[] {
  const [si, sn] = a.shard;
  return Array.from({ length: a.runs }, (_, r) => r).filter((r) => r % sn === si - 1);
}

/** How far past the run being tallied, in multiples of `jobs`, a run may start (a slow run must not idle the other slots). */
const LOOKAHEAD = 2;

/**
 * Runs the shard's runs (stopping at the first failing legal or setup run unless --keep-going) and shrinks
 * the first failure of each kind. With `jobs` > 1 up to that many runs are in flight at once, started in
 * run order as soon as any run ends (up to `LOOKAHEAD × jobs` runs past the oldest one not yet tallied), and
 * none while a failure shrinks; their outcomes are taken in run order, so the tally (and the report) is the one
 * `jobs` = 1 gives: a run started ahead of a stopping failure is awaited and then left out (issue #21).
 */
export async function runAll(a: FuzzArgs, ctx: RunContext, tick: (done: number, run: number, o: RunOutcome) => void): Promise<Tally> {
  const t: Tally = { runs: shardRuns(a), executed: 0, failed: [], reached: 0, stats: new Map(), verdicts: new Map(), findings: [], illegalMisses: [] };
  const jobs = Math.max(1, a.jobs ?? 1);
  const ahead = new Map<number, Promise<RunOutcome>>(); // index in t.runs -> its run, started
  let started = 0;
  let inFlight = 0;
  let oldest = 0; // the index of the run being tallied
  let tallying = false; // no run starts while one is tallied (its shrink, when it failed, runs its own)
  const ended = (): void => {
    inFlight--;
    pump();
  };
  const pump = (): void => {
    for (; !tallying && inFlight < jobs && started < t.runs.length && started < oldest + LOOKAHEAD * jobs; started++) {
      const r = t.runs[started]!;
      const run = runOnce(planFor(a.seed, r, a.perturb, a.illegal), ctx, `run-${r}`);
      inFlight++;
      run.then(ended, ended);
      ahead.set(started, run);
    }
  };
  try {
    for (let i = 0; i < t.runs.length; i++) {
      oldest = i;
      pump(); // every run before i is tallied (ended), so run i is started here if it was not yet
      const o = await ahead.get(i)!;
      ahead.delete(i);
      tallying = true;
      const stop = await tallyRun(t, a, ctx, t.runs[i]!, o, tick, jobs);
      tallying = false;
      if (stop) break;
    }
  } finally {
    // runs started ahead of a stop: let them end (their processes swept) before the work folder goes
    await Promise.allSettled(ahead.values());
  }
  return t;
}

/** Adds run `r`'s outcome to the tally and shrinks it when it is a new kind of failure; true when the campaign stops here. */
async function tallyRun(t: Tally, a: FuzzArgs, ctx: RunContext, r: number, o: RunOutcome, tick: (done: number, run: number, o: RunOutcome) => void, jobs: number): Promise<boolean> {
  const plan = planFor(a.seed, r, a.perturb, a.illegal);
  tick(++t.executed, r, o);
  if (reachedEmulator(o)) t.reached++;
  else t.firstMiss ??= { run: r, why: o.why };
  const legal = isLegal(plan);
  const key = `${legal ? 'legal' : 'illegal'} ${o.verdict}`;
  t.verdicts.set(key, (t.verdicts.get(key) ?? 0) + 1);
  // a perturbation only acted in a run that reached the emulator
  for (const id of reachedEmulator(o) ? Object.keys(plan.p) : []) {
    const st = t.stats.get(id) ?? { runs: 0, failed: 0 };
    st.runs++;
    if (o.verdict !== 'pass') st.failed++;
    t.stats.set(id, st);
  }
  if (legal && o.broken.length > 0) t.illegalMisses.push(`run ${r}: a legal plan (${describePlan(plan)}) broke ${o.broken.join(', ')}`);
  if (o.verdict === 'pass') return false;
  t.failed.push(r);
  // shrink the first failure of each kind; later ones of the same kind are only counted
  if (!t.findings.some((f) => f.legal === legal && sameFailure(f.first, o))) {
    const sh = await shrink(plan, o, ctx, `run-${r}`, undefined, jobs);
    t.findings.push({ run: r, legal, first: o, plan, min: sh.plan, minOutcome: sh.outcome, steps: sh.steps });
  }
  return (legal || isSetupFailure(o.verdict)) && !a.keepGoing;
}
