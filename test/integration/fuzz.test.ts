// Issue #8 acceptance: `cbc-emu fuzz` catches each naive consumer of test/fixtures/consumers within
// 200 runs with a minimal plan whose --replay token reproduces the same failure; the careful consumer
// (seed 000 §4.4, §6) passes; same seed -> same report; --shard i/n partitions one campaign.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzz } from '../../dist/index.js';
import { loadScenarioFile } from '../../dist/scenario/load.js';
import { ROOT } from '../helpers/run-bin.js';

const FIX = join(ROOT, 'test', 'fixtures', 'consumers');
const SCENARIO = join(FIX, 'scenario.yaml');
const ORACLE = `node ${join(FIX, 'oracle.mjs')}`;
const consumer = (name: string) => `node ${join(FIX, `${name}.mjs`)} 'build it' cancel`;
// the fixture's happy path hides the naive bugs only without the cbc-only late rows (seed 000 §4.3.4)
const OUT = mkdtempSync(join(tmpdir(), 'cbc-emu-fuzz-out-'));
afterAll(() => rmSync(OUT, { recursive: true, force: true }));
const BASE = ['--scenario', SCENARIO, '--profile', 'claude-2.1.220', '--oracle', ORACLE, '--out', OUT];
/** In-process runs are cheap (~20 ms each), so the acceptance's 1,000 runs fit in npm test. */
const CAREFUL_RUNS = 1000;

function emu(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const p = spawn(process.execPath, [join(ROOT, 'bin', 'cbc-emu.js'), 'fuzz', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c) => (stdout += c));
    p.stderr.on('data', (c) => (stderr += c));
    p.on('close', (code) => done({ code, stdout, stderr }));
  });
}

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
      const r = await emu([...BASE, '--consumer', consumer(name), '--runs', '200', '--seed', '1']);
      expect(r.code, r.stdout + r.stderr).toBe(1);
      expect(r.stdout).toMatch(/^FINDING at run \d+/m);
      expect(r.stdout).toMatch(minimal);
      const min = /minimal run: {2}(.*)$/m.exec(r.stdout)?.[1] ?? '';
      expect(min).toMatch(why);
      const token = replayToken(r.stdout);
      expect(token).toBeDefined();
      // issue #11: the shrunk failure is kept with a timeline report next to it
      const artefacts = /artefacts: {4}(.*)$/m.exec(r.stdout)?.[1] ?? '';
      expect(existsSync(join(artefacts, 'report.html'))).toBe(true);
      expect(existsSync(join(artefacts, 'journal.ndjson'))).toBe(true);
      expect(readFileSync(join(artefacts, 'report.html'), 'utf8')).toContain('cbc-emu fuzz finding at run');
      // the printed replay command reproduces the same failure
      const again = await emu(['--replay', token as string, ...BASE, '--consumer', consumer(name)]);
      expect(again.code).toBe(1);
      expect(again.stdout).toContain(`verdict: ${min.replace(' — ', ' — ')}`);
    }, 120_000);
  }
});

describe('campaigns', () => {
  it('the same seed gives the same report, byte for byte', async () => {
    const args = [...BASE, '--consumer', consumer('stop-at-result'), '--runs', '20', '--seed', '4'];
    const a = await emu(args);
    const b = await emu(args);
    expect(a.stdout).toMatch(/FINDING/);
    expect(b.stdout).toBe(a.stdout);
  }, 120_000);

  it('--shard i/n runs partition the campaign, and the careful consumer passes every run', async () => {
    const args = [...BASE, '--consumer', consumer('careful'), '--runs', '9', '--seed', '2', '--illegal', '--timeout', '4000'];
    const runsOf = (stderr: string) => [...stderr.matchAll(/^run (\d+): (\w+)/gm)].map((m) => `${m[1]}:${m[2]}`);
    const whole = await emu(args);
    const parts = await Promise.all([1, 2, 3].map((i) => emu([...args, '--shard', `${i}/3`])));
    const all = parts.flatMap((p) => runsOf(p.stderr));
    expect(all.sort()).toEqual(runsOf(whole.stderr).sort());
    expect(new Set(all.map((s) => s.split(':')[0])).size).toBe(9);
    // legal runs all pass; the illegal set (runs 2, 5, 8) is reported apart and does not fail the campaign
    expect(whole.stdout).toMatch(/^legal pass +6$/m);
    expect(whole.stdout).not.toMatch(/FINDING at|FUZZER BUG/);
    expect(whole.code).toBe(0);
  }, 120_000);
});

describe('in-process fuzz() (fast-check)', () => {
  const scenario = loadScenarioFile(SCENARIO);
  /** The careful consumer of core.mjs driven over the in-process stream; the oracle's check inline. */
  async function careful(stream: import('../../dist/index.js').FuzzStream, bugs = {}): Promise<void> {
    const { createConsumer, truthOf } = await import(join(FIX, 'core.mjs'));
    const c = createConsumer(bugs);
    const prompts = ['build it', 'cancel'];
    let sent = 0;
    const next = () => sent < prompts.length && stream.send({ type: 'user', message: { role: 'user', content: prompts[sent++] }, parent_tool_use_id: null, session_id: '' });
    stream.send({ type: 'control_request', request_id: 'init', request: { subtype: 'initialize' } });
    next();
    let text = '';
    for await (const line of stream.lines()) {
      text += line + '\n';
      if (line.trim() === '') continue;
      const before = c.results;
      if (c.frame(JSON.parse(line)) === 'stop') break;
      if (c.results > before) next();
      if (c.wantsEnd(prompts.length)) stream.end();
    }
    for await (const line of stream.lines()) text += line + '\n'; // what a stopped reader missed
    expect(c.view()).toEqual(truthOf(text));
  }

  it(`the careful consumer passes ${CAREFUL_RUNS} runs`, async () => {
    const s = await fuzz({ scenario, runs: CAREFUL_RUNS, seed: 3, profile: 'claude-2.1.220' }, (stream) => careful(stream));
    expect(s.runs).toBe(CAREFUL_RUNS);
    expect(Object.keys(s.used).length).toBeGreaterThanOrEqual(10);
  }, 600_000);

  it('a naive consumer fails with a shrunk plan and a token that replays the failure', async () => {
    const err = await fuzz({ scenario, runs: 200, seed: 3, profile: 'claude-2.1.220' }, (stream) => careful(stream, { ignoreLateRows: true })).then(
      () => undefined,
      (e: Error & { token?: string }) => e,
    );
    expect(err?.message).toMatch(/minimal plan: late-progress×1\n/);
    const token = (err as { token: string }).token;
    await expect(fuzz({ scenario, replay: token, profile: 'claude-2.1.220' }, (stream) => careful(stream, { ignoreLateRows: true }))).rejects.toThrow(/expected/);
    await expect(fuzz({ scenario, replay: token, profile: 'claude-2.1.220' }, (stream) => careful(stream))).resolves.toEqual({ runs: 1, used: { 'late-progress': 1 } });
  }, 120_000);
});

it('fixtures are executable node scripts', () => {
  for (const f of ['careful', 'stop-at-result', 'first-progress-final', 'ignore-late-rows', 'crash-unknown', 'oracle']) expect(readFileSync(join(FIX, `${f}.mjs`), 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
});
