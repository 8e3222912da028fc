// GitHub Actions workflows are valid (issue #20): every file under .github/workflows/ and the consumer
// workflow docs/ci.md shows pass @action-validator/cli (the schemastore workflow schema plus its own
// checks), and a broken copy fails it, so a passing run means the validator looked.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/run-bin.js';

const VALIDATOR = join(ROOT, 'node_modules', '.bin', 'action-validator');
const WORKFLOWS = join(ROOT, '.github', 'workflows');
const scratch = mkdtempSync(join(tmpdir(), 'cbc-emu-workflows-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the validator on one file: its exit code and what it printed. */
function validate(file: string): { status: number | null; out: string } {
  const r = spawnSync(VALIDATOR, [file], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}${r.error ? String(r.error) : ''}` };
}

/** Writes `text` to a scratch file and validates it. */
function validateText(name: string, text: string): { status: number | null; out: string } {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return validate(file);
}

const files = readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f));

describe('GitHub Actions workflows (#20)', () => {
  it('the repository has the test and fuzz workflows', () => {
    expect(files.sort()).toEqual(['fuzz.yml', 'test.yml']);
  });

  for (const f of files) {
    it(`.github/workflows/${f} validates`, () => {
      const r = validate(join(WORKFLOWS, f));
      expect(r.status, r.out).toBe(0);
    });
  }

  it("docs/ci.md's consumer workflow validates", () => {
    const doc = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    const m = /<!-- workflow: consumer -->\n```yaml\n([\s\S]*?)```/.exec(doc);
    expect(m, 'docs/ci.md has a ```yaml block after <!-- workflow: consumer -->').not.toBeNull();
    const r = validateText('consumer.yml', m![1]!);
    expect(r.status, r.out).toBe(0);
  });

  it('a broken copy fails: a job without runs-on, and a YAML syntax error', () => {
    const test = readFileSync(join(WORKFLOWS, 'test.yml'), 'utf8');
    expect(test).toContain('    runs-on: ubuntu-latest\n');
    const noRunner = validateText('no-runs-on.yml', test.replace('    runs-on: ubuntu-latest\n', ''));
    expect(noRunner.status).not.toBe(0);
    expect(noRunner.out).toContain('/jobs/test/runs-on');
    const badYaml = validateText('bad-yaml.yml', test.replace('name: test\n', 'name: test: broken\n'));
    expect(badYaml.status).not.toBe(0);
  });

  it('the fuzz workflow shards one campaign and merges the shard reports', () => {
    const fuzz = readFileSync(join(WORKFLOWS, 'fuzz.yml'), 'utf8');
    expect(fuzz).toMatch(/shard: \[1, 2, 3, 4\]/);
    expect(fuzz).toContain('--shard "${{ matrix.shard }}/$SHARDS"');
    expect(fuzz).toContain('--json "fuzz-${{ matrix.shard }}.json"');
    expect(fuzz).toContain('fuzz merge reports/fuzz-*.json --json fuzz-merged.json');
  });
});
