import { readFileSync, statSync } from 'node:fs';
import { Composer, isMap, isScalar, LineCounter, Parser, visit, YAMLParseError, type CST, type Document, type Node, type ParsedNode, type YAMLError } from 'yaml';
import { EmuError } from '../errors.js';
import { defaultMessage, describeIssue, describeNode, type LocatedProblem } from './issues.js';
import { MAX_SCENARIO_BYTES } from './limits.js';
import { Scenario, show, type ScenarioT } from './schema.js';

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
const MAX_DEPTH = 64;
/** Aliased nodes `toJS` may expand before the file counts as an alias bomb (yaml's maxAliasCount). */
const MAX_ALIAS_COUNT = 100;

/** Renders problems as `file:line:col: path: message` lines. */
export function formatProblems(problems: ScenarioProblem[]): string {
  return problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.path ? p.path + ': ' : ''}${p.message}`).join('\n');
}

/** Loads and validates a scenario file; throws one EmuError (code E_SCENARIO) listing every problem. */
export function loadScenarioFile(file: string): ScenarioT {
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > MAX_SCENARIO_BYTES) throw new EmuError('E_SCENARIO', `scenario ${file} is ${size} bytes, over the ${MAX_SCENARIO_BYTES}-byte limit; split it or shorten its texts`);
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (err instanceof EmuError) throw err;
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
  const at = (offset: number | undefined): { line: number; col: number } => {
    if (offset === undefined) return { line: 1, col: 1 };
    const p = lc.linePos(offset);
    return { line: p.line, col: p.col };
  };
  const place = (p: LocatedProblem): ScenarioProblem => ({ file, ...at(p.offset), path: p.path ?? '', message: p.message });
  const fail = (list: LocatedProblem[]): never => {
    throw scenarioError(file, list.map(place));
  };

  // 1. nesting depth, on the CST (the parser is iterative; the composer recurses and, far too deep,
  //    can take the whole process down instead of throwing)
  // (this pass also fills the line counter, for every stage)
  const cst = Array.from(new Parser(lc.addNewLine).parse(text));
  const deep = tooDeep(cst, MAX_DEPTH);
  if (deep !== undefined) {
    fail([{ offset: deep, message: `lists and mappings are nested too deeply (more than ${MAX_DEPTH} levels); a scenario needs about 10` }]);
  }

  // 2. YAML syntax, composed from stage 1's tokens (one lex and parse of the text, not two: issue #21)
  const doc = composeDocument(cst, text.length);
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
  const problems: ScenarioProblem[] = [];
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    for (const p of describeIssue(issue, doc).map(place)) {
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

/**
 * The document of `tokens` as yaml's `parseDocument(text, { prettyErrors: false, uniqueKeys: true })` builds
 * it (the same Composer, options and MULTIPLE_DOCS error), but from tokens already parsed, so the text is
 * lexed and parsed once per load.
 */
function composeDocument(tokens: CST.Token[], length: number): Document.Parsed {
  const composer = new Composer({ prettyErrors: false, uniqueKeys: true });
  let doc: Document.Parsed | undefined;
  for (const d of composer.compose(tokens, true, length)) {
    if (!doc) {
      doc = d;
    } else {
      doc.errors.push(new YAMLParseError([d.range[0], d.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
      break;
    }
  }
  // compose(…, forceDoc = true) always yields a document, an empty one for an empty text
  return doc!;
}

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

function firstLine(s: string): string {
  return s.split('\n')[0] ?? s;
}
