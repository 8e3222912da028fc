// Key order on the wire is data (STYLE practice 4): `ordered` emits keys in the declared order, drops
// undefined like JSON.stringify, and refuses a key the order does not declare (never silently lost).
import { describe, expect, it } from 'vitest';
import { frameJson, iso, ordered, withListTexts, withText } from '../../../dist/protocol/shape.js';
import { noteUuids } from '../../../dist/protocol/uuid-members.js';

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
  it('iso is toISOString for instants in the same second as the last one, and for any other (#21: the second is kept)', () => {
    const at = 1795973831000;
    const seq = [at, at + 5, at + 999, at + 1000, at + 1000, at + 1001.5, at + 1002, 0, 999, 1.5, 7, -1, -1000, -999, -1001, 8.64e15, 8.64e15 - 1, -8.64e15, 253402300799999, 253402300800000];
    for (const ms of seq) expect(iso(ms)).toBe(new Date(ms).toISOString());
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
  it('writes string members as JSON.stringify, escapes included, whichever values came before (#21: recent values kept per key)', () => {
    const odd = ['', 'plain', 'q"uote', 'back\\slash', 'line\nfeed', '\u0000\u001f\u007f', 'lone \ud800', 'lone \udc00 end', 'pair \ud83d\ude00', '\u2028\u2029', 'é€'];
    const ids = Array.from({ length: 20 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const uuids: string[] = [];
    const expected: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < ids.length; i++) {
        const f = { type: 'system', task_id: ids[i % 3], description: odd[i % odd.length], list: withText([1], '[1]', true), uuid: ids[i], session_id: ids[(i * 7) % ids.length], last: odd[(i + round) % odd.length] };
        const json = frameJson(withListTexts(f), uuids);
        expect(json).toBe(JSON.stringify(f));
        noteUuids(json, expected);
      }
    }
    // a key's value met under another key is that key's member
    expect(frameJson(withListTexts({ uuid: 'plain', description: ids[0] }))).toBe(JSON.stringify({ uuid: 'plain', description: ids[0] }));
    expect(uuids).toEqual(expected);
    expect(uuids.length).toBe(60);
  });
});
