// Surface cases: held-back-3 (see index.mjs). A third held-back set for issue #16's acceptance: variants of
// existing surface rows (other values, other timing, other combinations an SDK sends), written and captured
// before anyone compared the emulator with them. Never used to tune the emulator (f-common rules).
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, afterTurn, around, C220, C328, CBC, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

/** A user line with extra fields, as the SDKs build it. */
const userLine = (fields) => ({ send: { type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '', ...fields } });
/** Claude needs --permission-prompt-tool stdio to ask the host; cbc 2.117.0 asks over stdio by itself. */
const ASK = (cli) => [...STREAM, ...(cli === CBC ? [] : ['--permission-prompt-tool', 'stdio'])];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
/** A model name each CLI knows: Claude ids, cbc 2.117.0's own list. */
const model = (cli, claude, cbc) => (cli === CBC ? cbc : claude);
/** The result of a `hi` turn: a second turn waits for it (a frame, not a sleep). */
const HI_RESULT = '"result":"Hello from fake API."';
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
/** The allow answer both SDKs understand (`behavior` for Claude, `allowed` for cbc 2.117.0). */
const ALLOW = { behavior: 'allow', allowed: true, updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
/** The Claude SDK's hook matcher shape in initialize. */
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];

/** stdin edge cases: shapes of user lines the SDKs (or a careless host) write. */
const STDIN = [
  { name: 'in_cache_control_block_h3', about: 'user content as a text block carrying cache_control ephemeral (as SDK users pass it)', clis: ALL, args: STREAM, steps: [...ready(), user([{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_user_priority_h3', about: 'a user line with priority "next", isSynthetic false and a uuid (SDKUserMessage fields)', clis: ALL, args: STREAM, steps: [...ready(), userLine({ priority: 'next', isSynthetic: false, uuid: '0a1b2c3d-0000-4000-8000-00000000003a' }), waitFor(RESULT), sleep(1), close] },
  { name: 'in_blank_lines_before_turn_h3', about: 'three empty lines and a whitespace line, then a turn (a host flushing blank lines)', clis: ALL, args: STREAM, steps: [...ready(), { send: '' }, { send: '' }, { send: '' }, { send: '  ' }, user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_empty_string_h3', about: 'a user line whose content is an empty string, to its result, then a `hi` turn', clis: ALL, args: STREAM, steps: [...ready(), user(''), waitFor(RESULT), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
  { name: 'in_keep_alive_mid_turn_h3', about: 'keep_alive lines while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, { send: { type: 'keep_alive' } }, sleep(1), { send: { type: 'keep_alive' } }, waitFor(RESULT, 30), sleep(1), close] },
  { name: 'in_two_objects_one_line_h3', about: 'two JSON objects on one stdin line (a host missing a newline), then a turn', clis: ALL, args: STREAM, steps: around({ send: '{"type":"keep_alive"}{"type":"keep_alive"}' }) },
];

/** SDK → CLI control requests: other values, other timing. `ctl_<subtype>_*` names attach them to the subtype's row. */
const CONTROL = [
  { name: 'ctl_interrupt_cancel_queued_h3', about: 'interrupt with cancel_queued: true while a slow turn runs (the SDK Stop button)', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt', cancel_queued: true }), waitFor(RESULT, 15), sleep(2), close] },
  { name: 'ctl_interrupt_after_result_h3', about: 'interrupt after a finished turn (nothing running, a session exists), then a turn', clis: ALL, args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), ctl('req_int', { subtype: 'interrupt' }), sleep(1), user('hi'), waitFor('"num_turns"', 20), sleep(2), close] },
  { name: 'ctl_set_model_no_model_h3', about: 'set_model with the model field left out (the SDK setModel() reset), after one turn', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_model' })) },
  { name: 'ctl_set_permission_mode_bypass_then_tool_h3', about: 'set_permission_mode bypassPermissions before the first turn (Claude not launched with --allow-dangerously-skip-permissions), then a Bash call nobody answers', clis: ALL, args: ASK, steps: [...ready(), ctl('req_2', { subtype: 'set_permission_mode', mode: 'bypassPermissions' }), sleep(1), user('FGBASH please'), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_set_max_thinking_tokens_zero_then_turn_h3', about: 'set_max_thinking_tokens 0 before the first turn, then a turn', clis: ALL, args: STREAM, steps: around(ctl('req_2', { subtype: 'set_max_thinking_tokens', max_thinking_tokens: 0 })) },
  { name: 'ctl_mcp_toggle_enable_h3', about: 'mcp_toggle enabled: true for a server nobody configured, after one turn', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'mcp_toggle', serverName: 'nosuch', enabled: true })) },
  { name: 'ctl_mcp_reconnect_idle_h3', about: 'mcp_reconnect before any turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'mcp_reconnect', serverName: 'none' }), sleep(2), close] },
  { name: 'ctl_rename_session_then_turn_h3', about: 'rename_session before the first turn, then a turn', clis: ALL, args: STREAM, steps: around(ctl('req_2', { subtype: 'rename_session', title: 'my task' })) },
  { name: 'ctl_stop_task_idle_h3', about: 'stop_task of an unknown task before any turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'stop_task', task_id: 'bnone0001' }), sleep(2), close] },
  { name: 'ctl_get_binary_version_idle_h3', about: 'get_binary_version right after initialize, before any turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'get_binary_version' }), sleep(2), close] },
  { name: 'ctl_rewind_files_apply_h3', about: 'rewind_files with dry_run false to an unknown message id, after one turn', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'rewind_files', user_message_id: '00000000-0000-4000-8000-0000000000aa', dry_run: false })) },
  { name: 'ctl_initialize_json_schema_h3', about: 'initialize with jsonSchema (the SDK outputFormat), then a turn', clis: ALL, args: STREAM, steps: [...ready({ jsonSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] } }), user('hi'), waitFor(RESULT, 60), sleep(1), close] },
  { name: 'ctl_set_color_idle_h3', about: 'set_color before any turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_color', color: 'red' }), sleep(2), close] },
];

/** CLI → SDK requests: other answers, other timing. */
const HOST = [
  { name: 'req_can_use_tool_allow_no_input_h3', about: 'a gated Bash call, the host allows without updatedInput', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'allow', allowed: true } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_can_use_tool_late_answer_h3', about: 'a gated Bash call answered (allow) 3 s after it was asked', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(3), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_can_use_tool_allow_rules_h3', about: 'a gated Bash call, the host allows with updatedPermissions (a session rule for Bash)', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { ...ALLOW, updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'allow', destination: 'session' }] } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_prompt_submit_h3', about: 'a UserPromptSubmit hook registered in initialize, answered continue: true, then the turn', clis: ALL, args: STREAM, steps: [...ready({ hooks: { UserPromptSubmit: hook('hook_0') } }), user('hi'), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
];

/** Session flags in other values and combinations. */
const PRE_TURN = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
const SESSION = [
  { name: 'ses_continue_fork_h3', about: '-p --continue --fork-session after one -p session', clis: ALL, args: ['-p', 'hi', '--continue', '--fork-session', ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_replay_user_uuid_h3', about: '--replay-user-messages with a user line that carries a uuid, then a second turn', clis: ALL, args: [...STREAM, '--replay-user-messages'], steps: [...ready(), userLine({ uuid: '0a1b2c3d-0000-4000-8000-00000000003b' }), waitFor(RESULT), sleep(1), user('hi'), waitFor('"num_turns"', 20), sleep(2), close] },
  { name: 'ses_partial_slow_h3', about: '--include-partial-messages with a slow text reply in stream-json input mode', clis: ALL, args: [...STREAM, '--include-partial-messages'], steps: [...ready(), user('SLOWTEXT please'), waitFor(RESULT, 30), sleep(1), close] },
  // not on cbc-2.117.0: whether its second result carries _requestId changed run to run (1 of 3 runs did)
  { name: 'ses_max_turns_text_two_h3', about: '--max-turns 1 in stream-json input mode with two text turns (is the limit per turn?)', clis: [C220, C328], args: [...STREAM, '--max-turns', '1'], steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('hi'), waitFor('"num_turns"', 20), sleep(2), close] },
  { name: 'ses_session_id_uppercase_h3', about: '--session-id with an upper-case uuid', clis: ALL, args: ['-p', 'hi', '--session-id', '5E551011-0000-4000-8000-0000000000AB', ...P_STREAM], steps: [close] },
  { name: 'ses_resume_replay_h3', about: '--resume of a stored session with --replay-user-messages in stream-json input mode, then a turn', clis: ALL, args: [...STREAM, '--resume', SID, '--replay-user-messages'], pre: PRE_TURN, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
];

// (--allow-dangerously-skip-permissions was tried for the bypass case and dropped: Claude refuses it as root, as the
// captures run)

/** Signals and stdin EOF at other phases. */
const SIGNALS = [
  { name: 'sig_term_pending_permission_h3', about: 'SIGTERM while a can_use_tool request waits for the host', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'sig_hup_mid_turn_h3', about: 'SIGHUP while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, { signal: 'SIGHUP' }, sleep(3)] },
  { name: 'eof_after_interrupt_h3', about: 'stdin EOF right after an interrupt of a slow turn (before its result)', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), close, sleep(5)] },
  { name: 'eof_mid_turn_partial_h3', about: 'stdin EOF while a slow turn streams with --include-partial-messages', clis: ALL, args: [...STREAM, '--include-partial-messages'], steps: [...ready(), ...slowTurnRunning, close, sleep(10)] },
];

/** Environment switches with other values and combinations. */
const ENV = [
  { name: 'env_entrypoint_sdk_cli_h3', about: 'CLAUDE_CODE_ENTRYPOINT=sdk-cli with CLAUDE_AGENT_SDK_VERSION, in -p mode', clis: ALL, args: ['-p', 'hi', ...P_STREAM], env: { CLAUDE_CODE_ENTRYPOINT: 'sdk-cli', CLAUDE_AGENT_SDK_VERSION: '0.2.9' }, steps: [close] },
  { name: 'env_session_state_permission_h3', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 with a gated Bash call the host allows', clis: ALL, args: ASK, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(2), close] },
  { name: 'env_disable_bg_bash_h3', about: 'CODEBUDDY_/CLAUDE_CODE_DISABLE_BACKGROUND_TASKS=1 with a background Bash request', clis: ALL, args: STREAM, bypass: true, env: { CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS: '1', CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: '1' }, steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 30), sleep(5), close] },
];

/** Options with other values and combinations (`opt_<option>_*`: inventory.mjs OPTION_CASES cites them). */
const optP = (name, about, clis, extra, prompt = 'hi', more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => ['-p', prompt, ...P_STREAM, ...extra(cli)] : ['-p', prompt, ...P_STREAM, ...extra], steps: [close], ...more });
const OPTIONS = [
  // not on claude-2.1.328: its system/informational names the fake API's port (127.0.0.1:<random>), which no
  // normalisation removes, so two runs never agree
  optP('opt_permission_mode_plan_tool_h3', '-p with a Bash call under --permission-mode plan', [CBC, C220], ['--permission-mode', 'plan'], 'FGBASH please'),
  optP('opt_permission_mode_dont_ask_h3', '-p with a Bash call under --permission-mode dontAsk', ALL, ['--permission-mode', 'dontAsk'], 'FGBASH please'),
  optP('opt_allowedTools_pattern_h3', '--allowedTools with a Bash(touch:*) rule and a Bash call in -p', ALL, ['--allowedTools', 'Bash(touch:*)'], 'FGBASH please'),
  optP('opt_disallowedTools_multi_h3', '--disallowedTools Write,Edit,WebFetch (init tool list)', ALL, ['--disallowedTools', 'Write,Edit,WebFetch']),
  optP('opt_tools_default_h3', '--tools default', ALL, ['--tools', 'default']),
  optP('opt_model_full_id_h3', '--model with a full model id (Claude) / another listed model (cbc)', ALL, (cli) => ['--model', model(cli, 'claude-sonnet-4-5-20250929', 'gpt-5.4-mini')]),
  optP('opt_agents_tools_model_h3', '--agents with tools and model fields (the SDK agents option)', ALL, ['--agents', '{"linter":{"description":"Lints files","prompt":"You lint.","tools":["Read","Grep"],"model":"haiku"}}']),
  optP('opt_settings_allow_bash_h3', '--settings allowing Bash, with a Bash call in -p', ALL, ['--settings', '{"permissions":{"allow":["Bash"]}}'], 'FGBASH please'),
  optP('opt_mcp_config_bad_server_h3', '--mcp-config with a stdio server whose command does not exist, --strict-mcp-config', ALL, ['--mcp-config', '{"mcpServers":{"ghost":{"type":"stdio","command":"/nonexistent/mcp-ghost","args":[]}}}', '--strict-mcp-config']),
  { name: 'opt_append_system_prompt_stream_h3', about: '--append-system-prompt in stream-json input mode, then a turn', clis: ALL, args: [...STREAM, '--append-system-prompt', 'Keep it short.'], steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...STDIN, ...CONTROL, ...HOST, ...SESSION, ...SIGNALS, ...ENV, ...OPTIONS];
