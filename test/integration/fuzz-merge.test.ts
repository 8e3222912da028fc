// `cbc-emu fuzz --json` and `cbc-emu fuzz merge` (issue #20): the shards of one campaign, merged, give the
// runs and failing runs of the unsharded campaign; merge exits 1 when a shard failed, refuses reports of
// another campaign (exit 2). The fixture consumer crash-unknown.mjs fails exactly the runs whose plan adds
// an unknown field, so some runs fail and some pass, deterministically.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runEmu } from '../helpers/run-bin.js';

const FIX = join(ROOT, 'test', 'fixtures', 'consumers');
const OUT = mkdtempSync(join(tmpdir(), 'cbc-emu-fuzz-merge-'));
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

/** `cbc-emu fuzz <args>`. */
const emu = (args: string[]) => runEmu(['fuzz', ...args]);

interface Report {
  campaign: string;
  seed: number;
  totalRuns: number;
  shards: number[][];
  runs: number[];
  failed: number[];
  verdicts: Record<string, number>;
  findings: { kind: string; run: number; verdict: string; minimalPlan: string; replay: string }[];
  result: string;
}
const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Report;

// --keep-going: the unsharded campaign runs every run too (it would otherwise stop at its first failure)
const campaign = (consumer: string, seed: number) => [
  '--scenario', join(FIX, 'scenario.yaml'), '--profile', 'claude-2.1.220', '--consumer', `node ${join(FIX, consumer)} 'build it' cancel`,
  '--runs', '6', '--seed', String(seed), '--perturb', 'unknown-field,dup-snapshot', '--keep-going', '--timeout', '60000', '--out', OUT,
];

describe('fuzz --json and fuzz merge (issue #20)', () => {
  it('two shards merged equal one unsharded campaign: runs, failing runs, verdicts, findings; merge exits 1', async () => {
    const args = campaign('crash-unknown.mjs', 3);
    const [whole, s1, s2] = await Promise.all([
      emu([...args, '--json', join(OUT, 'whole.json')]),
      emu([...args, '--shard', '1/2', '--json', join(OUT, 's1.json')]),
      emu([...args, '--shard', '2/2', '--json', join(OUT, 's2.json')]),
    ]);
    expect(whole.code, whole.stdout + whole.stderr).toBe(1);
    expect(s1.code).toBe(1);
    const w = read(join(OUT, 'whole.json'));
    expect(w.runs).toEqual([0, 1, 2, 3, 4, 5]);
    expect(w.failed.length).toBeGreaterThan(0); // the fixture fails some runs…
    expect(w.failed.length).toBeLessThan(6); // …and passes others
    expect(w).toMatchObject({ seed: 3, totalRuns: 6, shards: [[1, 1]], result: 'fail' });
    expect(w.findings[0]).toMatchObject({ kind: 'finding', verdict: 'exit' });
    expect(w.findings[0]!.replay).toContain(`--replay ${w.findings[0]!.minimalPlan}`);
    expect(read(join(OUT, 's1.json')).runs).toEqual([0, 2, 4]);

    const merged = await emu(['merge', join(OUT, 's2.json'), join(OUT, 's1.json'), '--json', join(OUT, 'merged.json')]);
    expect(merged.code, merged.stderr).toBe(1);
    expect(merged.stdout).toMatch(/result: FAIL\n$/);
    const m = read(join(OUT, 'merged.json'));
    expect(m.campaign).toBe(w.campaign);
    expect(m.shards).toEqual([[1, 2], [2, 2]]);
    expect(m.runs).toEqual(w.runs);
    expect(m.failed).toEqual(w.failed);
    expect(m.verdicts).toEqual(w.verdicts);
    // one finding per kind, the earliest run's, as the unsharded campaign keeps it
    expect(m.findings.map((f) => [f.kind, f.verdict, f.run])).toEqual(w.findings.map((f) => [f.kind, f.verdict, f.run]));
  }, 300_000); // campaigns of process spawns: several times their quiet-machine duration

  it('shards that all pass merge to exit 0; a report of another campaign is refused with exit 2', async () => {
    const args = campaign('careful.mjs', 5);
    const shards = await Promise.all([1, 2].map((i) => emu([...args, '--shard', `${i}/2`, '--json', join(OUT, `ok${i}.json`)])));
    expect(shards.map((s) => s.code)).toEqual([0, 0]);
    const ok = await emu(['merge', join(OUT, 'ok1.json'), join(OUT, 'ok2.json')]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/ran 6 of 6 runs, 0 failed/);
    expect(ok.stdout).toMatch(/result: ok\n$/);
    const other = await emu(['merge', join(OUT, 'ok1.json'), join(OUT, 's2.json')]);
    expect(other.code).toBe(2);
    expect(other.stdout).toBe('');
    expect(other.stderr).toMatch(/^cbc-emu: fuzz merge: .*s2\.json is from another campaign .* merge only the shards of one campaign/);
    expect(other.stderr.split('\n')[1]).toBe('Run "cbc-emu fuzz merge --help" for usage.');
  }, 300_000); // campaigns of process spawns: several times their quiet-machine duration
});
