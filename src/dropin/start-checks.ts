import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { StartCheck } from '../profiles/options.js';
import { jsonOrPath } from '../settings.js';
import type { RunIO } from './io.js';

/** Whether `cwd` lies in a git work tree: a `.git` folder or file in it or in a folder above it (as `git rev-parse` finds it). */
export function inGitTree(cwd: string): boolean {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

type Flags = ReadonlyMap<string, string | true | readonly string[]>;

/** A JSON object's text (what a json-or-file option reads inline). */
/** The first value of the check's flags that is no JSON object and names no file (`bad`: a file whose text is not JSON). */
function fileProblem(check: StartCheck, flags: Flags, cwd: string, bad: boolean): string | undefined {
  const values = check.flags.flatMap((f) => {
    const v = flags.get(f);
    return v === undefined || v === true ? [] : typeof v === 'string' ? [v] : [...v];
  });
  return values.find((v) => {
    const given = v.trim() === '' ? undefined : jsonOrPath(v, cwd);
    if (given === undefined || !('file' in given)) return false;
    return bad ? existsSync(given.file) && !isJson(readFileSync(given.file, 'utf8')) : !existsSync(given.file);
  });
}

const isJson = (text: string): boolean => parseError(text) === undefined;

/** JSON.parse's complaint about `text`, or undefined when it parses. */
function parseError(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Whether a start check's condition holds for this run: true, or the value it holds for (a file that is not there). */
function holds(check: StartCheck, io: RunIO, flags: Flags): boolean | string {
  switch (check.when.kind) {
    case 'root':
      return typeof process.getuid === 'function' && process.getuid() === 0 && io.env['IS_SANDBOX'] !== '1';
    case 'env-unset':
      return !io.env[check.when.name];
    case 'no-git':
      return !inGitTree(io.cwd);
    case 'without':
      return !flags.has(check.when.flag);
    case 'no-file':
      return fileProblem(check, flags, io.cwd, false) ?? false;
    case 'bad-json-file':
      return fileProblem(check, flags, io.cwd, true) ?? false;
    case 'bad-agents':
      return badAgentField(flags.get(check.flags[0] ?? '')) ?? false;
    case 'bad-list-item': {
      const v = [flags.get(check.flags[0] ?? '')].flat().at(-1);
      const items = typeof v === 'string' && v !== '' ? v.split(',').map((x) => x.trim()) : [];
      const { valid } = check.when;
      return items.find((x) => !valid.includes(x)) ?? false;
    }
    case 'unknown-agent': {
      const agent = flags.get(check.flags[0] ?? '');
      if (typeof agent !== 'string' || flags.get('input-format') === 'stream-json' || flags.has('resume') || flags.has('continue')) return false;
      return knownAgents(check.when.builtIn, flags, io.cwd).includes(agent) ? false : agent;
    }
  }
}

/** What a field of an --agents definition must be (Claude Code's agent schema, as its validator words the type). */
const AGENT_FIELDS: Readonly<Record<string, 'string' | 'array'>> = { description: 'string', prompt: 'string', model: 'string', tools: 'array', disallowedTools: 'array' };

/** The first wrongly typed field of an inline --agents JSON object, worded as its validator does, or undefined. */
function badAgentField(value: unknown): string | undefined {
  let parsed: unknown;
  try {
    parsed = typeof value === 'string' && value.trim().startsWith('{') ? JSON.parse(value) : undefined;
  } catch {
    return undefined; // not JSON: other checks refuse it
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  for (const [name, def] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof def !== 'object' || def === null) continue;
    for (const [field, want] of Object.entries(AGENT_FIELDS)) {
      const v = (def as Record<string, unknown>)[field];
      if (v !== undefined && kind(v) !== want) return `${name}.${field}: Invalid input: expected ${want}, received ${kind(v)}`;
    }
  }
  return undefined;
}

/** The agents a run knows: the built-in ones, then --agents' own (inline JSON or a file) sorted in without regard to case. */
function knownAgents(builtIn: readonly string[], flags: Flags, cwd: string): string[] {
  const v = flags.get('agents');
  const given = typeof v === 'string' && v.trim() !== '' ? jsonOrPath(v, cwd) : undefined;
  let parsed: unknown = given !== undefined && 'object' in given ? given.object : undefined;
  if (given !== undefined && 'file' in given && existsSync(given.file)) {
    try {
      parsed = JSON.parse(readFileSync(given.file, 'utf8'));
    } catch {
      parsed = undefined; // a file that is not JSON is refused by its own check
    }
  }
  const own = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.keys(parsed) : [];
  return own.length === 0 ? [...builtIn] : [...new Set([...builtIn, ...own])].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
}

/** The first of the given start checks that refuses the run (message with `{cwd}`, `{given}`, `{path}` filled in), or undefined. */
export function startRefusal(checks: readonly StartCheck[], io: RunIO, flags: Flags = new Map(), words = (_text: string, m: string) => m): { message: string; exit: number } | undefined {
  for (const c of checks) {
    const h = holds(c, io, flags);
    if (h === false) continue;
    const given = typeof h === 'string' ? h : '';
    const path = resolve(io.cwd, given);
    // `{error}`: why the named file is not JSON, in the words of the CLI's runtime (`words`)
    const fromFile = c.message.includes('{error}') && c.when.kind === 'bad-json-file';
    const body = fromFile ? readFileSync(path, 'utf8') : '';
    const parsed = fromFile ? parseError(body) : undefined;
    const error = c.when.kind === 'bad-agents' ? given : parsed === undefined ? '' : words(body, parsed);
    const agents = c.when.kind === 'unknown-agent' ? knownAgents(c.when.builtIn, flags, io.cwd).join(', ') : '';
    return { message: c.message.replace('{cwd}', io.cwd).replace('{given}', given).replace('{path}', path).replace('{error}', error).replace('{agents}', agents), exit: c.exit };
  }
  return undefined;
}
