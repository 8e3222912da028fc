#!/usr/bin/env node
// The drop-in CLI: spawn this in place of `cbc`, `codebuddy` or `claude` (SDKs run .js paths with node).
// Signals first: one that arrives while the rest loads still exits with its documented code.
import { exitOnSignalsDuringStartup } from '../dist/bundle/signals.js'; // shares its state with the bundle's main.js (one chunk)

exitOnSignalsDuringStartup();
// The drop-in's one-file bundle (dist/bundle, built by esbuild from src/dropin/main.ts): loading one
// module instead of ~70 is most of the start-up budget (docs/performance.md).
const { runCli } = await import('../dist/bundle/main.js');
const code = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
process.exit(code);
