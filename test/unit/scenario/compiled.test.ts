// Issue #21: shipped scenarios come compiled by the build (dist/scenario/compiled/<name>.json), so a run that
// names one skips yaml and zod; the compiled form is used only while the YAML reads as it did when compiled, and only for
// the package's own scenarios/ files. Runs against dist/ (npm run build wrote the compiled files).
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledShippedScenario, compiledShippedUrl, compiledScenario } from '../../../dist/scenario/compiled.js';
import { loadScenarioFile } from '../../../dist/scenario/load.js';
import { SHIPPED_SCENARIOS, shippedScenarioPath } from '../../../dist/scenario/shipped.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-compiled-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('compiled shipped scenarios (#21)', () => {
  it.each([...SHIPPED_SCENARIOS])('%s: the compiled form equals what the loader makes of the YAML, by path or relative path', (name) => {
    const path = shippedScenarioPath(name);
    expect(compiledShippedScenario(path)).toEqual(loadScenarioFile(path));
    expect(compiledShippedScenario(relative(process.cwd(), path))).toEqual(loadScenarioFile(path));
  });

  it('a copy outside the package, or another extension, is not taken from the build', () => {
    const copy = join(dir, 'deep-research.yaml');
    copyFileSync(shippedScenarioPath('deep-research'), copy);
    expect(compiledShippedScenario(copy)).toBeUndefined();
    expect(compiledShippedScenario(shippedScenarioPath('deep-research').replace(/\.yaml$/, '.yml'))).toBeUndefined();
  });

  it('a compiled file made from another text than the YAML\'s is not used (an edited scenario is never shadowed)', () => {
    const edited = join(dir, 'edited.yaml');
    writeFileSync(edited, 'turns:\n  - reply: changed\n');
    expect(compiledScenario(compiledShippedUrl('deep-research'), edited)).toBeUndefined();
    expect(compiledScenario(compiledShippedUrl('deep-research'), shippedScenarioPath('deep-research'))).toEqual(loadScenarioFile(shippedScenarioPath('deep-research')));
  });
});
