// Build step (`npm run build`, after tsc and the scenario precompile; issue #21): bundles the drop-in and the `cbc-emu`
// tool into one CommonJS file each, for bin/cbc.js and bin/cbc-emu.js to load through a V8 code cache
// (bin/load-dropin.cjs; Node 20 can hand cached data to vm.Script, not to its ESM loader), then runs them so that the
// caches exist from the start.
//   dist/bundle/dropin.cjs   (and its .map) src/dropin/main.ts's runCli and signals.ts's exitOnSignalsDuringStartup;
//                            its last line is the sha256 of the rest, which a cache must name to be used
//   dist/bundle/emu.cjs      (and its .map) src/cli/emu.ts's main, the whole tool (its ~250 ES modules cost ~0.2 s of
//                            every `cbc-emu` start in Node's ESM loader, docs/performance.md); last line as above
//   dist/bundle/fuzz-worker.cjs  (and its .map) src/testkit/fuzz-worker.ts with yaml and zod, what a worker thread of
//                            the in-process fuzz() runs (bin/fuzz-thread.cjs loads it); last line as above
//   dist/bundle/signals.cjs  src/dropin/signals.ts alone: bin/cbc.js installs it before the bundle loads
//   dist/bundle/scenario-deps.cjs  the packages the YAML scenario loader needs (yaml, zod) in one file, required by the
//                            bundles when a scenario file is first loaded (one file instead of ~100 package modules to
//                            resolve and read: ~0.06 s of CPU per run with a YAML scenario, docs/performance.md)
//   dist/bundle/<name>-v8-<version>-<arch>.cache   one per bundle file, written after sessions run here (bin/load-dropin.cjs fill)
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { Readable, Writable } from 'node:stream';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'dist', 'bundle');
rmSync(OUT, { recursive: true, force: true });

// Each file bin/load-dropin.cjs loads is one function expression, CommonJS's wrapper around the bundle written into the
// file (on its first line, so the source map holds): V8 compiles the file's text as read. Wrapped by the loader, the
// text was a joined string V8 copied whole before compiling (608 KB), ~0.8 ms of every start-up (issue #21).
const loader = createRequire(import.meta.url)('../bin/load-dropin.cjs');
const { WRAP_HEAD, WRAP_TAIL } = loader;

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  packages: 'external', // pino, commander, safe-regex2 stay in node_modules, required when first needed; yaml and zod: scenario-deps below
  logLevel: 'warning',
  write: false,
  // inside CommonJS's wrapper (above); ESM semantics kept: strict mode, and each module's import.meta.url (metaUrl below)
  // joined to dist/'s URL, made once from the bundle's folder
  banner: { js: `${WRAP_HEAD}'use strict';\nvar __dist_url = require('node:url').pathToFileURL(__dirname + '/../').href;` },
  footer: { js: WRAP_TAIL },
};

/** src/esm.ts's import() becomes the loader's (`__bundle_import`, a parameter bin/load-dropin.cjs gives each bundle): vm.Script code has none. */
const esmImport = {
  name: 'esm-import',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]esm\.ts$/ }, () => ({ contents: 'export const importEsm = (specifier) => __bundle_import(specifier);\n', loader: 'js' }));
  },
};

/**
 * Each source module's `import.meta.url` becomes the URL of its compiled file in dist/ (where tsc puts it): dist/'s URL,
 * made once at run time from the bundle's folder (dist/bundle/), then the file's path in dist/ joined to it as text (no
 * URL parsed per module: ~0.25 ms of the drop-in's start, issue #21). A module finds its assets (`../profiles/data/…`,
 * `../../../bin/shims`, `./browser/timeline.js`) from the bundle as from dist/, wherever the package lies.
 */
const metaUrl = {
  name: 'meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const inDist = relative(join(ROOT, 'src'), args.path).replace(/\.ts$/, '.js').split(sep).join('/');
      // joined as text, so it must need no escaping in a URL
      if (!/^[\w./-]+$/.test(inDist)) throw new Error(`${args.path}: a module name a file URL would escape (rename it)`);
      const own = `(__dist_url + ${JSON.stringify(inDist)})`;
      return { contents: text.replaceAll('import.meta.url', own), loader: 'ts' };
    });
  },
};

// the scenario loader's packages: `yaml` and `zod` imports resolve to the one-file scenario-deps.cjs next to the bundle
// (required inside the lazy init of the modules that import them, as the packages were: never on the start path)
const DEPS = './scenario-deps.cjs';
const scenarioDeps = {
  name: 'scenario-deps',
  setup(b) {
    b.onResolve({ filter: /^(yaml|zod)$/ }, () => ({ path: DEPS, external: true }));
  },
};
const dropin = await build({
  ...common,
  plugins: [scenarioDeps, esmImport, metaUrl],
  stdin: {
    contents: "export { runCli } from './main.js';\nexport { exitOnSignalsDuringStartup } from './signals.js';\n",
    resolveDir: join(ROOT, 'src', 'dropin'),
    sourcefile: 'bundle-entry.ts',
    loader: 'ts',
  },
  sourcemap: 'linked',
  outfile: join(OUT, 'dropin.cjs'),
});
const emu = await build({
  ...common,
  plugins: [scenarioDeps, esmImport, metaUrl],
  entryPoints: [join(ROOT, 'src', 'cli', 'emu.ts')],
  sourcemap: 'linked',
  outfile: join(OUT, 'emu.cjs'),
});
// yaml and zod inside (not scenario-deps.cjs): the worker's one cache holds what its runs compile of them too (the
// checker's frame schemas are zod's), and it shares no cache file with the programs
/** Every package but yaml and zod stays in node_modules, required when first needed (as `packages: 'external'`). */
const inlineScenarioDeps = {
  name: 'inline-scenario-deps',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (/^(yaml|zod)(\/|$)/.test(args.path) || args.path.startsWith('node:') ? undefined : { path: args.path, external: true }));
  },
};
const worker = await build({
  ...common,
  packages: undefined,
  plugins: [inlineScenarioDeps, esmImport, metaUrl],
  entryPoints: [join(ROOT, 'src', 'testkit', 'fuzz-worker.ts')],
  sourcemap: 'linked',
  outfile: join(OUT, 'fuzz-worker.cjs'),
});
const deps = await build({
  ...common,
  banner: { js: WRAP_HEAD },
  packages: undefined, // bundled: yaml's and zod's modules, nothing else
  stdin: { contents: "export * from 'yaml';\nexport { z } from 'zod';\n", resolveDir: ROOT, sourcefile: 'scenario-deps.ts', loader: 'ts' },
  outfile: join(OUT, DEPS),
});
const signals = await build({ ...common, banner: {}, footer: {}, entryPoints: [join(ROOT, 'src', 'dropin', 'signals.ts')], outfile: join(OUT, 'signals.cjs') });

mkdirSync(OUT, { recursive: true });
for (const f of [...dropin.outputFiles, ...emu.outputFiles, ...worker.outputFiles, ...deps.outputFiles, ...signals.outputFiles]) {
  if (f.path.endsWith('dropin.cjs') || f.path.endsWith('emu.cjs') || f.path.endsWith('fuzz-worker.cjs') || f.path.endsWith('scenario-deps.cjs')) {
    // esbuild escapes non-ASCII in strings and names but keeps a few comments' (`—`, `§`): escaped too, so the
    // file is ASCII and reads straight into a one-byte string (~2 ms less of every start than decoding UTF-8)
    const ascii = f.text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const text = ascii.endsWith('\n') ? ascii : ascii + '\n';
    const sha = createHash('sha256').update(text).digest('hex');
    writeFileSync(f.path, `${text}//# cbc-emu-bundle ${sha}\n`);
  } else {
    writeFileSync(f.path, f.contents);
  }
}

// A fuzz() campaign first, for the worker bundle's cache (below). Then two sessions in this process, through the
// loader bin/cbc.js uses, leave the code cache of the functions such runs compile (the rest compile on first use, as
// without a cache): a plain SDK start (initialize, then a prompt, on the default scenario and profile) and a run with
// a YAML scenario file. A `cbc-emu fuzz` run's emulator (a fuzz plan over every legal perturbation, Claude Code's
// profile) runs after the cache is written, for its transcript. Then two `cbc-emu` commands through the loader
// bin/cbc-emu.js uses.
const work = mkdtempSync(join(tmpdir(), 'cbc-emu-build-'));
/** A writable that keeps what a training session wrote (stdout and stderr alike), and its text. */
const capture = () => {
  const out = [];
  return { sink: new Writable({ write: (chunk, _enc, done) => done(undefined, out.push(chunk)) }), text: () => Buffer.concat(out).toString('utf8') };
};
try {
  // a YAML scenario of the user's (a copy of a shipped one, outside scenarios/ so it is not read compiled): the
  // loader's functions and yaml's and zod's (scenario-deps.cjs, a cache of its own) compiled as such a run needs them
  const yaml = join(work, 'training.yaml');
  copyFileSync(join(ROOT, 'scenarios', 'concurrent-workflows.yaml'), yaml);
  // fuzz()'s worker bundle: an in-process campaign with one worker thread (bin/fuzz-thread.cjs), whose worker writes
  // its cache once parked after it; this waits for that (a parked worker is unref'd and ends with the process). The
  // campaign's emulators run from dist/'s modules in this thread and from the bundle in the worker.
  const { fuzz } = await import('../dist/index.js');
  const hi = { type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '' };
  await fuzz({ scenarioFile: yaml, runs: 40, seed: 1, threads: 1, profile: 'claude-2.1.220' }, async (stream) => {
    stream.send({ type: 'control_request', request_id: 'build', request: { subtype: 'initialize' } });
    stream.send(hi);
    for await (const f of stream.frames()) if (f.type === 'result') stream.end();
  });
  const workerCache = () => readdirSync(OUT).some((f) => f.startsWith('fuzz-worker-v8-') && f.endsWith('.cache'));
  for (let waited = 0; !workerCache() && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  const { loadDropin, loadBundle } = loader;
  const dropin = loadDropin();
  const { LEGAL_IDS } = await import('../dist/tools/fuzz/catalogue.js');
  const { encodePlan, planFor } = await import('../dist/tools/fuzz/plan.js');
  // none of the builder's CBC_EMU_* settings
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CBC_EMU_')));
  const fuzzEnv = {
    ...env,
    CBC_EMU_PROFILE: 'claude-2.1.220',
    CBC_EMU_FUZZ: encodePlan(planFor(1, 0, LEGAL_IDS, false)),
    CBC_EMU_FUZZ_OUT: join(work, 'transcript.ndjson'),
    CBC_EMU_FUZZ_NOTES: join(work, 'emulator.ndjson'),
  };
  const session = async (i, sessionEnv, more) => {
    const { sink, text } = capture();
    const code = await dropin.exports.runCli({
      argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0', '--emu-home', join(work, `home-${i}`), ...more],
      env: sessionEnv,
      stdin: Readable.from([`${JSON.stringify({ type: 'control_request', request_id: 'build', request: { subtype: 'initialize' } })}\n`, `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } })}\n`]),
      stdout: sink,
      stderr: sink,
      cwd: work,
      handleSignals: false,
    });
    if (code !== 0 || !text().includes('"type":"result"')) throw new Error(`session ${i} exited ${code}: ${text().slice(-400)}`);
  };
  await session(0, env, []);
  await session(2, env, ['--emu-scenario', yaml]);
  if (dropin.depsCacheUsed() === undefined) throw new Error('the YAML session did not load scenario-deps.cjs');
  dropin.fill();
  // the fuzz run's session after the cache is written: V8 deserialises a whole cache at every start, and what only a
  // fuzz run compiles (the perturbations) was ~90 KB of it (549 -> 461 KB), a cost to every start (issue #21's start-up
  // budget); its transcript trains the tool's `check` below
  await session(1, fuzzEnv, []);
  // the tool's bundle, trained by the two commands run most: `check` of a transcript (the fuzz session's) and a one-run
  // `fuzz` campaign whose consumer sends the drop-in (the PATH shim) one prompt
  const emu = loadBundle('emu');
  const prompt = `printf '%s\\n' '${JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } })}' | cbc --input-format stream-json --output-format stream-json --verbose > /dev/null`;
  for (const argv of [
    ['check', fuzzEnv.CBC_EMU_FUZZ_OUT],
    ['fuzz', '--scenario', yaml, '--consumer', prompt, '--runs', '1', '--seed', '1', '--out', join(work, 'fuzz')],
  ]) {
    const { sink, text } = capture();
    const code = await emu.exports.main(argv, { stdout: sink, stderr: sink });
    if (code !== 0) throw new Error(`cbc-emu ${argv[0]} exited ${code}: ${text().slice(-400)}`);
  }
  emu.fill();
  for (const name of ['dropin', 'emu', 'fuzz-worker', 'scenario-deps']) if (!readdirSync(OUT).some((f) => f.startsWith(`${name}-v8-`) && f.endsWith('.cache'))) throw new Error(`no ${name} cache file was written`);
} catch (e) {
  // a cache only saves time (the first run writes one): the build goes on, and test/hardening/startup.test.ts fails
  process.stderr.write(`bundle-dropin: warning: no code cache written: ${e instanceof Error ? e.message : String(e)}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
