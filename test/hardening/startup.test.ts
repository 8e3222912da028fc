// Hardening of the start-up fixes (issue #9, docs/performance.md): the built-in scenario comes
// precompiled, so the no-scenario path loads neither yaml nor zod, and pino is loaded only when a log
// line is written. Behaviour must stay identical: the compiled scenario equals the loader's output.
// A fuzz campaign's scenario is compiled once and handed to each run, and the drop-in's bundle is loaded through a
// V8 code cache that must never serve another bundle's code (issue #21).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { COMPILED_DEFAULT_URL, compiledDefaultScenario, DEFAULT_SCENARIO_URL, sourceText } from '../../dist/scenario/compiled.js';
import { loadScenarioFile } from '../../dist/scenario/load.js';
import { compileScenario } from '../../dist/tools/fuzz/validate.js';
import { startInMemory } from '../../dist/testkit/harness.js';
import { CBC_BIN, ROOT } from '../helpers/run-bin.js';
import { lines, user } from './helpers.js';

// a resolve hook lists every package module the process loads (ESM imports and createRequire alike); the bundle's
// scenario-deps.cjs (yaml and zod in one file, .ci/bundle-dropin.mjs) is listed as `PKG scenario-deps`, whether
// required or compiled by bin/load-dropin.cjs through its code cache (vm.Script, #21 session 11)
const hook = `data:text/javascript,${encodeURIComponent(`
  import { register } from 'node:module';
  register('data:text/javascript,' + encodeURIComponent("export async function resolve(s, c, n) { const r = await n(s, c); const m = /node_modules\\\\/([^/]+)\\\\//.exec(r.url); if (m) process._rawDebug('PKG ' + m[1]); return r; }"));
  const Module = (await import('node:module')).default;
  const load = Module._load;
  Module._load = function (req, ...rest) { if (!req.startsWith('node:') && !req.startsWith('.') && !req.startsWith('/')) process._rawDebug('PKG ' + req.split('/')[0]); if (req.endsWith('/scenario-deps.cjs')) process._rawDebug('PKG scenario-deps'); return load.call(this, req, ...rest); };
  const vm = (await import('node:vm')).default;
  const Script = vm.Script;
  vm.Script = class extends Script { constructor(code, o) { if (String(o?.filename ?? '').endsWith('scenario-deps.cjs')) process._rawDebug('PKG scenario-deps'); super(code, o); } };
`)}`;

describe('the precompiled default scenario (issue #9 start-up budget)', () => {
  it('equals what the YAML loader makes of scenarios/default.yaml, and carries its text', () => {
    const compiled = JSON.parse(readFileSync(COMPILED_DEFAULT_URL, 'utf8')) as { source: string; scenario: unknown };
    expect(compiled.source).toBe(sourceText(readFileSync(DEFAULT_SCENARIO_URL)));
    expect(compiled.scenario).toStrictEqual(loadScenarioFile(join(ROOT, 'scenarios', 'default.yaml')));
    expect(compiledDefaultScenario()).toStrictEqual(compiled.scenario);
  });

  it('a stale compiled file (made from another text) is not used: the caller falls back to the YAML', () => {
    const text = readFileSync(COMPILED_DEFAULT_URL, 'utf8');
    try {
      // one byte more than the file: the same text with a newline added still counts as another file
      writeFileSync(COMPILED_DEFAULT_URL, JSON.stringify({ ...JSON.parse(text), source: `${sourceText(readFileSync(DEFAULT_SCENARIO_URL))}\n` }));
      expect(compiledDefaultScenario()).toBeUndefined();
    } finally {
      writeFileSync(COMPILED_DEFAULT_URL, text);
    }
  });

  it('the drop-in without a scenario loads no yaml, zod or pino; with a warning to log, pino is loaded', () => {
    const run = (stdin: string) => {
      const r = spawnSync(process.execPath, ['--import', hook, CBC_BIN, '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0', '--emu-home', mkdtempSync(join(tmpdir(), 'startup-'))], { cwd: ROOT, input: stdin, encoding: 'utf8' });
      expect(r.status).toBe(0);
      return new Set([...r.stderr.matchAll(/^PKG (\S+)$/gm)].map((m) => m[1]));
    };
    const quiet = run(lines({ type: 'control_request', request_id: 'i', request: { subtype: 'initialize' } }, user('hi')));
    expect([...quiet]).toEqual([]);
    // a line nested past the inbound depth limit is the one stdin line the drop-in warns about (the rest is each CLI's own handling)
    const warned = run('{"a":'.repeat(200) + '1' + '}'.repeat(200) + '\n' + lines(user('hi')));
    expect(warned.has('pino')).toBe(true);
    expect(warned.has('yaml') || warned.has('zod') || warned.has('scenario-deps')).toBe(false);
  });

  it('a shipped scenario named or given by path loads no yaml or zod either (built compiled, #21)', () => {
    for (const ref of ['deep-research', join(ROOT, 'scenarios', 'permissions.yaml')]) {
      const r = spawnSync(process.execPath, ['--import', hook, CBC_BIN, '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0', '--emu-scenario', ref, '--emu-home', mkdtempSync(join(tmpdir(), 'startup-'))], { cwd: ROOT, input: lines({ type: 'control_request', request_id: 'i', request: { subtype: 'initialize' } }, user('hi')), encoding: 'utf8' });
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('"type":"result"');
      expect([...r.stderr.matchAll(/^PKG (\S+)$/gm)].map((m) => m[1]), ref).toEqual([]);
    }
  });
});

describe('a scenario compiled once per fuzz campaign (issue #21)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'startup-compiled-'));
  const scenario = join(dir, 's.yaml');
  // bytes no other test loads: a file already loaded under this build comes from the parse cache (scenario/cache.ts) without yaml and zod
  writeFileSync(scenario, readFileSync(join(ROOT, 'test', 'fixtures', 'consumers', 'scenario.yaml'), 'utf8') + `\n# startup.test.ts ${process.pid} ${Date.now()}\n`);
  const compiled = compileScenario(scenario, dir) as string;
  // one home for every run: task output paths are part of the bytes
  const run = (env: NodeJS.ProcessEnv) => {
    rmSync(join(dir, 'home'), { recursive: true, force: true });
    const r = spawnSync(process.execPath, ['--import', hook, CBC_BIN, '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0', '--emu-seed', '5', '--emu-home', join(dir, 'home'), '--emu-scenario', scenario], { cwd: ROOT, input: lines(user('build it')), encoding: 'utf8', env: { ...process.env, ...env } });
    expect(r.status, r.stderr).toBe(0);
    return { stdout: r.stdout, pkgs: new Set([...r.stderr.matchAll(/^PKG (\S+)$/gm)].map((m) => m[1])) };
  };

  it('CBC_EMU_SCENARIO_COMPILED spares yaml and zod and gives the bytes the YAML gives', () => {
    expect(compiled).toBeDefined();
    const plain = run({}); // the first run of these bytes: a parse-cache miss
    // the bundle's yaml and zod (one file since #21's session 10), loaded for the YAML only
    expect(plain.pkgs.has('scenario-deps')).toBe(true);
    const fast = run({ CBC_EMU_SCENARIO_COMPILED: compiled });
    expect([...fast.pkgs]).toEqual([]);
    expect(fast.stdout).toBe(plain.stdout);
    expect(fast.stdout).toContain('"type":"result"');
  });

  it('is ignored once the scenario file changed (another text)', () => {
    writeFileSync(scenario, readFileSync(scenario, 'utf8') + '\n# edited\n');
    expect(run({ CBC_EMU_SCENARIO_COMPILED: compiled }).pkgs.has('scenario-deps')).toBe(true);
  });
});

describe('an in-memory consumer that answers inside the write (bug found by issue #9)', () => {
  it('a can_use_tool answered synchronously does not stall the session', async () => {
    const { stdin, stdout, exit } = startInMemory({
      argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0', '--emu-seed', 's', '--emu-home', mkdtempSync(join(tmpdir(), 'startup-')), '--emu-scenario', join(ROOT, 'scenarios', 'permissions.yaml')],
      env: { CBC_EMU_LOG_LEVEL: 'silent' },
      cwd: ROOT,
    });
    const out: string[] = [];
    stdout.on('data', (c: Buffer) => {
      for (const l of c.toString('utf8').split('\n').filter((x) => x !== '')) {
        out.push(l);
        const f = JSON.parse(l) as Record<string, unknown>;
        const req = f['request'] as Record<string, unknown> | undefined;
        // answered in the same tick, from inside the emulator's stdout write
        if (req?.['subtype'] === 'can_use_tool') stdin.write(lines({ type: 'control_response', response: { subtype: 'success', request_id: f['request_id'], response: { behavior: 'allow', allowed: true, updatedInput: {} } } }));
        if (f['type'] === 'result') stdin.end();
      }
    });
    stdin.write(lines(user('clean')));
    const code = await exit;
    expect(code).toBe(0);
    const result = JSON.parse(out.at(-1)!) as Record<string, unknown>;
    expect(result['type']).toBe('result');
    expect(result['result']).toBe('Clean finished.');
  });
});

describe("the drop-in's V8 code cache (bin/load-dropin.cjs, issue #21 start-up)", () => {
  // a copy of the built package, so the cache can be damaged and removed without touching dist/
  const root = mkdtempSync(join(tmpdir(), 'startup-cache-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  // without the caches other node options left in dist/ (this file's `--import` runs make one)
  for (const d of ['bin', 'dist']) cpSync(join(ROOT, d), join(root, d), { recursive: true, filter: (f) => !/-o[0-9a-f]{8}\.cache$/.test(f) });
  for (const d of ['node_modules', 'scenarios']) symlinkSync(join(ROOT, d), join(root, d));
  copyFileSync(join(ROOT, 'package.json'), join(root, 'package.json'));
  const bundle = join(root, 'dist', 'bundle');
  const cacheName = `dropin-v8-${process.versions.v8}-${process.arch}.cache`;
  const cache = join(bundle, cacheName);
  // the bundle's caches (scenario-deps.cjs's has tests of its own below)
  const leftovers = () => readdirSync(bundle).filter((f) => (f.startsWith('dropin-') && f.endsWith('.cache')) || f.endsWith('.tmp'));
  // loads the bundle as bin/cbc.js does, fills the cache as it does after a run, and says whether a cache was used
  // (a script file, not `node -e`: node options, -e included, choose another cache file)
  writeFileSync(join(root, 'bin', 'probe.cjs'), "const d = require('./load-dropin.cjs').loadDropin(); d.fill(); process.stdout.write(String(d.cacheUsed));\n");
  const load = (...options: string[]) => spawnSync(process.execPath, [...options, join(root, 'bin', 'probe.cjs')], { encoding: 'utf8' }).stdout;
  const args = [join(root, 'bin', 'cbc.js'), '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0', '--emu-seed', 'cache', '--emu-home', join(root, 'home')];
  const input = lines({ type: 'control_request', request_id: 'i', request: { subtype: 'initialize' } }, user('hi'));

  it('SIGINT while the start files load (the loader, the bundle, before and after the hand-over) exits 130, as the signal table says', async () => {
    // the preload sends the signal from inside the require of the named module (all after bin/cbc.js installed its
    // early handler; sent before that, the default action kills the process, as with any Node program). stdin stays
    // open and empty, so whichever handler takes it (start-up's or the idle session's) the answer is 130, no output
    const preload = join(root, 'signal-at.cjs');
    writeFileSync(preload, "const M = require('node:module'); const req = M.prototype.require; M.prototype.require = function (id) { const r = req.apply(this, arguments); if (id === process.env.AT) process.kill(process.pid, 'SIGINT'); return r; };\n");
    onTestFinished(() => {
      for (const f of leftovers()) if (f !== cacheName) rmSync(join(bundle, f)); // `--require` runs: a cache of their own
    });
    for (const at of ['./load-dropin.cjs', 'node:vm', 'node:url']) {
      const c = spawn(process.execPath, ['--require', preload, ...args], { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, AT: at } });
      let out = '';
      c.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) => c.on('close', (k, s) => done([k, s])));
      c.stdin.end();
      expect([code, signal, out], at).toEqual([130, null, '']);
    }
  });

  it("a drop-in's run starts no ES module: bin/ is CommonJS and the bundle is compiled by vm.Script", () => {
    // Node's ESM loader for an entry or an import() is ~8% of a start (docs/performance.md); its module jobs show it
    const preload = join(root, 'esm-jobs.cjs');
    writeFileSync(preload, "process.on('exit', () => process._rawDebug('ESM ' + process.moduleLoadList.filter((m) => m.includes('esm/module_job')).length));\n");
    try {
      for (const bin of [join(root, 'bin', 'cbc.js'), join(root, 'bin', 'shims', 'claude')]) {
        const r = spawnSync(process.execPath, ['--require', preload, bin, ...args.slice(1)], { input, encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
        expect(r.stdout).toContain('"type":"result"');
        expect(r.stderr, bin).toContain('ESM 0\n');
      }
    } finally {
      // a `--require` run fills a cache file of its own (node options): not the one the next tests look at
      for (const f of leftovers()) if (f !== cacheName) rmSync(join(bundle, f));
    }
  });

  it('npm run build leaves the cache of the Node that built it, and a start uses it', () => {
    expect(leftovers()).toEqual([cacheName]);
    expect(load()).toBe('true');
  });

  it("a cache made for another bundle is not used (V8 checks only the source's length): the run compiles, then writes its own", () => {
    const bytes = readFileSync(cache);
    writeFileSync(cache, Buffer.concat([Buffer.from('0'.repeat(64), 'latin1'), bytes.subarray(64)]));
    expect(load()).toBe('false');
    expect(load()).toBe('true');
  });

  it('node options that make V8 reject the cache get a cache file of their own, and leave the plain one alone', () => {
    expect(load('--stack-size=2000')).toBe('false');
    expect(load('--stack-size=2000')).toBe('true');
    expect(leftovers()).toHaveLength(2);
    expect(load()).toBe('true');
    for (const f of leftovers()) if (f !== cacheName) rmSync(join(bundle, f));
  });

  it('a damaged cache is rejected by V8 and replaced', () => {
    const bytes = readFileSync(cache);
    writeFileSync(cache, bytes.subarray(0, bytes.length >> 1));
    expect(load()).toBe('false');
    expect(load()).toBe('true');
  });

  it('a bundle file the build did not wrap (an ordinary CommonJS file) is refused with what to run, not run as nothing', () => {
    // the build writes CommonJS's wrapper into each bundle file (#21 session 14); vm.Script of plain CommonJS would
    // evaluate to no function, so the loader says so instead
    writeFileSync(join(bundle, 'plain.cjs'), "'use strict';\nmodule.exports = { runCli: () => 0 };\n");
    onTestFinished(() => rmSync(join(bundle, 'plain.cjs'), { force: true }));
    const r = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(join(root, 'bin', 'load-dropin.cjs'))}).loadBundle('plain')`], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(`${join(bundle, 'plain.cjs')} is not a bundle this loader can run`);
    expect(r.stderr).toContain('npm run build');
  });

  it('a run without a cache and one with it write the same bytes; the first leaves the cache behind', () => {
    const run = () => {
      rmSync(join(root, 'home'), { recursive: true, force: true });
      const r = spawnSync(process.execPath, args, { input, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout;
    };
    rmSync(cache);
    const cold = run();
    expect(leftovers()).toEqual([cacheName]);
    expect(load()).toBe('true');
    expect(run()).toBe(cold);
    expect(cold).toContain('"type":"result"');
  });

  it('drop-ins that start at once without a cache leave one whole cache and no temporary file', async () => {
    rmSync(cache);
    const one = (i: number) =>
      new Promise<number | null>((done) => {
        const c = spawn(process.execPath, [...args.slice(0, -1), join(root, `home-${i}`)], { stdio: ['pipe', 'ignore', 'ignore'] });
        c.stdin.end(input);
        c.on('exit', (code) => done(code));
      });
    expect(await Promise.all([0, 1, 2, 3].map(one))).toEqual([0, 0, 0, 0]);
    expect(leftovers()).toEqual([cacheName]);
    expect(load()).toBe('true');
  });

  // the tool's bundle (dist/bundle/emu.cjs) through the same loader and rules (#21 session 12)
  it('`cbc-emu` runs its one-file bundle through the cache npm run build left: no ES module, assets found from dist/', () => {
    const emuCache = `emu-v8-${process.versions.v8}-${process.arch}.cache`;
    expect(readdirSync(bundle).filter((f) => f.startsWith('emu-') && f.endsWith('.cache'))).toEqual([emuCache]);
    writeFileSync(join(root, 'bin', 'probe-emu.cjs'), "const d = require('./load-dropin.cjs').loadBundle('emu'); d.fill(); process.stdout.write(String(d.cacheUsed));\n");
    expect(spawnSync(process.execPath, [join(root, 'bin', 'probe-emu.cjs')], { encoding: 'utf8' }).stdout).toBe('true');
    const preload = join(root, 'esm-jobs-emu.cjs');
    writeFileSync(preload, "process.on('exit', () => process._rawDebug('ESM ' + process.moduleLoadList.filter((m) => m.includes('esm/module_job')).length));\n");
    try {
      // `shims` resolves bin/shims from src/cli/commands/basic.ts (three folders deep), `check` reads a transcript
      const shims = spawnSync(process.execPath, ['--require', preload, join(root, 'bin', 'cbc-emu.js'), 'shims'], { encoding: 'utf8' });
      expect([shims.status, shims.stdout]).toEqual([0, join(root, 'bin', 'shims') + '\n']);
      expect(shims.stderr).toContain('ESM 0\n');
      const transcript = join(root, 'transcript.ndjson');
      rmSync(join(root, 'home'), { recursive: true, force: true });
      writeFileSync(transcript, spawnSync(process.execPath, args, { input, encoding: 'utf8' }).stdout);
      const check = spawnSync(process.execPath, ['--require', preload, join(root, 'bin', 'cbc-emu.js'), 'check', transcript], { encoding: 'utf8' });
      expect(check.status, check.stderr).toBe(0);
      expect(check.stderr).toContain('ESM 0\n');
    } finally {
      for (const f of readdirSync(bundle)) if (/-o[0-9a-f]{8}\.cache$/.test(f)) rmSync(join(bundle, f)); // the `--require` runs' own caches
    }
  });

  // scenario-deps.cjs (yaml and zod, ~1 MB) through a cache of its own, on the same rules (#21 session 11)
  const depsName = `scenario-deps-v8-${process.versions.v8}-${process.arch}.cache`;
  const depsCache = join(bundle, depsName);
  const yaml = join(root, 'user.yaml');
  const yamlText = readFileSync(join(ROOT, 'scenarios', 'concurrent-workflows.yaml'), 'utf8');
  let edits = 0;
  // a run with a YAML scenario of the user's, as bin/cbc.js runs it: its stdout, and whether the deps' cache was used
  writeFileSync(
    join(root, 'bin', 'probe-deps.cjs'),
    "const d = require('./load-dropin.cjs').loadDropin(); let out = ''; const { Writable, Readable } = require('node:stream');\n" +
      "const sink = new Writable({ write: (c, _e, done) => { out += c; done(); } });\n" +
      "d.exports.runCli({ argv: JSON.parse(process.argv[2]), env: process.env, stdin: Readable.from([process.argv[3]]), stdout: sink, stderr: process.stderr, cwd: process.cwd(), handleSignals: false })" +
      ".then((code) => { d.fill(); process.stdout.write(JSON.stringify({ code, used: d.depsCacheUsed() ?? 'not loaded', out })); });\n",
  );
  const withYaml = (scenario?: string) => {
    rmSync(join(root, 'home'), { recursive: true, force: true });
    // new bytes each run (a comment): the same bytes again would come from the parse cache, loading no deps at all
    writeFileSync(yaml, `${yamlText}\n# run ${edits++}\n`);
    const argv = [...args.slice(1), ...(scenario === undefined ? [] : ['--emu-scenario', scenario])];
    const r = spawnSync(process.execPath, [join(root, 'bin', 'probe-deps.cjs'), JSON.stringify(argv), input], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { code: number; used: boolean | 'not loaded'; out: string };
  };

  it("npm run build leaves scenario-deps.cjs's cache too; a run with a YAML scenario uses it, a run without loads no deps", () => {
    expect(readdirSync(bundle).filter((f) => f.startsWith('scenario-deps-'))).toEqual([depsName]);
    const r = withYaml(yaml);
    expect(r).toMatchObject({ code: 0, used: true });
    expect(r.out).toContain('"subtype":"task_started"');
    expect(withYaml()).toMatchObject({ code: 0, used: 'not loaded' });
  });

  it("scenario-deps' cache made for another file, or damaged, is not used and is replaced; the bytes are the same either way", () => {
    const warm = withYaml(yaml);
    const bytes = readFileSync(depsCache);
    writeFileSync(depsCache, Buffer.concat([Buffer.from('0'.repeat(64), 'latin1'), bytes.subarray(64)]));
    const foreign = withYaml(yaml);
    expect(foreign.used).toBe(false);
    writeFileSync(depsCache, readFileSync(depsCache).subarray(0, bytes.length >> 1));
    const damaged = withYaml(yaml);
    expect(damaged.used).toBe(false);
    expect(withYaml(yaml).used).toBe(true);
    rmSync(depsCache);
    const cold = withYaml(yaml);
    expect(cold.used).toBe(false);
    expect(readdirSync(bundle).filter((f) => f.startsWith('scenario-deps-'))).toEqual([depsName]);
    for (const r of [foreign, damaged, cold]) expect(r.out).toBe(warm.out);
  });
});

describe("the bundles' module URLs (.ci/bundle-dropin.mjs metaUrl, issue #21 session 12)", () => {
  it("each bundled module's import.meta.url is its compiled file's in dist/, joined to dist/'s URL", () => {
    for (const name of ['dropin', 'emu', 'fuzz-worker']) {
      const file = join(ROOT, 'dist', 'bundle', `${name}.cjs`);
      const text = readFileSync(file, 'utf8');
      expect(text, name).not.toMatch(/import\.meta|import_meta/);
      // no import() either: vm.Script code has no loader for it (src/esm.ts's goes to bin/load-dropin.cjs's); comments
      // aside (zod's, inside the worker's bundle, names one)
      const code = text.split('\n').filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l)).join('\n');
      expect(code, name).not.toMatch(/(?<![\w$.])import\(/);
      expect(text, name).toContain("var __dist_url = require('node:url').pathToFileURL(__dirname + '/../').href;");
      const urls = [...text.matchAll(/__dist_url \+ "([^"]+)"/g)].map((m) => m[1] as string);
      expect(urls.length, name).toBeGreaterThan(8);
      for (const u of urls) {
        const module = fileURLToPath(new URL(u, pathToFileURL(`${join(ROOT, 'dist')}/`)));
        // a compiled module of dist/ whose source is in src/: the file tsc wrote for the module that asked
        expect(existsSync(module) && existsSync(join(ROOT, 'src', relative(join(ROOT, 'dist'), module)).replace(/\.js$/, '.ts')), `${name}: ${u}`).toBe(true);
      }
    }
  });
});

describe("the parse cache of the user's scenario files (src/scenario/cache.ts, issue #21 session 12)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'startup-parse-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const scenario = join(dir, 's.yaml');
  // bytes no other test loads
  const text = readFileSync(join(ROOT, 'test', 'fixtures', 'consumers', 'scenario.yaml'), 'utf8') + `\n# parse cache ${process.pid} ${Date.now()}\n`;
  const run = () => {
    rmSync(join(dir, 'home'), { recursive: true, force: true });
    const r = spawnSync(process.execPath, ['--import', hook, CBC_BIN, '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0', '--emu-seed', '5', '--emu-home', join(dir, 'home'), '--emu-scenario', scenario], { cwd: ROOT, input: lines(user('build it')), encoding: 'utf8' });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr.replace(/^PKG \S+\n/gm, ''), deps: /^PKG scenario-deps$/m.test(r.stderr) };
  };
  // the entry of `bytes` as the cache names it (the build's loader id, then the bytes)
  const entry = (bytes: string) => {
    const id = readFileSync(join(ROOT, 'dist', 'scenario', 'compiled', 'loader-id'), 'latin1').trim();
    return join(ROOT, 'dist', 'scenario', 'cache', `${createHash('sha256').update(id).update('\n').update(bytes).digest('hex')}.json`);
  };

  it('the second run of the same bytes loads neither yaml nor zod and writes the same bytes; an edited file is parsed again', () => {
    writeFileSync(scenario, text);
    const first = run();
    expect([first.status, first.deps]).toEqual([0, true]);
    expect(first.stdout).toContain('"text":"Building."');
    expect(existsSync(entry(text))).toBe(true);
    const second = run();
    expect([second.status, second.deps]).toEqual([0, false]);
    expect(second.stdout).toBe(first.stdout);
    const edited = text.replace('reply: "Building."', 'reply: "Building again."');
    writeFileSync(scenario, edited);
    const third = run();
    expect([third.status, third.deps]).toEqual([0, true]);
    expect(third.stdout).toContain('Building again.');
    expect(run().deps).toBe(false);
  });

  it('a bad file is never kept: every run parses it and reports its problems with their places', () => {
    const bad = `${text}unknown_key: 1\n`;
    writeFileSync(scenario, bad);
    const [a, b] = [run(), run()];
    expect([a.status, a.deps, b.status, b.deps]).toEqual([2, true, 2, true]);
    expect(a.stderr).toMatch(/s\.yaml:\d+:1: .*unknown_key/);
    expect(b.stderr).toBe(a.stderr);
    expect(existsSync(entry(bad))).toBe(false);
  });

  it('a damaged entry is a miss: the run parses the file, writes the same bytes, and the entry is whole again', () => {
    const bytes = `${text}# damaged entry\n`;
    writeFileSync(scenario, bytes);
    const first = run();
    writeFileSync(entry(bytes), readFileSync(entry(bytes), 'utf8').slice(0, 40));
    const damaged = run();
    expect([damaged.status, damaged.deps]).toEqual([0, true]);
    expect(damaged.stdout).toBe(first.stdout);
    expect(run().deps).toBe(false);
  });
});
