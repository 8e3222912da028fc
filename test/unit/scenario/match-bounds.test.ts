// Bounded prompt matching and interpolation (issue #18 classes 6 and 9): the linear glob matcher agrees
// with the regex it replaced on every input, runs the adversarial pattern at once, and interpolation
// never builds more than MAX_INTERPOLATED_CHARS.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globMatches, interpolate, MAX_INTERPOLATED_CHARS } from '../../../src/scenario/match.js';
import { Scenario } from '../../../src/scenario/schema.js';

/** The regex translation the matcher replaced: the oracle. */
const oracle = (glob: string, text: string) => {
  let re = '';
  for (const ch of glob) re += ch === '*' ? '[\\s\\S]*' : ch === '?' ? '[\\s\\S]' : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${re}$`).test(text);
};

describe('globMatches', () => {
  it('agrees with the regex translation on random globs and texts over a small alphabet', () => {
    const glob = fc.stringMatching(/^[ab*?\n]{0,8}$/);
    const text = fc.stringMatching(/^[ab\n]{0,12}$/);
    fc.assert(fc.property(glob, text, (g, t) => globMatches(g, t) === oracle(g, t)), { numRuns: 5000 });
  });

  it('*a*a*a*a*a*ab on 20,000 a: no match, without backtracking', () => {
    expect(globMatches('*a*a*a*a*a*ab', 'a'.repeat(20_000))).toBe(false);
    expect(globMatches('*a*a*a*a*a*ab', 'a'.repeat(20_000) + 'b')).toBe(true);
  });
});

describe('regex safety at load', () => {
  it('nested repetition is refused with a message naming the fix', () => {
    const r = Scenario.safeParse({ turns: [{ match: { regex: '^(a+)+$' }, reply: 'x' }] });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain('exponential time');
  });
  it('an ordinary regex loads', () => {
    expect(Scenario.safeParse({ turns: [{ match: { regex: '^/deep-research\\s+(\\w+)' }, reply: 'x' }] }).success).toBe(true);
  });
});

describe('interpolate', () => {
  it('ten {{prompt}} of a 4 Mi-character prompt stay within MAX_INTERPOLATED_CHARS', () => {
    const out = interpolate('{{prompt}}'.repeat(10), { prompt: 'p'.repeat(4 * 1024 * 1024) });
    expect(out.length).toBeLessThanOrEqual(MAX_INTERPOLATED_CHARS);
    expect(out.length).toBeGreaterThan(MAX_INTERPOLATED_CHARS - 200); // cut, not dropped
  });
});
