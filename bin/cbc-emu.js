#!/usr/bin/env node
'use strict';
// The tool: `cbc-emu run|shims|schema|demo|check|fuzz ...`. CommonJS like every file of bin/ (bin/package.json). The
// tool's one-file bundle (dist/bundle/emu.cjs, from src/cli/emu.ts) through a V8 code cache, as bin/cbc.js loads the
// drop-in's (bin/load-dropin.cjs; issue #21: Node's ESM loader resolving, reading and compiling the tool's ~250
// modules was ~0.2 s of every `cbc-emu` start, a fuzz campaign's included).
const emu = require('./load-dropin.cjs').loadBundle('emu');

emu.exports.main(process.argv.slice(2)).then((code) => {
  emu.fill();
  process.exit(code);
});
