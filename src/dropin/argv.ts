import { findFlag, type FlagSpec } from './flags.js';

/** Parsed command line: flag values by canonical name, and positional arguments. */
export interface ParsedArgv {
  /** `true` for switches; string for single values; string[] for variadic flags. */
  flags: Map<string, string | true | string[]>;
  positionals: string[];
}

/** A command-line problem, phrased as the real CLIs (commander) phrase it. */
export class ArgvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArgvError';
  }
}

/**
 * Parses argv the way the real CLIs (commander) do: `--flag value` and `--flag=value`, short
 * aliases, variadic values running until the next `-`-prefixed token, `--` ending options.
 */
export function parseArgv(argv: readonly string[]): ParsedArgv {
  const flags = new Map<string, string | true | string[]>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const tok = argv[i]!;
    if (tok === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!tok.startsWith('-') || tok === '-') {
      positionals.push(tok);
      continue;
    }
    const long = tok.startsWith('--');
    const body = tok.slice(long ? 2 : 1);
    const eq = long ? body.indexOf('=') : -1;
    const name = eq >= 0 ? body.slice(0, eq) : body;
    const inline = eq >= 0 ? body.slice(eq + 1) : undefined;
    const spec = findFlag(name);
    if (!spec || (!long && name.length !== 1) || (long && name.length === 1)) {
      throw new ArgvError(`error: unknown option '${long ? tok.split('=')[0] : tok}'`);
    }
    i = takeValue(spec, inline, argv, i, flags, tok);
  }
  return { flags, positionals };
}

function takeValue(
  spec: FlagSpec,
  inline: string | undefined,
  argv: readonly string[],
  i: number,
  flags: ParsedArgv['flags'],
  tok: string,
): number {
  const isValue = (s: string | undefined): s is string => s !== undefined && !(s.startsWith('-') && s.length > 1);
  switch (spec.arity) {
    case 'none':
      if (inline !== undefined) throw new ArgvError(`error: option '${tok.split('=')[0]}' does not take an argument`);
      flags.set(spec.name, true);
      return i;
    case 'optional':
      if (inline !== undefined) flags.set(spec.name, inline);
      else if (isValue(argv[i + 1])) {
        flags.set(spec.name, argv[i + 1]!);
        return i + 1;
      } else flags.set(spec.name, true);
      return i;
    case 'one': {
      if (inline !== undefined) {
        flags.set(spec.name, inline);
        return i;
      }
      const v = argv[i + 1];
      if (v === undefined) throw new ArgvError(`error: option '${tok}' argument missing`);
      flags.set(spec.name, v);
      return i + 1;
    }
    case 'variadic': {
      const prev = flags.get(spec.name);
      const list = Array.isArray(prev) ? prev : [];
      if (inline !== undefined) list.push(inline);
      else {
        let j = i + 1;
        while (isValue(argv[j])) list.push(argv[j++]!);
        if (j === i + 1) throw new ArgvError(`error: option '${tok}' argument missing`);
        i = j - 1;
      }
      flags.set(spec.name, list);
      return i;
    }
  }
}

/** Splits variadic and comma forms: `["Read,Bash(ls:*)", "Edit"]` -> `["Read", "Bash(ls:*)", "Edit"]`. */
export function splitToolList(v: string | true | string[] | undefined): string[] {
  if (v === undefined || v === true) return [];
  const items = Array.isArray(v) ? v : [v];
  const out: string[] = [];
  for (const item of items) {
    // commas inside parentheses belong to a rule, e.g. Bash(git commit,push)
    let depth = 0;
    let cur = '';
    for (const ch of item) {
      if (ch === '(') depth++;
      if (ch === ')') depth = Math.max(0, depth - 1);
      if ((ch === ',' || ch === ' ') && depth === 0) {
        if (cur.trim()) out.push(cur.trim());
        cur = '';
      } else cur += ch;
    }
    if (cur.trim()) out.push(cur.trim());
  }
  return out;
}
