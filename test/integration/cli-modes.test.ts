// Print modes and argv handling of the drop-in (issue #2 acceptance).
// Sources: claude-code-cli.md §8 "Other checks" (-p json / text, stream-json without --verbose),
// §11 (flags); captures claude-code-2.1.328/json_hi, text_hi, noverbose.stderr.txt, help.txt;
// cbc-2.117.0/help.txt.
// Each kind of case spawns bin/cbc.js for one profile (spawnFirst) and runs the drop-in's entry in this process for
// the others (a spawn each was ~0.1 s of CPU; issue #21).
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runBin } from '../helpers/run-bin.js';
import { runInProcess, spawnFirst } from '../helpers/run-in-process.js';
import { cleanupTemps, expectNdjson, PROFILES, tempDir } from './helpers.js';

afterAll(cleanupTemps);

const emu = (profile: string) => ['--emu-profile', profile, '--emu-speed', '0', '--emu-seed', '3', '--emu-home', tempDir()];

describe('-p single-shot modes', () => {
  for (const p of PROFILES) {
    // §8: `-p --output-format json "hi"` → a single result line without model_usage_since_last_result
    // (#16) cbc 2.117.0 prints its history as one pretty-printed array, the result last (capture p_json)
    it(`${p}: -p "hi" --output-format json prints ${p === 'cbc-2.117.0' ? 'its history, then' : 'exactly one'} result object`, async () => {
      const r = await spawnFirst(p, PROFILES[0])(['-p', 'hi', '--output-format', 'json', ...emu(p)]);
      expect(r.code).toBe(0);
      const frames = p === 'cbc-2.117.0' ? (JSON.parse(r.stdout) as Array<Record<string, unknown>>).slice(-1) : expectNdjson(r.stdout);
      if (p === 'cbc-2.117.0') expect((JSON.parse(r.stdout) as unknown[]).length).toBe(4); // user message, snapshot, assistant, result
      expect(frames).toHaveLength(1);
      expect(frames[0]?.['type']).toBe('result');
      expect(frames[0]?.['is_error']).toBe(false);
      expect(frames[0]?.['result']).toBe('hi');
      expect(frames[0]).not.toHaveProperty('model_usage_since_last_result');
    });

    // §8: `-p "hi"` (text) prints the result text and a newline (capture text_hi); default scenario echoes
    it(`${p}: -p "hi" prints the text only`, async () => {
      const r = await spawnFirst(p, PROFILES[0])(['-p', 'hi', ...emu(p)]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('hi\n');
      expect(r.stderr).toBe('');
    });
  }

  it('-p reads the prompt from stdin when none is given', async () => {
    const r = await runInProcess(['-p', '--output-format', 'json', ...emu('claude-2.1.328')], 'from stdin\n');
    expect(r.code).toBe(0);
    expect(expectNdjson(r.stdout)[0]?.['result']).toBe('from stdin');
  });

  // claude-code-cli.md §8; capture claude-code-2.1.328/noverbose.stderr.txt
  for (const p of ['claude-2.1.220', 'claude-2.1.328']) {
    it(`${p}: -p --output-format stream-json without --verbose fails exactly like the real CLI`, async () => {
      const r = await spawnFirst(p, 'claude-2.1.220')(['-p', '--output-format', 'stream-json', 'hi', ...emu(p)]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe('Error: When using --print, --output-format=stream-json requires --verbose\n');
    });
  }

  it('cbc: -p --output-format stream-json needs no --verbose', async () => {
    const r = await runBin(['-p', '--output-format', 'stream-json', 'hi', ...emu('cbc')]);
    expect(r.code).toBe(0);
    expect(expectNdjson(r.stdout).at(-1)?.['type']).toBe('result');
  });
});

describe('argv', () => {
  // commander's wording, as the real CLIs print it
  for (const p of PROFILES) {
    it(`${p}: unknown flag → "error: unknown option '--bogus'", exit 1, nothing on stdout`, async () => {
      const r = await spawnFirst(p, PROFILES[0])(['-p', 'hi', '--bogus', ...emu(p)]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe("error: unknown option '--bogus'\n");
    });
  }

  it('--flag=value and --flag value give byte-identical output', async () => {
    const home = tempDir();
    const spaced = await runInProcess(['-p', '--output-format', 'json', '--model', 'sonnet', '--emu-profile', 'claude-2.1.328', '--emu-speed', '0', '--emu-seed', '9', '--emu-home', home, 'hi']);
    const joined = await runInProcess(['-p', '--output-format=json', '--model=sonnet', '--emu-profile=claude-2.1.328', '--emu-speed=0', '--emu-seed=9', `--emu-home=${home}`, 'hi']);
    expect(spaced.code).toBe(0);
    expect(joined.code).toBe(0);
    expect(joined.stdout).toBe(spaced.stdout);
    const [res] = expectNdjson(joined.stdout);
    expect(Object.keys(res?.['modelUsage'] as object)).toEqual(['claude-sonnet-5-5']); // the alias resolved per the models list (issue #16)
  });

  // §11: `--allowedTools <tools...>` is variadic: it takes values up to the next flag
  it('variadic --allowedTools Read Bash followed by more flags', async () => {
    const r = await runInProcess(['--allowedTools', 'Read', 'Bash', '--model', 'sonnet', '-p', '--output-format', 'json', ...emu('claude-2.1.328'), 'hi']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const [res] = expectNdjson(r.stdout);
    expect(res?.['result']).toBe('hi');
    expect(Object.keys(res?.['modelUsage'] as object)).toEqual(['claude-sonnet-5-5']);
  });

  it('variadic --allowedTools in stream-json mode, then --emu flags', async () => {
    const args = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--allowedTools', 'Read', 'Bash', ...emu('claude-2.1.328')];
    const r = await runInProcess(args, '{"type":"user","message":{"role":"user","content":"hi"}}\n');
    expect(r.code).toBe(0);
    expect(expectNdjson(r.stdout).find((f) => f['type'] === 'result')?.['result']).toBe('hi');
  });
});

describe('--help and --version', () => {
  // --help prints the real help text (not NDJSON) to stdout; captures */help.txt
  const caps: Record<string, string> = {
    cbc: 'cbc-2.117.0/help.txt',
    'claude-2.1.220': 'claude-code-2.1.220/help.txt',
    'claude-2.1.328': 'claude-code-2.1.328/help.txt',
  };
  // real captures committed under test/golden/real (copies of /work/shared/reference/captures)
  const CAPTURES = `${ROOT}/test/golden/real`;
  for (const [p, cap] of Object.entries(caps)) {
    it.skipIf(!existsSync(`${CAPTURES}/${cap}`))(`${p}: --help prints the captured help text and exits 0`, async () => {
      const r = await spawnFirst(p, 'cbc')(['--help', '--emu-profile', p]);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(readFileSync(`${CAPTURES}/${cap}`, 'utf8'));
    });
  }

  it('--version prints the profile version', async () => {
    expect((await runBin(['--version', '--emu-profile', 'claude-2.1.328'])).stdout).toBe('2.1.328 (Claude Code)\n');
    expect((await runInProcess(['--version', '--emu-profile', 'cbc-2.117.0'])).stdout).toBe('2.117.0\n');
  });
});
