// `cbc-emu fuzz merge` (issue #20): shard reports add up to the campaign's, findings deduplicated by kind
// (earliest run kept); reports of another campaign, a shard given twice or a missing shard are refused.
import { describe, expect, it } from 'vitest';
import { mergeReports, parseReport, REPORT_FORMAT, type FuzzReport, type JsonFinding } from '../../../../src/tools/fuzz/report-json.js';

const finding = (run: number, verdict: JsonFinding['verdict'], code: number | null = 1): JsonFinding => ({
  kind: 'finding', run, legal: true, verdict, code, why: 'w', plan: 'p', minimalPlan: 'm', minimal: 'x×1', minimalVerdict: verdict, minimalWhy: 'w', shrinkRuns: 1, broken: [], replay: 'r', artefacts: 'a',
});
const shard = (i: number, n: number, over: Partial<FuzzReport> = {}): FuzzReport => ({
  format: REPORT_FORMAT, campaign: '1-abcd0123', seed: 1, totalRuns: 6, shards: [[i, n]],
  runs: [0, 1, 2, 3, 4, 5].filter((r) => r % n === i - 1), failed: [], reached: 6 / n, verdicts: { 'legal pass': 6 / n }, findings: [], fuzzerBugs: [], result: 'ok', ...over,
});
const merge = (...rs: FuzzReport[]) => mergeReports(rs.map((report, k) => ({ file: `s${k}.json`, report })));

describe('mergeReports (issue #20)', () => {
  it('adds up runs, failed runs and verdicts; keeps the earliest finding of each kind; fails if any shard failed', () => {
    const a = shard(1, 2, { failed: [2, 4], verdicts: { 'legal exit': 2, 'legal pass': 1 }, findings: [finding(2, 'exit'), finding(4, 'timeout', null)], result: 'fail' });
    const b = shard(2, 2, { failed: [1], verdicts: { 'legal exit': 1, 'legal pass': 2 }, findings: [finding(1, 'exit'), finding(5, 'exit', 3)] });
    const m = merge(b, a);
    expect(m.runs).toEqual([0, 1, 2, 3, 4, 5]);
    expect(m.failed).toEqual([1, 2, 4]);
    expect(m.verdicts).toEqual({ 'legal exit': 3, 'legal pass': 3 });
    expect(m.findings.map((f) => [f.run, f.verdict, f.code])).toEqual([[1, 'exit', 1], [4, 'timeout', null], [5, 'exit', 3]]);
    expect(m.shards).toEqual([[1, 2], [2, 2]]);
    expect(m.result).toBe('fail');
    expect(merge(shard(1, 2), shard(2, 2)).result).toBe('ok');
    expect(merge(shard(1, 2, { reached: 0 }), shard(2, 2, { reached: 0 })).result).toBe('fail'); // nothing tested
  });

  it('refuses another campaign, another run count, a repeated or missing shard, mixed splits', () => {
    expect(() => merge(shard(1, 2), shard(2, 2, { campaign: '1-ffff0000' }))).toThrow(/s1\.json is from another campaign \(1-ffff0000, 6 runs\) than s0\.json/);
    expect(() => merge(shard(1, 2), shard(2, 2, { totalRuns: 8 }))).toThrow(/another campaign/);
    expect(() => merge(shard(1, 2), shard(1, 2))).toThrow('shard 1/2 is in both s0.json and s1.json; give each shard\'s report once');
    expect(() => merge(shard(1, 3), shard(3, 3))).toThrow(/^shard 2\/3 missing/);
    expect(() => merge(shard(1, 2), shard(2, 3))).toThrow(/split the campaign in different ways/);
  });

  it('parseReport takes only this format, naming the file', () => {
    expect(parseReport(JSON.stringify(shard(1, 1)), 'a.json')).toEqual(shard(1, 1));
    expect(() => parseReport('{', 'a.json')).toThrow(/^a\.json is not JSON/);
    expect(() => parseReport(JSON.stringify({ ...shard(1, 1), format: 'other/1' }), 'b.json')).toThrow(`b.json is not a cbc-emu fuzz report (format "${REPORT_FORMAT}")`);
    expect(() => parseReport(JSON.stringify({ ...shard(1, 1), runs: ['x'] }), 'c.json')).toThrow(/c\.json is not a cbc-emu fuzz report/);
  });
});
