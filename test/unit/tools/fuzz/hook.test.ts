// The drop-in's fuzz layer from its environment (src/tools/fuzz/hook.ts, issue #8): an unusable token or transcript
// file is an error line for stderr (the drop-in then exits 2), never a throw (issue #21: a throw out of a session
// served in the campaign process, by the relay, would have been the campaign's).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzHook } from '../../../../dist/tools/fuzz/hook.js';
import { encodePlan } from '../../../../dist/tools/fuzz/plan.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-hook-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const token = encodePlan({ v: 1, seed: 1, emu: 'e', p: { chunk: 1 } });

describe('fuzzHook', () => {
  it('says what is wrong with a transcript file it cannot append to, and how to fix it', () => {
    const out = join(dir, 'missing-folder', 't.ndjson');
    const h = fuzzHook({ env: { CBC_EMU_FUZZ: token, CBC_EMU_FUZZ_OUT: out }, stdout: new PassThrough() });
    expect(h).toBe(`cbc-emu: CBC_EMU_FUZZ_OUT: cannot append to ${out} (ENOENT); give a file in an existing folder`);
  });
  it('refuses an unreadable token, and builds the layer from a good one', () => {
    expect(fuzzHook({ env: { CBC_EMU_FUZZ: 'not-a-token' }, stdout: new PassThrough() })).toMatch(/^cbc-emu: CBC_EMU_FUZZ: /);
    const h = fuzzHook({ env: { CBC_EMU_FUZZ: token, CBC_EMU_FUZZ_OUT: join(dir, 't.ndjson') }, stdout: new PassThrough() });
    expect(typeof h).toBe('object');
  });
});
