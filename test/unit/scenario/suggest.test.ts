// Did-you-mean hints for misspelled keys (issue #3: errors carry a did-you-mean).
import { describe, expect, it } from 'vitest';
import { closest, distance } from '../../../src/scenario/suggest.js';

describe('distance', () => {
  it('is the Levenshtein distance', () => {
    expect(distance('', '')).toBe(0);
    expect(distance('abc', '')).toBe(3);
    expect(distance('duraton', 'duration')).toBe(1);
    expect(distance('kitten', 'sitting')).toBe(3);
    expect(distance('repyl', 'reply')).toBe(2);
  });
});

describe('closest', () => {
  const keys = ['label', 'prompt', 'duration', 'tokens', 'tool_uses', 'result', 'fail', 'cached', 'model'];

  it('finds plausible typos, case-insensitively', () => {
    expect(closest('duraton', keys)).toBe('duration');
    expect(closest('tooluses', keys)).toBe('tool_uses');
    expect(closest('Label', keys)).toBe('label');
    expect(closest('resutl', keys)).toBe('result');
  });

  it('gives nothing for unrelated words', () => {
    expect(closest('colour', keys)).toBeUndefined();
    expect(closest('__proto__', keys)).toBeUndefined();
    expect(closest('x', [])).toBeUndefined();
  });

  it('allows more edits for longer words (max(2, length/3))', () => {
    expect(closest('descriptoin', ['description'])).toBe('description');
    expect(closest('abcdef', ['uvwdef'])).toBeUndefined();
  });
});
