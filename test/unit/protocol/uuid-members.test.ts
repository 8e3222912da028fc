// Issue #21 (emission): the session store's uuids (for --resume-session-at) are noted as frameJson writes each frame,
// skipping the snapshot rows' texts, which hold none. The list must be exactly noteUuids of the whole written text.
import { describe, expect, it } from 'vitest';
import { frameJson, withListTexts, withText } from '../../../dist/protocol/shape.js';
import { flatWithoutUuid, noteMemberUuids, noteUuids } from '../../../dist/protocol/uuid-members.js';

const A = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const B = 'ffffffff-0000-4000-8000-000000000001';
const C = '12345678-9abc-4def-8012-3456789abcde';
const whole = (json: string) => {
  const out: string[] = [];
  noteUuids(json, out);
  return out;
};
const noted = (frame: Record<string, unknown>) => {
  const out: string[] = ['before'];
  const json = frameJson(frame, out);
  return { json, out };
};
const rows = [{ type: 'workflow_agent', agentId: 'v2:ab', resultPreview: `{"uuid":"${A}"}` }, { type: 'workflow_phase', title: 'p' }];

describe('frameJson noting uuids (#21)', () => {
  const frames: Array<[string, () => Record<string, unknown>]> = [
    ['a plain frame', () => ({ type: 'system', uuid: A, nested: { uuid: B }, session_id: C })],
    ['a frame with a uuid-free list text', () => withListTexts({ type: 'system', workflow_progress: withText(rows, JSON.stringify(rows), rows.every(flatWithoutUuid)), uuid: A, session_id: C })],
    ['a list text holding uuid members, not marked free', () => {
      const list = [{ uuid: B }, { x: { uuid: C } }];
      return withListTexts({ uuid: A, entries: withText(list, JSON.stringify(list), list.every(flatWithoutUuid)), tail: { uuid: B } });
    }],
    ['members without text, and undefined ones', () => withListTexts({ a: undefined, uuid: A, list: [{ uuid: B }], usage: { n: 1 }, f: () => 1 })],
    ['a key ending in uuid and a short value', () => withListTexts({ parent_uuid: A, uuid: 'short', x: { uuid: B } })],
  ];
  it.each(frames)('%s: the uuids noteUuids finds in the whole text, in order, after what the list held', (_name, make) => {
    const { json, out } = noted(make());
    expect(json).toBe(frameJson(make()));
    expect(out).toEqual(['before', ...whole(json)]);
  });
  it('the uuid-free mark is what lets frameJson skip a list text, and it is given only to rows that cannot hold a member', () => {
    expect([{ uuid: B }].every(flatWithoutUuid)).toBe(false);
    expect([{ a: 1, x: { uuid: B } }].every(flatWithoutUuid)).toBe(false);
    expect([{ a: [1] }].every(flatWithoutUuid)).toBe(false);
    expect(rows.every(flatWithoutUuid)).toBe(true);
    // a text wrongly marked free is skipped: the mark is all that decides (so only flatWithoutUuid may set it)
    const list = [{ uuid: B }];
    const { out } = noted(withListTexts({ uuid: A, entries: withText(list, JSON.stringify(list), true) }));
    expect(out).toEqual(['before', A]);
  });
  it('one member alone: what noteUuids finds in its text `"key":json`', () => {
    const values: unknown[] = [A, B.toUpperCase(), `${A}0`, A.slice(1), 'plain', `{"uuid":"${A}"}`, 7, null, true, { uuid: A }, [{ uuid: B }, { y: { uuid: C } }], { parent_uuid: A }, []];
    for (const key of ['uuid', 'id', 'parent_uuid', 'uuids', 'x"uuid']) {
      for (const v of values) {
        const json = JSON.stringify(v);
        const out: string[] = [];
        noteMemberUuids(key, json, out);
        expect(out, `${key}: ${json}`).toEqual(whole(`{${JSON.stringify(key)}:${json}}`));
      }
    }
  });
});
