// Surface cases: held-back-7 (see index.mjs). A seventh held-back set for issue #16's acceptance: variants of
// existing surface rows (other values, other phases, other combinations an SDK sends; shapes taken from the
// Claude Agent SDK's sdk.d.ts control request types and the argv its ProcessTransport writes), written and
// captured before anyone compared the emulator with them. Never used to tune the emulator.
import { close, ctl, init, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, CBC, CLAUDE, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

/** Claude needs --permission-prompt-tool stdio to ask the host (the SDK may write it with `=`); cbc 2.117.0 asks over stdio by itself. */
const PROMPT_TOOL = (cli) => (cli === CBC ? [] : ['--permission-prompt-tool', 'stdio']);
const ASK = (cli) => [...STREAM, ...PROMPT_TOOL(cli)];
const ASK_EQ = (cli) => [...STREAM, ...(cli === CBC ? [] : ['--permission-prompt-tool=stdio'])];
const PARTIAL = '--include-partial-messages';
const REPLAY = '--replay-user-messages';
/** A model name each CLI knows: Claude aliases, cbc 2.117.0's own list. */
const model = (cli, claude, cbc) => (cli === CBC ? cbc : claude);
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const HOOK_CALLBACK = '"subtype":"hook_callback"';
const NOTIFIED = '"subtype":"task_notification"';
/** Results no earlier turn of the same case has: a later step waits for them (a frame, not a sleep). */
const HI_RESULT = '"result":"Hello from fake API."';
const SLOW_RESULT = '"result":"slow reply"';
const FINAL_RESULT = '"result":"FINAL: acknowledged"';
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
/** The allow / deny answers both SDKs understand (`behavior` for Claude, `allowed` for cbc 2.117.0). */
const ALLOW = { behavior: 'allow', allowed: true, updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
const DENY = { behavior: 'deny', allowed: false, message: 'not now', reason: 'not now' };
/** The Claude SDK's hook matcher shape in initialize. */
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];
/** A turn to its result, then 1 s. */
const turn = (text = 'hi', until = RESULT, t = 20) => [user(text), waitFor(until, t), sleep(1)];
/** A FGBASH turn whose PreToolUse hook callback is waiting for the host. */
const hookWaiting = [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor(HOOK_CALLBACK), sleep(1)];
/** A FGBASH turn whose can_use_tool request is waiting for the host. */
const permissionWaiting = [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1)];
/** The host allows the waiting request, the turn runs to its result, EOF. */
const allowToEnd = [{ answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close];
/** A background Bash turn to its result (the task still runs: its notification comes ~2 s later). */
const bgTaskRunning = [...ready(), user('BGBASH please'), waitFor(RESULT, 25)];
/** The background task's notification, the turn it starts, EOF. */
const bgToEnd = [waitFor(NOTIFIED, 25), waitFor('FINAL', 15), sleep(2), close];

/** stdin edge cases: lines an SDK (or a host) writes at other phases. */
const STDIN = [
  // not on cbc-2.117.0: a user line arriving mid-turn races there (a new session or not, run to run), as held-back-2 saw
  { name: 'in_user_priority_later_mid_turn_h7', about: 'a user line with priority "later" and a uuid while a slow turn runs', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, { send: { type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '', priority: 'later', uuid: '0a1b2c3d-0000-4000-8000-00000000007a' } }, waitFor(HI_RESULT, 40), sleep(1), close] },
  // not on cbc-2.117.0: there the allow answer after the unknown-type line is never acted on and nothing more happens
  // until the harness kills it at 150 s (as held-back-6 saw for a non-JSON line), which says nothing a replay can compare
  { name: 'in_unknown_type_pending_permission_h7', about: 'an object line of an unknown type while a can_use_tool request waits, then the host allows', clis: CLAUDE, args: ASK, steps: [...permissionWaiting, { send: { type: 'bogus_type', foo: 1 } }, sleep(1), ...allowToEnd] },
  { name: 'in_text_then_whitespace_block_h7', about: 'user content as a text block and a second text block of only spaces, to its result', clis: ALL, args: STREAM, steps: [...ready(), user([{ type: 'text', text: 'hi' }, { type: 'text', text: '   ' }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_keep_alive_bg_task_h7', about: 'a keep_alive line while a background Bash task runs (after the turn result, before its notification)', clis: ALL, args: STREAM, bypass: true, steps: [...bgTaskRunning, { send: { type: 'keep_alive' } }, ...bgToEnd] },
  { name: 'in_huge_text_block_h7', about: 'a 256 KiB text inside a text block of a content array', clis: ALL, args: STREAM, steps: [...ready(), { ...user([{ type: 'text', text: 'hi {fill}' }]), fill: 1 << 18 }, waitFor(RESULT, 30), sleep(1), close] },
  { name: 'in_ctl_response_other_id_pending_permission_h7', about: 'a success control_response for an id nobody asked while a can_use_tool request waits, then the host allows', clis: ALL, args: ASK, steps: [...permissionWaiting, { send: { type: 'control_response', response: { subtype: 'success', request_id: 'nobody', response: ALLOW } } }, sleep(1), ...allowToEnd] },
];

/** SDK → CLI control requests: other values, other phases. `ctl_<subtype>_*` names attach them to the subtype's row. */
const CONTROL = [
  { name: 'ctl_get_context_usage_pending_permission_h7', about: 'get_context_usage (summary) while a can_use_tool request waits, then the host allows', clis: ALL, args: ASK, steps: [...permissionWaiting, ctl('req_2', { subtype: 'get_context_usage', detail: 'summary' }), sleep(1), ...allowToEnd] },
  { name: 'ctl_interrupt_pending_hook_h7', about: 'interrupt while a PreToolUse hook_callback waits for the host', clis: ALL, args: STREAM, bypass: true, steps: [...hookWaiting, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(2), close] },
  { name: 'ctl_set_model_pending_permission_h7', about: 'set_model to another model while a can_use_tool request waits, then the host allows', clis: ALL, args: ASK, steps: (cli) => [...permissionWaiting, ctl('req_2', { subtype: 'set_model', model: model(cli, 'haiku', 'gpt-5.4-mini') }), sleep(1), ...allowToEnd] },
  { name: 'ctl_get_settings_bg_task_h7', about: 'get_settings while a background Bash task runs (after the turn result, before its notification)', clis: ALL, args: STREAM, bypass: true, steps: [...bgTaskRunning, ctl('req_2', { subtype: 'get_settings' }), ...bgToEnd] },
  { name: 'ctl_rename_session_before_init_h7', about: 'rename_session before initialize, then initialize and a turn', clis: ALL, args: STREAM, steps: [ctl('req_0', { subtype: 'rename_session', title: 'Named early' }), sleep(1), ...ready(), ...turn(), close] },
  // not on cbc-2.117.0: its reply names a plan file by three random words (plan_file_path), different in each of two captures
  { name: 'ctl_set_permission_mode_plan_mid_turn_h7', about: 'set_permission_mode plan while a slow turn runs, then a `hi` turn', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'set_permission_mode', mode: 'plan' }), waitFor(SLOW_RESULT, 30), sleep(1), ...turn('hi', HI_RESULT), close] },
  { name: 'ctl_interrupt_bg_task_h7', about: 'interrupt while a background Bash task runs (after the turn result, before its notification)', clis: ALL, args: STREAM, bypass: true, steps: [...bgTaskRunning, ctl('req_int', { subtype: 'interrupt' }), ...bgToEnd] },
  { name: 'ctl_get_binary_version_mid_turn_h7', about: 'get_binary_version while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'get_binary_version' }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_list_models_pending_hook_h7', about: 'list_models while a PreToolUse hook_callback waits, then the hook is answered', clis: ALL, args: STREAM, bypass: true, steps: [...hookWaiting, ctl('req_2', { subtype: 'list_models' }), sleep(1), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_mcp_set_servers_http_then_status_h7', about: 'mcp_set_servers with an http server on a closed port before any turn, then mcp_status', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'mcp_set_servers', servers: { remote: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } }), waitFor('"request_id":"req_2"', 30), sleep(2), ctl('req_3', { subtype: 'mcp_status' }), sleep(2), close] },
  { name: 'ctl_initialize_after_turn_h7', about: 'a second initialize (other request id, with a hooks map) after one turn, then a turn', clis: ALL, args: STREAM, steps: [...ready(), ...turn('SLOWTEXT please', SLOW_RESULT, 30), init({ hooks: {} }, 'req_2'), sleep(2), ...turn('hi', HI_RESULT), close] },
  // not on cbc-2.117.0: a user line arriving mid-turn races there (a new session or not, run to run), as held-back-2 saw
  { name: 'ctl_cancel_async_message_queued_h7', about: 'a user line with a uuid queued behind a slow turn, then cancel_async_message of that uuid', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, { send: { type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '', uuid: '0a1b2c3d-0000-4000-8000-00000000007b' } }, sleep(1), ctl('req_2', { subtype: 'cancel_async_message', message_uuid: '0a1b2c3d-0000-4000-8000-00000000007b' }), waitFor(SLOW_RESULT, 30), sleep(3), close] },
];

/** CLI → SDK requests: other answers, other combinations. */
const HOST = [
  { name: 'req_hook_callback_prompt_and_pre_h7', about: 'UserPromptSubmit and PreToolUse hooks registered together, a bypassed Bash call, both answered continue: true', clis: ALL, args: STREAM, bypass: true, steps: [...ready({ hooks: { UserPromptSubmit: hook('hook_0'), PreToolUse: hook('hook_1', 'Bash') } }), user('FGBASH please'), { answer: 'hook_callback', response: { continue: true } }, { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_stop_after_tool_h7', about: 'a Stop hook answered with an empty object after a bypassed Bash turn', clis: ALL, args: STREAM, bypass: true, steps: [...ready({ hooks: { Stop: hook('hook_0') } }), user('FGBASH please'), { answer: 'hook_callback', response: {} }, waitFor(RESULT), sleep(1), close] },
  // cbc-2.117.0: one of three captures wrote the can_use_tool request before the assistant tool_use frame (a race
  // on the loaded machine; 74 of 75 other cbc captures with a permission prompt have the assistant frame first); the
  // committed capture is one of the two alike
  { name: 'req_can_use_tool_allow_replay_h7', about: 'a gated Bash call the host allows, with --replay-user-messages', clis: ALL, args: (cli) => [...ASK_EQ(cli), REPLAY], steps: [...ready(), user('FGBASH please'), ...allowToEnd] },
  { name: 'req_can_use_tool_allow_second_turn_h7', about: 'a `hi` turn, then a gated Bash call in the second turn that the host allows', clis: ALL, args: ASK, steps: [...ready(), ...turn('hi', HI_RESULT), user('FGBASH please'), { answer: 'can_use_tool', response: ALLOW }, waitFor(FINAL_RESULT), sleep(1), close] },
];

/** Session flags in other values and combinations. */
const PRE_TURN = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
const SESSION = [
  { name: 'ses_continue_max_turns_h7', about: '-p --continue with --max-turns 1 and a bypassed Bash call, after one -p session', clis: ALL, args: ['-p', 'FGBASH please', '--continue', '--max-turns', '1', ...P_STREAM], bypass: true, pre: PRE_TURN, steps: [close] },
  // not on cbc-2.117.0: two user lines back to back race into two sessions there (held-back-2's and -4's note)
  { name: 'ses_replay_user_queued_h7', about: '--replay-user-messages with a second user line sent while a slow turn runs (queued)', clis: CLAUDE, args: [...STREAM, REPLAY], steps: [...ready(), ...slowTurnRunning, user('hi'), waitFor(HI_RESULT, 40), sleep(1), close] },
  { name: 'ses_partial_bg_bash_h7', about: '--include-partial-messages with a background Bash call to its notification and the turn it starts', clis: ALL, args: [...STREAM, PARTIAL], bypass: true, steps: [...bgTaskRunning, ...bgToEnd] },
  { name: 'ses_resume_fork_replay_stream_h7', about: '--resume with --fork-session and --replay-user-messages in stream-json input mode, then a turn', clis: ALL, args: [...STREAM, '--resume', SID, '--fork-session', REPLAY], pre: PRE_TURN, steps: [...ready(), ...turn(), close] },
  // not on cbc-2.117.0: its --help has no --no-session-persistence (it stops at 'unknown option', as held-back-6 showed)
  { name: 'ses_no_persistence_partial_p_h7', about: '-p with --no-session-persistence and --include-partial-messages', clis: CLAUDE, args: ['-p', 'hi', '--no-session-persistence', PARTIAL, ...P_STREAM], steps: [close] },
  { name: 'ses_max_turns_replay_h7', about: '--max-turns 1 with --replay-user-messages in stream-json input mode, a bypassed Bash call', clis: ALL, args: [...STREAM, '--max-turns', '1', REPLAY], bypass: true, steps: [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_stream_in_json_out_h7', about: '-p with stream-json input and json output, a user line, then stdin EOF at once', clis: ALL, args: ['-p', '--input-format', 'stream-json', '--output-format', 'json'], steps: [user('hi'), close] },
];

/** Signals and stdin EOF at other phases. */
const SIGNALS = [
  { name: 'sig_term_after_eof_mid_turn_h7', about: 'stdin EOF while a slow turn runs, then SIGTERM before it ends', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, close, sleep(1), { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'sig_hup_pending_hook_callback_h7', about: 'SIGHUP while a PreToolUse hook_callback waits for the host', clis: ALL, args: STREAM, bypass: true, steps: [...hookWaiting, { signal: 'SIGHUP' }, sleep(3)] },
  { name: 'sig_int_pending_permission_partial_h7', about: 'SIGINT while a can_use_tool request waits, with --include-partial-messages', clis: ALL, args: (cli) => [...ASK(cli), PARTIAL], steps: [...permissionWaiting, { signal: 'SIGINT' }, sleep(3)] },
  // cbc-2.117.0: one of three captures wrote the can_use_tool request before the assistant tool_use frame (a race
  // on the loaded machine; 74 of 75 other cbc captures with a permission prompt have the assistant frame first); the
  // committed capture is one of the two alike
  { name: 'eof_after_deny_h7', about: 'stdin EOF right after the host denies a can_use_tool request (before the turn result)', clis: ALL, args: ASK, steps: [...permissionWaiting, { answer: 'can_use_tool', response: DENY }, close, sleep(5)] },
];

/** Environment switches with other values and combinations. */
const ENV = [
  { name: 'env_session_state_bg_task_h7', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 with a background Bash call to its notification', clis: ALL, args: STREAM, bypass: true, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, steps: [...bgTaskRunning, ...bgToEnd] },
  { name: 'env_entrypoint_sdk_permission_h7', about: 'CLAUDE_CODE_ENTRYPOINT=sdk-ts and CLAUDE_AGENT_SDK_VERSION with a gated Bash call the host allows', clis: ALL, args: ASK_EQ, env: { CLAUDE_CODE_ENTRYPOINT: 'sdk-ts', CLAUDE_AGENT_SDK_VERSION: '0.3.328' }, steps: [...permissionWaiting, ...allowToEnd] },
  { name: 'env_cbc_entrypoint_partial_h7', about: 'CODEBUDDY_CODE_ENTRYPOINT=sdk-ts with --include-partial-messages, one turn', clis: ALL, args: [...STREAM, PARTIAL], env: { CODEBUDDY_CODE_ENTRYPOINT: 'sdk-ts' }, steps: [...ready(), ...turn(), close] },
];

/** Options with other values and combinations (`opt_<option>_*`: inventory.mjs OPTION_CASES cites them). */
const optP = (name, about, clis, extra, prompt = 'hi', more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => ['-p', prompt, ...P_STREAM, ...extra(cli)] : ['-p', prompt, ...P_STREAM, ...extra], steps: [close], ...more });
const optS = (name, about, clis, extra, more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => [...STREAM, ...extra(cli)] : [...STREAM, ...extra], steps: [...ready(), ...turn(), close], ...more });
const AGENTS = JSON.stringify({ reviewer: { description: 'Reviews code', prompt: 'You review code tersely.', tools: ['Read'] } });
const OPTIONS = [
  optS('opt_allowedTools_echo_pattern_stream_ask_h7', '--allowedTools "Bash(echo:*)" in stream-json input mode, a gated Bash call the rule does not cover, the host allows', ALL, (cli) => ['--allowedTools', 'Bash(echo:*)', ...PROMPT_TOOL(cli)], { steps: [...permissionWaiting, ...allowToEnd] }),
  optS('opt_tools_read_stream_fgbash_h7', '--tools Read in stream-json input mode, a prompt that would call Bash', ALL, ['--tools', 'Read'], { steps: [...ready(), ...turn('FGBASH please'), close] }),
  optS('opt_effort_low_partial_h7', '--effort low with --include-partial-messages in stream-json input mode, a turn', ALL, ['--effort', 'low', PARTIAL]),
  optP('opt_json_schema_partial_h7', '-p with --json-schema and --include-partial-messages', ALL, ['--json-schema', '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}', PARTIAL]),
  optS('opt_agent_stream_h7', '--agents with --agent selecting it for the main thread, in stream-json input mode, a turn', ALL, ['--agents', AGENTS, '--agent', 'reviewer']),
  optP('opt_settings_inline_model_h7', '-p with inline --settings naming a model', ALL, (cli) => ['--settings', JSON.stringify({ model: model(cli, 'haiku', 'gpt-5.4-mini') })]),
  optS('opt_fallback_model_api_error_stream_h7', '--model and a different --fallback-model in stream-json input mode, a turn whose model request fails, then a `hi` turn', ALL, (cli) => ['--model', model(cli, 'sonnet', 'gpt-5.4'), '--fallback-model', model(cli, 'haiku', 'gpt-5.4-mini')], { steps: [...ready(), ...turn('APIERR please'), ...turn('hi', HI_RESULT), close] }),
  optS('opt_mcp_config_strict_stream_status_h7', '--mcp-config with an empty server map and --strict-mcp-config in stream-json input mode, mcp_status after a turn', ALL, ['--mcp-config', '{"mcpServers":{}}', '--strict-mcp-config'], { steps: [...ready(), ...turn(), ctl('req_2', { subtype: 'mcp_status' }), sleep(2), close] }),
  // not on cbc-2.117.0: its --help has no --max-budget-usd (it stops at 'unknown option', as held-back-6 showed)
  optS('opt_max_budget_usd_tiny_stream_two_turns_h7', '--max-budget-usd 0.0000001 in stream-json input mode, a `hi` turn then a slow turn (after the budget is spent)', CLAUDE, ['--max-budget-usd', '0.0000001'], { steps: [...ready(), ...turn(), user('SLOWTEXT please'), waitFor(SLOW_RESULT, 15), sleep(1), close] }),
  optS('opt_include_hook_events_sdk_hook_h7', '--include-hook-events with a PreToolUse hook callback registered in initialize, a bypassed Bash call', CLAUDE, ['--include-hook-events'], { bypass: true, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] }),
  // replaces opt_allow_dangerously_skip_permissions_set_mode_h7 (dropped: as root, Claude Code refuses the flag at start,
  // exactly like the generated opt_allow_dangerously_skip_permissions case, so its steps never ran)
  optS('opt_name_then_rename_h7', '--name in stream-json input mode, a turn, then rename_session to another title', ALL, ['--name', 'First name'], { steps: [...ready(), ...turn(), ctl('req_2', { subtype: 'rename_session', title: 'Second name' }), sleep(2), close] }),
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...STDIN, ...CONTROL, ...HOST, ...SESSION, ...SIGNALS, ...ENV, ...OPTIONS];
