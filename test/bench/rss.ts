// Budget 3: peak RSS of the drop-in over a 10^6-frame run (the engine streams; it never holds the run).
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { drain, fmt, GNU_TIME, STREAM, userLine } from './lib.js';
import type { Section } from './report.js';
import { writeManyFramesScenario } from './scenarios.js';

const NOTIFICATION = Buffer.from('"subtype":"task_notification"');
const TASKS = 2;

/**
 * Plays the many-frames scenario like a client that sends its next prompt once the previous prompt's
 * background tasks have notified, until `frames` frames were read; peak RSS from GNU time.
 */
export async function benchRss(opts: { bin: string; frames: number; tmp: string }): Promise<Section> {
  const scenario = writeManyFramesScenario(opts.tmp, TASKS, 500);
  const home = join(opts.tmp, 'rss-home');
  const args = [opts.bin, ...STREAM, '--emu-scenario', scenario, '--emu-speed', '0', '--emu-seed', 'bench', '--emu-home', home];
  const probe = await drain(process.execPath, args, { stdin: userLine('go 0') });
  const perPrompt = probe.lines;
  const prompts = Math.ceil(opts.frames / perPrompt);
  let sent = 0;
  let notified = 0;
  let tail = Buffer.alloc(0);
  const next = (child: ChildProcess) => {
    if (sent >= prompts) return;
    child.stdin!.write(userLine(`go ${sent}`));
    sent++;
    if (sent === prompts) child.stdin!.end();
  };
  const r = await drain(process.execPath, args, {
    rss: true,
    onChunk: (child, chunk) => {
      // count notifications across chunk boundaries (keep the last partial line)
      const buf = tail.length ? Buffer.concat([tail, chunk]) : chunk;
      const lastNl = buf.lastIndexOf(10);
      const whole = lastNl === -1 ? buf.subarray(0, 0) : buf.subarray(0, lastNl + 1);
      tail = Buffer.from(lastNl === -1 ? buf : buf.subarray(lastNl + 1));
      for (let i = whole.indexOf(NOTIFICATION); i !== -1; i = whole.indexOf(NOTIFICATION, i + 1)) notified++;
      if (notified >= sent * TASKS) next(child);
    },
    onSpawn: (child) => next(child),
    stdin: undefined,
    timeoutMs: 900_000,
  }).then(
    (x) => x,
    (e: Error) => ({ error: e.message }) as const,
  );
  rmSync(home, { recursive: true, force: true });
  const method = `The generated many-frames scenario (\`test/bench/scenarios.ts\`: per \`go\` prompt ${TASKS} background sub-agents × 500 tool uses, one \`task_progress\` each, ≈ ${fmt(perPrompt)} frames per prompt) at \`--emu-speed 0\`; the benchmark sends the next prompt once the previous prompt's tasks have notified (a client that keeps up), until ≥ ${fmt(opts.frames)} frames; stdout drained through a pipe. Peak RSS is GNU time's maximum resident set size of the drop-in process.`;
  if ('error' in r || r.maxRssKiB === undefined) {
    const why = 'error' in r ? r.error : GNU_TIME ? `GNU time printed no RSS (${r.stderr.slice(-200)})` : '/usr/bin/time (GNU time) is not installed';
    return { title: '3. Peak RSS', method, rows: [], budgets: [{ name: `peak RSS, ${fmt(opts.frames)} frames`, measured: `not measured: ${why}`, budget: '< 150 MB', pass: undefined }] };
  }
  const mb = r.maxRssKiB / 1024;
  return {
    title: '3. Peak RSS',
    method,
    rows: [
      { what: 'frames emitted', value: `${fmt(r.lines)} (${(r.bytes / 1048576).toFixed(0)} MB)`, detail: `${fmt(prompts)} prompts, ${(r.totalMs / 1000).toFixed(1)} s, ${fmt(r.lines / (r.totalMs / 1000))} frames/s` },
      { what: 'peak RSS', value: `${mb.toFixed(1)} MB`, detail: `for comparison, one prompt: ${fmt(perPrompt)} frames` },
    ],
    budgets: [{ name: `peak RSS, ${fmt(r.lines)} frames`, measured: `${mb.toFixed(1)} MB`, budget: '< 150 MB', pass: mb < 150 && r.lines >= opts.frames }],
  };
}
