// noteUuids (issue #21): the uuids of a written frame that the session store keeps for --resume-session-at,
// found by a hand-written scan; it must find exactly what the regex it replaced found, nested members included.
import { describe, expect, it } from 'vitest';
import { noteUuids } from '../../../dist/protocol/uuid-members.js';

const A = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const B = 'ffffffff-0000-4000-8000-000000000001';
const regex = (json: string) => [...json.matchAll(/"uuid":"([0-9a-f-]{36})"/g)].map((m) => m[1]!);
const scan = (json: string) => {
  const out: string[] = [];
  noteUuids(json, out);
  return out;
};

describe('noteUuids (issue #21)', () => {
  const cases: Array<[string, string, string[]]> = [
    ['a top-level uuid', JSON.stringify({ type: 'system', uuid: A, session_id: B }), [A]],
    ['nested members, in order', JSON.stringify({ type: 'transcript_mirror', entries: [{ uuid: B }, { x: { uuid: A } }], uuid: A }), [B, A, A]],
    ['none', JSON.stringify({ type: 'result', session_id: A, uuids: [A] }), []],
    ['an escaped "uuid" inside a string is text, not a member', JSON.stringify({ type: 'user', text: `{"uuid":"${A}"}` }), []],
    ['upper-case or short values are not uuids', `{"uuid":"${A.toUpperCase()}","a":{"uuid":"${A.slice(1)}"},"uuid":"${B}"}`, [B]],
    ['a 37th character means no match', `{"uuid":"${A}0"}`, []],
    ['other keys ending in uuid', `{"parent_uuid":"${A}","uuidx":"${A}","uuid":"${B}"}`, [B]],
    ['uui at the very start and end', `uui{"uuid":"${A}"}uui`, [A]],
  ];
  it.each(cases)('%s: the same uuids as the regex', (_name, json, want) => {
    expect(regex(json)).toEqual(want);
    expect(scan(json)).toEqual(want);
  });
  it('appends to what the list already holds', () => {
    const out = ['x'];
    noteUuids(`{"uuid":"${A}"}`, out);
    expect(out).toEqual(['x', A]);
  });
});
