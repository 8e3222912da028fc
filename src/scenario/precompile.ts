/**
 * Build step (`npm run build`): compiles every shipped scenario with the full loader into
 * dist/scenario/compiled/<name>.json, so the drop-in's no-scenario start-up (default.json) and runs that
 * name a shipped scenario skip yaml and zod (issue #21).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { compiledShippedUrl, sourceHash, type CompiledScenario } from './compiled.js';
import { loadScenarioFile } from './load.js';
import { SHIPPED_SCENARIOS, shippedScenarioPath } from './shipped.js';

mkdirSync(new URL('.', compiledShippedUrl('default')), { recursive: true });
for (const name of SHIPPED_SCENARIOS) {
  const path = shippedScenarioPath(name);
  const one: CompiledScenario = { sha256: sourceHash(readFileSync(path)), scenario: loadScenarioFile(path) };
  writeFileSync(compiledShippedUrl(name), JSON.stringify(one) + '\n');
}
