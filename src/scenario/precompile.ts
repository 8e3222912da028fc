/**
 * Build step (`npm run build`): compiles scenarios/default.yaml with the full loader into
 * dist/scenario/default-scenario.json, so the drop-in's no-scenario start-up skips yaml and zod.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMPILED_DEFAULT_URL, DEFAULT_SCENARIO_URL, sourceHash, type CompiledScenario } from './compiled.js';
import { loadScenarioFile } from './load.js';

const file = fileURLToPath(DEFAULT_SCENARIO_URL);
const compiled: CompiledScenario = { sha256: sourceHash(readFileSync(file)), scenario: loadScenarioFile(file) };
writeFileSync(COMPILED_DEFAULT_URL, JSON.stringify(compiled) + '\n');
