import { EmuError } from '../../errors.js';
import { campaignFailed, describePlan, type FuzzArgs, type Tally } from './campaign.js';
import { encodePlan } from './plan.js';
import { isSetupFailure, type Verdict } from './runner.js';

/*
 * The machine-readable campaign report of `cbc-emu fuzz --json <file>`, and `cbc-emu fuzz merge`, which
 * adds up the reports of the shards of one campaign (a CI job matrix, `--shard i/n`) into the report the
 * unsharded campaign would have given: the same runs, the same failing runs, one finding per kind.
 */

/** Marks a file as one of these reports (and its format version). */
export const REPORT_FORMAT = 'cbc-emu-fuzz-report/1';

/** One finding: the first failing run of its kind, shrunk. Plans are `--replay` tokens. */
export interface JsonFinding {
  /** `finding` (a legal plan broke the consumer), `robustness` (illegal input), `not-tested` (the consumer never reached the emulator). */
  kind: 'finding' | 'robustness' | 'not-tested';
  run: number;
  legal: boolean;
  verdict: Verdict;
  /** The consumer's exit code in that run (null: killed). */
  code: number | null;
  why: string;
  plan: string;
  minimalPlan: string;
  /** The minimal plan in words (`late-progress×1`). */
  minimal: string;
  minimalVerdict: Verdict;
  minimalWhy: string;
  shrinkRuns: number;
  /** Checker rules the minimal stream breaks. */
  broken: string[];
  /** The command that replays the minimal plan. */
  replay: string;
  /** Folder of the minimal run's transcript, journal and report.html (on the machine that ran it). */
  artefacts: string;
}

/** A campaign's (or a merged set of shards') report. */
export interface FuzzReport {
  format: typeof REPORT_FORMAT;
  /** `<seed>-<hash>`: what decides the runs (scenario, consumer, oracle, profile, speed, perturbations); shards of one campaign share it. */
  campaign: string;
  seed: number;
  /** `--runs` of the campaign (every shard's total). */
  totalRuns: number;
  /** The shards this report covers: `[[1, 1]]` for an unsharded campaign, `[[1, 3], [2, 3], [3, 3]]` once merged. */
  shards: [number, number][];
  /** Run numbers that ran, ascending. */
  runs: number[];
  /** Run numbers whose verdict was not `pass`, ascending. */
  failed: number[];
  /** Runs that got a session from the emulator. */
  reached: number;
  /** Runs per `legal|illegal <verdict>`. */
  verdicts: Record<string, number>;
  findings: JsonFinding[];
  /** Legal plans that broke a checker rule (a fuzzer or emulator bug). */
  fuzzerBugs: string[];
  result: 'ok' | 'fail';
}

const kindOf = (legal: boolean, verdict: Verdict): JsonFinding['kind'] => (isSetupFailure(verdict) ? 'not-tested' : legal ? 'finding' : 'robustness');

/** The report of one campaign (or shard), from its tally; `artefacts` and `replay` as printed in the text report. */
export function campaignReport(a: FuzzArgs, campaign: string, t: Tally, extra: { replay: (i: number) => string; artefacts: string[] }): FuzzReport {
  return {
    format: REPORT_FORMAT,
    campaign,
    seed: a.seed,
    totalRuns: a.runs,
    shards: [a.shard],
    runs: t.runs.slice(0, t.executed),
    failed: [...t.failed],
    reached: t.reached,
    verdicts: Object.fromEntries([...t.verdicts].sort()),
    findings: t.findings.map((f, i) => ({
      kind: kindOf(f.legal, f.first.verdict),
      run: f.run,
      legal: f.legal,
      verdict: f.first.verdict,
      code: f.first.code,
      why: f.first.why,
      plan: encodePlan(f.plan),
      minimalPlan: encodePlan(f.min),
      minimal: describePlan(f.min),
      minimalVerdict: f.minOutcome.verdict,
      minimalWhy: f.minOutcome.why,
      shrinkRuns: f.steps,
      broken: f.minOutcome.broken,
      replay: extra.replay(i),
      artefacts: extra.artefacts[i] ?? '',
    })),
    fuzzerBugs: [...t.illegalMisses],
    result: campaignFailed(t) ? 'fail' : 'ok',
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNums = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => Number.isInteger(n));

/** Parses one report file's text; a file that is not such a report throws E_USAGE naming it. */
export function parseReport(text: string, file: string): FuzzReport {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new EmuError('E_USAGE', `${file} is not JSON (${(e as Error).message}); give the files written by cbc-emu fuzz --json`);
  }
  const ok =
    isObj(v) &&
    v['format'] === REPORT_FORMAT &&
    typeof v['campaign'] === 'string' &&
    typeof v['seed'] === 'number' &&
    typeof v['totalRuns'] === 'number' &&
    Array.isArray(v['shards']) &&
    v['shards'].every((s) => isNums(s) && s.length === 2) &&
    isNums(v['runs']) &&
    isNums(v['failed']) &&
    typeof v['reached'] === 'number' &&
    isObj(v['verdicts']) &&
    Array.isArray(v['findings']) &&
    v['findings'].every(isObj) &&
    Array.isArray(v['fuzzerBugs']) &&
    (v['result'] === 'ok' || v['result'] === 'fail');
  if (!ok) throw new EmuError('E_USAGE', `${file} is not a cbc-emu fuzz report (format "${REPORT_FORMAT}"); give the files written by cbc-emu fuzz --json`);
  return v as FuzzReport; // checked field by field above
}

/** Same kind of failure (as the campaign's own dedupe, runner.ts sameFailure): legality, verdict, and the exit code of an `exit`. */
const findingKey = (f: JsonFinding) => `${f.legal}|${f.verdict}|${f.verdict === 'exit' ? String(f.code) : ''}`;

/**
 * Merges shard reports into one. Refused (E_USAGE): reports of different campaigns or run counts, a shard
 * given twice, a missing shard (a lost CI job must not turn the merge green), or shards of different splits.
 */
export function mergeReports(reports: readonly { file: string; report: FuzzReport }[]): FuzzReport {
  const first = reports[0];
  if (!first) throw new EmuError('E_USAGE', 'give at least one report');
  const seen = new Map<string, string>();
  for (const { file, report } of reports) {
    if (report.campaign !== first.report.campaign || report.totalRuns !== first.report.totalRuns) {
      throw new EmuError(
        'E_USAGE',
        `${file} is from another campaign (${report.campaign}, ${report.totalRuns} runs) than ${first.file} (${first.report.campaign}, ${first.report.totalRuns} runs); merge only the shards of one campaign: same scenario, consumer, oracle, profile, speed, perturbations, --seed and --runs`,
      );
    }
    for (const [i, n] of report.shards) {
      const prev = seen.get(`${i}/${n}`);
      if (prev !== undefined) throw new EmuError('E_USAGE', `shard ${i}/${n} is in both ${prev} and ${file}; give each shard's report once`);
      seen.set(`${i}/${n}`, file);
    }
  }
  const shards = [...reports.flatMap((r) => r.report.shards)].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const n = shards[0]![1];
  if (shards.some((s) => s[1] !== n)) throw new EmuError('E_USAGE', `the reports split the campaign in different ways (${shards.map((s) => s.join('/')).join(', ')}); merge the shards of one --shard i/n matrix`);
  const missing = Array.from({ length: n }, (_, k) => k + 1).filter((i) => !seen.has(`${i}/${n}`));
  if (missing.length > 0) throw new EmuError('E_USAGE', `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${n}`).join(', ')} missing: give the report of every shard (a lost shard is a run that was not tested)`);
  const all = reports.map((r) => r.report);
  const verdicts: Record<string, number> = {};
  for (const r of all) for (const [k, c] of Object.entries(r.verdicts)) verdicts[k] = (verdicts[k] ?? 0) + c;
  const findings = new Map<string, JsonFinding>();
  for (const f of all.flatMap((r) => r.findings).sort((a, b) => a.run - b.run)) if (!findings.has(findingKey(f))) findings.set(findingKey(f), f);
  const reached = all.reduce((s, r) => s + r.reached, 0);
  return {
    format: REPORT_FORMAT,
    campaign: first.report.campaign,
    seed: first.report.seed,
    totalRuns: first.report.totalRuns,
    shards,
    runs: all.flatMap((r) => r.runs).sort((a, b) => a - b),
    failed: all.flatMap((r) => r.failed).sort((a, b) => a - b),
    reached,
    verdicts: Object.fromEntries(Object.entries(verdicts).sort()),
    findings: [...findings.values()],
    fuzzerBugs: all.flatMap((r) => r.fuzzerBugs),
    result: all.some((r) => r.result === 'fail') || reached === 0 ? 'fail' : 'ok',
  };
}
