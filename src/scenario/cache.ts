import { nodeCrypto } from '../hashing.js';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarioJson } from './compiled.js';
import { MAX_SCENARIO_BYTES } from './limits.js';
import type { ScenarioT } from './schema.js';

/*
 * A parse cache for scenario files of the user's (issue #21): the loader's output for a file's exact bytes, kept as
 * JSON next to the build, so the next run of the same file skips yaml and zod (~60–85 ms of CPU of every start with a
 * YAML scenario: the packages, the schema and the parse). The key is the sha256 of the loader build's id (written by
 * the build: any change to the compiled code is another id) and the file's bytes, so an edited file or a new build is
 * a miss. Only a valid scenario is kept (a bad file is parsed each time, for its full error list), and only when it
 * survives JSON unchanged. The folder keeps the newest MAX_ENTRIES files. Where the build's folder cannot be written
 * (a read-only install) nothing is kept and every run parses, as without a cache; a damaged entry is a miss.
 */

/** The folder of the cache, in dist/ (the compiled shipped scenarios' sibling). */
export const CACHE_DIR = new URL('../scenario/cache/', import.meta.url);
/** The loader build's id: the sha256 of dist/'s compiled modules, written by the build (precompile.ts). */
export const LOADER_ID_URL = new URL('../scenario/compiled/loader-id', import.meta.url);
/** Entries kept: a suite or a CI matrix may write many scenarios; the oldest go first. */
const MAX_ENTRIES = 200;

/** The cache file of `bytes` under this build, or undefined when the build left no id (the cache is then off). */
function entryOf(bytes: Buffer): URL | undefined {
  let id: string;
  try {
    id = readFileSync(LOADER_ID_URL, 'latin1').trim();
  } catch {
    return undefined;
  }
  return new URL(`${nodeCrypto().createHash('sha256').update(id).update('\n').update(bytes).digest('hex')}.json`, CACHE_DIR);
}

/** The file's bytes when it can be read and is not over the size limit (anything else is the loader's to report). */
function bytesOf(file: string): Buffer | undefined {
  try {
    return statSync(file).size > MAX_SCENARIO_BYTES ? undefined : readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The two ways src/scenario/load.ts loads a file: from its path (reading it, with its own errors), or from its text. */
interface Loader {
  loadScenarioFile(file: string): ScenarioT;
  parseScenario(text: string, file: string): ScenarioT;
}

/**
 * The scenario in `file`: the cached loader output for its bytes, else what `loader()` (imported only on a miss: yaml
 * and zod) makes of those very bytes, then kept. The file is read once; one that cannot be read, or is over the size
 * limit, goes to the loader by its path, for the loader's own error.
 */
export async function loadThroughCache(file: string, loader: () => Promise<Loader>): Promise<ScenarioT> {
  const bytes = bytesOf(file);
  const entry = bytes && entryOf(bytes);
  if (entry) {
    try {
      return JSON.parse(readFileSync(entry, 'utf8')) as ScenarioT;
    } catch {
      // a miss: not cached yet, or a damaged entry (rewritten below)
    }
  }
  const load = await loader();
  if (!bytes) return load.loadScenarioFile(file);
  const scenario = load.parseScenario(bytes.toString('utf8'), file);
  const json = entry && scenarioJson(scenario);
  if (entry && json !== undefined) keep(entry, json);
  return scenario;
}

/** Writes the entry (a temporary file renamed into place: a reader sees a whole file or none), then trims the folder. */
function keep(entry: URL, json: string): void {
  const path = fileURLToPath(entry);
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(tmp, json);
    renameSync(tmp, path);
    trimFolder(fileURLToPath(CACHE_DIR), MAX_ENTRIES);
  } catch {
    rmSync(tmp, { force: true }); // read-only or full: no cache is still a correct run
  }
}

/** Removes the oldest files of `dir` past `max` (another process's temporary files included, once they are old). */
export function trimFolder(dir: string, max: number): void {
  const names = readdirSync(dir);
  if (names.length <= max) return;
  const aged = names.flatMap((n) => {
    try {
      return [{ n, t: statSync(join(dir, n)).mtimeMs }];
    } catch {
      return []; // removed meanwhile by another process's trim
    }
  });
  aged.sort((a, b) => a.t - b.t);
  for (const { n } of aged.slice(0, aged.length - max)) rmSync(join(dir, n), { force: true });
}
