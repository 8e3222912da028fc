import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { SCENARIOS_DIR_URL } from './shipped.js';
import type { ScenarioT } from './schema.js';

/** The built-in scenario's source, used when no --emu-scenario / CBC_EMU_SCENARIO is given. */
export const DEFAULT_SCENARIO_URL = new URL('../../scenarios/default.yaml', import.meta.url);
/**
 * Where the build puts a shipped scenario's compiled form (precompile.ts), next to this module in dist/.
 * `../<part>/…` rather than `./…`: the same URL resolves from dist/<part>/ and from the drop-in's bundle in dist/bundle/.
 */
export const compiledShippedUrl = (name: string): URL => new URL(`../scenario/compiled/${name}.json`, import.meta.url);
/** The built-in scenario's compiled form (it is a shipped scenario too). */
export const COMPILED_DEFAULT_URL = compiledShippedUrl('default');

/** The compiled file: the loader's output and the text of the YAML it came from (sourceText). */
export interface CompiledScenario {
  source: string;
  scenario: ScenarioT;
}

/**
 * The loader's output as JSON, or undefined when it does not survive JSON unchanged (a value JSON cannot carry): a
 * compiled or cached scenario is only ever served from JSON, so it must read back as the loader made it.
 */
export function scenarioJson(scenario: ScenarioT): string | undefined {
  const json = JSON.stringify(scenario);
  return isDeepStrictEqual(JSON.parse(json), scenario) ? json : undefined;
}

/**
 * What a compiled form keeps of its YAML to tell whether the file changed: its text as the loader reads it (UTF-8,
 * load.ts), compared whole when it is used: the loader's output depends on nothing else (bytes that decode alike load
 * alike). A string compare is native; hashing the default scenario's 1.2 KB in the interpreter was ~0.2 ms of every
 * start-up (issue #21), and scenario files are a few KB. (Read as 'utf8', Node's fast path for an encoding name:
 * 'latin1' showed ~0.6 ms of its name check in start-up profiles, though not beyond the noise of a timed A/B.)
 */
export function sourceText(bytes: Buffer): string {
  return bytes.toString('utf8');
}

/**
 * The built-in scenario without yaml or zod (~130 ms of start-up): the compiled JSON, but only when it
 * was made from scenarios/default.yaml as the file reads now. `undefined` (missing, stale or unreadable) tells the
 * caller to parse the YAML, so an edited default.yaml is never shadowed by an old build.
 */
export function compiledDefaultScenario(): ScenarioT | undefined {
  return compiledScenario(COMPILED_DEFAULT_URL, DEFAULT_SCENARIO_URL);
}

/**
 * A scenario file's compiled form at `compiled` (written by a caller that loaded it already: `cbc-emu fuzz`
 * compiles its scenario once per campaign, not once per run, issue #21), but only while it was made from
 * the text of `source`; `undefined` (missing, stale or unreadable) tells the caller to parse the YAML.
 */
export function compiledScenario(compiled: URL | string, source: URL | string): ScenarioT | undefined {
  try {
    const c = JSON.parse(readFileSync(compiled, 'utf8')) as CompiledScenario;
    return c.source === readFileSync(source, 'utf8') ? c.scenario : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A shipped scenario (a file of the package's scenarios/ folder, however it was named: `--emu-scenario
 * deep-research` or its path) from its build-time compiled form, while it was made from the YAML as it reads now; any other
 * file, or a stale or missing build, is `undefined` and goes through the loader (issue #21: yaml and zod
 * cost ~130 ms of each start-up).
 */
export function compiledShippedScenario(file: string): ScenarioT | undefined {
  const path = resolve(file);
  if (dirname(path) !== resolve(fileURLToPath(SCENARIOS_DIR_URL)) || !path.endsWith('.yaml')) return undefined;
  return compiledScenario(compiledShippedUrl(basename(path, '.yaml')), path);
}
