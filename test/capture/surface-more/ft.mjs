// Surface cases: FT's tuning variants of the option, session-flag and environment rows (issue #16, round 7): the
// flags the Claude Agent SDK writes that --help hides (--thinking, --thinking-display, --max-thinking-tokens,
// --task-budget, --session-mirror, --await-initialize, --managed-settings, --permission-prompt-tool), each option's
// other argument forms (empty, invalid, repeated, missing at the end of argv), the session flags' clashes, and the
// environment switches with other value forms ("true", "0", empty).
import { close, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, CBC, CLAUDE, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

/** A model name each CLI knows: Claude aliases, cbc 2.117.0's own list. */
const model = (cli, claude, cbc) => (cli === CBC ? cbc : claude);
const optP = (name, about, clis, extra, prompt = 'hi', more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => ['-p', prompt, ...P_STREAM, ...extra(cli)] : ['-p', prompt, ...P_STREAM, ...extra], steps: [close], ...more });
const turn = (text = 'hi', until = RESULT, t = 20) => [user(text), waitFor(until, t), sleep(1)];
const optS = (name, about, clis, extra, more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => [...STREAM, ...extra(cli)] : [...STREAM, ...extra], steps: [...ready(), ...turn(), close], ...more });
const PRE_TURN = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
const NEW_SID = '5e551011-0000-4000-8000-0000000000f7';
const OTHER_SID = '5e551011-0000-4000-8000-0000000000f8';
const UNKNOWN_SID = '00000000-0000-4000-8000-0000000000f9';

/** Flags the Claude Agent SDK writes (sdk.mjs ProcessTransport) that --help does not list. */
const SDK_FLAGS = [
  optP('opt_thinking_adaptive_ft', '-p with --thinking adaptive (SDK thinking: adaptive)', CLAUDE, ['--thinking', 'adaptive']),
  optP('opt_thinking_enabled_eq_ft', '-p with --thinking=enabled', CLAUDE, ['--thinking=enabled']),
  optP('opt_thinking_invalid_ft', '-p with --thinking bogus (not a choice)', CLAUDE, ['--thinking', 'bogus']),
  optP('opt_thinking_display_ft', '-p with --thinking-display summarized and --max-thinking-tokens 2048', CLAUDE, ['--max-thinking-tokens', '2048', '--thinking-display', 'summarized']),
  optP('opt_thinking_display_invalid_ft', '-p with --thinking-display bogus', CLAUDE, ['--thinking-display', 'bogus']),
  optP('opt_max_thinking_tokens_invalid_ft', '-p with --max-thinking-tokens abc', CLAUDE, ['--max-thinking-tokens', 'abc']),
  optS('opt_max_thinking_tokens_zero_stream_ft', '--max-thinking-tokens=0 in stream-json input mode, a turn', CLAUDE, ['--max-thinking-tokens=0']),
  optP('opt_task_budget_ft', '-p with --task-budget 5000 (SDK taskBudget)', CLAUDE, ['--task-budget', '5000']),
  optP('opt_task_budget_invalid_ft', '-p with --task-budget 0', CLAUDE, ['--task-budget', '0']),
  optS('opt_session_mirror_stream_ft', '--session-mirror in stream-json input mode (SDK sessionStore), a turn', CLAUDE, ['--session-mirror']),
  optS('opt_await_initialize_stream_ft', '--await-initialize in stream-json input mode, initialize, a turn', CLAUDE, ['--await-initialize']),
  optP('opt_managed_settings_ft', '-p FGBASH with --managed-settings denying Bash', CLAUDE, ['--managed-settings', '{"permissions":{"deny":["Bash"]}}'], 'FGBASH please'),
  optP('opt_permission_prompt_tool_unknown_ft', '-p FGBASH with --permission-prompt-tool naming an MCP tool no server offers', CLAUDE, ['--permission-prompt-tool', 'mcp__perm__ask'], 'FGBASH please'),
  optP('opt_include_hook_events_settings_hook_ft', '-p with --include-hook-events and a UserPromptSubmit command hook in --settings', CLAUDE, ['--include-hook-events', '--settings', '{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"echo hooked"}]}]}}']),
];

/** Argument forms of the --help options: empty, invalid, repeated, value missing at the end. */
const FORMS = [
  optP('opt_agent_unknown_ft', '-p with --agent naming no agent', ALL, ['--agent', 'nosuch']),
  optP('opt_effort_invalid_ft', '-p with --effort bogus', ALL, ['--effort', 'bogus']),
  optP('opt_max_turns_invalid_ft', '-p with --max-turns abc', ALL, ['--max-turns', 'abc']),
  optP('opt_max_turns_negative_ft', '-p with --max-turns -1', ALL, ['--max-turns', '-1']),
  optP('opt_max_budget_usd_invalid_ft', '-p with --max-budget-usd abc', CLAUDE, ['--max-budget-usd', 'abc']),
  optP('opt_model_empty_ft', "-p with --model ''", ALL, ['--model', '']),
  optP('opt_model_unknown_ft', '-p with --model naming no model Claude Code knows (a custom deployment name)', CLAUDE, ['--model', 'my-custom-model']),
  optP('opt_model_repeated_ft', '-p with --model given twice (the last wins?)', ALL, (cli) => ['--model', model(cli, 'haiku', 'gpt-5.4-mini'), '--model', model(cli, 'sonnet', 'gpt-5.4')]),
  optP('opt_permission_mode_repeated_ft', '-p with --permission-mode plan then --permission-mode default', ALL, ['--permission-mode', 'plan', '--permission-mode', 'default']),
  optP('opt_model_missing_value_ft', '-p with --model as the last argument (no value)', ALL, ['--model']),
  optP('opt_name_empty_ft', "-p with --name ''", ALL, ['--name', '']),
  optP('opt_append_system_prompt_empty_ft', "-p with --append-system-prompt ''", ALL, ['--append-system-prompt', '']),
  optP('opt_add_dir_empty_ft', "-p with --add-dir ''", ALL, ['--add-dir', '']),
  optP('opt_allowedTools_empty_ft', "-p with --allowedTools ''", ALL, ['--allowedTools', '']),
  optP('opt_mcp_config_empty_ft', "-p with --mcp-config ''", ALL, ['--mcp-config', '']),
  optP('opt_json_schema_invalid_ft', '-p with --json-schema text that is not JSON', ALL, ['--json-schema', 'not json']),
  optP('opt_agents_empty_ft', "-p with --agents ''", ALL, ['--agents', '']),
  optP('opt_fallback_model_empty_ft', "-p with --fallback-model ''", ALL, ['--fallback-model', '']),
];

/** Session flags: clashes and error paths in both input modes. */
const SESSION = [
  { name: 'ses_session_id_twice_ft', about: '--session-id given twice with two different ids', clis: ALL, args: ['-p', 'hi', '--session-id', NEW_SID, '--session-id', OTHER_SID, ...P_STREAM], steps: [close] },
  { name: 'ses_session_id_with_continue_ft', about: '--session-id with --continue (no --fork-session) after one session', clis: ALL, args: ['-p', 'hi', '--session-id', NEW_SID, '--continue', ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_session_id_continue_fork_ft', about: '--session-id with --continue --fork-session after one session', clis: ALL, args: ['-p', 'hi', '--session-id', NEW_SID, '--continue', '--fork-session', ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_resume_and_continue_ft', about: '--resume <stored id> and --continue together', clis: ALL, args: ['-p', 'hi', '--resume', SID, '--continue', ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_resume_unknown_stream_ft', about: '--resume of an unknown uuid in stream-json input mode, initialize, a turn', clis: CLAUDE, args: [...STREAM, '--resume', UNKNOWN_SID], steps: [...ready(), ...turn(), close] },
  { name: 'ses_resume_invalid_stream_ft', about: '--resume of a value that is not a uuid in stream-json input mode, initialize, a turn', clis: ALL, args: [...STREAM, '--resume', 'not-a-session'], steps: [...ready(), ...turn(), close] },
  { name: 'ses_resume_empty_ft', about: "-p with --resume ''", clis: ALL, args: ['-p', 'hi', '--resume', '', ...P_STREAM], steps: [close] },
  { name: 'ses_no_persistence_resume_ft', about: '--no-session-persistence with --resume of a stored session', clis: CLAUDE, args: ['-p', 'hi', '--no-session-persistence', '--resume', SID, ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_fork_no_resume_stream_ft', about: '--fork-session without --resume or --continue in stream-json input mode, a turn', clis: ALL, args: [...STREAM, '--fork-session'], steps: [...ready(), ...turn(), close] },
  { name: 'ses_continue_none_stream_ft', about: '--continue with no stored session in stream-json input mode, a turn', clis: ALL, args: [...STREAM, '--continue'], steps: [...ready(), ...turn(), close] },
  { name: 'ses_session_id_in_use_stream_ft', about: '--session-id of a stored session in stream-json input mode, a turn', clis: ALL, args: [...STREAM, '--session-id', SID], pre: PRE_TURN, steps: [...ready(), ...turn(), close] },
];

/** Environment switches with other value forms. */
const stateTurn = (name, value) => ({ name, about: `CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=${JSON.stringify(value)} with a turn`, clis: ALL, args: STREAM, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: value }, steps: [...ready(), ...turn(), close] });
const ENV = [
  stateTurn('env_session_state_true_ft', 'true'),
  stateTurn('env_session_state_zero_ft', '0'),
  stateTurn('env_session_state_empty_ft', ''),
  { name: 'env_disable_bg_true_ft', about: '*_DISABLE_BACKGROUND_TASKS=true with a background Bash request (-p)', clis: ALL, args: ['-p', 'BGBASH please', ...P_STREAM], bypass: true, env: { CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS: 'true', CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: 'true' }, steps: [close] },
  { name: 'env_disable_bg_empty_ft', about: '*_DISABLE_BACKGROUND_TASKS="" with a background Bash request (-p)', clis: ALL, args: ['-p', 'BGBASH please', ...P_STREAM], bypass: true, env: { CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS: '', CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: '' }, steps: [close] },
  { name: 'env_model_empty_ft', about: 'ANTHROPIC_MODEL="" / CODEBUDDY_MODEL="" (-p)', clis: ALL, args: ['-p', 'hi', ...P_STREAM], env: { ANTHROPIC_MODEL: '', CODEBUDDY_MODEL: '' }, steps: [close] },
  { name: 'env_sdk_reads_state_true_ft', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=true and CLAUDE_CODE_SDK_READS_SESSION_STATE=true with a turn', clis: CLAUDE, args: STREAM, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: 'true', CLAUDE_CODE_SDK_READS_SESSION_STATE: 'true' }, steps: [...ready(), ...turn(), close] },
  { name: 'env_entrypoint_empty_ft', about: 'CLAUDE_CODE_ENTRYPOINT="" / CODEBUDDY_CODE_ENTRYPOINT="" (-p)', clis: ALL, args: ['-p', 'hi', ...P_STREAM], env: { CLAUDE_CODE_ENTRYPOINT: '', CODEBUDDY_CODE_ENTRYPOINT: '' }, steps: [close] },
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...SDK_FLAGS, ...FORMS, ...SESSION, ...ENV];
