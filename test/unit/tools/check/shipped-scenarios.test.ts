// Issue #6 acceptance: "`cbc-emu check` on every shipped scenario's output exits 0". The golden
// transcripts (test/golden/<scenario>/<profile>.ndjson, the drop-in's seeded stdout for every shipped
// scenario x profile, kept byte-equal by test/golden/golden.test.ts) are checked with their profile,
// --strict key sets included, and with auto-detection, which must find that same profile.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emuInProcess } from '../../../helpers/emu-in-process.js';
import { ROOT } from '../../../helpers/run-bin.js';

const scenarios = readdirSync(join(ROOT, 'scenarios')).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5));
const PROFILES = ['cbc', 'cbc-2.117.0', 'claude-2.1.220', 'claude-2.1.328'];
/** `cbc-emu check <args>`, in-process through the program's entry (test/helpers/emu-in-process.ts). */
const check = (args: string[]) => emuInProcess(['check', ...args]);

describe('shipped scenarios pass cbc-emu check', () => {
  for (const s of scenarios) {
    it(`${s}: every profile`, async () => {
      for (const p of PROFILES) {
        const file = join(ROOT, 'test', 'golden', s, `${p}.ndjson`);
        expect(existsSync(file), `${file} (run npm run golden:update)`).toBe(true);
        const given = await check(['--strict', '--profile', p, file]);
        expect({ p, status: given.status, out: given.stdout }).toEqual({ p, status: 0, out: '' });
        const auto = await check(['--strict', file]);
        expect(auto.status).toBe(0);
        // cbc and cbc-2.117.0 share frame shapes, so auto reports the cbc family
        expect(auto.stderr).toContain(`profile ${p === 'cbc-2.117.0' ? 'cbc' : p} (detected)`);
      }
    });
  }
});
