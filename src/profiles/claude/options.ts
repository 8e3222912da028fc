import { join } from 'node:path';
import { homeDir } from '../../env.js';
import { SESSION_ID_PATTERN } from '../../protocol/vocabulary.js';
import { bunJsonError } from './bun-json.js';
import type { CliOptions, OptionSpec, StartCheck, ValueCheck } from '../options.js';

/**
 * Claude Code's command line per version (the native binaries of @anthropic-ai/claude-code-linux-x64): the
 * options of src/dropin/help/claude-<version>.txt (commander sorts them by name there), then the
 * `.hideHelp()` options of the binary that the main command accepts (each tried against the binary: an
 * option the binary declares for a subcommand only is left out). Checks: the binary's `.argParser()`s of the
 * flags the SDK passes; the other argParsers are not modelled.
 */

const NUMBER: ValueCheck = { rule: 'integer', message: 'must be a number' };
const TASK_BUDGET: ValueCheck = { rule: 'positive-integer', message: '--task-budget must be a positive integer' };
const BUDGET_220: ValueCheck = { rule: 'positive-number', message: '--max-budget-usd must be a positive number greater than 0' };
const BUDGET_328: ValueCheck = { rule: 'positive-number', message: '--max-budget-usd must be a number greater than 0' };

/** What both versions share besides their tables: the early version path and the start-up checks (captures argv/*). */
const COMMON: Omit<CliOptions, 'options'> = {
  // `claude --version` / `-v` / `-V` (optionally with --verbose) print the version before commander runs
  earlyVersion: { flags: ['--version', '-v', '-V'], alsoWith: ['--verbose'] },
  // an empty value counts as none (measured: ses_session_id_empty)
  sessionId: { valid: SESSION_ID_PATTERN, message: () => 'Error: Invalid session ID. Must be a valid UUID.', exit: 1, emptyIsNone: true },
  jsonSchemaError: 'Error: --json-schema is not valid JSON: ',
  // agent files: the user's (its config folder) then the project's (capture opt_agent_file_stream_ff), each when
  // --setting-sources names its source (capture opt_agent_file_setting_sources_user_ff)
  agentFolders: (cwd, env, sources) => [
    ...(sources === undefined || sources.includes('user') ? [join(env['CLAUDE_CONFIG_DIR'] || join(env['HOME'] || homeDir(), '.claude'), 'agents')] : []),
    ...(sources === undefined || sources.includes('project') ? [join(cwd, '.claude', 'agents')] : []),
  ],
  // read from its mode checks (isBareMode: CLAUDE_CODE_SIMPLE or --bare, which sets it; safe mode and restricted alike;
  // capture env_simple_stream_ff)
  envFlags: { CLAUDE_CODE_SIMPLE: 'bare', CLAUDE_CODE_SAFE_MODE: 'safe-mode' },
  // its binaries are Bun builds: JSON.parse complains in JavaScriptCore's words (capture opt_agents_bad_json_file_fo)
  jsonError: (text, message) => `JSON Parse error: ${bunJsonError(text, { message })}`,
  printModeHasNoCommands: true,
};

/**
 * Read from the binary: an --agent naming no agent ends a text-input run that resumes nothing, once the other start checks
 * passed (capture opt_agent_unknown_ft; the built-in names are system/init's agents).
 */
const AGENT_CHECK: StartCheck = {
  flags: ['agent'],
  when: { kind: 'unknown-agent', builtIn: ['claude', 'Explore', 'general-purpose', 'Plan', 'statusline-setup'] },
  message: "--agent '{given}' not found. Available agents: {agents}",
  exit: 1,
};
/**
 * Start-up refusals (captures opt_dangerously_skip_permissions, opt_allow_dangerously_skip_permissions, opt_file,
 * opt_worktree; all exit 1 with nothing on stdout). IS_SANDBOX=1 lifts the root refusal (Claude Code's documented
 * escape for containers).
 */
const startChecks = (worktreeHook: string, settingsPath: string): readonly StartCheck[] => [
  // measured (ses_resume_session_at_no_resume_fo): before anything else
  { flags: ['resume-session-at'], when: { kind: 'without', flag: 'resume' }, message: 'Error: --resume-session-at requires --resume', exit: 1 },
  // a json-or-file value that is no JSON object is a path (captures opt_mcp_config_missing_fo, opt_settings_missing_fo,
  // opt_settings_invalid_fo: `{not json` is a file not found; 2.1.220 names --settings' path as given, 2.1.328 absolute)
  { flags: ['mcp-config'], when: { kind: 'no-file' }, message: 'Error: Invalid MCP configuration:\nMCP config file not found: {path}', exit: 1 },
  // capture opt_mcp_config_bad_json_file_fo
  { flags: ['mcp-config'], when: { kind: 'bad-json-file' }, message: 'Error: Invalid MCP configuration:\nMCP config is not a valid JSON', exit: 1 },
  { flags: ['settings'], when: { kind: 'no-file' }, message: `Error: Settings file not found: ${settingsPath}`, exit: 1 },
  // read from its eager settings load (capture opt_setting_sources_invalid_fy: exit 1, nothing on stdout)
  { flags: ['setting-sources'], when: { kind: 'bad-list-item', valid: ['user', 'project', 'local'] }, message: 'Error processing --setting-sources: Invalid setting source: {given}. Valid options are: user, project, local', exit: 1 },
  {
    flags: ['dangerously-skip-permissions', 'allow-dangerously-skip-permissions'],
    when: { kind: 'root' },
    message: '--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons',
    exit: 1,
  },
  // the same refusal for the mode named by --permission-mode (read from its setup: `mode === "bypassPermissions" ||
  // allowDangerouslySkipPermissions`; capture opt_permission_mode_bypass_bash_call, exit 1 with nothing on stdout)
  {
    flags: ['permission-mode'],
    value: 'bypassPermissions',
    when: { kind: 'root' },
    message: '--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons',
    exit: 1,
  },
  {
    flags: ['file'],
    when: { kind: 'env-unset', name: 'CLAUDE_CODE_SESSION_ACCESS_TOKEN' },
    message: 'Error: Session token required for file downloads. CLAUDE_CODE_SESSION_ACCESS_TOKEN must be set.',
    exit: 1,
  },
  {
    flags: ['worktree'],
    when: { kind: 'no-git' },
    message: `Error: Can only use --worktree in a git repository, but {cwd} is not a git repository. Configure a WorktreeCreate hook ${worktreeHook}to use --worktree with other VCS systems.`,
    exit: 1,
  },
];

const V220: readonly OptionSpec[] = [
  { flags: '--add-dir <directories...>' },
  { flags: '--agent <agent>' },
  { flags: '--agents <json>' },
  { flags: '--allow-dangerously-skip-permissions' },
  { flags: '--allowedTools, --allowed-tools <tools...>' },
  { flags: '--append-system-prompt <prompt>' },
  { flags: '--ax-screen-reader' },
  { flags: '--bg, --background' },
  { flags: '--bare' },
  { flags: '--betas <betas...>' },
  { flags: '--brief' },
  { flags: '--chrome' },
  { flags: '-c, --continue' },
  { flags: '--dangerously-skip-permissions' },
  { flags: '-d, --debug [filter]' },
  { flags: '--debug-file <path>' },
  { flags: '--disable-slash-commands' },
  { flags: '--disallowedTools, --disallowed-tools <tools...>' },
  { flags: '--effort <level>' },
  { flags: '--exclude-dynamic-system-prompt-sections' },
  { flags: '--fallback-model <model>' },
  { flags: '--file <specs...>' },
  { flags: '--fork-session' },
  { flags: '--forward-subagent-text' },
  { flags: '--from-pr [value]' },
  { flags: '-h, --help' },
  { flags: '--ide' },
  { flags: '--include-hook-events' },
  { flags: '--include-partial-messages' },
  { flags: '--input-format <format>', choices: ['text', 'stream-json'] },
  { flags: '--json-schema <schema>' },
  { flags: '--max-budget-usd <amount>', check: BUDGET_220 },
  { flags: '--mcp-config <configs...>' },
  { flags: '--model <model>' },
  { flags: '-n, --name <name>' },
  { flags: '--no-chrome' },
  { flags: '--no-session-persistence' },
  { flags: '--output-format <format>', choices: ['text', 'json', 'stream-json'] },
  { flags: '--permission-mode <mode>', choices: ['acceptEdits', 'auto', 'bypassPermissions', 'manual', 'dontAsk', 'plan'], unlisted: ['default'] },
  { flags: '--plugin-dir <path>' },
  { flags: '--plugin-url <url>' },
  { flags: '-p, --print' },
  { flags: '--prompt-suggestions [value]', choices: ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'] },
  { flags: '--remote-control [name]' },
  { flags: '--remote-control-session-name-prefix <prefix>' },
  { flags: '--replay-user-messages' },
  { flags: '-r, --resume [value]' },
  { flags: '--safe-mode' },
  { flags: '--session-id <uuid>' },
  { flags: '--setting-sources <sources>' },
  { flags: '--settings <file-or-json>' },
  { flags: '--strict-mcp-config' },
  { flags: '--system-prompt <prompt>' },
  { flags: '--tmux' },
  { flags: '--tools <tools...>' },
  { flags: '--verbose' },
  { flags: '-v, --version' },
  { flags: '-w, --worktree [name]' },
  { flags: '--advisor <model>', hidden: true },
  { flags: '--agent-color <color>', hidden: true },
  { flags: '--agent-id <id>', hidden: true },
  { flags: '--agent-name <name>', hidden: true },
  { flags: '--agent-type <type>', hidden: true },
  { flags: '--append-subagent-system-prompt <prompt>', hidden: true },
  { flags: '--append-system-prompt-file <file>', hidden: true },
  { flags: '--channels <servers...>', hidden: true },
  { flags: '--cloud [description|session_id|url]', hidden: true },
  { flags: '--dangerously-load-development-channels <servers...>', hidden: true },
  { flags: '--deep-link-cwd-b64 <b64>', hidden: true },
  { flags: '--deep-link-last-fetch <ms>', hidden: true },
  { flags: '--deep-link-origin', hidden: true },
  { flags: '--deep-link-repo <slug>', hidden: true },
  { flags: '--enable-auth-status', hidden: true },
  { flags: '--enable-auto-mode', hidden: true },
  { flags: '--init', hidden: true },
  { flags: '--init-only', hidden: true },
  { flags: '--maintenance', hidden: true },
  { flags: '--managed-settings <json>', hidden: true },
  { flags: '--max-thinking-tokens <tokens>', check: NUMBER, hidden: true },
  { flags: '--max-turns <turns>', check: NUMBER, hidden: true },
  { flags: '--parent-session-id <id>', hidden: true },
  { flags: '--permission-prompt-tool <tool>', hidden: true },
  { flags: '--plan-mode-instructions <instructions>', hidden: true },
  { flags: '--plan-mode-required', hidden: true },
  { flags: '--plugin-dir-no-mcp <path>', hidden: true },
  { flags: '--prefill <text>', hidden: true },
  { flags: '--prefill-b64 <b64>', hidden: true },
  { flags: '--rc [name]', hidden: true },
  { flags: '--remote [description|session_id|url]', hidden: true },
  { flags: '--reply-on-resume', hidden: true },
  { flags: '--resume-session-at <message id>', hidden: true },
  { flags: '--rewind-files <user-message-id>', hidden: true },
  { flags: '--sdk-url <url>', hidden: true },
  { flags: '--session-mirror', hidden: true },
  { flags: '--system-prompt-file <file>', hidden: true },
  { flags: '--task-budget <tokens>', check: TASK_BUDGET, hidden: true },
  { flags: '--team-name <name>', hidden: true },
  { flags: '--teammate-mode <mode>', choices: ['auto', 'tmux', 'iterm2', 'in-process'], hidden: true },
  { flags: '--teleport [session]', hidden: true },
  { flags: '--thinking <mode>', choices: ['enabled', 'adaptive', 'disabled'], hidden: true },
  { flags: '--thinking-display <display>', choices: ['summarized', 'omitted'], hidden: true },
  { flags: '--workload <tag>', hidden: true },
  { flags: '-d2e, --debug-to-stderr', hidden: true },
  { flags: '-i, --interactive', hidden: true },
];

const V328: readonly OptionSpec[] = [
  { flags: '--add-dir <directories...>' },
  { flags: '--agent <agent>' },
  { flags: '--agents <json-or-file>' },
  { flags: '--allow-dangerously-skip-permissions' },
  { flags: '--allowedTools, --allowed-tools <tools...>' },
  { flags: '--append-system-prompt <prompt>' },
  { flags: '--autocompact <auto|tokens>' },
  { flags: '--ax-screen-reader' },
  { flags: '--bg, --background' },
  { flags: '--bare' },
  { flags: '--betas <betas...>' },
  { flags: '--brief' },
  { flags: '--chrome' },
  { flags: '--cloud [description|session_id|url]' },
  { flags: '-c, --continue' },
  { flags: '--dangerously-skip-permissions' },
  { flags: '-d, --debug [filter]' },
  { flags: '--debug-file <path>' },
  { flags: '--desktop' },
  { flags: '--disable-slash-commands' },
  { flags: '--disallowedTools, --disallowed-tools <tools...>' },
  { flags: '--effort <level>' },
  { flags: '--environment <environment_id>' },
  { flags: '--exclude-dynamic-system-prompt-sections' },
  { flags: '--fallback-model <model>' },
  { flags: '--file <specs...>' },
  { flags: '--fork-session' },
  { flags: '--forward-subagent-text' },
  { flags: '--from-pr [value]' },
  { flags: '-h, --help' },
  { flags: '--ide' },
  { flags: '--include-hook-events' },
  { flags: '--include-partial-messages' },
  { flags: '--input-format <format>', choices: ['text', 'stream-json'] },
  { flags: '--json-schema <schema>' },
  { flags: '--max-budget-usd <amount>', check: BUDGET_328 },
  { flags: '--mcp-config <configs...>' },
  { flags: '--model <model>' },
  { flags: '-n, --name <name>' },
  { flags: '--no-chrome' },
  { flags: '--no-session-persistence' },
  { flags: '--output-format <format>', choices: ['text', 'json', 'stream-json'] },
  { flags: '--permission-mode <mode>', choices: ['acceptEdits', 'auto', 'bypassPermissions', 'manual', 'dontAsk', 'plan'], unlisted: ['default'] },
  { flags: '--permission-prompts <target>', choices: ['host', 'none'] },
  { flags: '--plugin-dir <path>' },
  { flags: '--plugin-url <url>' },
  { flags: '-p, --print' },
  { flags: '--prompt-suggestions [value]', choices: ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'] },
  { flags: '--remote-control [name]' },
  { flags: '--remote-control-session-name-prefix <prefix>' },
  { flags: '--replay-user-messages' },
  { flags: '--restricted' },
  { flags: '-r, --resume [value]' },
  { flags: '--safe-mode' },
  { flags: '--session-id <uuid>' },
  { flags: '--setting-sources <sources>' },
  { flags: '--settings <file-or-json>' },
  { flags: '--strict-mcp-config' },
  { flags: '--system-prompt <prompt>' },
  { flags: '--system-prompt-snapshot <on|off>', choices: ['on', 'off'] },
  { flags: '--teleport [session]' },
  { flags: '--tmux' },
  { flags: '--tools <tools...>' },
  { flags: '--verbose' },
  { flags: '-v, --version' },
  { flags: '-w, --worktree [name]' },
  { flags: '--advisor <model>', hidden: true },
  { flags: '--agent-color <color>', hidden: true },
  { flags: '--agent-id <id>', hidden: true },
  { flags: '--agent-name <name>', hidden: true },
  { flags: '--agent-type <type>', hidden: true },
  { flags: '--allow-other-models', hidden: true },
  { flags: '--append-subagent-system-prompt <prompt>', hidden: true },
  { flags: '--append-subagent-system-prompt-file <file>', hidden: true },
  { flags: '--append-system-prompt-file <file>', hidden: true },
  { flags: '--attach-serve <session_id>', hidden: true },
  { flags: '--await-claim', hidden: true },
  { flags: '--await-initialize', hidden: true },
  { flags: '--channels <servers...>', hidden: true },
  { flags: '--client-data-url <url>', hidden: true },
  { flags: '--correlation-id <id>', hidden: true },
  { flags: '--dangerously-load-development-channels <servers...>', hidden: true },
  { flags: '--deep-link-cwd-b64 <b64>', hidden: true },
  { flags: '--deep-link-last-fetch <ms>', hidden: true },
  { flags: '--deep-link-origin', hidden: true },
  { flags: '--deep-link-repo <slug>', hidden: true },
  { flags: '--enable-auth-status', hidden: true },
  { flags: '--enable-auto-mode', hidden: true },
  { flags: '--forward-home-settings <true|false>', choices: ['true', 'false', '1', '0'], hidden: true },
  { flags: '--hold-repository-while-parked', hidden: true },
  { flags: '--host-auth-is-org-sign-in', hidden: true },
  { flags: '--include-unsupported-models', hidden: true },
  { flags: '--inherit-permission-mode <mode>', choices: ['acceptEdits', 'auto', 'bypassPermissions', 'manual', 'dontAsk', 'plan'], unlisted: ['default'], hidden: true },
  { flags: '--init', hidden: true },
  { flags: '--init-only', hidden: true },
  { flags: '--initialize-fields <names>', hidden: true },
  { flags: '--lead-verify-key <time.key>', hidden: true },
  { flags: '--maintenance', hidden: true },
  { flags: '--managed-settings <json>', hidden: true },
  { flags: '--managed-settings-in-initialize', hidden: true },
  { flags: '--max-thinking-tokens <tokens>', check: NUMBER, hidden: true },
  { flags: '--max-turns <turns>', check: NUMBER, hidden: true },
  { flags: '--metadata <key=value>', hidden: true },
  { flags: '--on-branch <branch>', hidden: true },
  { flags: '--parent-session-id <id>', hidden: true },
  { flags: '--permission-prompt-tool <tool>', hidden: true },
  { flags: '--plan-mode-instructions <instructions>', hidden: true },
  { flags: '--plan-mode-required', hidden: true },
  { flags: '--plugin-dir-no-mcp <path>', hidden: true },
  { flags: '--pool <pool_id>', hidden: true },
  { flags: '--prefill <text>', hidden: true },
  { flags: '--prefill-b64 <b64>', hidden: true },
  { flags: '--project-config-root <dir>', hidden: true },
  { flags: '--rc [name]', hidden: true },
  { flags: '--ref <ref>', hidden: true },
  { flags: '--remote [description|session_id|url]', hidden: true },
  { flags: '--reply-on-resume', hidden: true },
  { flags: '--resume-drops-turn <message id>', hidden: true },
  { flags: '--resume-session-at <message id>', hidden: true },
  { flags: '--rewind-files <user-message-id>', hidden: true },
  { flags: '--sdk-url <url>', hidden: true },
  { flags: '--session-began-as-copy <value>', hidden: true },
  { flags: '--session-mirror', hidden: true },
  { flags: '--system-prompt-file <file>', hidden: true },
  { flags: '--task-budget <tokens>', check: TASK_BUDGET, hidden: true },
  { flags: '--team-name <name>', hidden: true },
  { flags: '--teammate-mode <mode>', choices: ['auto', 'tmux', 'iterm2', 'in-process'], hidden: true },
  { flags: '--thinking <mode>', choices: ['enabled', 'adaptive', 'disabled'], hidden: true },
  { flags: '--thinking-display <display>', choices: ['summarized', 'omitted', 'highlights'], hidden: true },
  { flags: '--watch-artifact <artifact>', hidden: true },
  { flags: '--workload <tag>', hidden: true },
  { flags: '-d2e, --debug-to-stderr', hidden: true },
];

/** Claude Code 2.1.220. */
export const CLAUDE_2_1_220_OPTIONS: CliOptions = {
  ...COMMON,
  options: V220,
  startChecks: [...startChecks('in settings.json ', '{given}'), AGENT_CHECK],
  // measured: ses_session_id_with_resume (exit 1, nothing on stdout)
  sessionId: { ...COMMON.sessionId, needsFork: 'Error: --session-id can only be used with --continue or --resume if --fork-session is also specified.' },
};
/** Claude Code 2.1.328. */
export const CLAUDE_2_1_328_OPTIONS: CliOptions = {
  ...COMMON,
  options: V328,
  startChecks: [
    ...startChecks('', '{path}'),
    // 2.1.328 reads --agents from a file too (its --help; capture opt_agents_invalid_fo)
    { flags: ['agents'], when: { kind: 'no-file' }, message: 'Error: --agents file not found: {path} (a value that is not a JSON object is read as a file path)', exit: 1 },
    // a definition whose field has the wrong type (capture opt_agent_tools_string_stream_ff; 2.1.220 drops the agent)
    { flags: ['agents'], when: { kind: 'bad-agents' }, message: 'Error: Invalid --agents configuration:\n{error}', exit: 1 },
    // capture opt_agents_bad_json_file_fo (the parse error in Bun's words: COMMON.jsonError)
    { flags: ['agents'], when: { kind: 'bad-json-file' }, message: 'Error: Invalid --agents configuration:\ninvalid JSON: {error}\n(read from {path})', exit: 1 },
    AGENT_CHECK,
  ],
  fileValued: ['agents'], // capture opt_agents_file_fo: the file's agents are listed
  // 2.1.328 has --restricted and reads its variable (2.1.220 knows neither: capture env_restricted_stream_ff)
  envFlags: { ...COMMON.envFlags, CLAUDE_CODE_RESTRICTED: 'restricted' },
  sessionId: { ...COMMON.sessionId, needsFork: 'Error: --session-id with --continue or --resume also needs --fork-session.' },
};
