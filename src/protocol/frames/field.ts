import { ordered } from '../shape.js';
import type { ProfileName } from '../vocabulary.js';

/**
 * The declaration language of wire frames. Each frame kind is declared once, as plain data: its fields
 * with their value types, and per wire dialect the key order (which is also the key set; `name?` marks
 * an optional key). The TypeScript type of a frame is inferred from the declaration, the encoders order
 * their keys by it, and the checker's zod schemas are built from it (src/protocol/schemas). Plain data,
 * not zod, because the drop-in's start path must never load zod (test/hardening/startup.test.ts).
 */

/** The wire dialects whose frames differ: cbc (both cbc profiles) and the two Claude Code versions. */
export type Wire = 'cbc' | 'claude-2.1.220' | 'claude-2.1.328';

/** Every wire dialect, in a fixed order. */
export const WIRES: readonly Wire[] = ['cbc', 'claude-2.1.220', 'claude-2.1.328'];

/** The wire dialect a profile writes. */
export function wireOf(profile: ProfileName): Wire {
  return profile === 'cbc-2.117.0' ? 'cbc' : profile;
}

/** TypeScript types of the leaf value types. */
export interface LeafTypes {
  str: string;
  num: number;
  bool: boolean;
  null: null;
  strOrNull: string | null;
  strs: string[];
  obj: Record<string, unknown>;
  arr: unknown[];
  unknown: unknown;
}
export type Leaf = keyof LeafTypes;

/**
 * What the checker verifies of a field it checks loosely: any object, any array, anything, an object
 * with a string `subtype`, or a list of objects with a string `type` (timeline rows, checked one by one).
 */
export type CheckLeaf = 'obj' | 'arr' | 'unknown' | 'subtyped' | 'typedList';

/** The value type of a field. */
export type Field =
  | Leaf
  | { readonly lit: string }
  | { readonly nested: AnyFrameDecl }
  | { readonly oneOf: readonly AnyFrameDecl[] }
  | { readonly list: Field }
  | { readonly anyOf: readonly Field[] }
  | { readonly map: Field }
  | { readonly field: Field; readonly check: CheckLeaf };

/** A key order: field names, `?` marking the optional ones. */
export type KeyList<F> = readonly (Extract<keyof F, string> | `${Extract<keyof F, string>}?`)[];

/** A declared frame kind (see {@link frame}). */
export interface AnyFrameDecl {
  readonly name: string;
  /** Field types (read them with {@link fieldOf}); `unknown` here keeps constraint checks shallow (else TS2589). */
  readonly fields: Readonly<Record<string, unknown>>;
  readonly orders: Partial<Record<Wire, readonly string[]>>;
  /** Per wire, the order with the `?` marks removed: what the encoders lay keys out by (filled by {@link build} at first use). */
  readonly keys: Partial<Record<Wire, readonly string[]>>;
}

/**
 * Declares a frame kind: its fields once (made when first read: `fields` returns them), and the key order of each wire
 * dialect that has it. The ~80 declarations are made at every start-up, and a start reads the fields of none of them
 * (the encoders read only the orders; the checker reads the fields): a table of 30 fields is ~6 KB of young objects,
 * and the declarations' share of the drop-in's start was ~100 KB of them, ~70 KB less made this way (issue #21).
 */
export function frame<const F extends Readonly<Record<string, Field>>, const O extends Partial<Record<Wire, KeyList<F>>>>(
  name: string,
  fields: () => F,
  orders: O,
): { readonly name: string; readonly fields: F; readonly orders: O; readonly keys: Partial<Record<Wire, readonly string[]>> } {
  return new FrameDecl(name, fields, orders);
}

/** A frame() declaration: a class, so the ~80 share one shape and one `fields` getter (an object literal with a getter is built each its own). */
class FrameDecl<F, O> {
  /** The keys of a wire are made when a frame is first built for it, for the same reason (~0.4 ms of a start). */
  readonly keys: Partial<Record<Wire, readonly string[]>> = {};
  private made: F | undefined;

  constructor(
    readonly name: string,
    private readonly make: () => F,
    readonly orders: O,
  ) {}

  get fields(): F {
    return (this.made ??= this.make());
  }
}

/** A declaration's key order for `wire` without the `?` marks, made once. */
export function keysOf(decl: AnyFrameDecl, wire: Wire): readonly string[] | undefined {
  const made = decl.keys[wire];
  if (made !== undefined) return made;
  const keys = decl.orders[wire]?.map((k) => (k.endsWith('?') ? k.slice(0, -1) : k));
  if (keys !== undefined) decl.keys[wire] = keys;
  return keys;
}

/** A declared field's type: `frame()` only accepts Field values, so the cast restores what AnyFrameDecl widened. */
export function fieldOf(d: AnyFrameDecl, name: string): Field | undefined {
  return d.fields[name] as Field | undefined;
}

/** The same key order for every wire dialect. */
export function everywhere<const L extends readonly string[]>(order: L): Record<Wire, L> {
  return { cbc: order, 'claude-2.1.220': order, 'claude-2.1.328': order };
}

/** The same key order for both Claude Code versions. */
export function claude<const L extends readonly string[]>(order: L): { 'claude-2.1.220': L; 'claude-2.1.328': L } {
  return { 'claude-2.1.220': order, 'claude-2.1.328': order };
}

/** Field constructors, so declarations read as types. */
export const lit = <const L extends string>(l: L) => ({ lit: l });
export const nested = <const D extends AnyFrameDecl>(d: D) => ({ nested: d });
export const oneOf = <const D extends readonly AnyFrameDecl[]>(...d: D) => ({ oneOf: d });
export const list = <const F extends Field>(f: F) => ({ list: f });
export const anyOf = <const F extends readonly Field[]>(...f: F) => ({ anyOf: f });
export const map = <const F extends Field>(f: F) => ({ map: f });
/** A field whose value the checker verifies only loosely (`check`); encoders still get its full type. */
export const loose = <const F extends Field>(check: CheckLeaf, f: F) => ({ field: f, check });

type Entry<L> = L extends readonly (infer E)[] ? E : never;
type RequiredIn<L> = Exclude<Entry<L>, `${string}?`>;
/** Keys required in every wire dialect that has the frame (an intersection over the orders). */
type AlwaysRequired<O> = { [W in keyof O]-?: (k: RequiredIn<O[W]>) => void }[keyof O] extends (k: infer I) => void ? I : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The TypeScript type of a field. */
export type TypeOf<F> = F extends Leaf
  ? LeafTypes[F]
  : F extends { readonly lit: infer L }
    ? L
    : F extends { readonly nested: infer D extends AnyFrameDecl }
      ? FrameOf<D>
      : F extends { readonly oneOf: readonly (infer D)[] }
        ? D extends AnyFrameDecl ? FrameOf<D> : never
        : F extends { readonly list: infer E }
          ? TypeOf<E>[]
          : F extends { readonly anyOf: readonly (infer E)[] }
            ? TypeOf<E>
            : F extends { readonly map: infer E }
              ? Record<string, TypeOf<E>>
              : F extends { readonly field: infer E }
                ? TypeOf<E>
                : never;

/** The TypeScript type of a declared frame: keys required in every dialect are required, the rest optional. */
export type FrameOf<D extends AnyFrameDecl> = Simplify<
  { -readonly [K in Extract<keyof D['fields'], AlwaysRequired<D['orders']>>]: TypeOf<D['fields'][K]> } & {
    -readonly [K in Exclude<keyof D['fields'], AlwaysRequired<D['orders']>>]?: TypeOf<D['fields'][K]>;
  }
>;

/**
 * Lays out a frame in `wire`'s key order: keys appear in the declared order, undefined values are
 * dropped, and a key the dialect does not declare throws (see `ordered`).
 */
export function build<D extends AnyFrameDecl>(decl: D, wire: Wire, bag: NoInfer<FrameOf<D>>): NoInfer<FrameOf<D>> {
  const keys = keysOf(decl, wire);
  if (!keys) throw new Error(`frames: ${decl.name} has no ${wire} key order`);
  // `ordered` only reorders and drops undefined values, so the result is still a FrameOf<D>
  return ordered(keys, bag) as FrameOf<D>;
}
