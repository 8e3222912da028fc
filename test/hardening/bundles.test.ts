// The worker threads of the in-process fuzz() load their one-file bundle through a V8 code cache, as the drop-in does
// (bin/fuzz-thread.cjs, dist/bundle/fuzz-worker.cjs; issue #21, session 13, docs/performance.md).
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/run-bin.js';

// a copy of the built package, so caches can be removed and damaged without touching dist/ (the caches other node
// options left there are not copied)
const root = mkdtempSync(join(tmpdir(), 'bundles-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
for (const d of ['bin', 'dist']) cpSync(join(ROOT, d), join(root, d), { recursive: true, filter: (f) => !/-o[0-9a-f]{8}\.cache$/.test(f) && !f.endsWith('.tmp') });
for (const d of ['node_modules', 'scenarios']) symlinkSync(join(ROOT, d), join(root, d));
copyFileSync(join(ROOT, 'package.json'), join(root, 'package.json'));
const bundle = join(root, 'dist', 'bundle');
const workerCache = join(bundle, `fuzz-worker-v8-${process.versions.v8}-${process.arch}.cache`);

// one run of the fixture scenario in a worker thread, from the copy's dist/, as fuzz() hands it one (a loaded worker's
// host, src/testkit/fuzz-threads.ts; waiting for it to load, so the worker runs it whatever the machine's pace), then
// the host closed, which parks the worker; prints the run's stdout, its checker verdicts and how many workers are
// parked; `wait`: then waits (up to 20 s) for the worker to write its cache file (a worker writes it once parked, and
// a parked worker ends with its process)
writeFileSync(
  join(root, 'probe-worker.mjs'),
  `import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
const cache = ${JSON.stringify(workerCache)};
const was = existsSync(cache) ? statSync(cache).mtimeMs : 0;
const dist = ${JSON.stringify(join(root, 'dist'))};
const { loadScenarioFile } = await import(dist + '/scenario/load.js');
const { workerHost } = await import(dist + '/testkit/fuzz-threads.js');
const { parkedThreadIds } = await import(dist + '/testkit/fuzz-pool.js');
const { encodePlan } = await import(dist + '/tools/fuzz/plan.js');
const host = workerHost(loadScenarioFile(${JSON.stringify(join(ROOT, 'test', 'fixtures', 'consumers', 'scenario.yaml'))}));
while (!host.ready()) await new Promise((r) => setTimeout(r, 10));
// the same path in every probe (the home's path shows in the bytes, also as a project slug); probes run one at a time
const home = join(tmpdir(), 'bundles-run');
rmSync(home, { recursive: true, force: true });
const env = { CBC_EMU_FUZZ: encodePlan({ v: 1, seed: 3, emu: 'fuzz-3', p: { chunk: 4 } }), CBC_EMU_SEED: 'fuzz-3', CBC_EMU_SPEED: '0', CBC_EMU_HOME: home, CBC_EMU_PROFILE: 'claude-2.1.220' };
const side = host.start({ argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'], env, home, check: true });
side.send(JSON.stringify({ type: 'control_request', request_id: 'i', request: { subtype: 'initialize' } }) + '\\n');
side.send(JSON.stringify({ type: 'user', message: { role: 'user', content: 'build it' }, parent_tool_use_id: null, session_id: '' }) + '\\n');
let out = '';
for await (const c of side.out) {
  out += c.toString('latin1');
  if (out.includes('"type":"result"')) side.end();
}
const broken = await side.finished;
side.release();
await host.close();
const written = () => (existsSync(cache) ? statSync(cache).mtimeMs : 0);
if (process.argv[2] === 'wait') for (let i = 0; i < 400 && written() === was; i++) await new Promise((r) => setTimeout(r, 50));
process.stdout.write(JSON.stringify({ out: Buffer.from(out, 'latin1').toString('utf8'), broken, parked: parkedThreadIds().length }));
`,
);
const workerRun = (then?: 'wait') => {
  const r = spawnSync(process.execPath, [join(root, 'probe-worker.mjs'), ...(then ? [then] : [])], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { out: string; broken: string[]; parked: number };
};
const stamp = (f: string) => `${statSync(f).mtimeMs} ${readFileSync(f).toString('base64')}`;

describe("fuzz()'s worker threads from their bundle (bin/fuzz-thread.cjs, #21 session 13)", () => {
  // a worker thread started as fuzz() starts one, in a process of its own (with no node options, as the build's;
  // this runner's would choose another cache file): its `ready` message says whether its bundle came from the cache
  writeFileSync(
    join(root, 'probe-ready.cjs'),
    "const w = new (require('node:worker_threads').Worker)(require('node:path').join(__dirname, 'bin', 'fuzz-thread.cjs'));\n" +
      "w.once('message', (m) => { process.stdout.write(JSON.stringify(m)); void w.terminate(); });\n",
  );
  const readyOf = (): unknown => {
    const r = spawnSync(process.execPath, [join(root, 'probe-ready.cjs')], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };

  it('npm run build leaves the worker bundle and its cache; a new worker loads its bundle through it, and a run leaves it as it was', () => {
    expect(readdirSync(bundle).filter((f) => f.startsWith('fuzz-worker-') && f.endsWith('.cache'))).toEqual([workerCache.split('/').at(-1)]);
    expect(readyOf()).toEqual({ t: 'ready', cache: true });
    const before = stamp(workerCache);
    const r = workerRun();
    expect(r.out).toContain('"type":"result"');
    expect(r.broken).toEqual([]);
    expect(r.parked).toBe(1);
    expect(stamp(workerCache)).toBe(before); // a used cache is not written again (bin/load-dropin.cjs fill)
  }, 120_000);

  it('without a cache, the worker writes one once parked after its runs, and the next worker uses it; the run\'s bytes are the same', () => {
    const first = workerRun();
    rmSync(workerCache);
    expect(readyOf()).toEqual({ t: 'ready', cache: false });
    expect(existsSync(workerCache)).toBe(false); // a worker that ran nothing writes nothing
    const cold = workerRun('wait');
    expect(existsSync(workerCache)).toBe(true);
    expect(readyOf()).toEqual({ t: 'ready', cache: true });
    const written = stamp(workerCache);
    expect(workerRun()).toEqual(cold);
    expect(stamp(workerCache)).toBe(written);
    expect(cold).toEqual(first); // the same bytes with the cache, without it, and with the one it wrote
  }, 120_000);

  it('a damaged cache is rejected and replaced', () => {
    const good = readFileSync(workerCache);
    writeFileSync(workerCache, good.subarray(0, good.length >> 1));
    expect(readyOf()).toEqual({ t: 'ready', cache: false });
    workerRun('wait');
    expect(readyOf()).toEqual({ t: 'ready', cache: true });
  }, 120_000);

  it('yaml and zod are inside the worker bundle: it never requires scenario-deps.cjs, the programs\' (its one cache holds what runs compile of them)', () => {
    const text = readFileSync(join(bundle, 'fuzz-worker.cjs'), 'utf8');
    expect(text).not.toContain('scenario-deps');
    expect(text).toMatch(/\bYAMLParseError\b/);
    expect(text).toMatch(/\bZodError\b/);
  });
});
