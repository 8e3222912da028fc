#!/usr/bin/env node
// The tool: `cbc-emu run|shims|schema|demo ...`.
import { main } from '../dist/cli/emu.js';

process.exit(await main(process.argv.slice(2)));
