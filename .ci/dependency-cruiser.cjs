// Import structure of src/, enforced in CI (issue #14). The layer order is written here once:
// a module may import from its own part and from parts listed BEFORE it, never after. Each part
// has its own layer, so the parts cannot form a cycle; `no-circular` forbids file-level cycles.
//
// The pipeline reads top to bottom: scenario -> engine (virtual clock) -> profiles (encoders) ->
// transport (bytes), composed by dropin/; the tools and drivers sit above it.
const LAYERS = [
  'src/require.ts', // the package's require() for what it loads at first use
  'src/errors.ts',
  'src/env.ts',
  'src/log.ts',
  'src/esm.ts', //     import() of an ES-only package, which the bundles route to their loader's
  'src/hashing.ts', // node:crypto loaded at first use, and the non-cryptographic hash of seeds and file bytes
  'src/now.ts', //     the real clock without perf_hooks
  'src/settings.ts',
  'src/protocol', //   vocabulary, wire frames, schemas, the task-state reducer
  'src/transport', //  line splitting, frame writing, the journal: bytes only
  'src/scenario', //   scenario schema, loader, prompt matching
  'src/store', //      the session store on disk
  'src/engine', //     typed events on a virtual clock; the Profile port
  'src/profiles', //   one folder per CLI: engine events -> typed wire frames
  'src/tools', //      check, report, cassettes, fuzz perturbations: frames in, frames/verdicts out
  'src/server', //     the control server (issue #19) and its wire, which the drop-in's control client speaks
  'src/dropin', //     the drop-in CLI: argv -> config (pure) -> composition of engine, profile, transport
  'src/testkit', //    drivers of the drop-in: the in-memory harness, startEmulator, the in-process fuzz()
  'src/cli', //        the cbc-emu command line: one commander program, lazily loaded subcommands
  'src/index.ts', //   the library entry
];

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const part = (p) => (p.endsWith('.ts') ? `^${esc(p)}$` : `^${esc(p)}/`);

const layering = LAYERS.slice(0, -1).map((from, i) => ({
  name: `layer:${from.replace(/^src\//, '')}`,
  comment: `${from} may only import parts listed before it in .ci/dependency-cruiser.cjs`,
  severity: 'error',
  from: { path: part(from) },
  to: { path: LAYERS.slice(i + 1).map(part).join('|') },
}));

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'no import cycle at file level', from: { path: '^src/' }, to: { circular: true } },
    { name: 'not-to-unlisted', severity: 'error', comment: 'every module of src/ belongs to a listed part', from: { path: '^src/' }, to: { path: '^src/', pathNot: LAYERS.map(part).join('|') } },
    ...layering,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|test|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
