// Key order on the wire is data (STYLE practice 4): `ordered` emits keys in the declared order, drops
// undefined like JSON.stringify, and refuses a key the order does not declare (never silently lost).
import { describe, expect, it } from 'vitest';
import { iso, ordered } from '../../../dist/protocol/shape.js';

describe('ordered', () => {
  it('emits the declared order whatever the bag order, dropping undefined and keeping null', () => {
    const o = ordered(['type', 'subtype', 'uuid', 'session_id'], { session_id: 's', uuid: undefined, subtype: null, type: 'system' });
    expect(JSON.stringify(o)).toBe('{"type":"system","subtype":null,"session_id":"s"}');
  });
  it('throws on a key the order does not declare', () => {
    expect(() => ordered(['a'], { a: 1, b: 2 })).toThrow('shape: keys b are not declared in the key order [a]');
  });
  it('iso renders virtual epoch ms as the CLIs print timestamps', () => {
    expect(iso(1795973831126)).toBe('2026-11-29T17:37:11.126Z');
  });
});
