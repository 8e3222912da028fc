#!/usr/bin/env node
'use strict';
// The drop-in CLI: spawn this in place of `cbc`, `codebuddy` or `claude` (SDKs run .js paths with node).
// CommonJS (bin/package.json): Node's ESM loader is never started, which is part of the start-up budget (issue #21).
// Signals first: one that arrives while the rest loads still exits with its documented code.
const early = require('../dist/bundle/signals.cjs');

early.exitOnSignalsDuringStartup();
// The drop-in's one-file bundle (dist/bundle/dropin.cjs, from src/dropin/main.ts) through a V8 code cache
// (bin/load-dropin.cjs): one file, most of it already compiled, is most of the start-up budget (docs/performance.md).
const dropin = require('./load-dropin.cjs').loadDropin();
const { runCli, exitOnSignalsDuringStartup } = dropin.exports;
// hand the signals over to the bundle's own copy of src/dropin/signals.ts (the one serve.ts uses), in one
// synchronous step: its handler is added before the early one goes, so a signal is never left unhandled
exitOnSignalsDuringStartup();
early.offSignals();
runCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
}).then((code) => {
  dropin.fill();
  process.exit(code);
});
