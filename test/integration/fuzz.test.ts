// Issue #8 acceptance: `cbc-emu fuzz` catches each naive consumer of test/fixtures/consumers within
// 200 runs with a minimal plan whose --replay token reproduces the same failure; the careful consumer
// (seed 000 §4.4, §6) passes; same seed -> same report; --shard i/n partitions one campaign.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PERTURBATIONS } from '../../dist/tools/fuzz/catalogue.js';
import { ROOT, runEmu, type BinResult } from '../helpers/run-bin.js';

const FIX = join(ROOT, 'test', 'fixtures', 'consumers');
const SCENARIO = join(FIX, 'scenario.yaml');
const ORACLE = `node ${join(FIX, 'oracle.mjs')}`;
const consumer = (name: string) => `node ${join(FIX, `${name}.mjs`)} 'build it' cancel`;
// the fixture's happy path hides the naive bugs only without the cbc-only late rows (seed 000 §4.3.4)
const OUT = mkdtempSync(join(tmpdir(), 'cbc-emu-fuzz-out-'));
afterAll(() => rmSync(OUT, { recursive: true, force: true }));
const BASE = ['--scenario', SCENARIO, '--profile', 'claude-2.1.220', '--oracle', ORACLE, '--out', OUT];


/** `cbc-emu fuzz <args>`. */
const emu = (args: string[]) => runEmu(['fuzz', ...args]);

/**
 * The stop-at-result campaign at --jobs 2, run once for two tests (issue #21: a campaign of process spawns is ~4 s
 * of CPU): the naive-consumer test reads its finding, the --jobs test compares its report with --jobs 1's. Seed 4
 * finds at run 4 of 5 (runs 0–3 pass while later ones are in flight) and shrinks to notify-after-result×1; a
 * generous per-run timeout, so on a loaded machine a slow run does not turn into a `timeout` verdict in one report only.
 */
const STOP_AT_RESULT = [...BASE, '--consumer', consumer('stop-at-result'), '--runs', '200', '--seed', '4', '--timeout', '120000'];
let stopAtResult: Promise<BinResult> | undefined;
const stopAtResultJobs2 = (): Promise<BinResult> => (stopAtResult ??= emu([...STOP_AT_RESULT, '--jobs', '2']));

/** The token of the report's replay line. */
const replayToken = (report: string) => /--replay (\S+)/.exec(report)?.[1];

describe('naive consumers are caught, shrunk, and replayed', () => {
  const cases: Array<[string, RegExp, RegExp]> = [
    ['stop-at-result', /minimal plan: notify-after-result×1 /, /oracle: task \w+: consumer saw \{"status":"running"/],
    ['first-progress-final', /minimal plan: late-progress×1 /, /consumer saw \{"status":"stopped","agents":\{"1":"start","2":"start"\}\}/],
    ['ignore-late-rows', /minimal plan: late-progress×1 /, /consumer saw \{"status":"stopped","agents":\{"1":"start","2":"start"\}\}/],
    ['crash-unknown', /minimal plan: unknown-(entry|field)×1 /, /exit code 1: Error: unexpected (field|workflow_progress entry type)/],
  ];
  for (const [name, minimal, why] of cases) {
    it(name, async () => {
      // stop-at-result's campaign is seed 4's, shared with the --jobs test (STOP_AT_RESULT); the others seed 1, one run
      // at a time: the report is the same for any --jobs (that test), and --jobs 2 tries shrink candidates two at a time,
      // the second wasted whenever the first fails (first-progress-final: 5.1-5.4 s of CPU against 6.0-7.0 s; #21)
      const seed = name === 'stop-at-result' ? 4 : 1;
      const r = await (seed === 4 ? stopAtResultJobs2() : emu([...BASE, '--consumer', consumer(name), '--runs', '200', '--seed', '1', '--jobs', '1']));
      expect(r.code, r.stdout + r.stderr).toBe(1);
      expect(r.stdout).toMatch(/^FINDING at run \d+/m);
      expect(r.stdout).toMatch(minimal);
      const min = /minimal run: {2}(.*)$/m.exec(r.stdout)?.[1] ?? '';
      expect(min).toMatch(why);
      const token = replayToken(r.stdout);
      expect(token).toBeDefined();
      expect(r.stdout).toMatch(/^emulator: reached in (\d+) of \1 runs$/m);
      // issue #11: the shrunk failure is kept with a timeline report next to it, in its campaign's folder (issue #17)
      const artefacts = /artefacts: {4}(.*)$/m.exec(r.stdout)?.[1] ?? '';
      expect(artefacts).toMatch(new RegExp(`^${OUT}/${seed}-[0-9a-f]{8}/finding-\\d+$`));
      expect(existsSync(join(artefacts, 'report.html'))).toBe(true);
      expect(readFileSync(join(artefacts, 'report.html'), 'utf8')).toContain('cbc-emu fuzz finding at run');
      // the journal the report draws holds the frames as perturbed: exactly the transcript the consumer read (issue #17)
      const sent = readFileSync(join(artefacts, 'transcript.ndjson'), 'utf8').split('\n').filter((l) => l !== '');
      const journaled = readFileSync(join(artefacts, 'journal.ndjson'), 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l)).filter((e) => e.dir === 'out').map((e) => JSON.stringify(e.frame));
      expect(journaled).toEqual(sent);
      // the printed replay command reproduces the same failure
      const again = await emu(['--replay', token as string, ...BASE, '--consumer', consumer(name)]);
      expect(again.code).toBe(1);
      expect(again.stdout).toContain(`verdict: ${min.replace(' — ', ' — ')}`);
    }, 300_000); // campaigns of process spawns: several times their quiet-machine duration
  }
});

describe('no false greens (issue #17)', () => {
  it('a missing or invalid scenario, or an unknown profile, exits 2 before the first run', async () => {
    const tolerant = 'cbc -p hi || true';
    const missing = await emu(['--scenario', join(FIX, 'nope.yaml'), '--consumer', tolerant]);
    expect(missing.stderr).toContain('cbc-emu: fuzz: --scenario: cannot read scenario');
    expect(missing.code).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-fuzz-bad-'));
    writeFileSync(join(dir, 'bad.yaml'), 'name: x\nturns:\n  - reply: hi\n    replay: typo\n');
    const invalid = await emu(['--scenario', join(dir, 'bad.yaml'), '--consumer', tolerant]);
    expect(invalid.stderr).toContain(`${join(dir, 'bad.yaml')}:4:5: turns[0].replay: unknown key "replay"`);
    expect(invalid.code).toBe(2);
    rmSync(dir, { recursive: true, force: true });
    const profile = await emu(['--scenario', SCENARIO, '--profile', 'claud', '--consumer', tolerant]);
    expect(profile.stderr).toContain('--profile: unknown profile "claud"');
    expect(profile.code).toBe(2);
  });

  it('a consumer that exits 0 without ever starting the emulator fails the campaign', async () => {
    const r = await emu(['--scenario', SCENARIO, '--consumer', 'true', '--runs', '5', '--keep-going', '--out', OUT]);
    expect(r.stdout).toMatch(/^emulator: reached in 0 of 5 runs$/m);
    expect(r.stdout).toMatch(/^legal no-emulator +5$/m);
    expect(r.stdout).toContain('NO RUN REACHED THE EMULATOR (0 of 5): the campaign tested nothing.');
    expect(r.stdout).toMatch(/result: FAIL\n$/);
    expect(r.code).toBe(1);
  });

  // the claude shim: Claude's --output-format has commander choices (test/golden/real/claude-code-*/argv), cbc's has none
  it('a consumer that swallows the emulator\'s usage error fails the run, naming the error', async () => {
    const r = await emu(['--scenario', SCENARIO, '--consumer', 'claude -p hi --output-format yaml; exit 0', '--runs', '3', '--out', OUT]);
    expect(r.stdout).toMatch(/^NOT TESTED \(the consumer did not exercise the emulator\) at run 0: emulator-error — .*the emulator exited 1 \(usage error\): error: option '--output-format <format>' argument 'yaml' is invalid/m);
    expect(r.code).toBe(1);
  });
});

describe('campaigns', () => {
  it('the same seed gives the same report, byte for byte, with --jobs 1 and a Node drop-in per run, and with --jobs 2 and the relay (#21)', async () => {
    // the --jobs 2 campaign is the naive stop-at-result test's (STOP_AT_RESULT); --no-relay keeps the Node drop-in path
    // tested, and the report must not tell the two apart: its finding, shrink and replay line included
    const a = await emu([...STOP_AT_RESULT, '--jobs', '1', '--no-relay']);
    const b = await stopAtResultJobs2();
    expect(a.stdout).toMatch(/FINDING at run 4/);
    expect(b.stdout).toBe(a.stdout);
    // the rate, and how the emulators were run, go to stderr, outside the report
    expect(a.stderr).toMatch(/^fuzz: \d+ runs in [\d.]+ s, [\d.]+ runs\/s with --jobs 1 \(a Node emulator process per run\)$/m);
    expect(b.stderr).toMatch(/^fuzz: \d+ runs in [\d.]+ s, [\d.]+ runs\/s with --jobs 2 \(each emulator relayed to this process\)$/m);
  }, 300_000); // campaigns of process spawns: several times their quiet-machine duration

  // the illegal ids whose runs end on their own: missing-notification drops a task's end, so the careful consumer
  // (which keeps stdin open until every task ended) waits for ever and only the timeout ends its runs; that verdict
  // is the next test's, so this campaign can give every run a timeout no legal run reaches on a loaded machine
  const SELF_ENDING = PERTURBATIONS.filter((p) => p.legal || p.id !== 'missing-notification').map((p) => p.id);

  it('--shard i/n runs partition the campaign, and the careful consumer passes every run', async () => {
    const args = [...BASE, '--consumer', consumer('careful'), '--runs', '9', '--seed', '2', '--illegal', '--perturb', SELF_ENDING.join(','), '--timeout', '120000'];
    const runsOf = (stderr: string) => [...stderr.matchAll(/^run (\d+): (\w+)/gm)].map((m) => `${m[1]}:${m[2]}`);
    const whole = await emu(args);
    const parts = await Promise.all([1, 2, 3].map((i) => emu([...args, '--shard', `${i}/3`])));
    const all = parts.flatMap((p) => runsOf(p.stderr));
    expect(all.sort()).toEqual(runsOf(whole.stderr).sort());
    expect(new Set(all.map((s) => s.split(':')[0])).size).toBe(9);
    // legal runs all pass; the illegal set (runs 2, 5, 8) is counted apart, and the careful consumer survives it too:
    // it never parses the torn half after the last newline (issue #21: the tail used to land mid-stream whenever
    // frames waited behind a task output file's write, and runs 2 and 8 flipped between pass and exit)
    expect(whole.stdout).toMatch(/^legal pass +6$/m);
    expect(whole.stdout).toMatch(/^illegal pass +3$/m);
    expect(whole.stdout).toMatch(/^truncate-last-line \(illegal\) +\d+ +0$/m);
    expect(whole.stdout).not.toMatch(/FINDING at|FUZZER BUG|ROBUSTNESS/);
    expect(whole.code).toBe(0);
  }, 300_000); // campaigns of process spawns: several times their quiet-machine duration

  it('a torn last line is the end of stdout; a consumer it breaks is a robustness finding that does not fail the campaign (#21)', async () => {
    // strict-tail fails (exit 3) only when stdout ends inside a line; a torn half followed by more frames would make
    // it fail on JSON.parse instead (exit 1), and the checker would see a second rule broken (turn.one-result)
    const r = await emu([...BASE, '--consumer', consumer('strict-tail'), '--runs', '4', '--seed', '1', '--illegal', '--perturb', 'truncate-last-line,unknown-field', '--timeout', '120000']);
    expect(r.stdout).toMatch(/^ROBUSTNESS \(illegal input\) at run 2: exit — exit code 3: torn tail: stdout ended inside a line \(\d+ characters after the last newline\)$/m);
    expect(r.stdout).toContain('  minimal plan: truncate-last-line×1 ');
    expect(r.stdout).toContain('  checker:      the minimal stream breaks frame.one-json-per-line\n');
    expect(r.stdout).toMatch(/^legal pass +3$/m);
    expect(r.stdout).toMatch(/result: ok \(robustness findings on illegal input only\)\n$/);
    expect(r.code).toBe(0);
  }, 300_000);

  it('a consumer that hangs gets the timeout verdict (its run cannot end any other way)', async () => {
    // missing-notification×1 (seed 2, run 5): the careful consumer waits for the dropped end of a task with stdin
    // open, and the emulator waits for stdin: a real hang, so however loaded the machine, only --timeout ends it
    const token = 'eyJ2IjoxLCJzZWVkIjoxMzQ3ODg5MDI3LCJlbXUiOiJmdXp6LTItNSIsInAiOnsibWlzc2luZy1ub3RpZmljYXRpb24iOjF9fQ';
    const r = await emu(['--replay', token, ...BASE, '--consumer', consumer('careful'), '--timeout', '1000']);
    expect(r.stdout).toContain('replay: missing-notification×1\n');
    expect(r.stdout).toContain('verdict: timeout — no exit within 1000 ms (a hung consumer)\n');
    // (no check of the checker's line: how much of the stream came before the kill depends on the machine's load)
    expect(r.code).toBe(1);
  }, 300_000);
});

it('fixtures are executable node scripts', () => {
  for (const f of ['careful', 'stop-at-result', 'first-progress-final', 'ignore-late-rows', 'crash-unknown', 'strict-tail', 'oracle']) expect(readFileSync(join(FIX, `${f}.mjs`), 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
});
