import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Judge from './judge.js';
import { readEmulatorUse, type EmulatorUse } from './notes.js';
import { encodePlan, shrinkCandidates, type FuzzPlan } from './plan.js';
import { runShell, type ShellResult } from './proc.js';

/**
 * The checker (./judge.js: the protocol's zod schemas and rules, ~80 ms to load), imported once the first run's
 * consumer is starting rather than before it, so the campaign's first processes start that much sooner (issue #21).
 */
let judge: Promise<typeof Judge> | undefined;
const loadJudge = (): Promise<typeof Judge> => (judge ??= import('./judge.js'));

/** The cbc/codebuddy/claude PATH shims (bin/shims). */
const SHIMS = fileURLToPath(new URL('../../../bin/shims', import.meta.url));

/**
 * How one run ended. From the consumer's point of view: `exit` (non-zero), `timeout`, `oracle`; and two
 * that say the run did not exercise the consumer at all, whatever its exit code: `no-emulator` (it never
 * got a session from the emulator) and `emulator-error` (an emulator it started refused its command
 * line or input files).
 */
export type Verdict = 'pass' | 'exit' | 'timeout' | 'oracle' | 'no-emulator' | 'emulator-error';

/** Verdicts of runs that never exercised the consumer: nothing to shrink, and a campaign of only these proves nothing. */
export function isSetupFailure(v: Verdict): boolean {
  return v === 'no-emulator' || v === 'emulator-error';
}

/**
 * A campaign's relay (src/testkit/relay-server.ts, issue #21): the `cbc`/`codebuddy`/`claude` first on each run's PATH
 * hand their sessions to the campaign process, which runs the drop-in in memory, instead of each starting Node.
 */
export interface RelayHost {
  /** The folder of the relay's names, put first on PATH instead of bin/shims. */
  bin: string;
  /** Variables every run's environment gets (the socket; the Node drop-in a relay falls back to). */
  env: Record<string, string>;
  /** Relayed sessions not yet ended. */
  readonly inFlight: number;
  /** Resolves once every relayed session of the run with this notes file (CBC_EMU_FUZZ_NOTES) has ended. */
  settled(notes: string): Promise<void>;
  /** Stops serving (sessions still running get a bounded wait). */
  close(): Promise<void>;
}

/** Everything a campaign needs to start a run. */
export interface RunContext {
  scenario: string;
  consumer: string;
  oracle?: string | undefined;
  profile?: string | undefined;
  /** `CBC_EMU_SPEED` of the emulator (default 0: virtual time runs instantly). */
  speed: string;
  timeoutMs: number;
  /** Folder for the runs' files. */
  work: string;
  /** The scenario compiled once for the campaign (CBC_EMU_SCENARIO_COMPILED): each run's emulator skips yaml and zod. */
  compiled?: string | undefined;
  /**
   * Keep the run's files, a journal of every frame included (a finding's artefacts). Otherwise the run's
   * folder goes once the run is judged, and the emulator journals only when an oracle reads it.
   */
  keep?: boolean | undefined;
  /** The campaign's relay, when it has one: the runs' emulators are served in this process (see RelayHost). */
  relay?: RelayHost | undefined;
}

/** The outcome of one run. */
export interface RunOutcome {
  verdict: Verdict;
  /** The consumer's exit code (null when killed by the timeout or a signal). */
  code: number | null;
  /** One line saying why the run failed (empty for a pass), with the run folder written as <run>. */
  why: string;
  /** Rules of the checker the perturbed transcript breaks. */
  broken: string[];
  /** How many frames the emulator(s) sent. */
  frames: number;
  /** The emulator processes the consumer started and how they ended. */
  emulator: EmulatorUse;
}

/** Whether the run got a session from the emulator. */
export const reachedEmulator = (o: RunOutcome): boolean => o.emulator.served > 0;

/** Same failure: same verdict and, for a bad exit code, the same code. */
export function sameFailure(a: RunOutcome, b: RunOutcome): boolean {
  return a.verdict === b.verdict && (a.verdict !== 'exit' || a.code === b.code);
}

/** The telling line of an output: the first that names an error, else the last one. */
const firstLine = (s: string) => {
  const lines = s
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return lines.find((l) => /^\w*Error\b|error:/i.test(l)) ?? lines[lines.length - 1] ?? '';
};

/**
 * Runs the consumer once under `plan`: `sh -c <consumer>` with the PATH shims first and CBC_EMU_*
 * set, so the consumer's `cbc` is the emulator with this plan's perturbations; then the oracle, if any,
 * with FUZZ_TRANSCRIPT / FUZZ_JOURNAL / FUZZ_STDOUT / FUZZ_STDERR / FUZZ_EXIT_CODE.
 */
export async function runOnce(plan: FuzzPlan, ctx: RunContext, name: string): Promise<RunOutcome> {
  const dir = join(ctx.work, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'home'), { recursive: true });
  const transcript = join(dir, 'transcript.ndjson');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${ctx.relay?.bin ?? SHIMS}:${process.env['PATH'] ?? ''}`,
    ...ctx.relay?.env,
    CBC_EMU_SCENARIO: resolve(ctx.scenario),
    CBC_EMU_SEED: plan.emu,
    CBC_EMU_SPEED: ctx.speed,
    CBC_EMU_HOME: join(dir, 'home'),
    CBC_EMU_FUZZ: encodePlan(plan),
    CBC_EMU_FUZZ_OUT: transcript,
    // only an oracle (FUZZ_JOURNAL) or a kept finding reads the journal: an emulator writing none does less per frame (issue #21)
    ...(ctx.oracle || ctx.keep ? { CBC_EMU_JOURNAL: join(dir, 'journal.ndjson') } : {}),
    CBC_EMU_FUZZ_NOTES: join(dir, 'emulator.ndjson'),
    ...(ctx.profile ? { CBC_EMU_PROFILE: ctx.profile } : {}),
    ...(ctx.compiled ? { CBC_EMU_SCENARIO_COMPILED: ctx.compiled } : {}),
  };
  try {
    return await judgeRun(ctx, dir, env);
  } finally {
    // nothing reads a run's files once it is judged; the runs' scratch stays small on tmpfs (issue #21)
    if (!ctx.keep) rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the consumer with the run's environment `env` (run folder `dir`), then the oracle if any, and gives the verdict. */
async function judgeRun(ctx: RunContext, dir: string, env: NodeJS.ProcessEnv): Promise<RunOutcome> {
  const transcript = join(dir, 'transcript.ndjson');
  const running = runShell(ctx.consumer, env, process.cwd(), ctx.timeoutMs);
  const checker = loadJudge();
  checker.catch(() => undefined); // awaited below when there is a transcript to check: a failed import surfaces there
  const r = await running;
  const notes = join(dir, 'emulator.ndjson');
  // a relayed session ends in this process: its last notes and transcript bytes are written by then
  await ctx.relay?.settled(notes);
  const [stdout, stderr] = [r.stdout.text(), r.stderr.text()];
  const emulator = readEmulatorUse(notes);
  const text = existsSync(transcript) ? readFileSync(transcript, 'utf8') : '';
  const frames = text.split('\n').filter((l) => l.trim() !== '').length;
  // a stream the consumer cut off (killed its emulator, closed its stdout) is judged without the end-of-stream rules
  const broken = text === '' ? [] : (await checker).brokenRules(text, { partial: emulator.cut > 0 });
  const scrub = (s: string) => s.split(dir).join('<run>');
  const base = { broken, frames, emulator };
  if (r.timedOut) return { verdict: 'timeout', code: null, why: `no exit within ${ctx.timeoutMs} ms (a hung consumer)${flood(r)}`, ...base };
  if (emulator.errors.length > 0) return { verdict: 'emulator-error', code: r.code, why: scrub(`the consumer's command line or files for the emulator are wrong, so its handling of the stream was not tested; the emulator ${emulator.errors[0] as string}`), ...base };
  if (emulator.served === 0) return { verdict: 'no-emulator', code: r.code, why: noEmulator(emulator), ...base };
  if (r.code !== 0) return { verdict: 'exit', code: r.code, why: scrub(`exit code ${r.code}: ${firstLine(stderr) || firstLine(stdout)}${flood(r)}`), ...base };
  if (ctx.oracle) {
    writeFileSync(join(dir, 'stdout.txt'), stdout);
    writeFileSync(join(dir, 'stderr.txt'), stderr);
    const o = await runShell(ctx.oracle, { ...env, FUZZ_TRANSCRIPT: transcript, FUZZ_JOURNAL: join(dir, 'journal.ndjson'), FUZZ_STDOUT: join(dir, 'stdout.txt'), FUZZ_STDERR: join(dir, 'stderr.txt'), FUZZ_EXIT_CODE: String(r.code) }, process.cwd(), ctx.timeoutMs);
    if (o.code !== 0) return { verdict: 'oracle', code: r.code, why: scrub(`oracle: ${firstLine(o.stdout.text()) || firstLine(o.stderr.text()) || `exit code ${o.code}`}`), ...base };
  }
  return { verdict: 'pass', code: 0, why: '', ...base };
}

/** A note for a consumer that wrote more than the fuzzer keeps (the first and last 64 KiB of each stream). */
function flood(r: ShellResult): string {
  const lost = r.stdout.dropped + r.stderr.dropped;
  return lost > 0 ? `; it wrote ${r.stdout.total + r.stderr.total} bytes of output, ${lost} of them not kept` : '';
}

/** Why a run that got no session from the emulator is not a pass. */
function noEmulator(u: EmulatorUse): string {
  if (u.started === 0) return 'the consumer never started the emulator: no `cbc`/`codebuddy`/`claude` from PATH ran with the CBC_EMU_* environment, so nothing was tested';
  return `the consumer started the emulator ${u.started} time(s) but never got a session from it (help or version only, or killed before it served), so nothing was tested`;
}

/** A shrunk failure: the smallest plan found that fails the same way. */
export interface Shrunk {
  plan: FuzzPlan;
  outcome: RunOutcome;
  /** Runs spent shrinking. */
  steps: number;
}

/**
 * Greedy shrinking: try the candidates of `shrinkCandidates` (drop a perturbation, lower a budget) and
 * keep the first that still fails the same way, until none does or `maxSteps` runs were spent. With
 * `jobs` > 1 the candidates are tried `jobs` at a time and the first failing one in candidate order wins,
 * counted as if tried one by one, so the result and `steps` do not depend on `jobs` (issue #21).
 */
export async function shrink(plan: FuzzPlan, failure: RunOutcome, ctx: RunContext, name: string, maxSteps = 60, jobs = 1): Promise<Shrunk> {
  let best = { plan, outcome: failure };
  let steps = 0;
  if (isSetupFailure(failure.verdict)) return { ...best, steps }; // not about the stream: a smaller plan cannot tell more
  if (failure.verdict === 'timeout') maxSteps = Math.min(maxSteps, 6); // each try costs a whole timeout
  for (let progress = true; progress && steps < maxSteps; ) {
    progress = false;
    const candidates = shrinkCandidates(best.plan);
    for (let i = 0; i < candidates.length && steps < maxSteps && !progress; ) {
      const batch = candidates.slice(i, i + Math.min(jobs, maxSteps - steps));
      const outcomes = await Promise.all(batch.map((c, k) => runOnce(c, ctx, `${name}-shrink-${k}`)));
      const hit = outcomes.findIndex((o) => o.verdict !== 'pass' && sameFailure(o, failure));
      if (hit === -1) {
        steps += batch.length;
        i += batch.length;
        continue;
      }
      steps += hit + 1;
      best = { plan: batch[hit]!, outcome: outcomes[hit]! };
      progress = true;
    }
  }
  return { ...best, steps };
}
