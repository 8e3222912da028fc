// Budget 2: emission throughput of a large seeded scenario at --emu-speed 0, vs `cat` of the same bytes.
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { drain, fmt, median, STREAM, userLine } from './lib.js';
import type { Section } from './report.js';
import { writeWideScenario } from './scenarios.js';

/** Spawns the drop-in `reps` times over `prompts` prompts of the wide scenario, then `cat`s one output as often. */
export async function benchThroughput(opts: { bin: string; reps: number; prompts: number; tmp: string }): Promise<Section & { bytesPerPrompt: number; scenario: string }> {
  const scenario = writeWideScenario(opts.tmp);
  const stdin = Array.from({ length: opts.prompts }, (_, i) => userLine(`go ${i}`)).join('');
  const home = join(opts.tmp, 'throughput-home');
  const args = [opts.bin, ...STREAM, '--emu-scenario', scenario, '--emu-speed', '0', '--emu-seed', 'bench', '--emu-home', home];
  // keep one run's bytes for `cat`
  const copy = join(opts.tmp, 'throughput.ndjson');
  const out = createWriteStream(copy);
  await new Promise<void>((resolve, reject) => {
    void drain(process.execPath, args, { stdin, onChunk: (_c, chunk) => out.write(chunk) }).then((r) => {
      if (r.code !== 0) reject(new Error(`drop-in exited ${r.code}: ${r.stderr}`));
      out.end(resolve);
    }, reject);
  });
  const emu: Array<{ ms: number; emitMs: number; bytes: number; lines: number }> = [];
  const cat: number[] = [];
  for (let i = 0; i < opts.reps; i++) {
    rmSync(home, { recursive: true, force: true });
    const r = await drain(process.execPath, args, { stdin });
    if (r.code !== 0) throw new Error(`drop-in exited ${r.code}: ${r.stderr}`);
    emu.push({ ms: r.totalMs, emitMs: r.emitMs, bytes: r.bytes, lines: r.lines });
    cat.push((await drain('cat', [copy])).totalMs);
  }
  const bytes = emu[0]!.bytes;
  const lines = emu[0]!.lines;
  const ms = median(emu.map((e) => e.ms));
  const emitMs = median(emu.map((e) => e.emitMs));
  const catMs = median(cat);
  const mbs = (b: number, t: number) => b / 1048576 / (t / 1000);
  const ratio = mbs(bytes, ms) / mbs(bytes, catMs);
  // the floor any JSON emitter pays: serialising the same frames, in this process, no engine, no pipe
  const frames = readFileSync(copy, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as unknown);
  const stringify: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    let n = 0;
    for (const f of frames) n += JSON.stringify(f).length + 1;
    if (n === 0) throw new Error('no frames');
    stringify.push(performance.now() - t0);
  }
  rmSync(copy, { force: true });
  rmSync(home, { recursive: true, force: true });
  return {
    bytesPerPrompt: bytes / opts.prompts,
    scenario,
    title: '2. Emission throughput',
    method: `A generated scenario (\`test/bench/scenarios.ts\` wide: 4 background workflows per turn × 3 phases × 4 agents) played for ${fmt(opts.prompts)} \`go\` prompts at \`--emu-speed 0 --emu-seed bench\`, stdout drained by the benchmark through a pipe (nothing kept); spawn → exit, ${opts.reps} runs, medians. \`cat\` of the same bytes (one run's output saved to a file) through the same kind of pipe to the same consumer. The JSON.stringify floor re-serialises the same frames in the benchmark process (no engine, no pipe).`,
    rows: [
      { what: 'drop-in output', value: `${fmt(lines)} frames, ${(bytes / 1048576).toFixed(1)} MB`, detail: `${fmt(bytes / lines)} B/frame` },
      { what: 'drop-in, spawn → exit', value: `${fmt(lines / (ms / 1000))} frames/s, ${mbs(bytes, ms).toFixed(1)} MB/s`, detail: `${ms.toFixed(0)} ms` },
      { what: 'drop-in, first byte → exit', value: `${fmt(lines / (emitMs / 1000))} frames/s, ${mbs(bytes, emitMs).toFixed(1)} MB/s`, detail: `${emitMs.toFixed(0)} ms` },
      { what: '`cat` of the same bytes', value: `${mbs(bytes, catMs).toFixed(1)} MB/s`, detail: `${catMs.toFixed(1)} ms` },
      { what: 'JSON.stringify of the same frames (floor)', value: `${mbs(bytes, median(stringify)).toFixed(1)} MB/s`, detail: `${median(stringify).toFixed(0)} ms, in-process` },
    ],
    budgets: [{ name: 'emission vs `cat`', measured: `${ratio.toFixed(3)}×`, budget: '≥ 0.5×', pass: ratio >= 0.5 }],
  };
}
