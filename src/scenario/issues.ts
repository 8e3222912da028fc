import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, type Document, type Node, type ParsedNode } from 'yaml';
import type { z } from 'zod';
import { renderPath, Scenario, show } from './schema.js';
import { closest } from './suggest.js';

/*
 * Stage 5 of the scenario loader (./load.ts): zod's issues become problems a user can act on, placed
 * at the YAML node they are about and worded in YAML terms (mapping, list), each saying how to fix it.
 */

/** A problem at a byte offset of the scenario text; the loader turns the offset into line and column. */
export interface LocatedProblem {
  offset: number | undefined;
  /** Key path such as `turns[0].workflow`; empty for the whole file. */
  path?: string;
  message: string;
}

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

/**
 * Messages for zod's built-in issues (schema-defined messages win over these). They name what
 * was expected and what was found, in YAML terms (mapping, list), and say how to fix it.
 */
export function defaultMessage(iss: RawIssue): string | undefined {
  const input: unknown = iss.input;
  if (input === undefined && iss.code !== 'custom' && iss.code !== 'unrecognized_keys') {
    const key = iss.path?.[iss.path.length - 1];
    return key === undefined ? 'missing value' : `missing required key "${String(key)}"`;
  }
  switch (iss.code) {
    case 'invalid_type': {
      const expected = String(iss.expected);
      if ((expected === 'number' || expected === 'int') && typeof input === 'number' && !Number.isFinite(input)) {
        return `expected a finite number, got ${show(input)}`;
      }
      const hint = expected === 'string' && (typeof input === 'number' || typeof input === 'boolean') ? `; put the value in quotes to make it text` : '';
      return `expected ${noun(expected)}, got ${describeValue(input)}${hint}`;
    }
    case 'too_small': {
      const min = Number(iss.minimum);
      if (iss.origin === 'string') return min <= 1 ? 'must not be empty' : `must be at least ${min} characters long`;
      if (iss.origin === 'array') return `needs at least ${min} item${min === 1 ? '' : 's'}`;
      return `expected at least ${String(iss.minimum)}, got ${show(input)}`;
    }
    case 'too_big': {
      const max = String(iss.maximum);
      if (iss.origin === 'string') return `text is too long: at most ${max} characters, got ${typeof input === 'string' ? input.length : '?'}`;
      if (iss.origin === 'array') return `too many items: at most ${max}, got ${Array.isArray(input) ? input.length : '?'}`;
      return `expected at most ${max}, got ${show(input)}`;
    }
    case 'invalid_value': {
      const values = iss.values.map((v) => JSON.stringify(v));
      const guess = typeof input === 'string' ? closest(input, iss.values.filter((v): v is string => typeof v === 'string')) : undefined;
      return `expected one of ${values.join(', ')}, got ${describeValue(input)}${guess ? `; did you mean "${guess}"?` : ''}`;
    }
    default:
      return undefined;
  }
}

function noun(expected: string): string {
  switch (expected) {
    case 'object':
      return 'a mapping';
    case 'array':
      return 'a list';
    case 'string':
      return 'text (a string)';
    case 'number':
      return 'a number';
    case 'int':
      return 'a whole number';
    case 'boolean':
      return 'true or false';
    default:
      return expected;
  }
}

function describeValue(v: unknown): string {
  if (v === null) return 'an empty value';
  return show(v);
}

/** A YAML node in user terms (a mapping, a list, or its value). */
export function describeNode(node: Node): string {
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) return describeValue(node.value);
  if (isAlias(node)) return 'an alias';
  return 'something else';
}

interface Located {
  /** The node at the path, if the file has one (aliases are followed on the way, not at the end). */
  node: Node | undefined;
  /** The key node when the path ends in a mapping key that is present. */
  key: Node | undefined;
  /** The deepest node found along the path. */
  deepest: Node | undefined;
  /** The first alias the path goes through: problems inside aliased content are reported there. */
  alias: Node | undefined;
}

function locate(doc: Document.Parsed, path: ReadonlyArray<PropertyKey>): Located {
  let node: unknown = doc.contents;
  let key: Node | undefined;
  let deepest: Node | undefined = (doc.contents as Node | null) ?? undefined;
  let alias: Node | undefined;
  for (const p of path) {
    if (isAlias(node)) {
      alias ??= node;
      node = node.resolve(doc);
    }
    key = undefined;
    if (isMap(node)) {
      const pair = node.items.find((it) => isPair(it) && isScalar(it.key) && String(it.key.value) === String(p));
      key = (pair?.key as Node | undefined) ?? undefined;
      node = pair?.value ?? undefined;
    } else if (isSeq(node) && typeof p === 'number') {
      node = node.items[p];
    } else {
      node = undefined;
    }
    if (node === undefined || node === null) return { node: undefined, key, deepest, alias };
    deepest = node as Node;
  }
  return { node: node as Node, key, deepest, alias };
}

const offsetOf = (n: Node | undefined): number | undefined => (n as ParsedNode | undefined)?.range?.[0];

/**
 * Where a zod issue sits in the YAML document and what to tell the user: an unknown key points at the
 * key itself with a did-you-mean, a problem inside aliased content at the alias, a missing key at the
 * mapping that should hold it.
 */
export function describeIssue(issue: Issue, doc: Document.Parsed): LocatedProblem[] {
  const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  if (issue.code === 'unrecognized_keys') {
    // point at the key itself
    const { node } = locate(doc, path);
    const known = knownKeys(path);
    return issue.keys.map((key) => {
      const keyNode = isMap(node) ? node.items.find((p) => isScalar(p.key) && String(p.key.value) === key)?.key : undefined;
      const guess = closest(key, known);
      const hint = guess ? `did you mean "${guess}"?` : `allowed keys: ${known.join(', ')}`;
      return {
        offset: offsetOf(keyNode as Node | undefined) ?? offsetOf(node),
        path: renderPath([...path, key]),
        message: `unknown key ${show(key)}; ${hint}`,
      };
    });
  }
  const loc = locate(doc, path);
  let offset: number | undefined;
  if (isAlias(loc.alias)) {
    // the problem sits in content copied by an alias: report it where the alias is used
    return [{ offset: offsetOf(loc.alias), path: renderPath(path), message: `${issue.message} (in the content of alias *${loc.alias.source})` }];
  } else if (loc.node === undefined) {
    // a missing key: point at the mapping that should hold it
    offset = offsetOf(loc.deepest);
  } else if (issue.code === 'custom' && loc.key && isCollection(loc.node)) {
    // a rule about a whole list or mapping: point at its key, not at its first line
    offset = offsetOf(loc.key);
  } else {
    offset = offsetOf(loc.node) ?? offsetOf(loc.key);
  }
  return [{ offset, path: renderPath(path), message: issue.message }];
}

/** Keys allowed at an object path, found by walking the zod schema. */
function knownKeys(path: PropertyKey[]): string[] {
  let s: unknown = Scenario;
  for (const p of path) {
    s = unwrap(s);
    const def = defOf(s);
    if (typeof p === 'number' && def?.type === 'array') s = def['element'];
    else if (typeof p === 'string' && def?.type === 'object' && Object.hasOwn(def['shape'] as object, p)) s = (def['shape'] as Record<string, unknown>)[p];
    else return [];
  }
  const def = defOf(unwrap(s));
  return def?.type === 'object' ? Object.keys(def['shape'] as object) : [];
}

interface Def {
  type: string;
  [k: string]: unknown;
}

function defOf(s: unknown): Def | undefined {
  return (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;
}

function unwrap(s: unknown): unknown {
  for (;;) {
    const def = defOf(s);
    if (!def) return s;
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'readonly') s = def['innerType'];
    else if (def.type === 'pipe') s = def['in'];
    else return s;
  }
}
