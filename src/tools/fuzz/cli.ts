import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { EMU_PREFIX } from '../../errors.js';
import { ILLEGAL_IDS, LEGAL_IDS, PERTURBATIONS, perturbation } from './catalogue.js';
import { decodePlan, encodePlan, isLegal, planFor, type FuzzPlan } from './plan.js';
import { isSetupFailure, reachedEmulator, runOnce, sameFailure, shrink, type RunContext, type RunOutcome } from './runner.js';
import { campaignFolder, validateCampaign } from './validate.js';
import { withCampaignFolder } from './workdir.js';

const USAGE = `Usage: cbc-emu fuzz --scenario <file> --consumer "<command>" [options]

Runs the consumer many times against the emulator with legal-but-nasty perturbations of its output
(docs/fuzzing.md), judges each run by exit code, timeout and an optional oracle, and shrinks a failure
to a minimal plan you can replay. The scenario, profile and options are checked before the first run;
a run whose consumer never got a session from the emulator is not a pass.

  --runs N            runs in the campaign (default 100)
  --seed S            campaign seed, a whole number (default 1); same seed, same report
  --perturb a,b,...   only these perturbation ids (default: every legal one)
  --illegal           also use the illegal set (every third run adds one); reported separately
  --oracle "<cmd>"    judge each passing run: gets FUZZ_TRANSCRIPT, FUZZ_JOURNAL, FUZZ_STDOUT, FUZZ_STDERR, FUZZ_EXIT_CODE
  --profile P         emulator profile (CBC_EMU_PROFILE)
  --emu-speed X       emulator speed (default 0: instant virtual time)
  --timeout MS        a run that takes longer is a hung consumer (default 20000)
  --shard i/n         run only the runs r with r % n == i-1 (CI matrix); shards cover the campaign exactly
  --keep-going        run every run even after a failure (default: stop at the first failure and shrink it)
  --replay TOKEN      run exactly one plan (from a report) and say whether it fails
  --out DIR           where each shrunk failure is kept, in a folder per campaign (<seed>-<hash>/finding-<run>):
                      transcript, journal, consumer output and a report.html timeline (default ./cbc-emu-fuzz)
  --list              print the perturbation catalogue
`;

/** Parsed options of `cbc-emu fuzz`. */
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
}

/** Parses the command line; a string is an error message ('' = help). */
export function parseFuzzArgs(argv: string[]): FuzzArgs | string {
  const a: Partial<FuzzArgs> = { speed: '0', runs: 100, seed: 1, illegal: false, timeoutMs: 20_000, shard: [1, 1], keepGoing: false, out: 'cbc-emu-fuzz' };
  let perturb: string[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const whole = (v: string, min: number) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) throw new Error(`${flag} needs a whole number >= ${min}, got "${v}"`);
      return n;
    };
    try {
      if (flag === '--scenario') a.scenario = value();
      else if (flag === '--consumer') a.consumer = value();
      else if (flag === '--oracle') a.oracle = value();
      else if (flag === '--profile') a.profile = value();
      else if (flag === '--emu-speed') a.speed = value();
      else if (flag === '--runs') a.runs = whole(value(), 1);
      else if (flag === '--seed') a.seed = whole(value(), 0);
      else if (flag === '--timeout') a.timeoutMs = whole(value(), 1);
      else if (flag === '--illegal') a.illegal = true;
      else if (flag === '--keep-going') a.keepGoing = true;
      else if (flag === '--out') a.out = value();
      else if (flag === '--replay') a.replay = value();
      else if (flag === '--perturb') perturb = value().split(',').map((s) => s.trim()).filter((s) => s !== '');
      else if (flag === '--shard') {
        const m = /^(\d+)\/(\d+)$/.exec(value());
        if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) return `--shard takes i/n with 1 <= i <= n (e.g. 2/4)`;
        a.shard = [Number(m[1]), Number(m[2])];
      } else if (flag === '--list') return 'list';
      else if (flag === '-h' || flag === '--help') return '';
      else return `unknown option "${arg}"`;
    } catch (e) {
      return (e as Error).message;
    }
  }
  if (!a.scenario) return 'missing --scenario <file>: the scenario the emulator plays';
  if (!a.consumer) return 'missing --consumer "<command>": the program under test (it runs `cbc` from PATH)';
  for (const id of perturb ?? []) if (!perturbation(id)) return `unknown perturbation "${id}"; known: ${PERTURBATIONS.map((p) => p.id).join(', ')}`;
  a.perturb = perturb ?? [...LEGAL_IDS, ...(a.illegal ? ILLEGAL_IDS : [])];
  if (a.illegal && !perturb) a.perturb = [...LEGAL_IDS, ...ILLEGAL_IDS];
  return a as FuzzArgs;
}

const q = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
const describe = (plan: FuzzPlan) => (Object.keys(plan.p).length === 0 ? '(no perturbation: fails on the plain stream)' : Object.entries(plan.p).map(([id, n]) => `${id}×${n}`).join(', '));

/** The exact command that replays `plan`. */
export function replayCommand(plan: FuzzPlan, a: FuzzArgs): string {
  return [
    'cbc-emu fuzz --replay',
    encodePlan(plan),
    '--scenario',
    q(a.scenario),
    '--consumer',
    q(a.consumer),
    ...(a.oracle ? ['--oracle', q(a.oracle)] : []),
    ...(a.profile ? ['--profile', q(a.profile)] : []),
    ...(a.speed !== '0' ? ['--emu-speed', a.speed] : []),
  ].join(' ');
}

/** Progress: a redrawn bar on a TTY, one plain line per run otherwise. */
function progress(out: NodeJS.WritableStream & { isTTY?: boolean }, total: number) {
  return (done: number, run: number, o: RunOutcome) => {
    if (out.isTTY) {
      const w = 30;
      const fill = Math.round((done / total) * w);
      out.write(`\r[${'#'.repeat(fill)}${'.'.repeat(w - fill)}] ${done}/${total} run ${run}: ${o.verdict}   ${done === total ? '\n' : ''}`);
    } else out.write(`run ${run}: ${o.verdict}${o.why ? ` (${o.why})` : ''}\n`);
  };
}

/** One finding of a campaign. */
interface Finding {
  run: number;
  legal: boolean;
  first: RunOutcome;
  plan: FuzzPlan;
  min: FuzzPlan;
  minOutcome: RunOutcome;
  steps: number;
}

/** `cbc-emu fuzz ...`: runs a campaign (or one replay) and prints the report; resolves to the exit code. */
export async function runFuzz(argv: string[], io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream & { isTTY?: boolean } } = process): Promise<number> {
  const a = parseFuzzArgs(argv);
  if (a === 'list') {
    for (const p of PERTURBATIONS) io.stdout.write(`${p.id.padEnd(22)}${p.legal ? 'legal  ' : 'illegal'} ${p.summary}\n${''.padEnd(30)}${p.source}\n`);
    return 0;
  }
  if (typeof a === 'string') {
    if (a === '') {
      io.stdout.write(USAGE);
      return 0;
    }
    io.stderr.write(`${EMU_PREFIX} fuzz: ${a}\n${USAGE}`);
    return 2;
  }
  const invalid = validateCampaign(a);
  if (invalid !== undefined) {
    io.stderr.write(`${EMU_PREFIX} fuzz: ${invalid}\n`);
    return 2;
  }
  // the temp work folder goes away on every end, a signal included (issue #18)
  return withCampaignFolder((work) => {
    const ctx: RunContext = { scenario: a.scenario, consumer: a.consumer, oracle: a.oracle, profile: a.profile, speed: a.speed, timeoutMs: a.timeoutMs, work };
    return a.replay !== undefined ? replay(a, ctx, io) : campaign(a, ctx, io);
  });
}

/**
 * Re-runs a finding's minimal plan into `--out`/<campaign>/finding-<run>/ (transcript, journal, consumer
 * output) and writes report.html, the run's timeline with the checker's violations marked (issue #11).
 * The journal holds the frames as perturbed, so the page shows the stream the consumer received.
 */
async function keepFinding(f: Finding, a: FuzzArgs, ctx: RunContext): Promise<string> {
  const name = `finding-${f.run}`;
  const folder = join(a.out, campaignFolder(a));
  const dir = join(folder, name);
  mkdirSync(folder, { recursive: true });
  await runOnce(f.min, { ...ctx, work: folder }, name);
  const journal = join(dir, 'journal.ndjson');
  const source = existsSync(journal) ? journal : join(dir, 'transcript.ndjson');
  if (existsSync(source)) {
    const { buildReport } = await import('../report/report.js');
    writeFileSync(join(dir, 'report.html'), buildReport(readFileSync(source, 'utf8'), { check: true, source, title: `cbc-emu fuzz finding at run ${f.run}: ${describe(f.min)}` }).html);
  }
  return dir;
}

async function replay(a: FuzzArgs, ctx: RunContext, io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Promise<number> {
  let plan: FuzzPlan;
  try {
    plan = decodePlan(a.replay as string);
  } catch (e) {
    io.stderr.write(`${EMU_PREFIX} fuzz: --replay: ${(e as Error).message}\n`);
    return 2;
  }
  const o = await runOnce(plan, ctx, 'replay');
  io.stdout.write(`replay: ${describe(plan)}\nverdict: ${o.verdict}${o.why ? ` — ${o.why}` : ''}\n`);
  if (o.broken.length > 0) io.stdout.write(`checker: the perturbed stream breaks ${o.broken.join(', ')}${isLegal(plan) ? ' (a legal plan must not: a fuzzer or emulator bug)' : ''}\n`);
  return o.verdict === 'pass' ? 0 : 1;
}

/** What the runs of a campaign added up to. */
interface Tally {
  /** Run numbers of the shard, and how many of them ran (a failure stops the campaign early). */
  runs: number[];
  executed: number;
  /** Runs that got a session from the emulator. */
  reached: number;
  /** The first run that did not reach it, and why. */
  firstMiss?: { run: number; why: string };
  stats: Map<string, { runs: number; failed: number }>;
  verdicts: Map<string, number>;
  findings: Finding[];
  illegalMisses: string[];
}

/** Runs the campaign's runs (stopping at the first failing legal or setup run unless --keep-going) and shrinks the first failure of each kind. */
async function runAll(a: FuzzArgs, ctx: RunContext, io: { stderr: NodeJS.WritableStream & { isTTY?: boolean } }): Promise<Tally> {
  const [si, sn] = a.shard;
  const t: Tally = { runs: Array.from({ length: a.runs }, (_, r) => r).filter((r) => r % sn === si - 1), executed: 0, reached: 0, stats: new Map(), verdicts: new Map(), findings: [], illegalMisses: [] };
  const tick = progress(io.stderr, t.runs.length);
  for (const r of t.runs) {
    const plan = planFor(a.seed, r, a.perturb, a.illegal);
    const o = await runOnce(plan, ctx, `run-${r}`);
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
    if (legal && o.broken.length > 0) t.illegalMisses.push(`run ${r}: a legal plan (${describe(plan)}) broke ${o.broken.join(', ')}`);
    if (o.verdict === 'pass') continue;
    // shrink the first failure of each kind; later ones of the same kind are only counted
    if (!t.findings.some((f) => f.legal === legal && sameFailure(f.first, o))) {
      const sh = await shrink(plan, o, ctx, `run-${r}`);
      t.findings.push({ run: r, legal, first: o, plan, min: sh.plan, minOutcome: sh.outcome, steps: sh.steps });
    }
    if ((legal || isSetupFailure(o.verdict)) && !a.keepGoing) break;
  }
  return t;
}

/** The heading of a finding in the report. */
const findingKind = (f: Finding) => (isSetupFailure(f.first.verdict) ? 'NOT TESTED (the consumer did not exercise the emulator)' : f.legal ? 'FINDING' : 'ROBUSTNESS (illegal input)');

async function campaign(a: FuzzArgs, ctx: RunContext, io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream & { isTTY?: boolean } }): Promise<number> {
  const [si, sn] = a.shard;
  const t = await runAll(a, ctx, io);
  const lines: string[] = [];
  lines.push(`cbc-emu fuzz: scenario ${basename(a.scenario)}, seed ${a.seed}, runs ${t.runs.length} of ${a.runs}${sn > 1 ? ` (shard ${si}/${sn})` : ''}, ran ${t.executed}`);
  lines.push(`consumer: ${a.consumer}${a.oracle ? `\noracle: ${a.oracle}` : ''}`);
  lines.push(`emulator: reached in ${t.reached} of ${t.executed} runs`);
  lines.push('');
  lines.push(`${'perturbation'.padEnd(32)}${'runs'.padStart(6)}${'failed'.padStart(8)}`);
  for (const p of PERTURBATIONS) {
    const st = t.stats.get(p.id);
    if (st) lines.push(`${(p.id + (p.legal ? '' : ' (illegal)')).padEnd(32)}${String(st.runs).padStart(6)}${String(st.failed).padStart(8)}`);
  }
  lines.push('');
  for (const [k, n] of [...t.verdicts].sort()) lines.push(`${k.padEnd(32)}${String(n).padStart(6)}`);
  for (const miss of t.illegalMisses) lines.push(`FUZZER BUG ${miss}`);
  for (const f of t.findings) {
    lines.push('');
    lines.push(`${findingKind(f)} at run ${f.run}: ${f.first.verdict} — ${f.first.why}`);
    lines.push(`  first plan:   ${describe(f.plan)}`);
    if (!isSetupFailure(f.first.verdict)) {
      lines.push(`  minimal plan: ${describe(f.min)} (${f.steps} shrink runs)`);
      lines.push(`  minimal run:  ${f.minOutcome.verdict} — ${f.minOutcome.why}`);
    }
    if (f.minOutcome.broken.length > 0) lines.push(`  checker:      the minimal stream breaks ${f.minOutcome.broken.join(', ')}`);
    lines.push(`  replay:       ${replayCommand(f.min, a)}`);
    lines.push(`  artefacts:    ${await keepFinding(f, a, ctx)}`);
  }
  const none = t.reached === 0;
  if (none) lines.push('', `NO RUN REACHED THE EMULATOR (0 of ${t.executed}): the campaign tested nothing.${t.firstMiss ? ` Run ${t.firstMiss.run}: ${t.firstMiss.why}` : ' This shard has no runs: use fewer shards or more --runs.'}`);
  const failed = none || t.findings.some((f) => f.legal || isSetupFailure(f.first.verdict)) || t.illegalMisses.length > 0;
  lines.push('');
  lines.push(failed ? 'result: FAIL' : `result: ok${t.findings.length > 0 ? ' (robustness findings on illegal input only)' : ''}`);
  io.stdout.write(lines.join('\n') + '\n');
  return failed ? 1 : 0;
}
