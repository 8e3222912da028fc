import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmuError } from '../../errors.js';
import { profileName } from '../../profiles/names.js';
import { scenarioJson, sourceText, type CompiledScenario } from '../../scenario/compiled.js';
import { loadScenarioFile } from '../../scenario/load.js';
import type { ScenarioT } from '../../scenario/schema.js';
import { hash32 } from './plan.js';

/** What a campaign needs to be worth running; checked before the first run (issue #17). */
export interface CampaignInputs {
  scenario: string;
  consumer: string;
  oracle?: string | undefined;
  profile?: string | undefined;
  speed: string;
  out: string;
}

/**
 * Loads the scenario and resolves the profile exactly as the emulator will, and checks the options,
 * so a typo fails the campaign at once (exit 2, with the loader's file:line:col problems) instead of
 * making every run's emulator exit 2 behind a consumer that may not care. Returns the problem, if any, else the
 * loaded scenario (for compileScenario: loaded once).
 */
export function validateCampaign(c: CampaignInputs): string | { scenario: ScenarioT } {
  let scenario: ScenarioT;
  try {
    scenario = loadScenarioFile(c.scenario);
    // the name alone: loading every profile's encoders here cost ~40 ms before the first run (issue #21)
    if (c.profile !== undefined) profileName(c.profile);
  } catch (e) {
    if (e instanceof EmuError) return `${e.code === 'E_SCENARIO' ? '--scenario' : '--profile'}: ${e.message}`;
    throw e;
  }
  const speed = Number(c.speed);
  if (c.speed.trim() === '' || !Number.isFinite(speed) || speed < 0) return `--emu-speed must be a number >= 0 (got "${c.speed}"); 0 emits instantly, 1 is real time`;
  if (c.consumer.trim() === '') return '--consumer is blank: give the command that runs the program under test';
  if (c.oracle !== undefined && c.oracle.trim() === '') return '--oracle is blank: give a command, or leave --oracle out';
  if (existsSync(c.out) && !statSync(c.out).isDirectory()) return `--out ${c.out} is a file; give a folder for the findings`;
  return { scenario };
}

/**
 * The folder name of a campaign under --out: `<seed>-<hash>`, the hash over everything that decides
 * its runs except the run count and the shard (so the shards of one campaign share it, and campaigns
 * that differ never overwrite each other's findings).
 */
export function campaignFolder(c: CampaignInputs & { seed: number; perturb: readonly string[]; illegal: boolean }): string {
  const h = hash32(readFileSync(c.scenario, 'utf8'), c.consumer, c.oracle ?? '', c.profile ?? '', c.speed, c.perturb.join(','), String(c.illegal));
  return `${c.seed}-${h.toString(16).padStart(8, '0')}`;
}

/**
 * Compiles the campaign's scenario once into `<work>/scenario.compiled.json` (its loader output and its
 * text), so each run's emulator skips yaml and zod (issue #21: ~2x the drop-in's start-up
 * CPU). Undefined when the loader's output does not survive JSON (the runs then load the YAML themselves). `loaded`:
 * the scenario validateCampaign already loaded from the same file.
 */
export function compileScenario(scenario: string, work: string, loaded: ScenarioT = loadScenarioFile(scenario)): string | undefined {
  const bytes = readFileSync(scenario);
  if (scenarioJson(loaded) === undefined) return undefined;
  const json = JSON.stringify({ source: sourceText(bytes), scenario: loaded } satisfies CompiledScenario);
  const file = join(work, 'scenario.compiled.json');
  writeFileSync(file, json);
  return file;
}
