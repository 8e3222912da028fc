// Budget 1: spawn → first stdout frame answering `initialize`, vs a bare node answering one line (issue #21) and vs the real cbc 2.117.0.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BARE_ANSWER, initLine, median, quantile, ROOT, STREAM, timeToFirstByte } from './lib.js';
import type { Section } from './report.js';

const REAL_CBC = join(ROOT, 'node_modules', '@tencent-ai', 'agent-sdk', 'cli', 'dist', 'codebuddy-headless.js');

/** Runs `reps` interleaved pairs (bare node answering a line, drop-in) after warm-ups, then a few real-cbc runs. */
export async function benchStartup(opts: { bin: string; reps: number; realReps: number; tmp: string }): Promise<Section> {
  const env: NodeJS.ProcessEnv = { ...process.env, CBC_EMU_HOME: join(opts.tmp, 'startup-home') };
  delete env['CBC_EMU_SCENARIO'];
  const emu = () => timeToFirstByte(process.execPath, [opts.bin, ...STREAM], { stdin: initLine(), env });
  // the floor: node itself, reading the same initialize line and answering it with one line
  const bare = () => timeToFirstByte(process.execPath, BARE_ANSWER, { stdin: initLine() });
  const first = await emu();
  if (!first.first.includes('"control_response"')) throw new Error(`the drop-in's first frame is not the initialize answer: ${first.first}`);
  for (let i = 0; i < 3; i++) {
    // warm the page cache and the module resolution caches of both
    await bare();
    await emu();
  }
  const node: number[] = [];
  const dropin: number[] = [];
  for (let i = 0; i < opts.reps; i++) {
    // interleaved, so drift in machine load hits both series alike
    node.push((await bare()).ms);
    dropin.push((await emu()).ms);
  }
  // the ratio of each interleaved pair, then its median: drift in load between pairs cancels out
  const ratio = median(dropin.map((d, i) => d / node[i]!));
  const rows = [
    { what: 'bare node spawn → answer to one line', value: `${median(node).toFixed(1)} ms`, detail: `p10 ${quantile(node, 0.1).toFixed(1)}, p90 ${quantile(node, 0.9).toFixed(1)}, n=${node.length}` },
    { what: 'drop-in spawn → initialize answer', value: `${median(dropin).toFixed(1)} ms`, detail: `p10 ${quantile(dropin, 0.1).toFixed(1)}, p90 ${quantile(dropin, 0.9).toFixed(1)}, n=${dropin.length}` },
  ];
  rows.push(codeCacheRow(opts.bin));
  const budgets: Section['budgets'] = [{ name: 'start-up vs a bare node answering one line', measured: `${ratio.toFixed(2)}×`, budget: '≤ 1.5×', pass: ratio <= 1.5 }];

  if (!existsSync(REAL_CBC)) {
    budgets.push({ name: 'start-up vs real cbc 2.117.0', measured: 'not measured: node_modules/@tencent-ai/agent-sdk is not installed (npm ci)', budget: '≥ 5× faster', pass: undefined });
  } else {
    // isolated HOME, no network use: the API base points at a closed local port
    const home = join(opts.tmp, 'real-cbc-home');
    const work = join(opts.tmp, 'real-cbc-work');
    mkdirSync(home, { recursive: true });
    mkdirSync(work, { recursive: true });
    const realEnv = { PATH: process.env['PATH'] ?? '', HOME: home, TERM: 'dumb', CODEBUDDY_API_KEY: 'sk-bench', CODEBUDDY_BASE_URL: 'http://127.0.0.1:9' };
    const real: number[] = [];
    let failure: string | undefined;
    for (let i = 0; i < opts.realReps; i++) {
      try {
        const r = await timeToFirstByte(process.execPath, [REAL_CBC, ...STREAM], { stdin: initLine(), env: realEnv, cwd: work, timeoutMs: 60_000 });
        if (!r.wrote) throw new Error('exited without answering');
        real.push(r.ms);
      } catch (e) {
        failure = (e as Error).message;
        break;
      }
    }
    if (real.length === 0) {
      budgets.push({ name: 'start-up vs real cbc 2.117.0', measured: `not measured: ${failure}`, budget: '≥ 5× faster', pass: undefined });
    } else {
      const speedup = median(real) / median(dropin);
      rows.push({ what: 'real cbc 2.117.0 spawn → initialize answer', value: `${median(real).toFixed(0)} ms`, detail: `min ${Math.min(...real).toFixed(0)}, max ${Math.max(...real).toFixed(0)}, n=${real.length}` });
      budgets.push({ name: 'start-up vs real cbc 2.117.0', measured: `${speedup.toFixed(1)}× faster`, budget: '≥ 5× faster', pass: speedup >= 5 });
    }
  }
  return {
    title: '1. Start-up',
    method:
      'Spawn → first stdout byte of `node bin/cbc.js --input-format stream-json --output-format stream-json --verbose` with an `initialize` control request already written to its stdin (the SDKs\' first request; the default scenario, no `--emu-scenario`), against the floor: spawn → first stdout byte of a bare `node -e` that reads the same line from stdin and answers with one line (what any Node drop-in pays before its own code runs). Interleaved pairs after 3 warm-ups; the budget is the median of the pairs\' ratios, so load drift between pairs cancels. The real cbc 2.117.0 (`node_modules/@tencent-ai/agent-sdk/cli/dist/codebuddy-headless.js`) runs under an isolated HOME with its API base on a closed local port.',
    rows,
    budgets,
  };
}

/** Which V8 code cache the measured build's drop-in started with (bin/load-dropin.cjs, issue #21), if any. */
function codeCacheRow(bin: string): { what: string; value: string; detail: string } {
  const dir = join(dirname(bin), '..', 'dist', 'bundle');
  const name = `dropin-v8-${process.versions.v8}-${process.arch}.cache`;
  if (!existsSync(join(dirname(bin), 'load-dropin.cjs'))) return { what: 'V8 code cache of the drop-in', value: 'none', detail: 'this build loads its ES modules without one' };
  const file = readdirSync(dir).find((f) => f === name);
  return file === undefined
    ? { what: 'V8 code cache of the drop-in', value: 'missing', detail: `no dist/bundle/${name}: the first run writes it` }
    : { what: 'V8 code cache of the drop-in', value: `${Math.round(statSync(join(dir, file)).size / 1024)} KB`, detail: `dist/bundle/${file}, written by npm run build (bin/load-dropin.cjs)` };
}
