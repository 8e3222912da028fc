// --json-schema (issue #4 "the result carries structured_output (from the scenario, checked against the schema;
// a mismatch is a clear scenario error) in json and stream-json modes"). Seed 002 (the `--json-schema ... | jq
// '.structured_output'` example); capture claude-code-2.1.328/schema (key order, num_turns 2: the
// StructuredOutput tool call is one more model call); docs/fidelity.md cbc `result` success
// (`..., permission_denials, structured_output?, __timestamp`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ndjson, ROOT, runBin, STREAM_FLAGS } from '../helpers/run-bin.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { cleanupTemps, ctl, expectNdjson, PROFILES, scenarioFile, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

const SCHEMA = JSON.stringify({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
// Turn 1 is a keyword turn that breaks the schema; turn 2 plays in order and satisfies it.
const SCENARIO = scenarioFile(`name: schema
turns:
  - match: { contains: "bad" }
    structured_output: { name: 3 }
  - structured_output: { name: "fake" }
`);
type F = Record<string, unknown>;
const emu = (profile: string) => ['--emu-profile', profile, '--emu-scenario', SCENARIO, '--emu-speed', '0', '--emu-seed', '3', '--emu-home', tempDir()];
const keyAfter = (o: F, k: string) => Object.keys(o)[Object.keys(o).indexOf(k) + 1];

/**
 * One `-p` run's result. In this process (runCli; ajv, yaml and zod loaded once, not per spawn: issue #21) unless
 * `spawned`: the key-order case and the invalid-schema exit run bin/cbc.js itself.
 */
async function printResult(profile: string, format: 'json' | 'stream-json', prompt: string, spawned = false): Promise<{ result: F; code: number | null; stderr: string }> {
  const r = await (spawned ? runBin : runInProcess)(['-p', prompt, '--output-format', format, '--verbose', '--json-schema', SCHEMA, ...emu(profile)]);
  // json: one result object, or cbc 2.117.0's history array with the result last (captures p_json, ses_json_schema)
  const doc = format === 'json' ? (JSON.parse(r.stdout) as F | F[]) : undefined;
  const frames = doc === undefined ? expectNdjson(r.stdout) : Array.isArray(doc) ? doc : [doc];
  const results = frames.filter((f) => f['type'] === 'result');
  expect(results).toHaveLength(1);
  return { result: results[0]!, code: r.code, stderr: r.stderr };
}

describe('--json-schema: structured_output on the result', () => {
  for (const profile of PROFILES) {
    for (const format of ['json', 'stream-json'] as const) {
      it(`${profile}, --output-format ${format}: carries the scenario's value at the profile's key position`, async () => {
        const { result, code } = await printResult(profile, format, 'give me a name');
        expect(code).toBe(0);
        expect(result).toMatchObject({ subtype: 'success', is_error: false, structured_output: { name: 'fake' }, result: '{"name":"fake"}', num_turns: 2 });
        if (profile.startsWith('claude')) expect(keyAfter(result, 'result')).toBe('structured_output');
        else expect(keyAfter(result, 'permission_denials')).toBe('structured_output');
      });
    }
  }

  it('claude-2.1.328 stream-json: the result keys are the capture schema.stdout.ndjson keys, in order', async () => {
    const { result } = await printResult('claude-2.1.328', 'stream-json', 'give me a name', true);
    const real = readFileSync(join(ROOT, 'test/golden/real/claude-code-2.1.328/schema.stdout.ndjson'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"type":"result"'))
      .map((l) => JSON.parse(l) as F)[0]!;
    expect(Object.keys(result)).toEqual(Object.keys(real));
  });
});

describe('--json-schema: problems are clear errors', () => {
  for (const profile of PROFILES) {
    it(`${profile}: a structured_output that breaks the schema is an error result naming the turn, the path and the fix`, async () => {
      // a keyword turn picked from behind the cursor: the message must name that turn (1), not the cursor
      const r = await runInProcess([...STREAM_FLAGS, '--json-schema', SCHEMA, ...emu(profile)], ndjson(ctl('req_1', { subtype: 'initialize' }), user('hello'), user('bad one')));
      const results = expectNdjson(r.stdout).filter((f) => f['type'] === 'result');
      expect(results.map((x) => x['is_error'])).toEqual([false, true]);
      expect(results[1]).toMatchObject({ subtype: 'error_during_execution' });
      expect(results[1]).not.toHaveProperty('structured_output');
      expect(results[1]!['errors']).toEqual([
        "cbc-emu: scenario turn 1 does not satisfy --json-schema: /name: expected string, got number. Fix the turn's structured_output in the scenario.",
      ]);
    });
  }

  it('a turn without structured_output is an error result that says so', async () => {
    const scn = scenarioFile('name: none\nturns:\n  - reply: "plain"\n');
    const r = await runInProcess(['-p', 'x', '--output-format', 'json', '--json-schema', SCHEMA, '--emu-scenario', scn, '--emu-speed', '0', '--emu-home', tempDir()]);
    const res = JSON.parse(r.stdout) as F;
    expect(res).toMatchObject({ is_error: true });
    expect((res['errors'] as string[])[0]).toContain('the scenario turn has no structured_output');
  });

  it('--json-schema that is not JSON under Claude Code: exit 1 with the reason (capture argv/json_schema_invalid)', async () => {
    const r = await runBin(['-p', 'x', '--output-format', 'json', '--json-schema', '{nope', '--emu-speed', '0', '--emu-home', tempDir(), '--emu-profile', 'claude']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^Error: --json-schema is not valid JSON: /);
  });
});
