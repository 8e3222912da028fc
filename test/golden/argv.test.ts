// Argv-level behaviour against the real CLIs (issue #15 acceptance). Every capture of test/capture/argv.mjs
// (test/golden/real/<cli>/argv/<case>.{argv.json,stdout.txt,stderr.txt,rc}) is replayed against the drop-in
// under the matching profile, in memory, with an empty stdin: stdout, stderr and the exit code must be equal.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInMemory } from '../../dist/testkit/harness.js';
import { ROOT } from '../helpers/run-bin.js';

/** Capture folder → emulator profile (as in real-compare.test.ts). */
const PROFILE_OF: Record<string, string> = {
  'claude-code-2.1.328': 'claude-2.1.328',
  'claude-code-2.1.220': 'claude-2.1.220',
  'cbc-2.117.0': 'cbc-2.117.0',
};
const REAL = join(ROOT, 'test', 'golden', 'real');

/**
 * The one normalisation: the text after "is not valid JSON: " is the JavaScript engine's own JSON.parse
 * message (JavaScriptCore in the Bun-built Claude Code, V8 in Node), which the emulator cannot reproduce.
 */
const normalize = (s: string): string => s.replace(/(--json-schema is not valid JSON: ).*/, '$1<engine message>');

for (const [dir, profile] of Object.entries(PROFILE_OF)) {
  const folder = join(REAL, dir, 'argv');
  const cases = readdirSync(folder).filter((f) => f.endsWith('.argv.json')).map((f) => f.slice(0, -'.argv.json'.length));
  describe(`argv captures of ${dir} (profile ${profile})`, () => {
    it('has captures', () => expect(cases.length).toBeGreaterThan(20));
    for (const name of cases) {
      const read = (ext: string) => readFileSync(join(folder, `${name}.${ext}`), 'utf8');
      const { args, about } = JSON.parse(read('argv.json')) as { args: string[]; about: string };
      it(`${name}: ${about} (${args.join(' ')})`, async () => {
        const r = await runInMemory({ argv: args, env: { CBC_EMU_PROFILE: profile, CBC_EMU_LOG_LEVEL: 'silent' }, cwd: ROOT, stdin: '' });
        expect({ rc: r.code, stderr: normalize(r.stderr), stdout: r.stdout }).toEqual({ rc: Number(read('rc')), stderr: normalize(read('stderr.txt')), stdout: read('stdout.txt') });
      });
    }
  });
}
