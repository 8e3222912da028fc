// Build step (`npm run build`, after tsc and the scenario precompile; issue #21): bundles the drop-in into one
// CommonJS file, dist/bundle/dropin.cjs, for bin/cbc.js to load through a V8 code cache (bin/load-dropin.cjs; Node 20
// can hand cached data to vm.Script, not to its ESM loader), then runs it once so that cache exists from the start.
//   dist/bundle/dropin.cjs   (and its .map) src/dropin/main.ts's runCli and signals.ts's exitOnSignalsDuringStartup; its last line
//                            is the sha256 of the rest, which a cache must name to be used
//   dist/bundle/signals.cjs  src/dropin/signals.ts alone: bin/cbc.js installs it before the bundle loads
//   dist/bundle/dropin-v8-<version>-<arch>.cache   written by that first run (bin/load-dropin.cjs fill)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'dist', 'bundle');
rmSync(OUT, { recursive: true, force: true });

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  packages: 'external', // yaml, zod, pino, commander stay in node_modules, required when first needed
  logLevel: 'warning',
  write: false,
  // ESM semantics kept: strict mode, and import.meta.url as the bundle's own URL (every use resolves
  // `../<part>/…`, the same from dist/<part>/ and from dist/bundle/)
  banner: { js: "'use strict';\nvar __bundle_url = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__bundle_url' },
};

const dropin = await build({
  ...common,
  stdin: {
    contents: "export { runCli } from './main.js';\nexport { exitOnSignalsDuringStartup } from './signals.js';\n",
    resolveDir: join(ROOT, 'src', 'dropin'),
    sourcefile: 'bundle-entry.ts',
    loader: 'ts',
  },
  sourcemap: 'linked',
  outfile: join(OUT, 'dropin.cjs'),
});
const signals = await build({ ...common, banner: {}, define: {}, entryPoints: [join(ROOT, 'src', 'dropin', 'signals.ts')], outfile: join(OUT, 'signals.cjs') });

mkdirSync(OUT, { recursive: true });
for (const f of [...dropin.outputFiles, ...signals.outputFiles]) {
  if (f.path.endsWith('dropin.cjs')) {
    const text = f.text.endsWith('\n') ? f.text : f.text + '\n';
    const sha = createHash('sha256').update(text).digest('hex');
    writeFileSync(f.path, `${text}//# cbc-emu-bundle ${sha}\n`);
  } else {
    writeFileSync(f.path, f.contents);
  }
}

// One run of the drop-in as an SDK starts it (initialize, then a prompt on the default scenario) writes the code
// cache of the functions such a run compiles; the rest compile on first use as without a cache.
const home = mkdtempSync(join(tmpdir(), 'cbc-emu-build-'));
const init = JSON.stringify({ type: 'control_request', request_id: 'build', request: { subtype: 'initialize' } });
const prompt = JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } });
const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'cbc.js'), '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-speed', '0', '--emu-home', home], {
  input: `${init}\n${prompt}\n`,
  // none of the builder's CBC_EMU_* settings: the default scenario and profile, as a plain SDK start
  env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CBC_EMU_'))),
  encoding: 'utf8',
});
rmSync(home, { recursive: true, force: true });
const cache = readdirSync(OUT).find((f) => f.endsWith('.cache'));
if (r.status !== 0 || !r.stdout.includes('"type":"result"') || cache === undefined) {
  process.stderr.write(`bundle-dropin: the drop-in's first run failed (exit ${r.status}), so no code cache was written\n${r.stderr}`);
  process.exit(1);
}
