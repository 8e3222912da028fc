// Key order on the wire is data (STYLE practice 4): `ordered` emits keys in the declared order, drops
// undefined like JSON.stringify, and refuses a key the order does not declare (never silently lost).
import { describe, expect, it } from 'vitest';
import { frameJson, iso, ordered, withListTexts, withText } from '../../../dist/protocol/shape.js';

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

// issue #21: frames whose lists carry their JSON text (a workflow snapshot's rows, src/profiles/shared/rows.ts)
describe('frameJson', () => {
  const frame = () => ({ type: 'system', skip: undefined, fn: () => 1, n: 0, nested: { a: [1, undefined], s: 'q"\u2028' }, list: [{ a: 1 }], uuid: 'u' });
  it('is JSON.stringify, byte for byte, for frames with and without the mark', () => {
    expect(frameJson(frame())).toBe(JSON.stringify(frame()));
    expect(frameJson(withListTexts(frame()))).toBe(JSON.stringify(frame()));
    expect(frameJson(withListTexts({}))).toBe('{}');
    expect(frameJson(withListTexts({ a: undefined }))).toBe('{}');
  });
  it("writes a marked frame's list from its text, and a copy given another list from that list", () => {
    const f = withListTexts({ ...frame(), list: withText([{ a: 1 }], '[{"a":"from text"}]') });
    expect(frameJson(f)).toBe(JSON.stringify(frame()).replace('[{"a":1}]', '[{"a":"from text"}]'));
    // the text belongs to the array: a copy of the frame with a new list, or an unmarked frame, serialise the values
    expect(frameJson({ ...f, list: [{ a: 2 }] })).toBe(JSON.stringify({ ...frame(), list: [{ a: 2 }] }));
    expect(frameJson({ ...frame(), list: f.list })).toBe(JSON.stringify(frame()));
    expect(JSON.stringify(f)).toBe(JSON.stringify(frame()));
  });
});
