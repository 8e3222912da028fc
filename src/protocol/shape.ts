/**
 * Key order on the wire is data. Every frame is built by `ordered(ORDER, bag)`: keys appear in the
 * declared order, `undefined` values are dropped (as JSON.stringify would), and a key in the bag
 * that the order does not declare is a programming error caught by the tests, never silently lost.
 */
import { noteMemberUuids, noteUuids } from './uuid-members.js';

export type Order = readonly string[];
export type Obj = Record<string, unknown>;

/** Builds an object whose key order is exactly `order`, skipping undefined values. */
export function ordered(order: Order, bag: Obj): Obj {
  const fast = layoutOf(order)(bag);
  if (fast !== undefined) return fast;
  // a key the order does not declare: the loop below names it
  const out: Obj = {};
  let n = 0;
  for (const k of order) {
    const v = bag[k];
    if (v !== undefined) {
      out[k] = v;
      n++;
    }
  }
  if (n !== countDefined(bag)) {
    const extra = Object.keys(bag).filter((k) => bag[k] !== undefined && !order.includes(k));
    throw new Error(`shape: keys ${extra.join(', ')} are not declared in the key order [${order.join(', ')}]`);
  }
  return out;
}

/** Lays a bag out in one key order, or returns undefined when the bag has a key the order does not declare. */
type Layout = (bag: Obj) => Obj | undefined;
const layouts = new WeakMap<Order, Layout>();

/**
 * The layout of `order`, generated once per order (issue #21: frames are built ~10⁵ times a second): the
 * same loads, stores and count as the loop in `ordered`, with constant keys, which V8 runs ~3× faster than
 * keyed ones (0.12 vs 0.63 µs for a 12-key row). The keys are declared frame fields, quoted by JSON.stringify.
 */
function layoutOf(order: Order): Layout {
  let f = layouts.get(order);
  if (f === undefined) {
    const steps = order.map((k) => {
      const q = JSON.stringify(k);
      return `v = b[${q}]; if (v !== undefined) { o[${q}] = v; n++; }`;
    });
    const src = `return (b) => { const o = {}; let n = 0; let v;\n${steps.join('\n')}\nreturn n === countDefined(b) ? o : undefined; };`;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from declared key names (above), not from input
    f = (new Function('countDefined', src) as (c: typeof countDefined) => Layout)(countDefined);
    layouts.set(order, f);
  }
  return f;
}

function countDefined(bag: Obj): number {
  let n = 0;
  for (const k in bag) if (bag[k] !== undefined) n++;
  return n;
}

/** ISO-8601 text of a virtual epoch-ms time, as the CLIs print `timestamp`. */
export function iso(ms: number): string {
  // frames of one virtual instant share their time: the last text is kept (issue #21: ~40,000 calls a bench run)
  if (ms !== lastIsoMs) {
    // within the last text's second only the milliseconds change: `…:ss.` is kept, `sssZ` written (~4,000 a bench run)
    const sec = Math.floor(ms / 1000);
    if (sec === lastIsoSec && Number.isInteger(ms)) lastIso = `${lastIsoHead}${String(ms - sec * 1000).padStart(3, '0')}Z`;
    else {
      lastIso = new Date(ms).toISOString();
      lastIsoSec = sec;
      lastIsoHead = lastIso.slice(0, -4);
    }
    lastIsoMs = ms;
  }
  return lastIso;
}
let lastIsoMs = NaN;
let lastIso = '';
let lastIsoSec = NaN;
let lastIsoHead = '';

/** A list's JSON text, set by {@link withText}: symbol-keyed, so JSON.stringify and copies of the list ignore it. */
const LIST_TEXT = Symbol('list JSON text');
/** Set on a list whose text holds no uuid member (uuid-members.ts), so {@link frameJson} need not scan it for them. */
const LIST_NO_UUID = Symbol('list text holds no uuid');
/** Marks a frame some of whose lists carry their text (copies of the frame keep the mark; the lists decide). */
const HAS_TEXT = Symbol('frame has list texts');

/**
 * Gives `list` (the value of a frame field) its JSON text, which {@link frameJson} writes instead of serialising
 * the list again (issue #21: a workflow snapshot's rows are laid out and serialised once per change, not once per
 * snapshot). `text` must be `JSON.stringify(list)`, and the list must not change afterwards: a copy of the frame
 * given another list is serialised as usual, since the text belongs to this array. `noUuid`: the caller knows the
 * text holds no uuid member (uuid-members.ts `flatWithoutUuid` of each row), so frameJson does not scan it for one.
 */
export function withText<T extends readonly unknown[]>(list: T, text: string, noUuid = false): T {
  (list as unknown as Record<symbol, string>)[LIST_TEXT] = text;
  if (noUuid) (list as unknown as Record<symbol, boolean>)[LIST_NO_UUID] = true;
  return list;
}

/** Marks `frame` as holding a list given its text by {@link withText}; returns it. */
export function withListTexts<F extends object>(frame: F): F {
  (frame as Record<symbol, boolean>)[HAS_TEXT] = true;
  return frame;
}

/**
 * A frame's JSON text: `JSON.stringify(frame)`, byte for byte, except that a list marked by {@link withText}
 * is written from its text (frames marked by {@link withListTexts} only; the others go to JSON.stringify whole).
 * With `uuids`, the uuid members of the text are pushed onto it as `noteUuids` of the whole text would push them
 * (the session store's list), without scanning list texts known to hold none (issue #21: those are ~80% of a
 * workflow run's bytes).
 */
export function frameJson(frame: Obj, uuids?: string[]): string {
  if ((frame as Record<symbol, unknown>)[HAS_TEXT] !== true) {
    const json = JSON.stringify(frame);
    if (uuids !== undefined) noteUuids(json, uuids);
    return json;
  }
  let s = '';
  for (const k in frame) {
    const v = frame[k];
    const list = Array.isArray(v) ? (v as unknown as Record<symbol, string | boolean | undefined>) : undefined;
    if (typeof v === 'string') {
      // a string member's whole text `"key":"value"`, kept for its recent values (see memberText)
      const m = memberText(k, v);
      if (uuids !== undefined) noteMemberUuids(k, m.json, uuids);
      s += s === '' ? `{${m.text}` : `,${m.text}`;
      continue;
    }
    const text = list?.[LIST_TEXT] as string | undefined;
    // undefined (and function) values are dropped, as JSON.stringify drops them (its type says string, it returns undefined)
    const json: string | undefined = text ?? JSON.stringify(v);
    if (json === undefined) continue;
    // a uuid member lies inside one member's text (its key and value, or a nested object), so members are looked at alone
    if (uuids !== undefined && !(text !== undefined && list?.[LIST_NO_UUID] === true)) noteMemberUuids(k, json, uuids);
    s += s === '' ? `{${memberHead(k)}${json}` : `,${memberHead(k)}${json}`;
  }
  return s === '' ? '{}' : `${s}}`;
}

/** `"key":`, made once per key name (issue #21: JSON.stringify of the same few keys ~200,000 times a run). */
function memberHead(key: string): string {
  let t = memberHeads.get(key);
  if (t === undefined) memberHeads.set(key, (t = `${JSON.stringify(key)}:`));
  return t;
}
const memberHeads = new Map<string, string>();

/** A string member's texts: the value's JSON and the member's, `"key":` then that JSON (made one flat string once it is met again). */
interface MemberText {
  value: string;
  json: string;
  text: string;
  flat: boolean;
}

/** Values remembered per key name: a snapshot frame repeats its task's ids, description and session (issue #21). */
const MEMO_SIZE = 8;
const memberTexts = new Map<string, { at: number; memo: MemberText[] }>();

/**
 * The texts of the member `key: value` for a string value, as JSON.stringify writes them. The last MEMO_SIZE values of
 * each key are kept (compared by value, so any equal string hits): the 20,800 snapshot frames of a bench run repeat
 * their task's `type`, `subtype`, `task_id`, `tool_use_id`, `description` and `session_id`, so each of those members
 * is one flat piece of the frame's text, not three joined ones the pipe write must walk (and no JSON.stringify call).
 */
function memberText(key: string, value: string): MemberText {
  let slot = memberTexts.get(key);
  if (slot === undefined) memberTexts.set(key, (slot = { at: 0, memo: [] }));
  const memo = slot.memo;
  for (let i = 0; i < memo.length; i++) {
    const m = memo[i]!;
    if (m.value !== value) continue;
    // flattened when used a second time: a value met once (a frame's own uuid) is not copied for nothing
    if (!m.flat) m.flat = flat(m.text);
    return m;
  }
  const json = quoted(value);
  const m: MemberText = { value, json, text: `${memberHead(key)}${json}`, flat: false };
  memo[slot.at] = m;
  slot.at = (slot.at + 1) % MEMO_SIZE;
  return m;
}

/** Characters JSON.stringify escapes in a string (a quote, a backslash, controls) or may (any surrogate: a lone one is escaped). */
// eslint-disable-next-line no-control-regex -- the control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(s), without its call when no character needs escaping (issue #21: ~200 ns a call, ~100 for the test). */
function quoted(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** Makes `s` one flat string (V8 copies a joined string into one when a character is read from it); true. */
function flat(s: string): boolean {
  s.charCodeAt(0);
  return true;
}
