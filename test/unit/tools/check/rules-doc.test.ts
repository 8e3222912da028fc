// Issue #6: "Rules catalogue docs/rules.md: one id per rule, each citing its seed section or capture".
// The catalogue has one section per rule module, in the same order, with the module's source.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../../dist/tools/check/rules.js';
import { ROOT } from '../../../helpers/run-bin.js';

const doc = readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8');

describe('docs/rules.md', () => {
  it('has one section per rule, in catalogue order', () => {
    const ids = [...doc.matchAll(/^## `([^`]+)`$/gm)].map((m) => m[1]);
    expect(ids).toEqual(RULES.map((r) => r.id));
  });
  it('cites each rule source and names its relaxations', () => {
    for (const r of RULES) {
      const section = doc.split(`## \`${r.id}\``)[1]?.split('\n## ')[0] ?? '';
      expect(section, r.id).toContain(`- Source: ${r.source}`);
      for (const p of Object.keys(r.relaxed ?? {})) expect(section, r.id).toContain(`\`${p}\``);
    }
  });
});
