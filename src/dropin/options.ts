import { CBC_OPTIONS } from '../profiles/cbc/options.js';
import { CLAUDE_2_1_220_OPTIONS, CLAUDE_2_1_328_OPTIONS } from '../profiles/claude/options.js';
import type { CliOptions, OptionSpec, ValueCheck } from '../profiles/options.js';

/** The option table of each help text (a profile's `behavior.helpName`): the profiles that share a CLI share its table. */
const TABLES: Readonly<Record<string, CliOptions>> = {
  cbc: CBC_OPTIONS,
  'claude-2.1.220': CLAUDE_2_1_220_OPTIONS,
  'claude-2.1.328': CLAUDE_2_1_328_OPTIONS,
};

/** The emulator's own settings: hidden in every program, so the real `--help` and suggestions stay the real CLI's. */
const EMU_OPTIONS: readonly OptionSpec[] = ['scenario', 'profile', 'seed', 'speed', 'home', 'journal', 'replay'].map((n) => ({ flags: `--emu-${n} <value>`, hidden: true as const }));
const EMU_BRIDGE: OptionSpec = { flags: '--emu-bridge', hidden: true };

/** How many values an option takes, read from its flags the way commander reads them. */
export type Arity = 'none' | 'one' | 'optional' | 'variadic';

/** An option of a profile's table with what its flags string says. */
export interface FlagSpec extends OptionSpec {
  /** The first long name without dashes: the key the config reads (`output-format`, `allowedTools`, `no-session-persistence`). */
  name: string;
  /** The tokens that select it (commander matches its first two: `-r`/`--resume`, `--allowedTools`/`--allowed-tools`). */
  names: readonly string[];
  arity: Arity;
  /**
   * commander's help option, or a `--version` option: the first is commander's version option, and any later
   * one (cbc's `-v, --version`) fires the same `option:version` listener, so it prints and exits too.
   */
  role?: 'version' | 'help';
}

/** A profile's command line, ready for the parsers. */
export interface CommandLine extends Omit<CliOptions, 'options'> {
  /** Every option, in the table's order, with what its flags say (read at first use: commander's path and help). */
  readonly options: readonly FlagSpec[];
  /** The first option, in the table's order, whose names include `token` (what commander's `_findOption` matches). */
  find(token: string): FlagSpec | undefined;
}

function flagSpec(o: OptionSpec): FlagSpec {
  const [names = '', value] = o.flags.split(/ (?=[<[])/);
  const tokens = names.split(/[ ,|]+/).filter((t) => t.startsWith('-')).slice(0, 2);
  const name = (tokens.find((t) => t.startsWith('--')) ?? tokens[0] ?? '').replace(/^-+/, '');
  const arity: Arity = value === undefined ? 'none' : value.includes('...') ? 'variadic' : value.startsWith('[') ? 'optional' : 'one';
  return { ...o, name, names: tokens, arity };
}

const cache = new Map<string, CommandLine>();

/**
 * The command line of the CLI whose help text is `helpName`, with the `--emu-*` settings added. An option's flags are
 * read when it is first looked at: a start finds the few its argv names, where reading all ~85 cost ~0.6 ms of the
 * interpreter (issue #21's start-up budget); commander's path and help read them all.
 */
export function commandLine(helpName: string): CommandLine {
  let cl = cache.get(helpName);
  if (cl) return cl;
  const table = TABLES[helpName];
  if (!table) throw new Error(`no option table for help text "${helpName}"`);
  const { options: own, ...rest } = table;
  const raw = [...own, ...EMU_OPTIONS, EMU_BRIDGE];
  const read = new Map<OptionSpec, FlagSpec>();
  const spec = (o: OptionSpec): FlagSpec => {
    let s = read.get(o);
    if (s === undefined) {
      s = flagSpec(o);
      if (s.name === 'help' || s.name === 'version') s = { ...s, role: s.name };
      read.set(o, s);
    }
    return s;
  };
  let all: readonly FlagSpec[] | undefined;
  cl = {
    ...rest,
    get options() {
      return (all ??= raw.map(spec));
    },
    // a token its names include is text of its flags: only those options are read
    find: (token) => {
      for (const o of raw) {
        if (!o.flags.includes(token)) continue;
        const s = spec(o);
        if (s.names.includes(token)) return s;
      }
      return undefined;
    },
  };
  cache.set(helpName, cl);
  return cl;
}

/** Whether `value` passes an option's `.argParser()` check (the rules of src/profiles/options.ts). */
export function passes(check: ValueCheck, value: string): boolean {
  switch (check.rule) {
    case 'integer':
      return !Number.isNaN(parseInt(value, 10));
    case 'positive-integer': {
      const n = parseInt(value, 10);
      return n > 0 && Number.isInteger(n);
    }
    case 'positive-number':
      return Number(value) > 0;
  }
}
