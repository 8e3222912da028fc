// Budgets 4 and 5: `cbc-emu check` and `replay` throughput on a large transcript; fuzz runs/s. Each is
// measured only when its command exists in this build (other issues add them); otherwise it says so.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { drain, EMU_BIN, fmt, median, nodeSpawnsNode, ROOT, STREAM, userLine } from './lib.js';
import type { Section } from './report.js';

/** Names of the `cbc-emu` subcommands of this build (from its help). */
export function emuCommands(): string[] {
  const r = spawnSync(process.execPath, [EMU_BIN, 'help'], { cwd: ROOT, encoding: 'utf8' });
  return [...r.stdout.matchAll(/^ {2}(\S+)/gm)].map((m) => m[1]!);
}

/** Writes the drop-in's stdout for `prompts` prompts of `scenario` straight into `file` (no buffering here). */
function writeTranscript(bin: string, scenario: string, prompts: number, file: string, home: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fd = openSync(file, 'w');
    const child = spawn(process.execPath, [bin, ...STREAM, '--emu-scenario', scenario, '--emu-speed', '0', '--emu-seed', 'bench', '--emu-home', home], { cwd: ROOT, stdio: ['pipe', fd, 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => {
      closeSync(fd);
      if (code === 0) resolve();
      else reject(new Error(`transcript generation exited ${code}`));
    });
    // prompts are tiny; written in slices so stdin never holds megabytes
    let i = 0;
    const more = () => {
      while (i < prompts) {
        if (!child.stdin!.write(userLine(`go ${i++}`))) return void child.stdin!.once('drain', more);
      }
      child.stdin!.end();
    };
    more();
  });
}

/** What the fuzz benchmark measured (budget 5, issue #21). */
interface FuzzBench {
  inProcess: number;
  inProcessCpu: number;
  /** The same campaign with `threads: 0` (everything in this thread). */
  oneThread: number;
  oneThreadCpu: number;
  inRuns: number;
  /** `cbc-emu fuzz --jobs 2` and `--jobs 1`, runs/s spawn → exit of the whole command. */
  jobs2: number;
  jobs1: number;
  /** `--jobs 2 --no-relay`: a Node drop-in started by every run's consumer (reported, not a budget). */
  jobs2Node: number;
  /** How the campaigns ran their emulators, as their runs/s line on stderr says. */
  served: string;
  /** Sequential "node spawns node" pairs per second, measured between the campaigns. */
  pairs: number;
  /** Median over the reps of (jobs 2 runs/s) / (pairs/s), each ratio from one interleaved round. */
  ratio: number;
  spawnRuns: number;
  reps: number;
  code: number | null;
}

/** Fuzz runs per second: the in-process API, and the spawned command against sequential node pairs (budget 5). */
async function benchFuzz(tmp: string, reps: number): Promise<FuzzBench> {
  const fix = join(ROOT, 'test', 'fixtures', 'consumers');
  const { fuzz } = (await import(join(ROOT, 'dist', 'index.js'))) as typeof import('../../dist/index.js');
  const { createConsumer, driveStream } = await import(join(fix, 'core.mjs'));
  const inRuns = 300;
  // one in-process campaign: runs/s wall and runs per CPU-second of the process (every thread: with worker threads the
  // CPU rate is what the wall rate approaches on a quiet machine with one core per thread)
  const inProc = async (threads: number | undefined) => {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await fuzz({ scenarioFile: join(fix, 'scenario.yaml'), runs: inRuns, seed: 7, profile: 'claude-2.1.220', ...(threads === undefined ? {} : { threads }) }, async (stream) => {
      await driveStream(stream, createConsumer());
    });
    const cpu = process.cpuUsage(cpu0);
    return { wall: inRuns / ((performance.now() - t0) / 1000), cpu: inRuns / ((cpu.user + cpu.system) / 1e6) };
  };
  // the default (worker threads besides this one) and all in this thread, interleaved so load drift hits both
  const def: { wall: number; cpu: number }[] = [];
  const one: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < 2; i++) {
    def.push(await inProc(undefined));
    one.push(await inProc(0));
  }
  const inProcess = median(def.map((r) => r.wall));
  const inProcessCpu = median(def.map((r) => r.cpu));
  const oneThread = median(one.map((r) => r.wall));
  const oneThreadCpu = median(one.map((r) => r.cpu));
  const spawnRuns = 20;
  let served = '';
  const campaign = async (jobs: number, relay = true) => {
    const t = performance.now();
    const r = await drain(process.execPath, [EMU_BIN, 'fuzz', '--scenario', join(fix, 'scenario.yaml'), '--profile', 'claude-2.1.220', '--consumer', `node ${join(fix, 'careful.mjs')} 'build it' cancel`, '--runs', String(spawnRuns), '--seed', '7', '--jobs', String(jobs), '--out', join(tmp, 'fuzz-out'), ...(relay ? [] : ['--no-relay'])], { timeoutMs: 600_000 });
    if (r.code !== 0) throw new Error(`cbc-emu fuzz --jobs ${jobs} exited ${r.code}: ${r.stderr.slice(-400)}`);
    if (relay) served = /runs\/s with --jobs \d+ \(([^)]*)\)/.exec(r.stderr)?.[1] ?? 'not said';
    return { rate: spawnRuns / ((performance.now() - t) / 1000), code: r.code };
  };
  const j2: number[] = [];
  const j1: number[] = [];
  const j2n: number[] = [];
  const pairs: number[] = [];
  const ratios: number[] = [];
  let code: number | null = 0;
  for (let i = 0; i < reps; i++) {
    // one round: the floor, --jobs 2, --jobs 1, interleaved so load drift hits all three
    const p = spawnRuns / ((await nodeSpawnsNode(spawnRuns)) / 1000);
    const two = await campaign(2);
    const one = await campaign(1);
    const twoNode = await campaign(2, false);
    code = two.code ?? one.code;
    pairs.push(p);
    j2.push(two.rate);
    j1.push(one.rate);
    j2n.push(twoNode.rate);
    ratios.push(two.rate / p);
  }
  return { inProcess, inProcessCpu, oneThread, oneThreadCpu, inRuns, jobs2: median(j2), jobs1: median(j1), jobs2Node: median(j2n), served, pairs: median(pairs), ratio: median(ratios), spawnRuns, reps, code };
}

/** The rows and budgets of a fuzz measurement. */
function fuzzSection(f: FuzzBench): Pick<Section, 'rows' | 'budgets'> {
  return {
    rows: [
      { what: 'fuzz in-process (`fuzz()` API)', value: `${f.inProcess.toFixed(1)} runs/s`, detail: `${f.inRuns} runs of test/fixtures/consumers/scenario.yaml with the careful consumer of core.mjs, claude-2.1.220, default threads (${availableParallelism() - 1} worker(s) besides the calling thread), median of 2; ${f.inProcessCpu.toFixed(1)} runs per CPU-second of the process, all threads` },
      { what: 'fuzz in-process, `threads: 0`', value: `${f.oneThread.toFixed(1)} runs/s`, detail: `the same campaign in the calling thread alone, interleaved with the above; ${f.oneThreadCpu.toFixed(1)} runs per CPU-second` },
      { what: 'floor: node spawns node, back to back', value: `${f.pairs.toFixed(2)} pairs/s`, detail: `${f.spawnRuns} pairs a round, median of ${f.reps} rounds` },
      { what: 'fuzz spawned, `--jobs 2`', value: `${f.jobs2.toFixed(2)} runs/s`, detail: `${f.spawnRuns} runs, consumer \`node test/fixtures/consumers/careful.mjs\` (a node process per run; the \`cbc\` it starts: ${f.served}), spawn → exit of the campaign, median of ${f.reps} rounds` },
      { what: 'fuzz spawned, `--jobs 1`', value: `${f.jobs1.toFixed(2)} runs/s`, detail: 'the same campaign, one run at a time' },
      { what: 'fuzz spawned, `--jobs 2 --no-relay`', value: `${f.jobs2Node.toFixed(2)} runs/s`, detail: 'the same campaign with the Node drop-in started by every run\'s consumer (the PATH shims), for comparison' },
    ],
    budgets: [
      { name: 'fuzz in-process (`fuzz()` API)', measured: `${f.inProcess.toFixed(1)} runs/s`, budget: '≥ 200 runs/s', pass: f.inProcess >= 200 },
      { name: 'spawned fuzz `--jobs 2` vs sequential node-spawns-node pairs', measured: `${f.ratio.toFixed(2)}×`, budget: '≥ 1.2×', pass: f.code === 0 ? f.ratio >= 1.2 : undefined },
    ],
  };
}

/** Budget 5 alone (`npm run bench -- --only fuzz`): the fuzz rows without the check and replay inputs. */
export async function benchFuzzOnly(opts: { tmp: string; fuzzReps: number }): Promise<Section> {
  return { title: '5. Fuzz', method: 'The in-process `fuzz()` API and the spawned `cbc-emu fuzz` command with the careful consumer of test/fixtures/consumers; the spawned campaigns interleaved with the node-spawns-node floor, round by round.', ...fuzzSection(await benchFuzz(opts.tmp, opts.fuzzReps)) };
}

/** Check and replay throughput (budget 4) and fuzz (budget 5). */
export async function benchTools(opts: { bin: string; tmp: string; transcriptMb: number; scenario: string; bytesPerPrompt: number; fuzzReps: number }): Promise<Section> {
  const have = emuCommands();
  const rows: Section['rows'] = [];
  const budgets: Section['budgets'] = [];
  const home = join(opts.tmp, 'tools-home');

  if (!have.includes('check')) {
    budgets.push({ name: '`cbc-emu check` throughput', measured: 'not measured: no check command', budget: 'reported', pass: undefined });
  } else {
    const file = join(opts.tmp, 'big-transcript.ndjson');
    const prompts = Math.max(1, Math.ceil((opts.transcriptMb * 1048576) / opts.bytesPerPrompt));
    const t0 = performance.now();
    await writeTranscript(opts.bin, opts.scenario, prompts, file, home);
    const genMs = performance.now() - t0;
    const bytes = statSync(file).size;
    const r = await drain(process.execPath, [EMU_BIN, 'check', file], { rss: true, timeoutMs: 3_600_000 });
    const mbs = bytes / 1048576 / (r.totalMs / 1000);
    const verdict = (r.stderr.trim().split('\n').pop() ?? '').slice(0, 160);
    rows.push({ what: 'transcript for `check`', value: `${(bytes / 1048576).toFixed(0)} MB`, detail: `${fmt(prompts)} prompts of the wide scenario, generated in ${(genMs / 1000).toFixed(1)} s` });
    rows.push({ what: '`cbc-emu check` (spawn → exit)', value: `${mbs.toFixed(1)} MB/s`, detail: `${(r.totalMs / 1000).toFixed(1)} s, exit ${r.code}${r.maxRssKiB ? `, peak RSS ${(r.maxRssKiB / 1024).toFixed(0)} MB` : ''}; ${verdict || 'no summary'}` });
    budgets.push({ name: '`cbc-emu check` throughput', measured: r.code === 0 || r.code === 1 ? `${mbs.toFixed(1)} MB/s` : `not measured: check exited ${r.code}: ${verdict}`, budget: 'reported', pass: r.code === 0 || r.code === 1 ? true : undefined });
    rmSync(file, { force: true });
  }

  if (!have.includes('replay') || !have.includes('record')) {
    budgets.push({ name: '`cbc-emu replay` throughput', measured: 'not measured: no replay command', budget: 'reported', pass: undefined });
  } else {
    // record the drop-in itself, then play the cassette back at speed 0 to the same prompts
    const cassette = join(opts.tmp, 'bench.cassette');
    const prompts = Math.max(1, Math.ceil((20 * 1048576) / opts.bytesPerPrompt));
    const stdin = Array.from({ length: prompts }, (_, i) => userLine(`go ${i}`)).join('');
    const rec = await drain(process.execPath, [EMU_BIN, 'record', '--out', cassette, '--', process.execPath, opts.bin, ...STREAM, '--emu-scenario', opts.scenario, '--emu-speed', '0', '--emu-seed', 'bench', '--emu-home', home], { stdin });
    if (rec.code !== 0 || !existsSync(cassette)) {
      budgets.push({ name: '`cbc-emu replay` throughput', measured: `not measured: recording failed (exit ${rec.code}: ${rec.stderr.trim().slice(0, 160)})`, budget: 'reported', pass: undefined });
    } else {
      const r = await drain(process.execPath, [EMU_BIN, 'replay', cassette, '--emu-speed', '0'], { stdin, rss: true });
      const ok = r.code === 0 && r.bytes > 0;
      const mbs = r.bytes / 1048576 / (r.totalMs / 1000);
      rows.push({ what: '`cbc-emu replay` (spawn → exit)', value: ok ? `${fmt(r.lines / (r.totalMs / 1000))} frames/s, ${mbs.toFixed(1)} MB/s` : 'failed', detail: `cassette of ${(statSync(cassette).size / 1048576).toFixed(0)} MB (${fmt(rec.lines)} frames recorded), replayed ${fmt(r.lines)} frames in ${(r.totalMs / 1000).toFixed(1)} s, exit ${r.code}${r.maxRssKiB ? `, peak RSS ${(r.maxRssKiB / 1024).toFixed(0)} MB` : ''}` });
      budgets.push({ name: '`cbc-emu replay` throughput', measured: ok ? `${mbs.toFixed(1)} MB/s` : `not measured: replay exited ${r.code}: ${r.stderr.trim().slice(0, 160)}`, budget: 'reported', pass: ok ? true : undefined });
    }
    rmSync(cassette, { force: true });
  }

  if (!have.includes('fuzz')) {
    budgets.push({ name: 'fuzz runs/s (in-process and spawned)', measured: 'not measured: no fuzz command', budget: 'reported', pass: undefined });
  } else {
    const f = fuzzSection(await benchFuzz(opts.tmp, opts.fuzzReps));
    rows.push(...f.rows);
    budgets.push(...f.budgets);
  }
  rmSync(home, { recursive: true, force: true });
  return {
    title: '4–5. Tools: check, replay, fuzz',
    method: `\`cbc-emu check <file>\` on a ${opts.transcriptMb} MB transcript written by the drop-in (wide scenario, \`--emu-speed 0\`), spawn → exit. \`cbc-emu replay\`: the drop-in recorded with \`cbc-emu record\` for about 20 MB of output, then the cassette replayed at \`--emu-speed 0\` to the same prompts. Fuzz: the in-process \`fuzz()\` API and the spawned \`cbc-emu fuzz\` command with the careful consumer of test/fixtures/consumers. A command this build lacks is reported as not measured.`,
    rows,
    budgets,
  };
}
