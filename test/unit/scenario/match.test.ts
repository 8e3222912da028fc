// Turn selection (issue #3 "Scenario format": match: contains / exact / regex / glob, and the
// cursor semantics documented on selectTurn in src/scenario/match.ts) and {{var}} interpolation.
import { describe, expect, it } from 'vitest';
import { interpolate, matches, selectTurn } from '../../../src/scenario/match.js';
import { Scenario, type ScenarioT } from '../../../src/scenario/schema.js';

describe('matches', () => {
  it('no matcher: any prompt', () => {
    expect(matches(undefined, '')).toBe(true);
    expect(matches({}, 'anything')).toBe(true);
  });

  it('contains: a case-sensitive substring', () => {
    expect(matches({ contains: '/deep-research' }, 'please /deep-research cats')).toBe(true);
    expect(matches({ contains: '/deep-research' }, '/Deep-Research')).toBe(false);
  });

  it('exact: the trimmed prompt equals the text', () => {
    expect(matches({ exact: 'hello' }, '  hello\n')).toBe(true);
    expect(matches({ exact: 'hello' }, 'hello world')).toBe(false);
    expect(matches({ exact: 'Hello' }, 'hello')).toBe(false);
  });

  it('regex: matches anywhere unless anchored, no flags', () => {
    expect(matches({ regex: '^\\s*/deep-research\\b' }, '  /deep-research x')).toBe(true);
    expect(matches({ regex: '^\\s*/deep-research\\b' }, 'x /deep-research')).toBe(false);
    expect(matches({ regex: 'b+' }, 'abbbc')).toBe(true);
    expect(matches({ regex: 'ABC' }, 'abc')).toBe(false);
  });

  it('glob: * and ? against the whole trimmed prompt; other characters are literal', () => {
    expect(matches({ glob: 'run *' }, ' run the tests ')).toBe(true);
    expect(matches({ glob: 'run *' }, 'please run the tests')).toBe(false);
    expect(matches({ glob: 'v?.0' }, 'v2.0')).toBe(true);
    expect(matches({ glob: 'v?.0' }, 'v2x0')).toBe(false);
    expect(matches({ glob: '*' }, 'multi\nline')).toBe(true);
    expect(matches({ glob: 'a+b(c)' }, 'a+b(c)')).toBe(true);
  });

  it('every given test must hold', () => {
    const m = { contains: 'cats', glob: '/research *' };
    expect(matches(m, '/research cats')).toBe(true);
    expect(matches(m, '/research dogs')).toBe(false);
    expect(matches(m, 'cats /research')).toBe(false);
  });
});

describe('selectTurn cursor semantics', () => {
  const s: ScenarioT = Scenario.parse({
    turns: [
      { reply: 'first' }, // 0: no match
      { match: { contains: 'help' }, reply: 'help' }, // 1: keyword
      { reply: 'second' }, // 2: no match
    ],
  });
  const pick = (cursor: number, prompt: string) => selectTurn(s, cursor, prompt)?.index;

  it('from the cursor to the end, the first turn that matches wins (match-less turns play in order)', () => {
    expect(pick(0, 'hi')).toBe(0);
    expect(pick(1, 'hi')).toBe(2); // the keyword turn does not match, the next match-less turn does
    expect(pick(1, 'help')).toBe(1);
    expect(pick(0, 'help')).toBe(0); // a match-less turn at the cursor comes first
  });

  it('after the end, only turns with a match are tried again, from the start', () => {
    expect(pick(3, 'help')).toBe(1);
    expect(pick(2, 'help me')).toBe(2); // still a match-less turn ahead
    expect(pick(3, 'hi')).toBeUndefined(); // match-less turns never replay: unmatched
  });

  it('keyword turns fire any number of times (cursor = index + 1 after each pick, as the session does)', () => {
    const play = (prompts: string[]): number[] => {
      let cursor = 0;
      return prompts.map((p) => {
        const sel = selectTurn(s, cursor, p);
        if (sel) cursor = sel.index + 1;
        return sel?.index ?? -1;
      });
    };
    expect(play(['a', 'b', 'help', 'help', 'c'])).toEqual([0, 2, 1, 2, -1]);
    expect(play(['a', 'help', 'b', 'help', 'help'])).toEqual([0, 1, 2, 1, 2]);
    // a keyword turn picked from behind the cursor moves the cursor back to just after it
    expect(play(['a', 'b', 'help', 'c', 'd'])).toEqual([0, 2, 1, 2, -1]);
  });

  it('a cursor beyond the end and an empty scenario are safe', () => {
    expect(pick(99, 'help')).toBe(1);
    expect(selectTurn(Scenario.parse({ turns: [] }), 0, 'x')).toBeUndefined();
  });
});

describe('interpolate', () => {
  it('replaces {{name}} and {{ name }}', () => {
    expect(interpolate('Starting: {{prompt}} / {{ prompt }}', { prompt: 'cats' })).toBe('Starting: cats / cats');
    expect(interpolate('session {{session_id}}', { session_id: 's-1' })).toBe('session s-1');
  });

  it('leaves unknown names and other braces as written', () => {
    expect(interpolate('{{nope}} {prompt} {{ }}', { prompt: 'x' })).toBe('{{nope}} {prompt} {{ }}');
  });

  it('issue #9 hardening: only own keys; Object.prototype members are not variables', () => {
    expect(interpolate('{{constructor}} {{toString}} {{__proto__}}', { prompt: 'x' })).toBe('{{constructor}} {{toString}} {{__proto__}}');
  });

  it('inserts values literally ($ patterns are not special)', () => {
    expect(interpolate('{{prompt}}', { prompt: "$& $1 $' $$" })).toBe("$& $1 $' $$");
  });
});
