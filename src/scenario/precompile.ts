/**
 * Build step (`npm run build`): compiles scenarios/default.yaml with the full loader into
 * dist/scenario/default-scenario.json, so the drop-in's no-scenario start-up skips yaml and zod, and every
 * shipped scenario into dist/scenario/compiled/<name>.json for runs that name one (issue #21).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMPILED_DEFAULT_URL, compiledShippedUrl, DEFAULT_SCENARIO_URL, sourceHash, type CompiledScenario } from './compiled.js';
import { loadScenarioFile } from './load.js';
import { SHIPPED_SCENARIOS, shippedScenarioPath } from './shipped.js';

const file = fileURLToPath(DEFAULT_SCENARIO_URL);
const compiled: CompiledScenario = { sha256: sourceHash(readFileSync(file)), scenario: loadScenarioFile(file) };
writeFileSync(COMPILED_DEFAULT_URL, JSON.stringify(compiled) + '\n');

mkdirSync(new URL('.', compiledShippedUrl('x')), { recursive: true });
for (const name of SHIPPED_SCENARIOS) {
  const path = shippedScenarioPath(name);
  const one: CompiledScenario = { sha256: sourceHash(readFileSync(path)), scenario: loadScenarioFile(path) };
  writeFileSync(compiledShippedUrl(name), JSON.stringify(one) + '\n');
}
