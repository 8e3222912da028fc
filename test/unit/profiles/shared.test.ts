// A profile is made once per process and shared by every session (src/profiles/index.ts, issue #21: the in-process
// fuzzer starts a session a run, and making a profile cost ~0.2 ms of each). Shared state must not be writable: a
// session that put its own state on the profile would leak it into the next session.
import { describe, expect, it } from 'vitest';
import { getProfile, PROFILE_NAMES } from '../../../dist/profiles/index.js';

describe('profiles are made once and frozen (#21)', () => {
  for (const name of PROFILE_NAMES) {
    it(`${name}: the same object on every call, its behaviour and ids read-only`, () => {
      const p = getProfile(name);
      expect(getProfile(name)).toBe(p);
      for (const part of [p, p.behavior, p.ids]) expect(Object.isFrozen(part)).toBe(true);
      expect(() => Object.assign(p.behavior, { lateAbortRows: !p.behavior.lateAbortRows })).toThrow(TypeError);
    });
  }

  it('an alias resolves to the profile it names', () => {
    expect(getProfile('claude')).toBe(getProfile('claude-2.1.328'));
  });
});
