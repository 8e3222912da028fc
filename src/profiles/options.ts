/**
 * A real CLI's command line as data (issue #15): its commander option table, taken from its captured
 * `--help` (test/unit/profiles/options.test.ts holds each table to its help text) plus the hidden flags its
 * binary declares with `.hideHelp()` (the SDKs pass some of them), and the checks it makes of argv itself.
 * src/dropin builds one commander program per table.
 */

/** A commander `.argParser()` check of a value, with the real CLI's message (`argument '<v>' is invalid. <message>`). */
export interface ValueCheck {
  /** `integer`: parseInt is a number; `positive-integer`: an integer > 0; `positive-number`: Number > 0. */
  rule: 'integer' | 'positive-integer' | 'positive-number';
  message: string;
}

/** One option, as the real CLI declares it to commander. */
export interface OptionSpec {
  /** commander's flags string exactly as the real `--help` prints it, e.g. `-r, --resume [value]`. */
  flags: string;
  /** commander `.choices()`: only values the real CLI really validates (not choices written in a description). */
  choices?: readonly string[];
  /**
   * Values its own argParser accepts beyond the `choices` it lists (and names in its refusal): Claude Code's
   * --permission-mode lists `manual` yet takes `default` too (its binary: `.choices(vt).argParser(Ot)`, Ot accepts
   * vt plus `default`; capture opt_permission_mode_repeated_ft).
   */
  unlisted?: readonly string[];
  check?: ValueCheck;
  /** `.hideHelp()`: accepted, not in `--help`, never offered by `(Did you mean …?)`. */
  hidden?: true;
}

/** What a profile's command line is. */
export interface CliOptions {
  /** In registration order; the first `--version` entry is commander's version option, `--help` its help option. */
  options: readonly OptionSpec[];
  /** Answered before commander runs when they are the whole argv (Claude Code's early `--version` path). */
  earlyVersion?: { flags: readonly string[]; alsoWith: readonly string[] };
  /**
   * The real CLI's `--session-id` rule and its answer to a value that breaks it; `emptyIsNone`: an empty value counts as
   * not given; `needsFork`: the refusal of --session-id with --resume/--continue but no --fork-session; `frameWhenStreaming`:
   * under --output-format stream-json the refusal is an `error` frame on stdout, not stderr (cbc 2.117.0).
   */
  sessionId: { valid: RegExp; message: (id: string) => string; exit: number; emptyIsNone?: boolean; needsFork?: string; frameWhenStreaming?: boolean };
  /** The folders whose `<name>.md` files define agents, later ones overriding earlier (Claude Code: user, then project). */
  agentFolders?: (cwd: string, env: NodeJS.ProcessEnv, sources: readonly string[] | undefined) => string[];
  /** Environment variables that act as a flag when set to 1, true, yes or on (Claude Code's CLAUDE_CODE_SIMPLE: --bare). */
  envFlags?: Readonly<Record<string, string>>;
  /** JSON.parse's complaint about `text` in the words of the CLI's runtime (`message`: Node's); unset: Node's. */
  jsonError?: (text: string, message: string) => string;
  /** Whether an unparsable `--json-schema` is refused at start (and with which message prefix). */
  jsonSchemaError?: string;
  /**
   * `-p`/`--print` anywhere in argv: the CLI registers no subcommands, so `--help` prints the usage without
   * `[command]` and without the Commands section (Claude Code; captures opt_help).
   */
  printModeHasNoCommands?: true;
  /** Refusals after the command line parsed, before the session starts (checks of the machine and the environment). */
  startChecks?: readonly StartCheck[];
  /** Options whose value, when no JSON object, names a file the CLI reads the JSON from (2.1.328's --agents). */
  fileValued?: readonly string[];
}

/**
 * A start-up refusal: when one of `flags` was given and the condition holds, `message` goes to stderr and the
 * run exits with `exit`. `root`: the process runs as uid 0 and IS_SANDBOX is not `1`; `env-unset`: the variable
 * `name` is unset or empty; `no-git`: the working directory is in no git work tree (`{cwd}` in the message); `without`:
 * the flag `flag` is not given; `no-file`: a non-empty value of the flags is no JSON object and names no file (`{given}`:
 * the value, `{path}`: it made absolute against the working directory); `bad-json-file`: such a value names a file whose
 * text is not JSON (`{error}`: the parse error); `bad-agents`: an --agents definition whose field has the wrong type
 * (`{error}`: `<agent>.<field>: Invalid input: expected <type>, received <type>`); `unknown-agent`: the flag's value names none of `builtIn` and --agents' own
 * agents, in a run that reads its prompt as text and resumes nothing (`{agents}`: the names it knows); `bad-list-item`:
 * the flag's last value, split on commas and trimmed (`""` names none), holds an item not in `valid` (`{given}`: it).
 */
export interface StartCheck {
  flags: readonly string[];
  /** Only when one of `flags` holds this value (the last one given): `--permission-mode bypassPermissions`. */
  value?: string;
  when:
    | { kind: 'root' }
    | { kind: 'env-unset'; name: string }
    | { kind: 'no-git' }
    | { kind: 'without'; flag: string }
    | { kind: 'no-file' }
    | { kind: 'bad-json-file' }
    | { kind: 'bad-agents' }
    | { kind: 'unknown-agent'; builtIn: readonly string[] }
    | { kind: 'bad-list-item'; valid: readonly string[] };
  message: string;
  exit: number;
}
