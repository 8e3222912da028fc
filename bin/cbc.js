#!/usr/bin/env node
// The drop-in CLI: spawn this in place of `cbc`, `codebuddy` or `claude` (SDKs run .js paths with node).
import { runCli } from '../dist/dropin/main.js';

const code = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
process.exit(code);
