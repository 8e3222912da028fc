// `npm run bench` (issues #9, #21): measures start-up, emission throughput, peak RSS and the tools against their
// budgets, each against a floor measured in the same run, prints a table and writes docs/performance.md. Options: --quick (fewer repetitions, smaller
// inputs), --bin <path> (measure another build of bin/cbc.js), --transcript-mb <n> (check input, default 1024),
// --only startup,throughput,rss,tools,fuzz (a subset; fuzz is the fuzz part of tools alone; emission is another name for
// throughput), --no-write (do not touch docs/performance.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { unsetExtraCaCerts } from '../helpers/node-start.js';
import { DEFAULT_BIN, machine, ROOT } from './lib.js';
import { printTable, writeMarkdown, type Section } from './report.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
};
const quick = argv.includes('--quick');
const bin = resolve(opt('--bin') ?? DEFAULT_BIN);
const transcriptMb = Number(opt('--transcript-mb') ?? (quick ? 64 : 1024));
const only = new Set((opt('--only') ?? 'startup,throughput,rss,tools').split(',').map((p) => (p === 'emission' ? 'throughput' : p)));

// a fresh clone has no dist/: build it first (the drop-in runs the compiled code)
if (!existsSync(join(ROOT, 'dist', 'dropin', 'main.js'))) {
  console.log('dist/ is missing: running npm run build');
  const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

// every process measured runs without NODE_EXTRA_CA_CERTS (test/helpers/node-start.ts: the drop-in and every floor
// paid its parse alike, which pulled each ratio toward 1); the Machine section says whether the bench's environment set it
const extraCa = unsetExtraCaCerts();

const { benchStartup } = await import('./startup.js');
const { benchThroughput } = await import('./throughput.js');
const { benchRss } = await import('./rss.js');
const { benchFuzzOnly, benchTools } = await import('./tools.js');

const tmp = mkdtempSync(join(tmpdir(), 'cbc-bench-'));
// the machine's load (1, 5, 15 min) as the run starts: ratios hold under load, absolute times do not
const loadAtStart = loadavg().map((l) => l.toFixed(1)).join(', ');
console.log(`load average: ${loadAtStart} on ${cpus().length} cores${extraCa === undefined ? '' : '; NODE_EXTRA_CA_CERTS unset for the processes measured'}`);
const sections: Section[] = [];
try {
  console.log(`benchmarking ${bin}${quick ? ' (quick)' : ''}`);
  if (only.has('startup')) {
    console.log('start-up…');
    // 150 pairs: at 60 the median of the ratios moved by ±0.05 between runs of one build (1.42-1.51, #21 session 14),
    // about twice its standard error, so the verdict was the draw's; 150 pairs take ~15 s
    sections.push(await benchStartup({ bin, reps: quick ? 15 : 150, realReps: quick ? 2 : 5, tmp }));
  }
  if (only.has('throughput') || only.has('tools')) {
    console.log('emission throughput…');
    const tp = await benchThroughput({ bin, reps: quick ? 3 : 7, prompts: quick ? 100 : 400, tmp });
    if (only.has('throughput')) sections.push(tp);
    if (only.has('rss')) {
      console.log('peak RSS…');
      sections.push(await benchRss({ bin, frames: quick ? 100_000 : 1_000_000, tmp }));
    }
    if (only.has('tools')) {
      console.log('tools…');
      sections.push(await benchTools({ bin, tmp, transcriptMb, scenario: tp.scenario, bytesPerPrompt: tp.bytesPerPrompt, fuzzReps: quick ? 1 : 3 }));
    }
  } else if (only.has('rss')) {
    console.log('peak RSS…');
    sections.push(await benchRss({ bin, frames: quick ? 100_000 : 1_000_000, tmp }));
  }
  if (only.has('fuzz') && !only.has('tools')) {
    console.log('fuzz…');
    sections.push(await benchFuzzOnly({ tmp, fuzzReps: quick ? 1 : 3 }));
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

printTable(sections);
if (!argv.includes('--no-write')) {
  const file = join(ROOT, 'docs', 'performance.md');
  // the hand-written part (analysis, before/after) lives below this marker and survives re-runs
  const marker = '\n<!-- notes: kept by npm run bench -->\n';
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const notes = old.includes(marker) ? old.slice(old.indexOf(marker)) : marker;
  const m = machine();
  const env = extraCa === undefined ? 'NODE_EXTRA_CA_CERTS not set' : 'NODE_EXTRA_CA_CERTS set here and unset for every process measured (see test/bench/run.ts)';
  writeMarkdown(file, sections, { ...m, date: new Date().toISOString().slice(0, 10), bin: relative(ROOT, bin) || bin, load: loadAtStart, env }, notes);
  console.log(`\nwrote ${relative(ROOT, file)}`);
}
