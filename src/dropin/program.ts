import { createRequire } from 'node:module';
import type * as Commander from 'commander';
import type { Command, CommanderError, Option } from 'commander';
import type { ParsedArgv } from './argv.js';
import { passes, type CommandLine, type FlagSpec } from './options.js';

/** What commander made of an argv: the values, or what the real CLI does instead (print help or the version, or fail). */
export type ProgramOutcome = { kind: 'args'; args: ParsedArgv } | { kind: 'help' } | { kind: 'version' } | { kind: 'error'; message: string; exit: number };

// commander loads only when the fast path (argv.ts) declines: required synchronously so resolveConfig stays sync
const load = (): typeof Commander => createRequire(import.meta.url)('commander') as typeof Commander;

/**
 * Parses argv with a commander 12 program built from a profile's option table, the way the real CLI's
 * commander does: its `error: …` lines (with `(Did you mean …?)`), exit code 1, and its help and version
 * options. Help and version are reported, not printed: the drop-in prints the captured help text as-is.
 */
export function parseWithCommander(cl: CommandLine, argv: readonly string[]): ProgramOutcome {
  const { Command: Program, InvalidArgumentError, Option: Opt } = load();
  let stderr = '';
  const program = new Program()
    .argument('[prompt]')
    .action(() => undefined)
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: (s) => (stderr += s) });
  // the help text printed is the captured one (src/dropin/help), not commander's rendering
  program.helpInformation = () => '';
  const made: [FlagSpec, Option][] = [];
  let versioned = false;
  for (const spec of cl.options) {
    if (spec.role === 'version' && !versioned) {
      program.version('', spec.flags);
      versioned = true;
      continue;
    }
    if (spec.role === 'help') {
      program.helpOption(spec.flags);
      continue;
    }
    const o = new Opt(spec.flags);
    if (spec.choices) o.choices(spec.choices);
    const { choices, unlisted } = spec;
    if (choices && unlisted) {
      // commander's own choices check, widened by the values the real argParser also takes
      o.argParser((v: string) => {
        if (!choices.includes(v) && !unlisted.includes(v)) throw new InvalidArgumentError(`Allowed choices are ${choices.join(', ')}.`);
        return v;
      });
    }
    const check = spec.check;
    if (check) {
      o.argParser((v: string) => {
        if (!passes(check, v)) throw new InvalidArgumentError(check.message);
        return v;
      });
    }
    if (spec.hidden) o.hideHelp();
    program.addOption(o);
    made.push([spec, o]);
  }
  try {
    program.parse(argv, { from: 'user' });
  } catch (e) {
    const code = (e as CommanderError).code;
    if (code === 'commander.version') return { kind: 'version' };
    if (code === 'commander.helpDisplayed') return { kind: 'help' };
    if (typeof code !== 'string') throw e;
    return { kind: 'error', message: stderr.replace(/\n$/, ''), exit: (e as CommanderError).exitCode };
  }
  return { kind: 'args', args: collect(program, made) };
}

/** The values commander stored, keyed like the fast path's (only those the command line gave). */
function collect(program: Command, made: readonly [FlagSpec, Option][]): ParsedArgv {
  const flags: ParsedArgv['flags'] = new Map();
  for (const [spec, o] of made) {
    const attr = o.attributeName();
    if (program.getOptionValueSource(attr) !== 'cli') continue;
    const v: unknown = program.getOptionValue(attr);
    if (spec.arity === 'none') {
      if (v === !o.negate) flags.set(spec.name, true);
    } else if (Array.isArray(v)) flags.set(spec.name, v.map(String));
    else if (typeof v === 'string' || v === true) flags.set(spec.name, v);
  }
  return { flags, positionals: [...program.args] };
}
