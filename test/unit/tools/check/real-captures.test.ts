// Issue #6: "the real captures under test/golden/real/ pass it (or their violations are documented as
// real-CLI behaviour, with the rule relaxed per profile)". Every stdout capture of every real CLI is
// checked with its own profile, and with auto, with --strict key sets. Captures of other output formats
// (stdin.json args without `--output-format stream-json`) are not transcripts: see NOT_STREAM_JSON. A
// capture where the real CLI printed nothing (an empty file) is unusable input: check exits 2 (issue #17).
// One `it` per capture (two in-process checks each).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emuInProcess } from '../../../helpers/emu-in-process.js';
import { ROOT } from '../../../helpers/run-bin.js';

const REAL = join(ROOT, 'test', 'golden', 'real');
const PROFILE: Record<string, string> = { 'cbc-2.117.0': 'cbc-2.117.0', 'claude-code-2.1.220': 'claude-2.1.220', 'claude-code-2.1.328': 'claude-2.1.328' };
/**
 * Non-stream-json captures and what check makes of them: text output and cbc's pretty-printed JSON array
 * are no ndjson (exit 2); Claude's `--output-format json` is one result object on one line, a valid
 * one-frame transcript (turn.one-result accepts a lone result without system/init, capture json_hi).
 */
const NOT_STREAM_JSON: Record<string, number> = {
  'cbc-2.117.0/p_text': 2,
  'cbc-2.117.0/p_json': 2,
  'claude-code-2.1.220/p_text': 2,
  'claude-code-2.1.220/p_json': 0,
  'claude-code-2.1.328/p_text': 2,
  'claude-code-2.1.328/p_json': 0,
  'claude-code-2.1.328/text_hi': 2, // `-p` text output, captured before stdin.json files existed
  'claude-code-2.1.328/json_hi': 0,
};
/** `cbc-emu check <args>`, in-process through the program's entry (test/helpers/emu-in-process.ts). */
const check = (args: string[]) => emuInProcess(['check', ...args]);

describe('real captures pass cbc-emu check', () => {
  for (const dir of Object.keys(PROFILE)) {
    const files = readdirSync(join(REAL, dir)).filter((f) => f.endsWith('.stdout.ndjson') || f.endsWith('.out'));
    for (const f of files) {
      const name = `${dir}/${f.replace(/\.(stdout\.ndjson|out)$/, '')}`;
      it(`${name}: profile ${PROFILE[dir]} and auto`, async () => {
        const script = join(REAL, dir, f.replace(/\.stdout\.ndjson$/, '.stdin.json'));
        if (f.endsWith('.stdout.ndjson') && existsSync(script)) {
          const args: string[] = JSON.parse(readFileSync(script, 'utf8')).args ?? [];
          const i = args.indexOf('--output-format');
          expect(i >= 0 && args[i + 1] === 'stream-json', `${name}: listed in NOT_STREAM_JSON iff not stream-json`).toBe(!(name in NOT_STREAM_JSON));
        }
        const expected = NOT_STREAM_JSON[name] ?? (statSync(join(REAL, dir, f)).size === 0 ? 2 : 0);
        for (const profile of [PROFILE[dir] as string, 'auto']) {
          const r = await check(['--strict', '--profile', profile, join(REAL, dir, f)]);
          expect({ name, profile, status: r.status, out: r.stdout }).toEqual({ name, profile, status: expected, out: '' });
        }
      });
    }
  }
});
