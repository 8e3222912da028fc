// Golden bytes: every shipped scenario x every profile, seeded, at --emu-speed 0, compared byte for
// byte with test/golden/<scenario>/<profile>.ndjson (issue #3 acceptance). Regenerate after an
// intended change with `npm run build && npm run golden:update`, then review the diff.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTranscript } from '../../dist/tools/check/rules.js';
import { ndjson, ROOT, runBin, STREAM_FLAGS } from '../helpers/run-bin.js';

const PROFILES = ['cbc', 'cbc-2.117.0', 'claude-2.1.220', 'claude-2.1.328'] as const;
/** Prompts sent to each scenario, chosen to reach each of its turns. */
const PROMPTS: Record<string, string[]> = {
  default: ['hello there', '/deep-research topic=foo'],
  'deep-research': ['/deep-research topic=foo', 'please cancel-me'],
  'background-tasks': ['build it', 'make it fail'],
  permissions: ['clean up', 'strict mode', 'plan it'],
};
const BASE = '/tmp/cbc-emu-golden';
const UPDATE = process.env['UPDATE_GOLDEN'] === '1';

/** Replaces the only run-dependent values (the child's pid) with stable placeholders. */
export function normalize(text: string): string {
  return text.replace(/"pid":\d+/g, '"pid":0').replace(/cc-socks\/\d+\.sock/g, 'cc-socks/PID.sock');
}

const scenarios = readdirSync(join(ROOT, 'scenarios')).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5)).sort();

describe('golden transcripts', () => {
  for (const scenario of scenarios) {
    for (const profile of PROFILES) {
      it(`${scenario} x ${profile}`, async () => {
        const work = join(BASE, 'work');
        const emuHome = join(BASE, 'emu', scenario, profile);
        rmSync(emuHome, { recursive: true, force: true });
        mkdirSync(work, { recursive: true });
        const prompts = PROMPTS[scenario] ?? ['go'];
        const stdin = ndjson(
          { type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize' } },
          ...prompts.map((p) => ({ type: 'user', message: { role: 'user', content: p }, parent_tool_use_id: null, session_id: '' })),
        );
        const r = await runBin(
          [...STREAM_FLAGS, '--emu-scenario', join(ROOT, 'scenarios', `${scenario}.yaml`), '--emu-profile', profile, '--emu-seed', 'golden', '--emu-speed', '0', '--emu-home', emuHome],
          stdin,
          { cwd: work, env: { HOME: join(BASE, 'home'), XDG_RUNTIME_DIR: join(BASE, 'run'), CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '' } },
        );
        expect(r.stderr).toBe('');
        const actual = normalize(r.stdout);
        const file = join(ROOT, 'test', 'golden', scenario, `${profile}.ndjson`);
        if (UPDATE || !existsSync(file)) {
          mkdirSync(join(ROOT, 'test', 'golden', scenario), { recursive: true });
          writeFileSync(file, actual);
          if (!UPDATE) throw new Error(`golden file ${file} was missing and has been written; review and commit it`);
        }
        expect(actual).toBe(readFileSync(file, 'utf8'));
        expect(checkTranscript(r.stdout)).toEqual([]); // the emulator checks itself (issue #6)
      });
    }
  }
});
