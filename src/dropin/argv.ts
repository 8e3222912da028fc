import { passes, type CommandLine, type FlagSpec } from './options.js';

/** Parsed command line: flag values by canonical name (FlagSpec.name), and positional arguments. */
export interface ParsedArgv {
  /** `true` for switches and optional values not given; string for single values; string[] for variadic flags. */
  flags: Map<string, string | true | string[]>;
  positionals: string[];
}

/** commander's test for "looks like an option" (Command.parseOptions' maybeOption). */
export const isOptionLike = (arg: string): boolean => arg.length > 1 && arg.startsWith('-');

/** Whether commander would accept `value` for `spec` (its choices and argParser checks). */
export function acceptsValue(spec: FlagSpec, value: string | true): boolean {
  if (value === true) return true;
  if (spec.choices && !spec.choices.includes(value) && !(spec.unlisted ?? []).includes(value)) return false;
  return !spec.check || passes(spec.check, value);
}

/** Records one occurrence the way commander stores it: variadic values add up, a switch and its `--no-` form undo each other. */
export function record(flags: ParsedArgv['flags'], spec: FlagSpec, value: string | true): void {
  if (spec.arity === 'variadic' && value !== true) {
    const prev = flags.get(spec.name);
    flags.set(spec.name, [...(Array.isArray(prev) ? prev : []), value]);
    return;
  }
  if (spec.arity === 'none') flags.delete(spec.name.startsWith('no-') ? spec.name.slice(3) : `no-${spec.name}`);
  flags.set(spec.name, value);
}

/**
 * The fast path of the drop-in's start-up: parses an argv that commander would accept, by commander 12's
 * rules, without loading commander (tens of ms of the start-up budget, docs/performance.md). Returns
 * undefined for anything else — an unknown, bundled or glued short option, a missing value, a refused
 * value, help, version, `--` — and commander (program.ts) then parses it and phrases the real error.
 * test/unit/dropin/argv.test.ts holds it to commander on generated argv.
 */
export function scanArgv(cl: CommandLine, argv: readonly string[]): ParsedArgv | undefined {
  const flags: ParsedArgv['flags'] = new Map();
  const positionals: string[] = [];
  let variadic: FlagSpec | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return undefined;
    if (variadic && !isOptionLike(arg)) {
      if (!acceptsValue(variadic, arg)) return undefined;
      record(flags, variadic, arg);
      continue;
    }
    variadic = undefined;
    if (!isOptionLike(arg)) {
      positionals.push(arg);
      continue;
    }
    let spec = cl.find(arg);
    let value: string | true;
    if (spec) {
      if (spec.role) return undefined;
      if (spec.arity === 'none') value = true;
      else if (spec.arity === 'optional') value = i + 1 < argv.length && !isOptionLike(argv[i + 1]!) ? argv[++i]! : true;
      else {
        const next = argv[++i];
        if (next === undefined) return undefined;
        value = next;
      }
      if (spec.arity === 'variadic') variadic = spec;
    } else {
      const eq = arg.indexOf('=');
      spec = arg.startsWith('--') && eq > 2 ? cl.find(arg.slice(0, eq)) : undefined;
      if (!spec || spec.arity === 'none' || spec.role) return undefined;
      value = arg.slice(eq + 1);
    }
    if (!acceptsValue(spec, value)) return undefined;
    record(flags, spec, value);
  }
  return { flags, positionals };
}

/** A variadic option's values as given, one rule per argv entry (cbc 2.117.0 splits nothing). */
export function asGiven(v: string | true | string[] | undefined): string[] {
  if (v === undefined || v === true) return [];
  return (Array.isArray(v) ? v : [v]).filter((x) => x.trim() !== '');
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
