// Shipped scenarios by name (issue #20): the catalogue equals the package's scenarios/ folder, which
// package.json ships; names resolve to the files, paths pass through, an unknown name lists the names.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveScenarioRef, shippedCatalogue, shippedScenarioPath, SHIPPED_SCENARIOS } from '../../../src/scenario/shipped.js';
import { startEmulator } from '../../../src/testkit/emulator.js';
import { ROOT } from '../../helpers/run-bin.js';

describe('the shipped scenario catalogue (issue #20)', () => {
  it('lists exactly the YAML files of scenarios/, and package.json ships that folder', () => {
    const files = readdirSync(join(ROOT, 'scenarios')).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -'.yaml'.length)).sort();
    expect([...SHIPPED_SCENARIOS]).toEqual(files);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('scenarios');
  });

  it('every shipped scenario has a one-line description', async () => {
    for (const s of await shippedCatalogue()) {
      expect(s.path).toBe(join(ROOT, 'scenarios', `${s.name}.yaml`));
      expect(s.summary, s.name).toMatch(/^\S.{20,119}$/);
    }
  });

  it('a name resolves to its file; a path (with a / or a .) passes through as given', () => {
    expect(resolveScenarioRef('deep-research')).toBe(join(ROOT, 'scenarios', 'deep-research.yaml'));
    expect(shippedScenarioPath('long-run')).toBe(join(ROOT, 'scenarios', 'long-run.yaml'));
    for (const p of ['scenarios/deep-research.yaml', './deep-research', 'my.yaml', '/abs/x', 'dir\\x']) expect(resolveScenarioRef(p)).toBe(p);
  });

  it('an unknown name is an E_SCENARIO error listing the names and the ./ escape for files', () => {
    expect(() => resolveScenarioRef('deep-reserch')).toThrow(
      'no shipped scenario is named "deep-reserch"; use one of background-tasks, cached-agents, concurrent-workflows, deep-research, default, failing-workflow, long-run, no-phases, permissions (cbc-emu scenarios lists them), or a path to a scenario file (./deep-reserch for a file without extension)',
    );
  });

  it('startEmulator({ scenario: name }) hands the drop-in the shipped file; an unknown name throws (nothing left behind: the cleanup of startEmulator)', async () => {
    const emu = startEmulator({ scenario: 'permissions' });
    expect(emu.env['CBC_EMU_SCENARIO']).toBe(join(ROOT, 'scenarios', 'permissions.yaml'));
    await emu.close();
    expect(() => startEmulator({ scenario: 'nope' })).toThrow(/no shipped scenario is named "nope"/);
  });
});
