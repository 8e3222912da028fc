// The zod schema itself (issue #3 "Scenario format"; issue #9 hardening): durations, defaults left
// to the engine (the schema adds no values), and the rules that hold without the YAML loader.
import { describe, expect, it } from 'vitest';
import { Duration, durationMs, MAX_DURATION_MS, Scenario, show } from '../../../src/scenario/schema.js';

describe('durations (issue #3: ms / s / m strings or integer milliseconds)', () => {
  it.each([
    [0, 0],
    [1500, 1500],
    ['800ms', 800],
    ['1.5ms', 2],
    ['1s', 1000],
    ['1.5s', 1500],
    ['0.25s', 250],
    ['2m', 120_000],
    ['1440m', MAX_DURATION_MS],
    ['  3s ', 3000],
    ['3 s', 3000],
    [MAX_DURATION_MS, MAX_DURATION_MS],
  ] as Array<[number | string, number]>)('%j is %d ms', (input, ms) => {
    expect(durationMs(input)).toBe(ms);
    expect(Duration.parse(input)).toBe(ms);
  });

  it.each([
    [-1, 'a duration cannot be negative, got -1'],
    ['-1s', 'a duration cannot be negative, got "-1s"'],
    [0.5, 'a number is a count of milliseconds and must be whole, got 0.5; for fractions use a unit, e.g. "1.5s"'],
    [MAX_DURATION_MS + 1, 'a duration must be at most one day (86400000 ms), got 86400001'],
    ['1441m', 'a duration must be at most one day (86400000 ms), got "1441m"'],
    ['1h', 'expected a duration: integer milliseconds or a string such as "800ms", "1.5s" or "2m", got "1h"'],
    ['', 'expected a duration: integer milliseconds or a string such as "800ms", "1.5s" or "2m", got ""'],
    ['250', 'expected a duration: integer milliseconds or a string such as "800ms", "1.5s" or "2m", got "250"; add a unit ("250ms") or write the number without quotes'],
  ] as Array<[number | string, string]>)('%j is rejected: %s', (input, message) => {
    expect(durationMs(input)).toEqual({ problem: message });
    const r = Duration.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('non-finite numbers (YAML .inf / .nan) are not durations', () => {
    expect(durationMs(Infinity)).toEqual({ problem: 'a duration must be at most one day (86400000 ms), got Infinity' });
    expect(durationMs(NaN)).toEqual({ problem: 'a number is a count of milliseconds and must be whole, got NaN; for fractions use a unit, e.g. "1.5s"' });
    // zod's number type already refuses them, so the schema reports the type
    expect(Duration.safeParse(Infinity).error?.issues.map((i) => i.message)).toEqual([
      'expected a duration: integer milliseconds or a string such as "800ms", "1.5s" or "2m", got Infinity',
    ]);
  });

  it('a wrong type names what was found', () => {
    expect(Duration.safeParse(true).error?.issues[0]?.message).toBe(
      'expected a duration: integer milliseconds or a string such as "800ms", "1.5s" or "2m", got true',
    );
  });
});

describe('Scenario schema', () => {
  it('adds no defaults: omitted keys stay omitted (the engine applies defaults)', () => {
    expect(Scenario.parse({ turns: [{ workflow: { agents: [{ label: 'a' }] } }] })).toEqual({ turns: [{ workflow: { agents: [{ label: 'a' }] } }] });
  });

  it('converts every duration to milliseconds', () => {
    const s = Scenario.parse({
      late_rows: { min: '500ms', max: '2s' },
      turns: [{ delay: '1s', workflow: { start_after: '1m', interrupt: { after: 250 }, agents: [{ label: 'a', duration: '1.5s' }] } }],
    });
    expect(s.late_rows).toEqual({ min: 500, max: 2000 });
    expect(s.turns[0]!.delay).toBe(1000);
    expect(s.turns[0]!.workflow!.start_after).toBe(60_000);
    expect(s.turns[0]!.workflow!.interrupt).toEqual({ after: 250 });
    expect(s.turns[0]!.workflow!.agents![0]!.duration).toBe(1500);
  });

  it('cross-field rules still run when a sibling key is invalid (all problems at once)', () => {
    const r = Scenario.safeParse({
      turns: [{ reply: 5, workflow: { outcome: 'failed', agents: [{ label: 'a' }, { label: 'a', duration: 'x' }] } }],
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`).sort()).toEqual([
      'turns.0.reply: Invalid input: expected string, received number',
      'turns.0.workflow.agents.1.duration: expected a duration: integer milliseconds or a string such as "800ms", "1.5s" or "2m", got "x"',
      'turns.0.workflow.agents.1.label: duplicate agent label "a" (first used at agents[0].label); labels must be unique within a workflow',
      'turns.0.workflow.outcome: outcome failed needs an error message; add error: "..." to the workflow',
    ]);
  });

  it('cross-field rules tolerate garbage instead of throwing', () => {
    for (const bad of [{ turns: [5] }, { turns: [{ workflow: 5 }] }, { turns: [{ workflow: { phases: [5, { agents: 5 }] } }] }, { late_rows: 5, turns: [] }]) {
      expect(Scenario.safeParse(bad).success).toBe(false);
    }
  });

  it('followup is text or false', () => {
    expect(Scenario.parse({ turns: [{ workflow: { followup: false } }] }).turns[0]!.workflow!.followup).toBe(false);
    expect(Scenario.parse({ turns: [{ workflow: { followup: 'done' } }] }).turns[0]!.workflow!.followup).toBe('done');
  });
});

describe('show()', () => {
  it('renders values for messages, cutting long text', () => {
    expect(show('x'.repeat(100))).toBe(JSON.stringify('x'.repeat(57) + '...'));
    expect(show(null)).toBe('null');
    expect(show([1])).toBe('a list');
    expect(show({})).toBe('a mapping');
    expect(show(false)).toBe('false');
  });
});
