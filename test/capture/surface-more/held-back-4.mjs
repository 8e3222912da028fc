// Surface cases: held-back-4 (see index.mjs). A fourth held-back set for issue #16's acceptance: variants of
// existing surface rows (other values, other timing, other combinations an SDK sends; argv shapes taken from
// the Claude Agent SDK's ProcessTransport and its control request types), written and captured before anyone
// compared the emulator with them. Never used to tune the emulator (f-common rules).
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, afterTurn, C328, CBC, CLAUDE, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

/** A user line with extra fields, as the SDKs build it. */
const userLine = (content, fields) => ({ send: { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '', ...fields } });
/** Claude needs --permission-prompt-tool stdio to ask the host (the SDK writes it with `=`); cbc 2.117.0 asks over stdio by itself. */
const ASK = (cli) => [...STREAM, ...(cli === CBC ? [] : ['--permission-prompt-tool=stdio'])];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
/** A model name each CLI knows: Claude aliases, cbc 2.117.0's own list. */
const model = (cli, claude, cbc) => (cli === CBC ? cbc : claude);
/** The result of a `hi` turn: a second turn waits for it (a frame, not a sleep). */
const HI_RESULT = '"result":"Hello from fake API."';
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
/** The allow answer both SDKs understand (`behavior` for Claude, `allowed` for cbc 2.117.0). */
const ALLOW = { behavior: 'allow', allowed: true, updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
const DENY = { behavior: 'deny', allowed: false, message: 'not this one', reason: 'not this one' };
/** The Claude SDK's hook matcher shape in initialize. */
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];
/** The result of a SLOWTEXT turn, and of a turn after a tool call: a later turn waits for a result text no earlier
 * turn had (num_turns differs per CLI: cumulative on cbc 2.117.0). */
const SLOW_RESULT = '"result":"slow reply"';
const FINAL_RESULT = '"result":"FINAL: acknowledged"';
/** A turn to its result, then 1 s. */
const turn = (text = 'hi', until = RESULT, t = 20) => [user(text), waitFor(until, t), sleep(1)];

/** stdin edge cases: shapes of user lines the SDKs (or a careless host) write. */
const STDIN = [
  { name: 'in_bom_line_h4', about: 'a user line that starts with a UTF-8 byte order mark (a host writing through a BOM-adding encoder)', clis: ALL, args: STREAM, steps: [...ready(), { send: '\ufeff{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null,"session_id":""}' }, waitFor(RESULT), sleep(1), close] },
  { name: 'in_indented_json_h4', about: 'a user line with leading spaces and a tab before the JSON object, then EOF', clis: ALL, args: STREAM, steps: [...ready(), { send: ' \t {"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null,"session_id":""}' }, waitFor(RESULT), sleep(1), close] },
  { name: 'in_parent_tool_use_id_h4', about: 'a user line whose parent_tool_use_id names a tool_use nobody made', clis: ALL, args: STREAM, steps: [...ready(), userLine('hi', { parent_tool_use_id: 'toolu_01NoSuchToolUse0000000000' }), waitFor(RESULT), sleep(1), close] },
  // not on cbc-2.117.0: each keep_alive before initialize starts an empty turn of its own, and whether the two share a
  // session id changed run to run (one run shared it, the other did not)
  { name: 'in_keep_alive_before_init_h4', about: 'keep_alive lines before initialize (an SDK heartbeat starting early), then a turn', clis: CLAUDE, args: STREAM, steps: [{ send: { type: 'keep_alive' } }, { send: { type: 'keep_alive' } }, ...ready(), ...turn(), close] },
  { name: 'in_user_priority_now_after_turn_h4', about: 'a second user line with priority "now" and a uuid after a finished slow turn', clis: ALL, args: STREAM, steps: [...ready(), ...turn('SLOWTEXT please', SLOW_RESULT, 30), userLine('hi', { priority: 'now', uuid: '0a1b2c3d-0000-4000-8000-00000000004a' }), waitFor(HI_RESULT), sleep(2), close] },
  { name: 'in_text_block_then_string_h4', about: 'a turn whose content is a text block, then a turn whose content is a plain string', clis: ALL, args: STREAM, steps: [...ready(), user([{ type: 'text', text: 'SLOWTEXT please' }]), waitFor(RESULT, 30), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
];

/** SDK → CLI control requests: other values, other timing. `ctl_<subtype>_*` names attach them to the subtype's row. */
const CONTROL = [
  { name: 'ctl_get_context_usage_no_detail_h4', about: 'get_context_usage with no detail field (the SDK getContextUsage() default), after one turn', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'get_context_usage' })) },
  { name: 'ctl_read_file_base64_h4', about: 'read_file of an existing file with encoding base64 and max_bytes 4', clis: ALL, args: STREAM, files: { 'note.txt': 'hello file\n' }, steps: afterTurn(ctl('req_2', { subtype: 'read_file', path: 'note.txt', encoding: 'base64', max_bytes: 4 })) },
  { name: 'ctl_file_suggestions_idle_h4', about: 'file_suggestions with a query matching a file, before any turn', clis: ALL, args: STREAM, files: { 'notes.md': '# notes\n' }, steps: [...ready(), ctl('req_2', { subtype: 'file_suggestions', query: 'notes' }), sleep(2), close] },
  { name: 'ctl_mcp_set_servers_sdk_h4', about: 'mcp_set_servers with an sdk-type server (what setMcpServers sends for an in-process server), after one turn', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'mcp_set_servers', servers: { inproc: { type: 'sdk', name: 'inproc' } } })) },
  { name: 'ctl_mcp_message_idle_h4', about: 'mcp_message to an unknown server before any turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'mcp_message', server_name: 'none', message: { jsonrpc: '2.0', id: 7, method: 'tools/list' } }), sleep(2), close] },
  { name: 'ctl_set_max_thinking_tokens_mid_turn_h4', about: 'set_max_thinking_tokens 16000 while a slow turn runs, then a turn', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'set_max_thinking_tokens', max_thinking_tokens: 16000 }), waitFor(RESULT, 30), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
  { name: 'ctl_interrupt_twice_mid_turn_h4', about: 'two interrupts back to back while a slow turn runs, then EOF', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_int1', { subtype: 'interrupt' }), ctl('req_int2', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(2), close] },
  // not on cbc-2.117.0: on the loaded capture machine its permission request came after the harness's answer wait
  // twice of three runs (EOF rejection) and once before it (host's allow): the capture depends on machine load
  { name: 'ctl_set_permission_mode_accept_edits_then_tool_h4', about: 'set_permission_mode acceptEdits before the first turn, then a gated Bash call the host allows', clis: CLAUDE, args: ASK, steps: [...ready(), ctl('req_2', { subtype: 'set_permission_mode', mode: 'acceptEdits' }), sleep(1), user('FGBASH please'), { answer: 'can_use_tool', response: ALLOW, timeout: 20 }, waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_list_permission_rules_after_allow_h4', about: 'list_permission_rules after the host allowed a Bash call with a session rule', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { ...ALLOW, updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'allow', destination: 'session' }] } }, waitFor(RESULT), sleep(1), ctl('req_2', { subtype: 'list_permission_rules' }), sleep(2), close] },
  { name: 'ctl_get_session_cost_after_error_h4', about: 'get_session_cost after a turn whose model request failed', clis: ALL, args: STREAM, steps: [...ready(), ...turn('APIERR please'), ctl('req_2', { subtype: 'get_session_cost' }), sleep(2), close] },
  { name: 'ctl_background_tasks_idle_h4', about: 'background_tasks (no tool_use_id) before any turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'background_tasks' }), sleep(2), close] },
  { name: 'ctl_cancel_async_message_mid_turn_h4', about: 'cancel_async_message of an unknown uuid while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'cancel_async_message', message_uuid: '00000000-0000-4000-8000-0000000000bb' }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_initialize_prompt_suggestions_h4', about: 'initialize with promptSuggestions: true and an empty hooks map, then a turn', clis: ALL, args: STREAM, steps: [...ready({ hooks: {}, promptSuggestions: true }), ...turn(), close] },
];

/** CLI → SDK requests: other answers, other hooks. */
const HOST = [
  { name: 'req_hook_callback_post_tool_h4', about: 'a PostToolUse hook for Bash registered in initialize, a bypassed Bash call, answered continue: true', clis: ALL, args: STREAM, bypass: true, steps: [...ready({ hooks: { PostToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_pretool_deny_h4', about: 'a PreToolUse hook answering permissionDecision deny for a bypassed Bash call', clis: ALL, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), { answer: 'hook_callback', response: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'blocked by host' } } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_can_use_tool_deny_second_turn_h4', about: 'a `hi` turn, then a gated Bash call in the second turn that the host denies', clis: ALL, args: ASK, steps: [...ready(), ...turn('hi', HI_RESULT), user('FGBASH please'), { answer: 'can_use_tool', response: DENY }, waitFor(FINAL_RESULT), sleep(1), close] },
  { name: 'req_can_use_tool_allow_partial_h4', about: 'a gated Bash call the host allows, with --include-partial-messages', clis: ALL, args: (cli) => [...ASK(cli), '--include-partial-messages'], steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
];

/** Session flags in other values and combinations. */
const PRE_TURN = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
const NEW_SID = '5e551011-0000-4000-8000-0000000000c4';
const SESSION = [
  { name: 'ses_resume_fork_session_id_h4', about: '--resume of a stored session with --fork-session and a chosen --session-id (SDK forkSession + sessionId)', clis: ALL, args: ['-p', 'hi', '--resume', SID, '--fork-session', '--session-id', NEW_SID, ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_resume_session_at_unknown_h4', about: '--resume with --resume-session-at a message id the session does not have (SDK resumeSessionAt)', clis: CLAUDE, args: ['-p', 'hi', '--resume', SID, '--resume-session-at', '00000000-0000-4000-8000-0000000000cc', ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_continue_partial_h4', about: '-p --continue with --include-partial-messages after one -p session', clis: ALL, args: ['-p', 'hi', '--continue', '--include-partial-messages', ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_replay_user_blocks_h4', about: '--replay-user-messages with user content as text blocks', clis: ALL, args: [...STREAM, '--replay-user-messages'], steps: [...ready(), user([{ type: 'text', text: 'hi' }, { type: 'text', text: 'there' }]), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_max_turns_stream_tool_two_h4', about: '--max-turns 2 in stream-json input mode with a bypassed Bash call', clis: ALL, args: [...STREAM, '--max-turns', '2'], bypass: true, steps: [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_no_persistence_stream_h4', about: '--no-session-persistence in stream-json input mode, two turns (SDK persistSession: false)', clis: CLAUDE, args: [...STREAM, '--no-session-persistence'], steps: [...ready(), ...turn('SLOWTEXT please', SLOW_RESULT, 30), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
  // hidden flags the Claude SDK writes for its thinking option (not in --help, so session rows rather than option rows)
  { name: 'ses_max_thinking_tokens_h4', about: '-p with --max-thinking-tokens 8000 (SDK thinking: enabled with budgetTokens)', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, '--max-thinking-tokens', '8000'], steps: [close] },
  { name: 'ses_thinking_disabled_h4', about: '-p with --thinking=disabled (SDK thinking: disabled)', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, '--thinking=disabled'], steps: [close] },
  { name: 'ses_stream_in_no_verbose_h4', about: 'stream-json input and output without --verbose, a turn', clis: ALL, args: ['--input-format', 'stream-json', '--output-format', 'stream-json'], steps: [user('hi'), waitFor(RESULT), sleep(1), close] },
];

/** Signals and stdin EOF at other phases. */
const SIGNALS = [
  { name: 'sig_term_after_interrupt_h4', about: 'SIGTERM right after an interrupted slow turn has its result', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), { signal: 'SIGTERM' }, sleep(3)] },
  // not on claude-2.1.220: whether it wrote the interrupted turn's user and error result frames before exiting changed
  // run to run (one of two runs did)
  { name: 'sig_int_mid_turn_partial_h4', about: 'SIGINT while a slow turn streams with --include-partial-messages', clis: [CBC, C328], args: [...STREAM, '--include-partial-messages'], steps: [...ready(), ...slowTurnRunning, { signal: 'SIGINT' }, sleep(3)] },
  { name: 'sig_hup_after_result_h4', about: 'SIGHUP after a result, stdin open', clis: ALL, args: STREAM, steps: [...ready(), ...turn(), { signal: 'SIGHUP' }, sleep(3)] },
  { name: 'eof_after_set_model_h4', about: 'stdin EOF right after set_model, before any turn', clis: ALL, args: STREAM, steps: (cli) => [...ready(), ctl('req_2', { subtype: 'set_model', model: model(cli, 'haiku', 'gpt-5.4') }), close, sleep(4)] },
  // not on cbc-2.117.0: two user lines back to back race into two sessions there (held-back-2's note), and the run
  // that lost the race never exited (killed at the harness's 150 s limit)
  { name: 'eof_after_two_queued_h4', about: 'stdin EOF right after two user lines sent back to back', clis: CLAUDE, args: STREAM, steps: [...ready(), user('hi'), user('hi'), close, sleep(3)] },
];

/** Environment switches with other values and combinations. */
const ENV = [
  { name: 'env_session_state_interrupt_h4', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 with an interrupted slow turn', clis: ALL, args: STREAM, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, steps: [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(2), close] },
  { name: 'env_session_state_api_error_h4', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 with a turn whose model request fails', clis: ALL, args: STREAM, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, steps: [...ready(), ...turn('APIERR please'), sleep(1), close] },
  { name: 'env_model_with_flag_stream_h4', about: 'ANTHROPIC_MODEL / CODEBUDDY_MODEL and a different --model in stream-json input mode (which wins)', clis: ALL, args: (cli) => [...STREAM, '--model', model(cli, 'haiku', 'gpt-5.4')], env: { ANTHROPIC_MODEL: 'sonnet', CODEBUDDY_MODEL: 'gpt-5.4-mini' }, steps: [...ready(), ...turn(), close] },
];

/** Options with other values and combinations (`opt_<option>_*`: inventory.mjs OPTION_CASES cites them). */
const optP = (name, about, clis, extra, prompt = 'hi', more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => ['-p', prompt, ...P_STREAM, ...extra(cli)] : ['-p', prompt, ...P_STREAM, ...extra], steps: [close], ...more });
const optS = (name, about, clis, extra, more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => [...STREAM, ...extra(cli)] : [...STREAM, ...extra], steps: [...ready(), ...turn(), close], ...more });
const OPTIONS = [
  optP('opt_max_budget_usd_tool_h4', '-p with a bypassed Bash call under --max-budget-usd 0.0000001 (the budget is spent before the tool result goes back)', CLAUDE, ['--max-budget-usd', '0.0000001'], 'FGBASH please', { bypass: true }),
  optP('opt_add_dir_two_h4', '--add-dir given twice (the SDK additionalDirectories)', ALL, ['--add-dir', 'a', '--add-dir', 'b'], 'hi', { files: { 'a/x.txt': 'x', 'b/y.txt': 'y' } }),
  optP('opt_fallback_model_same_h4', '--fallback-model equal to --model', ALL, (cli) => ['--model', model(cli, 'sonnet', 'gpt-5.4'), '--fallback-model', model(cli, 'sonnet', 'gpt-5.4')]),
  optP('opt_settings_file_h4', '--settings naming a settings file (not inline JSON)', ALL, ['--settings', 'my-settings.json'], 'hi', { files: { 'my-settings.json': '{"permissions":{"deny":["WebFetch"]}}' } }),
  optP('opt_allowed_and_disallowed_bash_h4', '--allowedTools Bash and --disallowedTools Bash together, with a Bash call', ALL, ['--allowedTools', 'Bash', '--disallowedTools', 'Bash'], 'FGBASH please'),
  optS('opt_tools_bash_stream_h4', '--tools Bash in stream-json input mode with a bypassed Bash call', ALL, ['--tools', 'Bash'], { bypass: true, steps: [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(1), close] }),
  optS('opt_effort_medium_stream_h4', '--effort medium in stream-json input mode (the SDK effort option)', ALL, ['--effort', 'medium']),
  optP('opt_mcp_config_file_h4', '--mcp-config naming a file with an empty server map', ALL, ['--mcp-config', 'mcp.json'], 'hi', { files: { 'mcp.json': '{"mcpServers":{}}' } }),
  optS('opt_agents_two_stream_h4', '--agents with two agents in stream-json input mode', ALL, ['--agents', '{"reviewer":{"description":"Reviews code","prompt":"You review."},"writer":{"description":"Writes docs","prompt":"You write.","model":"inherit"}}']),
  optP('opt_setting_sources_project_local_h4', '--setting-sources project,local with a project settings file', ALL, ['--setting-sources', 'project,local'], 'hi', { files: { '.claude/settings.json': '{"permissions":{"deny":["WebFetch"]}}' } }),
  optS('opt_tools_default_eq_stream_h4', '--tools=default in stream-json input mode (the SDK writes it with `=`)', ALL, ['--tools=default']),
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...STDIN, ...CONTROL, ...HOST, ...SESSION, ...SIGNALS, ...ENV, ...OPTIONS];
