/**
 * Build step (`npm run build`): compiles every shipped scenario with the full loader into
 * dist/scenario/compiled/<name>.json, so the drop-in's no-scenario start-up (default.json) and runs that
 * name a shipped scenario skip yaml and zod (issue #21); and writes the loader build's id for the parse cache of
 * the user's scenario files (cache.ts): the sha256 of every compiled module of dist/, so any change of code is a new id.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_DIR, LOADER_ID_URL } from './cache.js';
import { compiledShippedUrl, sourceText, type CompiledScenario } from './compiled.js';
import { loadScenarioFile } from './load.js';
import { SHIPPED_SCENARIOS, shippedScenarioPath } from './shipped.js';

mkdirSync(new URL('.', compiledShippedUrl('default')), { recursive: true });
for (const name of SHIPPED_SCENARIOS) {
  const path = shippedScenarioPath(name);
  const one: CompiledScenario = { source: sourceText(readFileSync(path)), scenario: loadScenarioFile(path) };
  writeFileSync(compiledShippedUrl(name), JSON.stringify(one) + '\n');
}

const dist = fileURLToPath(new URL('..', import.meta.url));
const modules = (readdirSync(dist, { recursive: true }) as string[]).filter((f) => f.endsWith('.js') && !f.startsWith('bundle')).sort();
const id = createHash('sha256');
for (const f of modules) id.update(f).update('\0').update(readFileSync(join(dist, f))).update('\0');
writeFileSync(LOADER_ID_URL, id.digest('hex') + '\n');
// each build starts the cache afresh (its entries of earlier builds could never be read again, or the same code's would be)
rmSync(CACHE_DIR, { recursive: true, force: true });
