// How a can_use_tool answer is read (issue #16): Claude's `behavior`, cbc 2.117.0's `allowed ?? false`
// (capture req_can_use_tool_allow_bare_cbc: `{behavior: "allow"}` alone is a denial on cbc).
import { describe, expect, it } from 'vitest';
import { interruptsTurn, isAllow } from '../../../dist/engine/host.js';

describe('isAllow', () => {
  it('reads behavior first, then allowed', () => {
    expect(isAllow({ behavior: 'allow' })).toBe(true);
    expect(isAllow({ behavior: 'deny', allowed: true })).toBe(false);
    expect(isAllow({ allowed: true })).toBe(true);
  });
  it('reads only allowed when allowedOnly is set', () => {
    expect(isAllow({ behavior: 'allow' }, true)).toBe(false);
    expect(isAllow({ behavior: 'deny', allowed: true }, true)).toBe(true);
    expect(isAllow({ allowed: 'true' }, true)).toBe(false);
    expect(interruptsTurn({ behavior: 'allow', interrupt: true }, true)).toBe(true);
    expect(interruptsTurn({ behavior: 'allow', interrupt: true })).toBe(false);
  });
});
