// Surface cases (tuning, issue #16, helper FW, round 10): cbc 2.117.0's control requests, stdin lines, signals and
// option combinations crossed with the phases no earlier cbc capture showed them in — while a PreToolUse or
// UserPromptSubmit hook_callback waits, right after an interrupt, while a background Agent (a cbc team member) still
// runs after its turn's result, while a can_use_tool request waits — and malformed arguments. cbc 2.117.0 offline
// offers no Workflow tool and refuses background Bash, so its "background" phase is the team member's.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CBC, ready, RESULT } from '../surface-kit.mjs';

const ONLY = [CBC];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const HOOK_CALLBACK = '"subtype":"hook_callback"';
const HI_RESULT = '"result":"Hello from fake API."';
const SLOW_RESULT = '"result":"slow reply"';
/** cbc 2.117.0 reads `allowed`; `behavior` too for the Claude-shaped SDKs. */
const ALLOW = { behavior: 'allow', allowed: true, updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
/** The SDKs' hook matcher shape in initialize. */
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
/** A bypassed FGBASH turn whose PreToolUse hook_callback waits for the host. */
const preHookWaiting = [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor(HOOK_CALLBACK), sleep(1)];
/** The host answers the waiting hook, the turn runs to its result, EOF. */
const hookToEnd = [{ answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close];
/** A `hi` prompt whose UserPromptSubmit hook_callback waits for the host. */
const promptHookWaiting = [...ready({ hooks: { UserPromptSubmit: hook('hook_0') } }), user('hi'), waitFor(HOOK_CALLBACK), sleep(1)];
/** A FGBASH turn whose can_use_tool request waits for the host (cbc asks over stdio by itself). */
const permissionWaiting = [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL, 30), sleep(1)];
/** The host allows the waiting request, the turn runs to its result, EOF. */
const allowToEnd = [{ answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close];
/** A background Agent whose sub-agent answers after 6 s, launched; its turn has ended (bypassPermissions). */
const slowAgentRunning = [...ready(), user('BGSLOWAGENT please'), waitFor(RESULT, 30), sleep(1)];
/** After `slowAgentRunning`: a `hi` turn once the sub-agent is done, EOF. */
const agentToEnd = [sleep(12), user('hi'), waitFor(HI_RESULT, 30), sleep(1), close];

/** A request while a PreToolUse hook_callback waits, then the hook answered. */
const whilePreHook = (request) => [...preHookWaiting, ctl('req_2', request), sleep(1), ...hookToEnd];
/** A request while a UserPromptSubmit hook_callback waits, then the hook answered. */
const whilePromptHook = (request) => [...promptHookWaiting, ctl('req_2', request), sleep(1), ...hookToEnd];
/** A request while a can_use_tool request waits, then the host allows. */
const whileAsked = (request) => [...permissionWaiting, ctl('req_2', request), sleep(1), ...allowToEnd];
/** A request right after an interrupt of a slow turn, then a `hi` turn. */
const afterInterrupt = (request) => [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), ctl('req_2', request), waitFor(RESULT, 15), sleep(1), user('hi'), waitFor(HI_RESULT, 20), sleep(1), close];
/** A request while a slow background Agent runs after its turn, then a `hi` turn. */
const whileAgent = (request) => [...slowAgentRunning, ctl('req_2', request), ...agentToEnd];
/** A request before initialize, then initialize and a `hi` turn. */
const beforeInit = (request) => [ctl('req_0', request), sleep(2), ...ready(), user('hi'), waitFor(RESULT), sleep(1), close];
/** A request while a slow turn runs, to the turn's end. */
const midTurn = (request) => [...ready(), ...slowTurnRunning, ctl('req_2', request), waitFor(SLOW_RESULT, 30), sleep(1), close];

const c = (name, about, steps, more = {}) => ({ name, about, clis: ONLY, args: STREAM, steps, ...more });
const bypassed = { bypass: true };

/** Control requests × the phases cbc had not been captured in. */
const CONTROL = [
  c('ctl_get_available_models_pending_hook_fw', 'get_available_models while a PreToolUse hook_callback waits', whilePreHook({ subtype: 'get_available_models' }), bypassed),
  c('ctl_get_available_modes_pending_hook_fw', 'get_available_modes while a PreToolUse hook_callback waits', whilePreHook({ subtype: 'get_available_modes' }), bypassed),
  c('ctl_set_permission_mode_pending_prompt_hook_fw', 'set_permission_mode acceptEdits while a UserPromptSubmit hook_callback waits', whilePromptHook({ subtype: 'set_permission_mode', mode: 'acceptEdits' })),
  c('ctl_set_model_pending_prompt_hook_fw', 'set_model gpt-5.4 while a UserPromptSubmit hook_callback waits', whilePromptHook({ subtype: 'set_model', model: 'gpt-5.4' })),
  c('ctl_mcp_status_pending_prompt_hook_fw', 'mcp_status while a UserPromptSubmit hook_callback waits', whilePromptHook({ subtype: 'mcp_status' })),
  c('ctl_set_model_after_interrupt_fw', 'set_model gpt-5.4 right after an interrupt of a slow turn, then a hi turn', afterInterrupt({ subtype: 'set_model', model: 'gpt-5.4' })),
  c('ctl_get_available_modes_after_interrupt_fw', 'get_available_modes right after an interrupt of a slow turn, then a hi turn', afterInterrupt({ subtype: 'get_available_modes' })),
  c('ctl_set_permission_mode_after_interrupt_fw', 'set_permission_mode plan right after an interrupt of a slow turn, then a hi turn', afterInterrupt({ subtype: 'set_permission_mode', mode: 'plan' })),
  c('ctl_mcp_status_after_interrupt_fw', 'mcp_status right after an interrupt of a slow turn, then a hi turn', afterInterrupt({ subtype: 'mcp_status' })),
  c('ctl_interrupt_bg_slow_agent_fw', 'interrupt after the turn result while a background Agent (6 s sub-agent) runs, then a hi turn', whileAgent({ subtype: 'interrupt' }), bypassed),
  c('ctl_set_model_bg_slow_agent_fw', 'set_model gpt-5.4 while a background Agent (6 s sub-agent) runs, then a hi turn', whileAgent({ subtype: 'set_model', model: 'gpt-5.4' }), bypassed),
  c('ctl_get_available_models_bg_slow_agent_fw', 'get_available_models while a background Agent (6 s sub-agent) runs, then a hi turn', whileAgent({ subtype: 'get_available_models' }), bypassed),
  c('ctl_set_permission_mode_bg_slow_agent_fw', 'set_permission_mode default while a background Agent (6 s sub-agent) runs, then a hi turn', whileAgent({ subtype: 'set_permission_mode', mode: 'default' }), bypassed),
  c('ctl_set_config_pending_permission_fw', 'set_config model while a can_use_tool request waits', whileAsked({ subtype: 'set_config', key: 'model', value: 'gpt-5.4' })),
  c('ctl_get_auth_methods_pending_hook_fw', 'get_auth_methods while a PreToolUse hook_callback waits', whilePreHook({ subtype: 'get_auth_methods' }), bypassed),
  c('ctl_interrupt_pending_prompt_hook_fw', 'interrupt while a UserPromptSubmit hook_callback waits, then EOF', [...promptHookWaiting, ctl('req_int', { subtype: 'interrupt' }), sleep(3), close, sleep(2)]),
  c('ctl_subscribe_before_init_fw', 'subscribe (elicitation) before initialize, then a hi turn', beforeInit({ subtype: 'subscribe', channel: 'elicitation' })),
  c('ctl_get_available_models_before_init_fw', 'get_available_models before initialize, then a hi turn', beforeInit({ subtype: 'get_available_models' })),
  c('ctl_unsubscribe_mid_turn_fw', 'unsubscribe (elicitation) while a slow turn runs', midTurn({ subtype: 'unsubscribe', channel: 'elicitation' })),
  c('ctl_set_permission_mode_missing_mode_fw', 'set_permission_mode without a mode, idle, then a hi turn', [...ready(), ctl('req_2', { subtype: 'set_permission_mode' }), sleep(2), user('hi'), waitFor(RESULT), sleep(1), close]),
  c('ctl_set_config_model_pending_prompt_hook_fw', 'set_config model while a UserPromptSubmit hook_callback waits', whilePromptHook({ subtype: 'set_config', key: 'model', value: 'gpt-5.4' })),
  c('ctl_interrupt_pending_prompt_hook_then_turn_fw', 'interrupt while a UserPromptSubmit hook_callback waits, then a hi turn whose hook is answered', [...promptHookWaiting, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), user('hi'), { answer: 'hook_callback', response: { continue: true }, timeout: 10 }, waitFor(HI_RESULT, 20), sleep(1), close]),
  c('ctl_set_permission_mode_plan_twice_fw', 'a hi turn, then set_permission_mode plan twice (the plan file each reply names)', [...ready(), user('hi'), waitFor(RESULT), sleep(1), ctl('req_2', { subtype: 'set_permission_mode', mode: 'plan' }), sleep(1), ctl('req_3', { subtype: 'set_permission_mode', mode: 'plan' }), sleep(2), close]),
];

/** stdin lines of other kinds at those phases. */
const STDIN = [
  c('in_nonjson_bg_slow_agent_fw', 'a non-JSON line while a background Agent (6 s sub-agent) runs after its turn, then a hi turn', [...slowAgentRunning, { send: 'not json {' }, ...agentToEnd], bypassed),
  c('in_keep_alive_bg_slow_agent_fw', 'a keep_alive line while a background Agent (6 s sub-agent) runs after its turn, then a hi turn', [...slowAgentRunning, { send: { type: 'keep_alive' } }, ...agentToEnd], bypassed),
  c('in_unknown_type_pending_permission_fw', 'a line of an unknown type while a can_use_tool request waits, then the host allows', [...permissionWaiting, { send: { type: 'bogus_kind', data: 1 } }, sleep(1), ...allowToEnd]),
  c('in_nonjson_pending_permission_fw', 'a non-JSON line while a can_use_tool request waits, then the host allows', [...permissionWaiting, { send: 'not json' }, sleep(1), ...allowToEnd]),
  c('in_whitespace_pending_prompt_hook_fw', 'a whitespace-only line while a UserPromptSubmit hook_callback waits, then the hook answered', [...promptHookWaiting, { send: '  \t ' }, sleep(1), ...hookToEnd]),
  c('in_ctl_response_unknown_pending_hook_fw', 'a control_response success for an id nobody asked while a PreToolUse hook_callback waits, then the hook answered', [...preHookWaiting, { send: { type: 'control_response', response: { subtype: 'success', request_id: 'nobody', response: {} } } }, sleep(1), ...hookToEnd], bypassed),
  c('in_ctl_no_subtype_pending_hook_fw', 'a control_request without a subtype while a PreToolUse hook_callback waits, then the hook answered', [...preHookWaiting, { send: { type: 'control_request', request_id: 'req_2', request: {} } }, sleep(1), ...hookToEnd], bypassed),
  c('in_json_number_after_interrupt_fw', 'a line holding a bare JSON number right after an interrupt of a slow turn, then a hi turn', [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), { send: '42' }, waitFor(RESULT, 15), sleep(1), user('hi'), waitFor(HI_RESULT, 20), sleep(1), close]),
  // in_cancel_unknown_pending_permission_fw (a control_cancel_request for an id nobody sent while can_use_tool waits) was
  // dropped: its two captures differ (the can_use_tool request before or after the tool call's assistant frame)
  c('in_user_uuid_bg_slow_agent_fw', 'a user line with a uuid while a background Agent (6 s sub-agent) runs after its turn', [...slowAgentRunning, { send: { type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '', uuid: '0a1b2c3d-0000-4000-8000-0000000000f1' } }, waitFor(HI_RESULT, 30), sleep(1), close], bypassed),
];

/** Signals and stdin EOF at those phases. */
const SIGNALS = [
  c('eof_bg_slow_agent_running_fw', 'stdin EOF right after the turn result while a background Agent (6 s sub-agent) runs', [...slowAgentRunning, close, sleep(12)], bypassed),
  c('sig_hup_bg_slow_agent_running_fw', 'SIGHUP after the turn result while a background Agent (6 s sub-agent) runs', [...slowAgentRunning, { signal: 'SIGHUP' }, sleep(3)], bypassed),
  c('sig_term_bg_slow_agent_running_fw', 'SIGTERM after the turn result while a background Agent (6 s sub-agent) runs', [...slowAgentRunning, { signal: 'SIGTERM' }, sleep(3)], bypassed),
  c('sig_hup_pending_prompt_hook_fw', 'SIGHUP while a UserPromptSubmit hook_callback waits', [...promptHookWaiting, { signal: 'SIGHUP' }, sleep(3)]),
  c('sig_term_pending_prompt_hook_fw', 'SIGTERM while a UserPromptSubmit hook_callback waits', [...promptHookWaiting, { signal: 'SIGTERM' }, sleep(3)]),
  c('sig_int_bg_slow_agent_mid_turn_fw', 'SIGINT while a slow turn runs after a background Agent (6 s sub-agent) was launched', [...slowAgentRunning, ...slowTurnRunning, { signal: 'SIGINT' }, sleep(3)], bypassed),
];

/** Output/input format, -p, --verbose and --include-partial-messages combined, and their bad values. */
const p = (name, about, args, steps = [close]) => ({ name, about, clis: ONLY, args, steps });
const OPTIONS = [
  p('opt_output_format_text_partial_p_fw', '-p hi with --output-format text and --include-partial-messages', ['-p', 'hi', '--output-format', 'text', '--include-partial-messages']),
  p('opt_output_format_json_verbose_p_fw', '-p hi with --output-format json and --verbose', ['-p', 'hi', '--output-format', 'json', '--verbose']),
  p('opt_output_format_json_partial_replay_p_fw', '-p hi with --output-format json, --include-partial-messages and --replay-user-messages', ['-p', 'hi', '--output-format', 'json', '--include-partial-messages', '--replay-user-messages']),
  p('opt_replay_user_p_stream_fw', '-p hi with stream-json output and --replay-user-messages (text input)', ['-p', 'hi', '--output-format', 'stream-json', '--verbose', '--replay-user-messages']),
  p('opt_output_format_upper_fw', '-p hi with --output-format JSON (upper case)', ['-p', 'hi', '--output-format', 'JSON']),
  p('opt_input_format_upper_fw', '--input-format STREAM-JSON (upper case) with stream-json output', ['--input-format', 'STREAM-JSON', '--output-format', 'stream-json', '--verbose'], [sleep(3), close, sleep(2)]),
  p('opt_output_format_missing_value_fw', '-p hi with --output-format and no value', ['-p', 'hi', '--output-format']),
  p('opt_input_format_stream_p_prompt_fw', '-p hi with --input-format stream-json and stream-json output, a user line on stdin', ['-p', 'hi', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'], [sleep(2), user('hi'), waitFor(RESULT, 30), sleep(2), close]),
  p('opt_print_long_partial_stream_fw', '--print hi (long form) with --include-partial-messages and stream-json output', ['--print', 'hi', '--include-partial-messages', '--output-format', 'stream-json', '--verbose']),
  // a slow turn then a hi turn was tried first: cbc 2.117.0 writes each request's json array at its end, so no wait can
  // see the first one's result and the second prompt raced it (a side session); one turn here
  p('opt_stream_in_json_out_partial_fw', 'stream-json input, --output-format json, --include-partial-messages, a hi turn', ['--input-format', 'stream-json', '--output-format', 'json', '--verbose', '--include-partial-messages'], [sleep(2), user('hi'), sleep(6), close, sleep(2)]),
  p('opt_input_format_text_empty_stdin_stream_fw', '--input-format text with stream-json output (no -p), stdin closed empty', ['--input-format', 'text', '--output-format', 'stream-json', '--verbose'], [sleep(2), close, sleep(3)]),
  p('ses_p_empty_stdin_stream_fw', '-p with no prompt, stream-json output, stdin closed empty', ['-p', '--output-format', 'stream-json', '--verbose'], [sleep(2), close, sleep(3)]),
  p('ses_p_empty_stdin_json_fw', '-p with no prompt, json output, stdin closed empty', ['-p', '--output-format', 'json'], [sleep(2), close, sleep(3)]),
  p('opt_stream_out_no_p_stdin_prompt_fw', 'stream-json output without -p (text input), the prompt on stdin', ['--output-format', 'stream-json', '--verbose'], [{ send: 'hi' }, close, sleep(4)]),
  p('opt_input_format_upper_prompt_fw', '--input-format STREAM-JSON (upper case) with stream-json output, a stream-json user line on stdin', ['--input-format', 'STREAM-JSON', '--output-format', 'stream-json', '--verbose'], [user('hi'), close, sleep(4)]),
  p('opt_stream_in_text_out_partial_fw', 'stream-json input, --output-format text, --include-partial-messages, a hi turn', ['--input-format', 'stream-json', '--output-format', 'text', '--include-partial-messages'], [sleep(2), user('hi'), waitFor('Hello', 30), sleep(1), close]),
  p('opt_partial_text_p_tool_fw', '-p with a bypassed Bash call, text output and --include-partial-messages', ['-p', 'FGBASH please', '--include-partial-messages', '--permission-mode', 'bypassPermissions']),
];

/** A last round: the prompt hook's wait with other lines and requests, whitespace-only text prompts. */
const LAST = [
  c('ctl_set_permission_mode_plan_pending_prompt_hook_fw', 'set_permission_mode plan while a UserPromptSubmit hook_callback waits (the plan file?)', whilePromptHook({ subtype: 'set_permission_mode', mode: 'plan' })),
  c('ctl_get_available_models_pending_prompt_hook_fw', 'get_available_models while a UserPromptSubmit hook_callback waits', whilePromptHook({ subtype: 'get_available_models' })),
  c('in_keep_alive_pending_prompt_hook_fw', 'a keep_alive line while a UserPromptSubmit hook_callback waits, then the hook answered', [...promptHookWaiting, { send: { type: 'keep_alive' } }, sleep(1), ...hookToEnd]),
  c('in_nonjson_pending_prompt_hook_fw', 'a non-JSON line while a UserPromptSubmit hook_callback waits, then the hook answered', [...promptHookWaiting, { send: 'not json' }, sleep(1), ...hookToEnd]),
  p('ses_p_whitespace_stdin_stream_fw', '-p with no prompt, stream-json output, whitespace-only stdin', ['-p', '--output-format', 'stream-json', '--verbose'], [{ send: '   ' }, close, sleep(3)]),
  p('opt_input_format_text_whitespace_stdin_json_fw', '--input-format text with json output (no -p), whitespace-only stdin', ['--input-format', 'text', '--output-format', 'json'], [{ send: ' \t ' }, close, sleep(3)]),
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...CONTROL, ...STDIN, ...SIGNALS, ...OPTIONS, ...LAST];
