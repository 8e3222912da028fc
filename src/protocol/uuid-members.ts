/**
 * Pushes onto `into` the uuid of each `"uuid":"…"` member of a frame's JSON text (a uuid: 36 of
 * 0-9, a-f, `-`), in order, nested ones included: what the session store keeps for
 * --resume-session-at. By hand, not a regex or `indexOf('"uuid":"')`: every written frame passes
 * here, and a 3-character search (memchr on its first letter) is ~2× faster on this text (issue #21).
 */
export function noteUuids(json: string, into: string[]): void {
  for (let i = json.indexOf('uui'); i !== -1; i = json.indexOf('uui', i + 1)) {
    if (json.charCodeAt(i - 1) !== QUOTE || !json.startsWith('uuid":"', i)) continue;
    const at = i + 7;
    const end = at + 36;
    if (json.charCodeAt(end) !== QUOTE || !uuidChars(json, at, end)) continue;
    into.push(json.slice(at, end));
    i = end + 1; // the next member starts after this one's closing quote
  }
}

/**
 * Pushes onto `into` the uuid members of one member of a frame, `"key":json`, as noteUuids of the frame's whole text
 * would find them there, without making that member's text (issue #21: scanning a frame's joined text makes V8 copy
 * it into one flat string first, which the pipe write does again): `key` itself when it is `uuid` with a uuid string
 * value, and the members nested in an object or list value. A string, number or literal holds none (a quote inside
 * a string is escaped).
 */
export function noteMemberUuids(key: string, json: string, into: string[]): void {
  if (uuidKey(key) && json.length === 38 && json.charCodeAt(0) === QUOTE && json.charCodeAt(37) === QUOTE && uuidChars(json, 1, 37)) into.push(json.slice(1, 37));
  const c = json.charCodeAt(0);
  if (c === BRACE || c === BRACKET) noteUuids(json, into);
}

/** A key whose JSON text ends in `"uuid"`: `uuid`, or one ending in a quote (escaped) and `uuid`, as noteUuids reads keys. */
function uuidKey(key: string): boolean {
  return key === 'uuid' || (key.endsWith('uuid') && key.charCodeAt(key.length - 5) === QUOTE);
}

/**
 * True when the JSON text of `row`, a plain object, cannot hold a uuid member: it has no `uuid` key and no object or
 * list value (where one could be nested). The JSON text of such a row, and of a list of such rows, has no `"uuid":"`
 * outside its strings, so noteUuids would find nothing in it.
 */
export function flatWithoutUuid(row: object): boolean {
  for (const k in row) {
    if (uuidKey(k)) return false;
    const v = (row as Record<string, unknown>)[k];
    if (typeof v === 'object' && v !== null) return false;
  }
  return true;
}

const QUOTE = 34;
const BRACE = 123;
const BRACKET = 91;

function uuidChars(s: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102) || c === 45)) return false;
  }
  return true;
}
