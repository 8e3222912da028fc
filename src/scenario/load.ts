import { readFileSync } from 'node:fs';
import {
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  Parser,
  visit,
  type CST,
  type Document,
  type Node,
  type ParsedNode,
  type YAMLError,
} from 'yaml';
import type { z } from 'zod';
import { EmuError } from '../errors.js';
import { renderPath, Scenario, show, type ScenarioT } from './schema.js';
import { closest } from './suggest.js';

/** One problem found in a scenario file, with its position (1-based line and column). */
export interface ScenarioProblem {
  file: string;
  line: number;
  col: number;
  /** Key path such as `turns[0].workflow.phases[1].agents[0].duration`; empty for the whole file. */
  path: string;
  message: string;
}

/** The error thrown for an unusable scenario: `problems` holds every problem of the file. */
export type ScenarioError = EmuError & { problems: ScenarioProblem[] };

/** Deepest nesting of lists and mappings accepted (a scenario needs about 10). */
export const MAX_DEPTH = 64;
/** Aliased nodes `toJS` may expand before the file counts as an alias bomb (yaml's maxAliasCount). */
export const MAX_ALIAS_COUNT = 100;

/** Renders problems as `file:line:col: path: message` lines. */
export function formatProblems(problems: ScenarioProblem[]): string {
  return problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.path ? p.path + ': ' : ''}${p.message}`).join('\n');
}

/** Loads and validates a scenario file; throws one EmuError (code E_SCENARIO) listing every problem. */
export function loadScenarioFile(file: string): ScenarioT {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new EmuError('E_SCENARIO', `cannot read scenario ${file} (${code ?? String(err)}); check the path given to --emu-scenario / CBC_EMU_SCENARIO`, { cause: err });
  }
  return parseScenario(text, file);
}

/**
 * Parses scenario YAML text; `file` only labels error positions. Stages, each reporting every
 * problem it finds before the next runs: nesting depth (guards the recursive YAML composer),
 * YAML syntax, the top-level shape, alias expansion, then the zod schema.
 */
export function parseScenario(text: string, file = '<scenario>'): ScenarioT {
  const lc = new LineCounter();
  const problems: ScenarioProblem[] = [];
  const at = (offset: number | undefined): { line: number; col: number } => {
    if (offset === undefined) return { line: 1, col: 1 };
    const p = lc.linePos(offset);
    return { line: p.line, col: p.col };
  };
  const fail = (list: Array<{ offset: number | undefined; path?: string; message: string }>): never => {
    throw scenarioError(
      file,
      list.map((p) => ({ file, ...at(p.offset), path: p.path ?? '', message: p.message })),
    );
  };

  // 1. nesting depth, on the CST (the parser is iterative; the composer recurses and, far too deep,
  //    can take the whole process down instead of throwing)
  // (this pass also fills the line counter, for every stage)
  const cst = Array.from(new Parser(lc.addNewLine).parse(text));
  const deep = tooDeep(cst, MAX_DEPTH);
  if (deep !== undefined) {
    fail([{ offset: deep, message: `lists and mappings are nested too deeply (more than ${MAX_DEPTH} levels); a scenario needs about 10` }]);
  }

  // 2. YAML syntax
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    fail(doc.errors.map((e) => syntaxProblem(e, doc, cst)));
  }

  // 3. the top level must be a mapping
  const top = doc.contents;
  if (top === null || (isScalar(top) && top.value === null)) {
    fail([{ offset: top?.range?.[0] ?? 0, message: 'the file holds no scenario; write at least "turns:" with a list of turns (turns: [] echoes every prompt)' }]);
  }
  if (!isMap(top)) {
    fail([{ offset: (top as ParsedNode).range[0], message: `expected a mapping at the top level (keys such as "name:" and "turns:"), got ${describeNode(top as Node)}` }]);
  }

  // 4. to plain data, with the alias expansion limit (alias bombs)
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    const msg = firstLine((err as Error).message);
    const alias = firstAlias(doc, msg);
    if (/excessive alias count/i.test(msg)) {
      fail([{ offset: alias, message: `aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT}); write the repeated content out instead of nesting aliases` }]);
    }
    fail([{ offset: alias, message: `YAML: ${msg}` }]);
  }

  // 5. the schema
  const parsed = Scenario.safeParse(data, { error: defaultMessage });
  if (parsed.success) return parsed.data;
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    for (const p of describeIssue(issue, doc, file, at)) {
      // one problem per place: zod may stack several issues on one value (e.g. int and max)
      const key = `${p.path}\u0000${issue.code === 'unrecognized_keys' || issue.code === 'custom' ? p.message : ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(p);
    }
  }
  problems.sort((a, b) => a.line - b.line || a.col - b.col);
  throw scenarioError(file, problems);
}

function scenarioError(file: string, problems: ScenarioProblem[]): ScenarioError {
  const n = problems.length;
  const err = new EmuError('E_SCENARIO', `invalid scenario ${file} (${n} problem${n === 1 ? '' : 's'}):\n${formatProblems(problems)}`) as ScenarioError;
  err.problems = problems;
  return err;
}

// ---- stage 1: depth -------------------------------------------------------------------------

/** Offset of the first collection nested deeper than `max`, walking the CST without recursion. */
function tooDeep(tokens: CST.Token[], max: number): number | undefined {
  const stack: Array<[CST.Token, number]> = tokens.map((t) => [t, 0]);
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [t, d] = top;
    if (t.type === 'document') {
      if (t.value) stack.push([t.value, d]);
    } else if (t.type === 'block-map' || t.type === 'block-seq' || t.type === 'flow-collection') {
      if (d + 1 > max) return t.offset;
      for (const it of t.items as CST.CollectionItem[]) {
        if (it.key) stack.push([it.key, d + 1]);
        if (it.value) stack.push([it.value, d + 1]);
      }
    }
  }
  return undefined;
}

// ---- stage 2: syntax ------------------------------------------------------------------------

function syntaxProblem(e: YAMLError, doc: Document.Parsed, cst: CST.Token[]): { offset: number; message: string } {
  const offset = e.pos[0];
  const msg = firstLine(e.message);
  switch (e.code) {
    case 'DUPLICATE_KEY': {
      const key = keyAtOffset(doc, offset);
      return { offset, message: `duplicate key${key === undefined ? '' : ' ' + show(key)}; a key may appear only once in a mapping` };
    }
    case 'MULTIPLE_DOCS':
      return { offset, message: 'a scenario file holds one YAML document; remove the "---" line and merge the documents' };
    case 'TAB_AS_INDENT':
      return { offset, message: 'tabs are not allowed for indentation; indent with spaces' };
    case 'MISSING_CHAR': {
      const q = /^Missing closing (["'])quote/.exec(msg);
      if (q) {
        const open = unclosedQuote(cst, offset);
        return { offset: open ?? offset, message: `this quoted text is never closed; add the closing ${q[1]}` };
      }
      break;
    }
  }
  return { offset, message: `YAML syntax: ${msg}` };
}

function keyAtOffset(doc: Document.Parsed, offset: number): string | undefined {
  let found: string | undefined;
  visit(doc, {
    Pair(_, pair) {
      const k = pair.key;
      if (isScalar(k) && k.range?.[0] === offset) {
        found = String(k.value);
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** Start of the quoted scalar that runs into `offset` (where yaml noticed the missing quote). */
function unclosedQuote(tokens: CST.Token[], offset: number): number | undefined {
  let best: number | undefined;
  const stack: CST.Token[] = [...tokens];
  for (let t = stack.pop(); t; t = stack.pop()) {
    if (t.type === 'document') {
      if (t.value) stack.push(t.value);
    } else if (t.type === 'block-map' || t.type === 'block-seq' || t.type === 'flow-collection') {
      for (const it of t.items as CST.CollectionItem[]) {
        if (it.key) stack.push(it.key);
        if (it.value) stack.push(it.value);
      }
    } else if ((t.type === 'double-quoted-scalar' || t.type === 'single-quoted-scalar') && t.offset <= offset && t.offset + t.source.length >= offset) {
      if (best === undefined || t.offset > best) best = t.offset;
    }
  }
  return best;
}

// ---- stage 4: aliases -----------------------------------------------------------------------

/** Offset of the alias the toJS error is about (by name when the message names one), else the first alias. */
function firstAlias(doc: Document.Parsed, msg: string): number | undefined {
  const named = /: (\S+)$/.exec(msg)?.[1];
  let first: number | undefined;
  let byName: number | undefined;
  visit(doc, {
    Alias(_, node) {
      const start = node.range?.[0];
      first ??= start;
      if (named !== undefined && node.source === named) {
        byName = start;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return byName ?? first;
}

// ---- stage 5: schema ------------------------------------------------------------------------

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

/**
 * Messages for zod's built-in issues (schema-defined messages win over these). They name what
 * was expected and what was found, in YAML terms (mapping, list), and say how to fix it.
 */
function defaultMessage(iss: RawIssue): string | undefined {
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

function describeNode(node: Node): string {
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

function describeIssue(issue: Issue, doc: Document.Parsed, file: string, at: (o: number | undefined) => { line: number; col: number }): ScenarioProblem[] {
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
        file,
        ...at(offsetOf(keyNode as Node | undefined) ?? offsetOf(node)),
        path: renderPath([...path, key]),
        message: `unknown key ${show(key)}; ${hint}`,
      };
    });
  }
  const loc = locate(doc, path);
  let offset: number | undefined;
  if (isAlias(loc.alias)) {
    // the problem sits in content copied by an alias: report it where the alias is used
    return [{ file, ...at(offsetOf(loc.alias)), path: renderPath(path), message: `${issue.message} (in the content of alias *${loc.alias.source})` }];
  } else if (loc.node === undefined) {
    // a missing key: point at the mapping that should hold it
    offset = offsetOf(loc.deepest);
  } else if (issue.code === 'custom' && loc.key && isCollection(loc.node)) {
    // a rule about a whole list or mapping: point at its key, not at its first line
    offset = offsetOf(loc.key);
  } else {
    offset = offsetOf(loc.node) ?? offsetOf(loc.key);
  }
  return [{ file, ...at(offset), path: renderPath(path), message: issue.message }];
}

function firstLine(s: string): string {
  return s.split('\n')[0] ?? s;
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
