import { fieldOf, type AnyFrameDecl, type CheckLeaf, type Field, type Leaf, type Wire } from '../frames/field.js';

/**
 * A quick yes for the outbound schemas (issue #21): a plain predicate built from the same frame declarations as the
 * zod schemas of outbound.ts, true only for a value its zod schema accepts with no issue at all. `false` decides
 * nothing: validateFrame then asks zod, which alone words the issues. Nearly every frame the checker sees is valid,
 * and zod's parse of each was the largest single cost of the in-process fuzzer's runs (its checker over every legal
 * run's stream). Stricter than zod where that is simpler (numbers finite, records plain objects, required keys
 * present): a value it refuses that zod accepts only costs the zod parse.
 */
export type Accepts = (v: unknown) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A JSON object as JSON.parse makes it (what zod's record asks for, and more). */
const isPlain = (v: unknown): v is Record<string, unknown> => isObject(v) && Object.getPrototypeOf(v) === Object.prototype;
const str: Accepts = (v) => typeof v === 'string';
const listOf = (item: Accepts): Accepts => (v) => Array.isArray(v) && v.every(item);
const recordOf = (value: Accepts): Accepts => (v) => isPlain(v) && Object.values(v).every(value);

const LEAVES: Record<Leaf, Accepts> = {
  str,
  num: (v) => typeof v === 'number' && Number.isFinite(v),
  bool: (v) => typeof v === 'boolean',
  null: (v) => v === null,
  strOrNull: (v) => v === null || typeof v === 'string',
  strs: listOf(str),
  obj: recordOf(() => true),
  arr: (v) => Array.isArray(v),
  unknown: () => true,
};

const CHECKS: Record<CheckLeaf, Accepts> = {
  obj: LEAVES.obj,
  arr: LEAVES.arr,
  unknown: LEAVES.unknown,
  subtyped: (v) => isObject(v) && typeof v['subtype'] === 'string',
  typedList: listOf((x) => isObject(x) && typeof x['type'] === 'string'),
};

function fieldAccepts(f: Field, wire: Wire): Accepts {
  if (typeof f === 'string') return LEAVES[f];
  if ('lit' in f) return (v) => v === f.lit;
  if ('nested' in f) return declAccepts(f.nested, wire);
  if ('oneOf' in f) return anyOf(f.oneOf.map((d) => declAccepts(d, wire)));
  if ('list' in f) return listOf(fieldAccepts(f.list, wire));
  if ('anyOf' in f) return anyOf(f.anyOf.map((x) => fieldAccepts(x, wire)));
  if ('map' in f) return recordOf(fieldAccepts(f.map, wire));
  return CHECKS[f.check];
}

const anyOf = (options: Accepts[]): Accepts => (v) => options.some((o) => o(v));

/** The strict object of one declared frame in one dialect: exactly its keys (optional ones may be absent), each valid. */
export function declAccepts(d: AnyFrameDecl, wire: Wire): Accepts {
  const order = d.orders[wire];
  if (!order) throw new Error(`schemas: ${d.name} has no ${wire} key order`);
  const fields = new Map<string, { optional: boolean; ok: Accepts }>();
  for (const entry of order) {
    const name = entry.replace(/\?$/, '');
    const field = fieldOf(d, name);
    if (field === undefined) throw new Error(`schemas: ${d.name} orders undeclared field ${name}`);
    fields.set(name, { optional: entry.endsWith('?'), ok: fieldAccepts(field, wire) });
  }
  return (v) => {
    if (!isObject(v)) return false;
    let present = 0;
    for (const k of Object.keys(v)) {
      const f = fields.get(k);
      if (f === undefined) return false; // a key outside the set: zod words it (an unknown key may be tolerated)
      const x = v[k];
      if (x === undefined ? !f.optional : !f.ok(x)) return false;
      present++;
    }
    if (present === fields.size) return true;
    for (const [k, f] of fields) if (!f.optional && !Object.hasOwn(v, k)) return false;
    return true;
  };
}
