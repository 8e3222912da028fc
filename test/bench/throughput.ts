// Budget 2: emission throughput of a large seeded scenario at --emu-speed 0, against the Node
// re-serialisation floor (issue #21): a node process writing the same frames with JSON.stringify.
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drain, fmt, median, STREAM, userLine, type Drained } from './lib.js';
import type { Section } from './report.js';
import { writeWideScenario } from './scenarios.js';

const RESERIALISE = fileURLToPath(new URL('./reserialise.mjs', import.meta.url));

/**
 * Spawns the drop-in `reps` times over `prompts` prompts of the wide scenario, each run paired with the
 * floor (reserialise.mjs over one saved output) and with `cat` of it, all drained by the same consumer.
 */
export async function benchThroughput(opts: { bin: string; reps: number; prompts: number; tmp: string }): Promise<Section & { bytesPerPrompt: number; scenario: string }> {
  const scenario = writeWideScenario(opts.tmp);
  const stdin = Array.from({ length: opts.prompts }, (_, i) => userLine(`go ${i}`)).join('');
  const home = join(opts.tmp, 'throughput-home');
  const args = [opts.bin, ...STREAM, '--emu-scenario', scenario, '--emu-speed', '0', '--emu-seed', 'bench', '--emu-home', home];
  // keep one run's bytes for the floor and for `cat`
  const copy = join(opts.tmp, 'throughput.ndjson');
  const out = createWriteStream(copy);
  await new Promise<void>((resolve, reject) => {
    void drain(process.execPath, args, { stdin, onChunk: (_c, chunk) => out.write(chunk) }).then((r) => {
      if (r.code !== 0) reject(new Error(`drop-in exited ${r.code}: ${r.stderr}`));
      out.end(resolve);
    }, reject);
  });
  const emu: Array<{ ms: number; emitMs: number; bytes: number; lines: number; cpu: Drained['cpu'] }> = [];
  const floor: number[] = [];
  const floorCpu: Array<Drained['cpu']> = [];
  const cat: number[] = [];
  const loads: number[] = [];
  // CPU (user and system, all threads) next to the wall: on a loaded box the wall swings with the other jobs, the CPU much
  // less (the system part still moves with other processes' file deletions: see `retire`)
  for (let i = 0; i < opts.reps; i++) {
    // interleaved: drop-in, floor, cat; load drift hits the three alike
    retire(home, i);
    loads.push(loadavg()[0]!);
    const r = await drain(process.execPath, args, { stdin, cpu: true });
    if (r.code !== 0) throw new Error(`drop-in exited ${r.code}: ${r.stderr}`);
    emu.push({ ms: r.totalMs, emitMs: r.emitMs, bytes: r.bytes, lines: r.lines, cpu: r.cpu });
    const f = await drain(process.execPath, [RESERIALISE, copy], { cpu: true });
    if (f.code !== 0 || f.bytes !== r.bytes) throw new Error(`the floor wrote ${f.bytes} bytes (exit ${f.code}), the drop-in ${r.bytes}: ${f.stderr}`);
    floor.push(f.totalMs);
    floorCpu.push(f.cpu);
    cat.push((await drain('cat', [copy])).totalMs);
  }
  // the part of the drop-in's CPU spent before any prompt: start-up and loading this scenario (YAML, schema), once per run
  const startCpu: Array<{ user: number; sys: number }> = [];
  for (let i = 0; i < 3; i++) {
    retire(home, opts.reps + i);
    const s = await drain(process.execPath, args, { stdin: '', cpu: true });
    if (s.code !== 0) throw new Error(`drop-in exited ${s.code} with no prompt: ${s.stderr}`);
    if (s.cpu) startCpu.push(s.cpu);
  }
  const bytes = emu[0]!.bytes;
  const lines = emu[0]!.lines;
  const ms = median(emu.map((e) => e.ms));
  const emitMs = median(emu.map((e) => e.emitMs));
  const mbs = (b: number, t: number) => b / 1048576 / (t / 1000);
  // throughput ratio drop-in / floor = floor time / drop-in time, per interleaved pair, then the median
  const ratio = median(emu.map((e, i) => floor[i]! / e.ms));
  const cpuPairs = emu.flatMap((e, i) => (e.cpu && floorCpu[i] ? [{ emu: e.cpu, floor: floorCpu[i] }] : []));
  const sum = (c: { user: number; sys: number }) => c.user + c.sys;
  const cpuText = (cs: Array<{ user: number; sys: number }>) =>
    `${median(cs.map((c) => c.user)).toFixed(2)} s user + ${median(cs.map((c) => c.sys)).toFixed(2)} s system`;
  const cpuRows = cpuPairs.length === 0 ? [] : [
    { what: 'drop-in CPU (all threads), median', value: cpuText(cpuPairs.map((p) => p.emu)), detail: `${median(cpuPairs.map((p) => sum(p.emu))).toFixed(2)} s` },
    { what: 'floor CPU, median', value: cpuText(cpuPairs.map((p) => p.floor)), detail: `floor / drop-in CPU per pair, median ${median(cpuPairs.map((p) => sum(p.floor) / sum(p.emu))).toFixed(2)}× (reported, not the budget)` },
    ...(startCpu.length === 0 ? [] : [{ what: 'of which start-up and the scenario load (the same run with no prompt), median of 3', value: cpuText(startCpu), detail: `${median(startCpu.map(sum)).toFixed(2)} s` }]),
  ];
  rmSync(copy, { force: true });
  return {
    bytesPerPrompt: bytes / opts.prompts,
    scenario,
    title: '2. Emission throughput',
    method: `A generated scenario (\`test/bench/scenarios.ts\` wide: 4 background workflows per turn × 3 phases × 4 agents) played for ${fmt(opts.prompts)} \`go\` prompts at \`--emu-speed 0 --emu-seed bench\`, stdout drained by the benchmark through a pipe (nothing kept); spawn → exit. The floor is what any Node emitter of these frames pays: a node process (\`test/bench/reserialise.mjs\`) that reads one run's saved output, parses each frame and writes it back with \`JSON.stringify\`, one line each, batched in ~64 KiB writes with backpressure: the same bytes (checked) through the same kind of pipe to the same consumer, with no engine, profile or task files. Each drop-in run starts without a home, the previous run's moved aside (not deleted: see \`retire\`). \`cat\` of the same bytes is shown for scale only (a memory copy, not a floor a JSON emitter can approach). ${opts.reps} interleaved triples (drop-in, floor, cat); the budget is the median of the pairs' ratios.`,
    rows: [
      { what: 'drop-in output', value: `${fmt(lines)} frames, ${(bytes / 1048576).toFixed(1)} MB`, detail: `${fmt(bytes / lines)} B/frame` },
      { what: 'drop-in, spawn → exit', value: `${fmt(lines / (ms / 1000))} frames/s, ${mbs(bytes, ms).toFixed(1)} MB/s`, detail: `${ms.toFixed(0)} ms` },
      { what: 'drop-in, first byte → exit', value: `${fmt(lines / (emitMs / 1000))} frames/s, ${mbs(bytes, emitMs).toFixed(1)} MB/s`, detail: `${emitMs.toFixed(0)} ms` },
      { what: 'floor: node re-serialising the same frames, spawn → exit', value: `${mbs(bytes, median(floor)).toFixed(1)} MB/s`, detail: `${median(floor).toFixed(0)} ms` },
      { what: '`cat` of the same bytes (scale only)', value: `${mbs(bytes, median(cat)).toFixed(1)} MB/s`, detail: `${median(cat).toFixed(1)} ms` },
      ...cpuRows,
      { what: 'load average (1 min) at each drop-in run', value: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`, detail: `on ${cpus().length} cores` },
    ],
    budgets: [{ name: 'emission vs the Node re-serialisation floor', measured: `${ratio.toFixed(2)}×`, budget: '≥ 0.8×', pass: ratio >= 0.8 }],
  };
}

/**
 * Moves the previous run's home aside instead of deleting it (each run starts with no home, at the same
 * path, so its bytes are the saved output's). Deleting it there cost the next run a quadratic scan: ext4
 * skips inodes freed in the last minute or so when it allocates one (`recently_deleted`), and each of the
 * run's ~1,600 task files was created past the ~1,600 just freed in the same block group (perf: 10-30% of
 * the run in `find_inode_bit`); no drop-in run pays that unless its caller deleted a home just before.
 * The homes go with the bench's temp folder when the whole bench ends, after every timed run.
 */
function retire(home: string, i: number): void {
  try {
    renameSync(home, `${home}.${i}`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}
