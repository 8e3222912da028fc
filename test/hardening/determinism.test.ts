// Hardening (issue #9): determinism. With --emu-seed and --emu-speed 0 the output is a pure function of
// the inputs (README "deterministic"; seed 000 §5.2 stable agentIds): 100 in-process runs of every
// shipped scenario produce identical bytes, a few spawned runs produce the same bytes again, and every
// profile is stable too.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startInMemory } from '../../dist/testkit/harness.js';
import { loadScenarioFile } from '../../dist/scenario/load.js';
import type { ScenarioT } from '../../dist/scenario/schema.js';
import { ROOT } from '../helpers/run-bin.js';
import { ctl, lines, spawned, user } from './helpers.js';

const SCENARIOS = join(ROOT, 'scenarios');
const FILES = readdirSync(SCENARIOS).filter((f) => f.endsWith('.yaml')).sort();
const home = mkdtempSync(join(tmpdir(), 'cbc-hardening-det-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Prompts that reach every turn of a scenario: each `contains`/`exact` text, the default's `/deep-research`, and a stray one. */
function promptsFor(s: ScenarioT): string[] {
  const ps = s.turns.map((t) => t.match?.contains ?? t.match?.exact ?? (t.match?.regex?.includes('deep-research') ? '/deep-research topic' : 'next'));
  return [...ps, 'anything else'];
}

/** Whether the scenario asks the host (can_use_tool / plan approval): the driver must answer then. */
const asksHost = (s: ScenarioT) => /"(ask|approval)"/.test(JSON.stringify(s));

/**
 * One in-process run. Without host requests the whole stdin is written at once; with them the driver
 * answers every can_use_tool with allow, sends each prompt after the previous one's result and closes stdin after the last.
 */
/** Claude Code's flags for no persistence and host permission asks (cbc has neither; it asks the host anyway). */
const claudeOnly = (profile: string): string[] => (profile.startsWith('claude') ? ['--no-session-persistence', '--permission-prompt-tool', 'stdio'] : []);

async function run(s: ScenarioT, profile: string, file: string): Promise<string> {
  const { stdin, stdout, exit } = startInMemory({
    argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-speed', '0', '--emu-seed', `det-${file}`, '--emu-home', home, ...claudeOnly(profile)],
    env: { CBC_EMU_LOG_LEVEL: 'silent' },
    cwd: resolve(ROOT), // what process.cwd() says in a child spawned in ROOT (no trailing slash)
    scenario: s,
  });
  const out: Buffer[] = [];
  const prompts = promptsFor(s);
  const interactive = asksHost(s);
  let results = 0;
  let pending = '';
  stdout.on('data', (c: Buffer) => {
    out.push(c);
    if (!interactive) return;
    pending += c.toString('utf8');
    const ls = pending.split('\n');
    pending = ls.pop()!;
    for (const l of ls) {
      const f = JSON.parse(l) as Record<string, unknown>;
      const req = f['request'] as Record<string, unknown> | undefined;
      // answers go out on a later tick, as through a real pipe (never inside the emulator's own write)
      if (f['type'] === 'control_request' && req?.['subtype'] === 'can_use_tool') {
        const answer = lines({ type: 'control_response', response: { subtype: 'success', request_id: f['request_id'], response: { behavior: 'allow', allowed: true, updatedInput: req['input'] ?? {} } } });
        setImmediate(() => stdin.write(answer));
      }
      // the next prompt once this one has its result: Claude runs prompts queued behind a turn as one turn
      // (batchesQueuedPrompts), so prompts sent at once would not reach every turn
      if (f['type'] === 'result') {
        const next = prompts[++results];
        setImmediate(() => (next === undefined ? stdin.end() : stdin.write(lines(user(next)))));
      }
    }
  });
  if (interactive) stdin.write(lines(ctl('init', { subtype: 'initialize' }), user(prompts[0] ?? 'next')));
  else stdin.end(lines(ctl('init', { subtype: 'initialize' }), ...prompts.map((p) => user(p))));
  expect(await exit).toBe(0);
  await finished(stdout);
  return Buffer.concat(out).toString('utf8');
}

describe.each(FILES)('determinism of scenarios/%s (issue #9)', (file) => {
  const scenario = loadScenarioFile(join(SCENARIOS, file));

  it('100 seeded in-process runs (cbc profile) produce identical bytes', async () => {
    const first = await run(scenario, 'cbc', file);
    expect(first.split('\n').length).toBeGreaterThan(promptsFor(scenario).length * 3);
    expect(first).toContain('"type":"result"');
    for (let i = 1; i < 100; i++) expect(await run(scenario, 'cbc', file)).toBe(first);
  }, 120_000);

  it.each(['cbc-2.117.0', 'claude-2.1.220', 'claude-2.1.328'])('10 seeded runs on %s produce identical bytes', async (profile) => {
    const first = await run(scenario, profile, file);
    for (let i = 1; i < 10; i++) expect(await run(scenario, profile, file)).toBe(first);
  }, 120_000);
});

describe('determinism across processes (issue #9)', () => {
  it.each(['default.yaml', 'deep-research.yaml', 'concurrent-workflows.yaml'])('%s: three spawned runs equal each other and the in-process bytes', async (file) => {
    const scenario = loadScenarioFile(join(SCENARIOS, file));
    const expected = await run(scenario, 'cbc', file);
    const stdin = lines(ctl('init', { subtype: 'initialize' }), ...promptsFor(scenario).map((p) => user(p)));
    const args = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', 'cbc', '--emu-speed', '0', '--emu-seed', `det-${file}`, '--emu-home', home, '--emu-scenario', join(SCENARIOS, file)];
    for (let i = 0; i < 3; i++) {
      const r = await spawned(args, stdin);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(expected);
    }
  }, 120_000);
});
