#!/usr/bin/env node
// The drop-in CLI: spawn this in place of `cbc`, `codebuddy` or `claude` (SDKs run .js paths with node).
// Signals first: one that arrives while the rest loads still exits with its documented code.
import { exitOnSignalsDuringStartup } from '../dist/dropin/signals.js';

exitOnSignalsDuringStartup();
const { runCli } = await import('../dist/dropin/main.js');
const code = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
process.exit(code);
