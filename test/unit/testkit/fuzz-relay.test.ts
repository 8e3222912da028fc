// The relay between fuzz()'s calling thread and a worker (issue #21): the worker checks the calling thread's runs
// (the same verdicts as the checker here), the consumer's stream is acked a few batches at a time and still gets
// every byte of a run larger than the window (its writes cut by the `chunk` perturbation), a consumer's repeated
// end() is one message, and the messages of a turn of the event loop go in one post.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../../dist/scenario/load.js';
import { parkedThreadIds } from '../../../dist/testkit/fuzz-pool.js';
import { checkHere, localHost, WINDOW, workerHost, type EmulatorHost, type EmulatorSide, type RunStart } from '../../../dist/testkit/fuzz-threads.js';
import { encodePlan } from '../../../dist/tools/fuzz/plan.js';
import { scratchRoot } from '../../../dist/tools/fuzz/workdir.js';
import { ROOT } from '../../helpers/run-bin.js';

const scenario = loadScenarioFile(join(ROOT, 'test', 'fixtures', 'consumers', 'scenario.yaml'));
const home = join(scratchRoot(), `cbc-emu-fuzz-relay-${process.pid}`);
const RUN: RunStart = {
  argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
  env: { CBC_EMU_FUZZ: encodePlan({ v: 1, seed: 3, emu: 'fuzz-3', p: { chunk: 8 } }), CBC_EMU_SEED: 'fuzz-3', CBC_EMU_SPEED: '0', CBC_EMU_HOME: home, CBC_EMU_PROFILE: 'claude-2.1.220' },
  home,
  check: true,
};
const user = (text: string) => JSON.stringify({ type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' }) + '\n';
const INPUT = [JSON.stringify({ type: 'control_request', request_id: 'init', request: { subtype: 'initialize' } }) + '\n', user('build it'), user('cancel')];

/** A loaded worker's host (its `ready` message seen). */
async function loadedWorker(): Promise<EmulatorHost> {
  const host = workerHost(scenario);
  while (!host.ready()) await new Promise((r) => setTimeout(r, 10));
  return host;
}

/**
 * Drives a run as the fixture's consumers do (initialize and a prompt, the next prompt after each result, stdin closed
 * after the last result), reading nothing until `waitMs` passed (so a worker's run fills its window first).
 */
async function play(side: EmulatorSide, waitMs: number): Promise<{ out: string; broken: string[] }> {
  side.send(INPUT[0] as string);
  side.send(INPUT[1] as string);
  let sent = 2;
  await new Promise((r) => setTimeout(r, waitMs));
  const chunks: Buffer[] = [];
  let tail = '';
  for await (const c of side.out as AsyncIterable<Buffer>) {
    chunks.push(c);
    const lines = (tail + c.toString('latin1')).split('\n'); // (latin1: a character cut across chunks stays joinable)
    tail = lines.pop() ?? '';
    for (const line of lines) {
      if ((JSON.parse(line) as { type?: unknown }).type !== 'result') continue;
      if (sent < INPUT.length) side.send(INPUT[sent++] as string);
      else side.end();
    }
  }
  const broken = await side.finished;
  side.release();
  return { out: Buffer.concat(chunks).toString('utf8'), broken };
}

const hosts: EmulatorHost[] = [];
afterAll(async () => {
  for (const h of hosts) await h.close();
  rmSync(home, { recursive: true, force: true }); // a failed run's home (a passing run's is removed when it ends)
});

describe('fuzz() relay to a worker (#21)', () => {
  it("a worker's run larger than the window reaches the consumer whole, as the same run in this thread", async () => {
    const here = await play(localHost(scenario).start(RUN), 0);
    expect(here.out.length).toBeGreaterThan(WINDOW); // the worker must pause the run and wait for acks
    const worker = await loadedWorker();
    hosts.push(worker);
    const there = await play(worker.start(RUN), 300);
    expect(there.out).toBe(here.out);
    expect(there.broken).toEqual([]);
    expect(here.broken).toEqual([]);
  }, 60_000);

  it('a worker checks a stream with the verdicts of the checker here', async () => {
    const worker = await loadedWorker();
    hosts.push(worker);
    const bad = [Buffer.from('{"type":"result","subtype":"success"}\n{"type":"sys'), Buffer.from('tem","subtype":"init"}\n')];
    const here = await checkHere(bad);
    expect(here).toEqual(['frame.schema', 'turn.one-result']);
    expect(await worker.check?.(bad)).toEqual(here);
    // a run in this thread whose stdout a worker checks
    const checked: Buffer[][] = [];
    const local = localHost(scenario, () => (chunks) => (checked.push(chunks), worker.check?.(chunks) ?? checkHere(chunks)));
    const run = await play(local.start(RUN), 0);
    expect(checked.length).toBe(1);
    expect(Buffer.concat(checked[0] ?? []).toString('utf8')).toBe(run.out);
    expect(run.broken).toEqual([]);
  }, 60_000);

  it('parks a worker closed while it checks a stream, once the check is done', async () => {
    const worker = await loadedWorker();
    const before = parkedThreadIds().length;
    const bad = [Buffer.from('{"type":"result","subtype":"success"}\n')];
    const checked = worker.check?.(bad);
    await worker.close();
    expect(await checked).toEqual(await checkHere(bad));
    expect(parkedThreadIds().length).toBe(before + 1);
  }, 60_000);

  it("posts a consumer's repeated end() once, and a turn's messages in one post", async () => {
    const worker = await loadedWorker();
    hosts.push(worker);
    const post = Worker.prototype.postMessage;
    const posts: Array<Array<{ t?: string }>> = [];
    Worker.prototype.postMessage = function (this: Worker, m: unknown, ...rest: []) {
      posts.push(Array.isArray(m) ? (m as Array<{ t?: string }>) : [m as { t?: string }]);
      return post.call(this, m, ...rest);
    };
    try {
      const side = worker.start(RUN);
      side.send(INPUT[0] as string);
      for (let i = 0; i < 5; i++) side.end();
      await new Promise((r) => setImmediate(r));
      expect(posts.map((p) => p.map((m) => m.t))).toEqual([['start', 'in', 'end']]);
      side.out.resume();
      await side.finished;
      side.release();
    } finally {
      Worker.prototype.postMessage = post;
    }
  }, 60_000);
});
