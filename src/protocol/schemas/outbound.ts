import { z } from 'zod';
import { OUTBOUND, ROWS, type AnyFrameDecl, type Field, type Wire } from '../frames/index.js';
import { fieldOf, type CheckLeaf, type Leaf } from '../frames/field.js';
import { str, type FrameSchema } from './common.js';
import { declAccepts, type Accepts } from './fast.js';

/**
 * The checker's outbound schemas, built from the frame declarations in src/protocol/frames: the key
 * set of each wire dialect is exactly its declared key order, so `--strict` tells the dialects apart.
 * The real captures (test/golden/real) stay the independent oracle of both encoders and schemas.
 */

const LEAVES: Record<Leaf, z.ZodType> = {
  str,
  num: z.number(),
  bool: z.boolean(),
  null: z.null(),
  strOrNull: z.string().nullable(),
  strs: z.array(z.string()),
  obj: z.record(z.string(), z.unknown()),
  arr: z.array(z.unknown()),
  unknown: z.unknown(),
};

const CHECKS: Record<CheckLeaf, z.ZodType> = {
  obj: LEAVES.obj,
  arr: LEAVES.arr,
  unknown: LEAVES.unknown,
  subtyped: z.looseObject({ subtype: str }),
  typedList: z.array(z.looseObject({ type: str })),
};

function fieldSchema(f: Field, wire: Wire): z.ZodType {
  if (typeof f === 'string') return LEAVES[f];
  if ('lit' in f) return z.literal(f.lit);
  if ('nested' in f) return declSchema(f.nested, wire);
  if ('oneOf' in f) return z.union(f.oneOf.map((d) => declSchema(d, wire)));
  if ('list' in f) return z.array(fieldSchema(f.list, wire));
  if ('anyOf' in f) return z.union(f.anyOf.map((x) => fieldSchema(x, wire)));
  if ('map' in f) return z.record(z.string(), fieldSchema(f.map, wire));
  return CHECKS[f.check];
}

/** The strict schema of one declared frame in one dialect. */
function declSchema(d: AnyFrameDecl, wire: Wire): FrameSchema {
  const order = d.orders[wire];
  if (!order) throw new Error(`schemas: ${d.name} has no ${wire} key order`);
  const shape: Record<string, z.ZodType> = {};
  for (const entry of order) {
    const name = entry.replace(/\?$/, '');
    const field = fieldOf(d, name);
    if (field === undefined) throw new Error(`schemas: ${d.name} orders undeclared field ${name}`);
    const s = fieldSchema(field, wire);
    shape[name] = entry.endsWith('?') ? s.optional() : s;
  }
  return z.strictObject(shape);
}

/** Frame and timeline-row schemas of one dialect, keyed as in OUTBOUND / ROWS, each with its quick yes (fast.ts). */
export interface Table {
  frames: Record<string, FrameSchema>;
  rows: Record<string, FrameSchema>;
  accepts: { frames: Record<string, Accepts>; rows: Record<string, Accepts> };
}

function tableOf<T>(decls: Record<string, AnyFrameDecl>, wire: Wire, build: (d: AnyFrameDecl, wire: Wire) => T): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, d] of Object.entries(decls)) if (d.orders[wire]) out[key] = build(d, wire);
  return out;
}

const tables = new Map<Wire, Table>();

/** The schemas of `wire`, built on first use. */
export function outboundTable(wire: Wire): Table {
  let t = tables.get(wire);
  if (!t) {
    t = { frames: tableOf(OUTBOUND, wire, declSchema), rows: tableOf(ROWS, wire, declSchema), accepts: { frames: tableOf(OUTBOUND, wire, declAccepts), rows: tableOf(ROWS, wire, declAccepts) } };
    tables.set(wire, t);
  }
  return t;
}
