import { readFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node, type ParsedNode } from 'yaml';
import type { z } from 'zod';
import { EmuError } from '../errors.js';
import { Scenario, type ScenarioT } from './schema.js';
import { closest } from './suggest.js';

/** One problem found in a scenario file, with its position. */
export interface ScenarioProblem {
  file: string;
  line: number;
  col: number;
  path: string;
  message: string;
}

/** Renders problems as `file:line:col: path: message` lines. */
export function formatProblems(problems: ScenarioProblem[]): string {
  return problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.path ? p.path + ': ' : ''}${p.message}`).join('\n');
}

/** Loads and validates a scenario file; throws one EmuError listing every problem. */
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

/** Parses scenario YAML text; `file` only labels error positions. */
export function parseScenario(text: string, file = '<scenario>'): ScenarioT {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true });
  const problems: ScenarioProblem[] = [];
  const at = (offset: number | undefined): { line: number; col: number } => {
    if (offset === undefined) return { line: 1, col: 1 };
    const p = lc.linePos(offset);
    return { line: p.line, col: p.col };
  };
  for (const e of doc.errors) {
    problems.push({ file, ...at(e.pos[0]), path: '', message: `YAML syntax: ${firstLine(e.message)}` });
  }
  if (problems.length > 0) throw scenarioError(file, problems);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    throw scenarioError(file, [{ file, line: 1, col: 1, path: '', message: `YAML: ${firstLine((err as Error).message)} (aliases are limited to 100 expansions)` }]);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw scenarioError(file, [{ file, line: 1, col: 1, path: '', message: 'expected a mapping with at least a "turns:" list' }]);
  }
  const parsed = Scenario.safeParse(data);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    problems.push(...describeIssue(issue, doc, file, at));
  }
  problems.sort((a, b) => a.line - b.line || a.col - b.col);
  throw scenarioError(file, problems);
}

function scenarioError(file: string, problems: ScenarioProblem[]): EmuError {
  const n = problems.length;
  const err = new EmuError('E_SCENARIO', `invalid scenario ${file} (${n} problem${n === 1 ? '' : 's'}):\n${formatProblems(problems)}`);
  (err as EmuError & { problems: ScenarioProblem[] }).problems = problems;
  return err;
}

type Issue = z.core.$ZodIssue;

function describeIssue(
  issue: Issue,
  doc: Document.Parsed,
  file: string,
  at: (o: number | undefined) => { line: number; col: number },
): ScenarioProblem[] {
  const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  const pathText = renderPath(path);
  if (issue.code === 'unrecognized_keys') {
    const node = nodeAt(doc, path);
    const known = knownKeys(path);
    return issue.keys.map((key) => {
      const keyNode = isMap(node) ? node.items.find((p) => isScalar(p.key) && p.key.value === key)?.key : undefined;
      const guess = closest(key, known);
      const hint = guess ? `did you mean "${guess}"?` : `allowed keys: ${known.join(', ')}`;
      return {
        file,
        ...at((keyNode as ParsedNode | undefined)?.range?.[0] ?? (node as ParsedNode | undefined)?.range?.[0]),
        path: renderPath([...path, key]),
        message: `unknown key "${key}"; ${hint}`,
      };
    });
  }
  const node = nodeAt(doc, path);
  let message = issue.message;
  if (issue.code === 'invalid_type') {
    const got = node === undefined ? 'nothing' : describeNode(node);
    message = `expected ${issue.expected}, got ${got}`;
  } else if (issue.code === 'invalid_union') {
    message = `${issue.message}: ${unionHint(issue)}`;
  } else if (issue.code === 'invalid_value') {
    message = `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return [{ file, ...at((node as ParsedNode | undefined)?.range?.[0] ?? parentOffset(doc, path)), path: pathText, message }];
}

function unionHint(issue: Extract<Issue, { code: 'invalid_union' }>): string {
  const msgs = new Set<string>();
  for (const branch of issue.errors) for (const i of branch) msgs.add(i.message);
  return [...msgs].join(' | ');
}

function parentOffset(doc: Document.Parsed, path: PropertyKey[]): number | undefined {
  for (let n = path.length - 1; n >= 0; n--) {
    const node = nodeAt(doc, path.slice(0, n));
    if (node && (node as ParsedNode).range) return (node as ParsedNode).range[0];
  }
  return undefined;
}

function nodeAt(doc: Document.Parsed, path: PropertyKey[]): Node | undefined {
  if (path.length === 0) return doc.contents ?? undefined;
  const n = doc.getIn(path as Array<string | number>, true);
  return n && typeof n === 'object' ? (n as Node) : undefined;
}

function describeNode(node: Node): string {
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) return node.value === null ? 'null' : `${typeof node.value} ${JSON.stringify(node.value)}`;
  return 'something else';
}

function renderPath(path: PropertyKey[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${String(p)}` : String(p);
  return s;
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
    if (typeof p === 'number' && def?.type === 'array') s = def.element;
    else if (typeof p === 'string' && def?.type === 'object') s = (def.shape as Record<string, unknown>)[p];
    else return [];
  }
  const def = defOf(unwrap(s));
  return def?.type === 'object' ? Object.keys(def.shape as object) : [];
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
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else return s;
  }
}
