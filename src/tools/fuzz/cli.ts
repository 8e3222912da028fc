import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { EMU_PREFIX } from '../../errors.js';
import { campaignFailed, describePlan as describe, findingKind, runAll, shardRuns, type Finding, type FuzzArgs, type Tally } from './campaign.js';
import { PERTURBATIONS } from './catalogue.js';
import { decodePlan, encodePlan, isLegal, type FuzzPlan } from './plan.js';
import { campaignReport, mergeReports, parseReport, type FuzzReport } from './report-json.js';
import { isSetupFailure, runOnce, type RelayHost, type RunContext, type RunOutcome } from './runner.js';
import { campaignFolder, compileScenario, validateCampaign } from './validate.js';
import { withCampaignFolder } from './workdir.js';

/*
 * The handlers of `cbc-emu fuzz` and `cbc-emu fuzz merge` (docs/fuzzing.md): src/cli parses and checks the
 * command line (commander); these run the campaign, print the text report, and write the JSON one.
 */

export type { FuzzArgs } from './campaign.js';

const q = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

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
function progress(out: NodeJS.WritableStream & { isTTY?: boolean }, total: number): (done: number, run: number, o: RunOutcome) => void {
  return (done: number, run: number, o: RunOutcome) => {
    if (out.isTTY) {
      const w = 30;
      const fill = Math.round((done / total) * w);
      out.write(`\r[${'#'.repeat(fill)}${'.'.repeat(w - fill)}] ${done}/${total} run ${run}: ${o.verdict}   ${done === total ? '\n' : ''}`);
    } else out.write(`run ${run}: ${o.verdict}${o.why ? ` (${o.why})` : ''}\n`);
  };
}

/** `cbc-emu fuzz --list`: the perturbation catalogue. */
export function listPerturbations(io: { stdout: NodeJS.WritableStream } = process): number {
  for (const p of PERTURBATIONS) io.stdout.write(`${p.id.padEnd(22)}${p.legal ? 'legal  ' : 'illegal'} ${p.summary}\n${''.padEnd(30)}${p.source}\n`);
  return 0;
}

/** `cbc-emu fuzz ...`: runs a campaign (or one replay) and prints the report; resolves to the exit code. */
export async function runFuzz(
  a: FuzzArgs,
  io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream & { isTTY?: boolean } } = process,
  /** Starts the campaign's relay in its work folder (src/cli passes src/testkit/relay-server.ts's); none: a Node drop-in per run. */
  relay?: (work: string) => Promise<RelayHost | undefined>,
): Promise<number> {
  const valid = validateCampaign(a);
  if (typeof valid === 'string') {
    io.stderr.write(`${EMU_PREFIX} fuzz: ${valid}\n`);
    return 2;
  }
  // the temp work folder goes away on every end, a signal included (issue #18)
  return withCampaignFolder(async (work) => {
    const host = a.relay !== false && relay !== undefined ? await relay(work) : undefined;
    try {
      const ctx: RunContext = { scenario: a.scenario, consumer: a.consumer, oracle: a.oracle, profile: a.profile, speed: a.speed, timeoutMs: a.timeoutMs, work, compiled: compileScenario(a.scenario, work, valid.scenario), relay: host };
      return await (a.replay !== undefined ? replay(a, ctx, io) : campaign(a, ctx, io));
    } finally {
      await host?.close();
    }
  });
}

/** Takes the lock file `path` for this process: false while a live process holds it. */
function claim(path: string): boolean {
  for (;;) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let holder: number;
    try {
      holder = Number(readFileSync(path, 'utf8'));
    } catch {
      continue; // released meanwhile: try again
    }
    try {
      process.kill(holder, 0);
      return false;
    } catch {
      rmSync(path, { force: true }); // its holder is gone
    }
  }
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
  // shards of one campaign run at once may keep the same finding into one --out: one process writes it (the same
  // plan gives the same files), the others leave it; a lock left by a process that died is taken over
  if (!claim(`${dir}.lock`)) return dir;
  try {
    rmSync(dir, { recursive: true, force: true });
    await runOnce(f.min, { ...ctx, work: folder, keep: true }, name);
    const journal = join(dir, 'journal.ndjson');
    const source = existsSync(journal) ? journal : join(dir, 'transcript.ndjson');
    if (existsSync(source)) {
      const { buildReport } = await import('../report/report.js');
      writeFileSync(join(dir, 'report.html'), buildReport(readFileSync(source, 'utf8'), { check: true, source, title: `cbc-emu fuzz finding at run ${f.run}: ${describe(f.min)}` }).html);
    }
  } finally {
    rmSync(`${dir}.lock`, { force: true });
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

/** The text report of a campaign; the artefacts folder of each finding is made while writing it. */
async function textReport(a: FuzzArgs, ctx: RunContext, t: Tally, artefacts: string[]): Promise<string> {
  const [si, sn] = a.shard;
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
    const dir = await keepFinding(f, a, ctx);
    artefacts.push(dir);
    lines.push(`  artefacts:    ${dir}`);
  }
  if (t.reached === 0) lines.push('', `NO RUN REACHED THE EMULATOR (0 of ${t.executed}): the campaign tested nothing.${t.firstMiss ? ` Run ${t.firstMiss.run}: ${t.firstMiss.why}` : ' This shard has no runs: use fewer shards or more --runs.'}`);
  lines.push('');
  lines.push(campaignFailed(t) ? 'result: FAIL' : `result: ok${t.findings.length > 0 ? ' (robustness findings on illegal input only)' : ''}`);
  return lines.join('\n') + '\n';
}

/** Writes a JSON report where `--json` asks; false (after one stderr line) when it cannot. */
function writeJson(file: string, report: FuzzReport, io: { stderr: NodeJS.WritableStream }): boolean {
  const path = resolve(file);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(report, null, 2) + '\n');
    return true;
  } catch (e) {
    io.stderr.write(`${EMU_PREFIX} fuzz: cannot write the --json report ${path}: ${(e as Error).message}; pass a writable path\n`);
    return false;
  }
}

async function campaign(a: FuzzArgs, ctx: RunContext, io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream & { isTTY?: boolean } }): Promise<number> {
  const t0 = performance.now();
  const t = await runAll(a, ctx, progress(io.stderr, shardRuns(a).length));
  const secs = (performance.now() - t0) / 1000;
  // the rate goes to stderr with the progress: the report on stdout stays the same for any --jobs (issue #21)
  const served = ctx.relay ? 'each emulator relayed to this process' : 'a Node emulator process per run';
  io.stderr.write(`fuzz: ${t.executed} runs in ${secs.toFixed(1)} s, ${(t.executed / secs).toFixed(2)} runs/s with --jobs ${a.jobs ?? 1} (${served})\n`);
  const artefacts: string[] = [];
  io.stdout.write(await textReport(a, ctx, t, artefacts));
  if (a.json !== undefined) {
    const report = campaignReport(a, campaignFolder(a), t, { replay: (i) => replayCommand(t.findings[i]!.min, a), artefacts });
    if (!writeJson(a.json, report, io)) return 2;
  }
  return campaignFailed(t) ? 1 : 0;
}

/** `cbc-emu fuzz merge <report>... [--json out]`: one report from the shards' reports; exit 1 when any shard failed. */
export function mergeCommand(opts: { files: string[]; json?: string }, io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process): number {
  const reports: { file: string; report: FuzzReport }[] = [];
  for (const file of opts.files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      io.stderr.write(`${EMU_PREFIX} fuzz merge: cannot read ${file}: ${(e as Error).message}; give the files written by cbc-emu fuzz --json\n`);
      return 2;
    }
    reports.push({ file, report: parseReport(text, file) });
  }
  const m = mergeReports(reports);
  if (opts.json !== undefined && !writeJson(opts.json, m, io)) return 2;
  const lines = [
    `cbc-emu fuzz merge: campaign ${m.campaign}, seed ${m.seed}, ${m.shards.length} shard(s), ran ${m.runs.length} of ${m.totalRuns} runs, ${m.failed.length} failed, emulator reached in ${m.reached}`,
    ...Object.entries(m.verdicts).map(([k, n]) => `${k.padEnd(32)}${String(n).padStart(6)}`),
    ...m.fuzzerBugs.map((b) => `FUZZER BUG ${b}`),
    ...m.findings.flatMap((f) => ['', `${f.kind.toUpperCase()} at run ${f.run}: ${f.verdict} — ${f.why}`, `  minimal plan: ${f.minimal}`, `  replay:       ${f.replay}`]),
    '',
    m.result === 'fail' ? 'result: FAIL' : 'result: ok',
  ];
  io.stdout.write(lines.join('\n') + '\n');
  return m.result === 'fail' ? 1 : 0;
}
