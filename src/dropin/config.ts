import { truthy } from '../env.js';
import { EMU_PREFIX, EmuError } from '../errors.js';
import { getProfile, type Profile } from '../profiles/index.js';
import type { CliOptions, StartCheck } from '../profiles/options.js';
import { resolveScenarioRef } from '../scenario/shipped.js';
import type { SessionFlags } from '../store/binding.js';
import { asGiven, scanArgv, splitToolList, type ParsedArgv } from './argv.js';
import { commandLine, type CommandLine } from './options.js';
import { parseWithCommander } from './program.js';

/** `--output-format`, as the real CLIs accept it. */
export type OutputFormat = 'text' | 'json' | 'stream-json';

/** What a serving run needs from the command line and the environment (files are read later, by the composition). */
export interface ServeConfig {
  mode: 'serve';
  profile: Profile;
  outputFormat: OutputFormat;
  /** `--input-format stream-json`: frames on stdin; otherwise one prompt (argument or stdin text). */
  streamIn: boolean;
  /** The positional arguments joined: the prompt of a single-shot run ('' when none). */
  prompt: string;
  /** `--emu-scenario` / CBC_EMU_SCENARIO (a shipped scenario's name, resolved to its file, or a path); undefined: the built-in default scenario. */
  scenarioFile: string | undefined;
  /** CBC_EMU_SCENARIO_COMPILED (set by cbc-emu fuzz): the scenario file's compiled JSON, used while its hash matches the file. */
  scenarioCompiled?: string | undefined;
  /** `--setting-sources` and `--settings`, read by src/settings.ts. */
  settingSources: string | undefined;
  settingsFlag: string | undefined;
  /** `--managed-settings <json>` (Claude Code's hidden flag). */
  managedSettings: string | undefined;
  /** `--emu-seed` / CBC_EMU_SEED; undefined: a fresh seed and the wall clock. */
  seed: string | undefined;
  /** Virtual clock speed (>= 0). */
  speed: number;
  /** `--emu-home` / CBC_EMU_HOME; undefined: the user's cache directory. */
  home: string | undefined;
  journalFile: string | undefined;
  /** `--emu-bridge` / CBC_EMU_BRIDGE (issue #5, seed 003). */
  bridge: boolean;
  /** `--json-schema`, parsed; undefined when not given. */
  jsonSchema: unknown;
  session: SessionFlags;
  /** Why the session flags are refused with an `error` frame rather than at start-up (cbc's invalid --session-id under stream-json). */
  sessionRefusal: string | undefined;
  /** `--model`; the composition falls back to settings, scenario and profile. */
  model: string | undefined;
  permissionMode: string;
  /** The profile's workflow switch (behavior.workflowsOffEnv); the composition adds the settings' `disableWorkflows`. */
  disableWorkflows: boolean;
  allowedTools: string[];
  disallowedTools: string[];
  /** `--permission-prompt-tool stdio`: permission asks go to the host as can_use_tool requests. */
  permissionPromptStdio: boolean;
  /** --permission-prompt-tool naming a tool, not `stdio`. */
  permissionPromptTool: string | undefined;
  /** `--include-partial-messages` / `--replay-user-messages`. */
  partialMessages: boolean;
  replayUserMessages: boolean;
  /** `--max-turns`: model calls per turn (undefined: no limit). */
  maxTurns: number | undefined;
  /** `--max-budget-usd`: the session's spend limit in USD (undefined: none). */
  maxBudgetUsd: number | undefined;
  /** `--agent <name>`. */
  agent: string | undefined;
  /** `-w/--worktree [name]` was given. */
  worktree: boolean;
  /** CBC_EMU_FUZZ (issue #8): the perturbation plan's token. */
  fuzzToken: string | undefined;
  /** The profile's start-up refusals whose flags were given (checked by src/dropin/start-checks.ts before serving). */
  startChecks: readonly StartCheck[];
  /** The folders whose agent files the profile reads (CliOptions.agentFolders). */
  agentFolders: CliOptions['agentFolders'];
  /** JSON.parse's complaint in the words of the CLI's runtime (a start check's `{error}`). */
  jsonError: (text: string, message: string) => string;
  /** Every flag given (its config name) with its value: what a profile reads beyond the options above (Claude's --bare, --tools, --agents). */
  cliFlags: ReadonlyMap<string, string | true | readonly string[]>;
  /** The profile's options whose non-JSON value names a file to read (compose reads it into cliFlags). */
  fileValued: readonly string[];
}

/** Replay mode: play a cassette back instead of a scenario (issue #7, docs/cassettes.md). */
export interface ReplayConfig {
  mode: 'replay';
  file: string;
  sessionId: string | undefined;
  /** `--emu-speed`; an unusable value plays at real time. */
  speed: number;
}

/** What one drop-in run was asked to do. */
export type DropinConfig = { mode: 'help' | 'version'; profile: Profile; commandless?: boolean } | ReplayConfig | ServeConfig;

/** A command-line problem: the stderr line and the exit code, as the real CLIs (or the emulator) report it. */
export interface UsageError {
  mode: 'usage-error';
  message: string;
  exit: number;
}

type Flag = string | true | string[] | undefined;

const text = (v: Flag): string | undefined => (typeof v === 'string' ? v : Array.isArray(v) ? v.join(' ') : undefined);
const usage = (exit: number, message: string): UsageError => ({ mode: 'usage-error', message, exit });
const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json', 'stream-json'];

/**
 * argv + environment -> what to do, or the usage error to print. Pure: reads no file and no stream,
 * so every flag rule is unit-testable (test/unit/dropin/config.test.ts). A flag beats its `CBC_EMU_*`
 * variable; an empty variable counts as unset.
 */
export function resolveConfig(argv: readonly string[], env: NodeJS.ProcessEnv): DropinConfig | UsageError {
  const parsed = parseCommandLine(argv, env);
  if ('mode' in parsed) return parsed;
  const { profile, cl, args } = parsed;
  const flag = (n: string): Flag => args.flags.get(n);
  const setting = (name: string, envName: string) => text(flag(name)) ?? (env[envName] !== '' ? env[envName] : undefined);

  // CBC_EMU_REPLAY: play a recorded session back instead of a scenario (issue #7, docs/cassettes.md)
  const replayFile = setting('emu-replay', 'CBC_EMU_REPLAY');
  if (replayFile !== undefined) {
    const speed = Number(setting('emu-speed', 'CBC_EMU_SPEED') ?? '1');
    return { mode: 'replay', file: replayFile, sessionId: text(flag('session-id')), speed: Number.isFinite(speed) && speed >= 0 ? speed : 1 };
  }

  const formats = checkFormats(profile, text(flag('output-format')), text(flag('input-format')), flag('print') === true, flag('verbose') === true);
  if ('mode' in formats) return formats;

  const speedText = setting('emu-speed', 'CBC_EMU_SPEED') ?? '1';
  const speed = Number(speedText);
  if (!Number.isFinite(speed) || speed < 0) return usage(2, `${EMU_PREFIX} --emu-speed must be a number >= 0 (got "${speedText}"); 0 emits instantly, 1 is real time`);

  const given = text(flag('session-id'));
  const sessionId = given === '' && cl.sessionId.emptyIsNone === true ? undefined : given;
  let sessionRefusal: string | undefined;
  if (sessionId !== undefined && !cl.sessionId.valid.test(sessionId)) {
    const message = cl.sessionId.message(sessionId);
    if (cl.sessionId.frameWhenStreaming !== true || formats.outputFormat !== 'stream-json') return usage(cl.sessionId.exit, message);
    sessionRefusal = message;
  }
  const needsFork = cl.sessionId.needsFork;
  if (sessionId !== undefined && needsFork !== undefined && (flag('resume') !== undefined || flag('continue') !== undefined) && flag('fork-session') === undefined) {
    return usage(1, needsFork);
  }

  let jsonSchema: unknown;
  const schemaText = text(flag('json-schema'));
  if (schemaText !== undefined) {
    try {
      jsonSchema = JSON.parse(schemaText);
    } catch (e) {
      // Claude Code refuses it at start; cbc 2.117.0 does not (capture argv/json_schema_invalid): no schema then
      if (cl.jsonSchemaError !== undefined) return usage(1, `${cl.jsonSchemaError}${(cl.jsonError ?? nodeWords)(schemaText, (e as Error).message)}`);
    }
  }

  // a shipped scenario's name or a path (issue #20); an unknown name exits 2, as an unreadable scenario file does
  const scenarioRef = setting('emu-scenario', 'CBC_EMU_SCENARIO');
  let scenarioFile: string | undefined;
  try {
    scenarioFile = scenarioRef === undefined ? undefined : resolveScenarioRef(scenarioRef);
  } catch (e) {
    if (e instanceof EmuError) return usage(2, `${EMU_PREFIX} ${e.message}`);
    throw e;
  }

  const resume = flag('resume');
  return {
    mode: 'serve',
    profile,
    ...formats,
    prompt: args.positionals.join(' '),
    scenarioFile,
    scenarioCompiled: env['CBC_EMU_SCENARIO_COMPILED'] || undefined,
    settingSources: text(flag('setting-sources')),
    settingsFlag: text(flag('settings')),
    managedSettings: text(flag('managed-settings')),
    seed: setting('emu-seed', 'CBC_EMU_SEED'),
    speed,
    home: setting('emu-home', 'CBC_EMU_HOME'),
    journalFile: setting('emu-journal', 'CBC_EMU_JOURNAL'),
    bridge: flag('emu-bridge') === true || truthy(env['CBC_EMU_BRIDGE']),
    jsonSchema,
    session: {
      resume: typeof resume === 'string' || resume === true ? resume : undefined,
      continue: flag('continue') === true,
      sessionId: sessionRefusal === undefined ? sessionId : undefined,
      fork: flag('fork-session') === true,
      resumeAt: text(flag('resume-session-at')),
      persist: flag('no-session-persistence') !== true,
    },
    sessionRefusal,
    model: text(flag('model')),
    permissionMode: flag('dangerously-skip-permissions') === true ? 'bypassPermissions' : permissionModeFlag(profile, text(flag('permission-mode'))),
    // cbc's switch; Claude Code reads no CODEBUDDY_ variable and still offers and runs the Workflow tool (capture
    // env_disable_workflows_workflow_h8); its own is CLAUDE_CODE_DISABLE_WORKFLOWS (env_claude_disable_workflows_workflow_fy)
    disableWorkflows: profile.behavior.workflowsOffEnv !== undefined && truthy(env[profile.behavior.workflowsOffEnv]),
    // cbc 2.117.0 takes each argv entry as one rule (src/engine/allow-rules.ts); Claude Code splits commas and spaces
    allowedTools: profile.behavior.allowRulesAsGiven === true ? asGiven(flag('allowedTools')) : splitToolList(flag('allowedTools')),
    disallowedTools: profile.behavior.allowRulesAsGiven === true ? asGiven(flag('disallowedTools')) : splitToolList(flag('disallowedTools')),
    permissionPromptStdio: text(flag('permission-prompt-tool')) === 'stdio',
    permissionPromptTool: ['stdio', '', undefined].includes(text(flag('permission-prompt-tool'))) ? undefined : text(flag('permission-prompt-tool')),
    partialMessages: flag('include-partial-messages') === true,
    worktree: flag('worktree') !== undefined,
    agent: text(flag('agent')),
    replayUserMessages: flag('replay-user-messages') === true,
    maxTurns: maxTurnsOf(profile, text(flag('max-turns')), env),
    maxBudgetUsd: positiveNumber(text(flag('max-budget-usd'))),
    fuzzToken: env['CBC_EMU_FUZZ'] || undefined,
    jsonError: cl.jsonError ?? nodeWords,
    agentFolders: cl.agentFolders,
    startChecks: (cl.startChecks ?? []).filter((c) => c.flags.some((f) => flag(f) !== undefined && (c.value === undefined || [flag(f)].flat().at(-1) === c.value))),
    cliFlags: withEnvFlags(new Map(args.flags), cl.envFlags, env),
    fileValued: cl.fileValued ?? [],
  };
}

/** The profile (it picks the option table: `--emu-profile x`, `--emu-profile=x` or CBC_EMU_PROFILE), then its command line parsed. */
function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): { profile: Profile; cl: CommandLine; args: ParsedArgv } | DropinConfig | UsageError {
  let name = env['CBC_EMU_PROFILE'] || 'cbc';
  argv.forEach((a, i) => {
    if (a === '--emu-profile' && argv[i + 1] !== undefined) name = argv[i + 1]!;
    else if (a.startsWith('--emu-profile=')) name = a.slice('--emu-profile='.length);
  });
  let profile: Profile;
  try {
    profile = getProfile(name);
  } catch (e) {
    if (e instanceof EmuError) return usage(2, `${EMU_PREFIX} ${e.message}`);
    throw e;
  }
  const cl = commandLine(profile.behavior.helpName);
  const early = cl.earlyVersion;
  if (early && argv.length > 0 && early.flags.includes(argv[0]!) && argv.slice(1).every((a, i) => i === 0 && early.alsoWith.includes(a))) return { mode: 'version', profile };
  const args = scanArgv(cl, argv);
  if (args) return { profile, cl, args };
  const out = parseWithCommander(cl, argv);
  switch (out.kind) {
    case 'args':
      return { profile, cl, args: out.args };
    case 'error':
      return usage(out.exit, out.message);
    case 'help':
      // the real CLI looks at the raw argv for -p/--print before it registers its subcommands
      return { mode: 'help', profile, commandless: cl.printModeHasNoCommands === true && (argv.includes('-p') || argv.includes('--print')) };
    default:
      return { mode: out.kind, profile };
  }
}

/** --permission-mode's value; one the profile does not know runs as `default` where the CLI does so (cbc 2.117.0). */
function permissionModeFlag(profile: Profile, mode: string | undefined): string {
  if (mode === undefined) return 'default';
  return profile.behavior.unknownPermissionModeIsDefault === true && profile.behavior.rejectPermissionMode(mode) !== undefined ? 'default' : mode;
}

/** A flag's positive number, or undefined. */
function positiveNumber(v: string | undefined): number | undefined {
  const n = Number(v);
  return v !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** --max-turns (and the environment) as the profile reads them (ProfileBehavior.maxTurnsValue), else a whole positive number. */
function maxTurnsOf(profile: Profile, v: string | undefined, env: NodeJS.ProcessEnv): number | undefined {
  const b = profile.behavior;
  return b.maxTurnsValue === undefined ? positiveInt(v) : b.maxTurnsValue(v, env);
}

/** A flag's whole positive number, or undefined. */
function positiveInt(v: string | undefined): number | undefined {
  const n = Number(v);
  return v !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** `--output-format` / `--input-format` / `--print` / `--verbose`, with the real CLIs' messages (commander's and the profile's). */
function checkFormats(profile: Profile, output: string | undefined, input: string | undefined, print: boolean, verbose: boolean): { outputFormat: OutputFormat; streamIn: boolean } | UsageError {
  // only reached where the real CLI's commander has no choices for it (cbc 2.117.0): an unknown format is text
  // (measured: ses_bad_output_format prints text; ses_bad_input_format_xml/_yaml read the prompt as text, exit 0)
  const outputFormat = OUTPUT_FORMATS.find((f) => f === (output ?? 'text')) ?? 'text';
  const streamIn = input === 'stream-json';
  if (!print && !streamIn && output === undefined) {
    return usage(2, `${EMU_PREFIX} the interactive terminal UI is not emulated; run with -p/--print or --input-format stream-json --output-format stream-json`);
  }
  if (profile.behavior.requiresVerboseForStreamJson) {
    if (streamIn && outputFormat !== 'stream-json') return usage(1, 'Error: --input-format=stream-json requires output-format=stream-json.');
    if (outputFormat === 'stream-json' && !verbose) return usage(1, 'Error: When using --print, --output-format=stream-json requires --verbose');
  }
  return { outputFormat, streamIn };
}

/** The flags the environment switches on (CliOptions.envFlags), beside those given. */
function withEnvFlags(flags: Map<string, string | true | readonly string[]>, envFlags: CliOptions['envFlags'], env: NodeJS.ProcessEnv) {
  for (const [name, flag] of Object.entries(envFlags ?? {})) {
    if (!flags.has(flag) && ['1', 'true', 'yes', 'on'].includes((env[name] ?? '').trim().toLowerCase())) flags.set(flag, true);
  }
  return flags;
}

/** JSON.parse's complaint as Node words it (a profile whose CLI runs on Node). */
const nodeWords = (_text: string, message: string): string => message;
