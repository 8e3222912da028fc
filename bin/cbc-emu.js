#!/usr/bin/env node
'use strict';
// The tool: `cbc-emu run|shims|schema|demo ...`. CommonJS like every file of bin/ (bin/package.json); the tool is ESM.
import('../dist/cli/emu.js')
  .then(({ main }) => main(process.argv.slice(2)))
  .then((code) => process.exit(code));
