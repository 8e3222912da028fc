import { fileURLToPath } from 'node:url';
import { EmuError } from '../errors.js';

/*
 * The shipped scenarios (issue #20): the package's scenarios/ folder, by name. `--emu-scenario
 * deep-research`, CBC_EMU_SCENARIO=deep-research and startEmulator({ scenario: 'deep-research' }) all
 * resolve here, so a consumer project needs no path into the package.
 */

/** Names of the files in scenarios/ (without `.yaml`); test/unit/scenario/shipped.test.ts holds this to the folder. */
export const SHIPPED_SCENARIOS = [
  'background-tasks',
  'cached-agents',
  'concurrent-workflows',
  'deep-research',
  'default',
  'failing-workflow',
  'long-run',
  'no-phases',
  'permissions',
] as const;
/** A shipped scenario's name. */
export type ShippedScenario = (typeof SHIPPED_SCENARIOS)[number];

// `../../scenarios/`: the same URL resolves from src/scenario, dist/scenario and the drop-in's bundle in dist/bundle
/** The package's scenarios/ folder (in "files" of package.json, so an installed package has it). */
export const SCENARIOS_DIR_URL = new URL('../../scenarios/', import.meta.url);

/** The file of a shipped scenario. */
export function shippedScenarioPath(name: ShippedScenario): string {
  return fileURLToPath(new URL(`${name}.yaml`, SCENARIOS_DIR_URL));
}

const isShipped = (s: string): s is ShippedScenario => (SHIPPED_SCENARIOS as readonly string[]).includes(s);

/**
 * A scenario reference -> the file to load. A path (it has a `/`, `\` or a `.`) is returned as it is; a
 * bare word is a shipped scenario's name (write `./name` for a file without extension). An unknown name
 * throws E_SCENARIO listing the names. Pure: reads no file, so it can run in the drop-in's config step.
 */
export function resolveScenarioRef(ref: string): string {
  if (/[/\\.]/.test(ref)) return ref;
  if (isShipped(ref)) return shippedScenarioPath(ref);
  throw new EmuError(
    'E_SCENARIO',
    `no shipped scenario is named "${ref}"; use one of ${SHIPPED_SCENARIOS.join(', ')} (cbc-emu scenarios lists them), or a path to a scenario file (./${ref} for a file without extension)`,
  );
}

/** One catalogue entry: name, file and the one-line `description` the YAML carries. */
export interface ShippedEntry {
  name: ShippedScenario;
  path: string;
  summary: string;
}

/** The catalogue with each scenario's description (loads every file: yaml and zod are imported here, lazily). */
export async function shippedCatalogue(): Promise<ShippedEntry[]> {
  const { loadScenarioFile } = await import('./load.js');
  return SHIPPED_SCENARIOS.map((name) => {
    const path = shippedScenarioPath(name);
    return { name, path, summary: loadScenarioFile(path).description ?? '' };
  });
}
