// Surface cases: held-back-8 (see index.mjs). An eighth held-back set for issue #16's acceptance: variants of
// existing surface rows (other values, other phases, other combinations an SDK sends; shapes taken from the
// Claude Agent SDK's sdk.d.ts control request types — thinking_display, tool_use_id, model: null, stop_task of a
// running task — and the argv its ProcessTransport writes), written and captured before anyone compared the
// emulator with them. Never used to tune the emulator.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, C328, CBC, CLAUDE, P_STREAM, PNG, ready, RESULT, SID } from '../surface-kit.mjs';

/** Claude needs --permission-prompt-tool stdio to ask the host; cbc 2.117.0 asks over stdio by itself. */
const PROMPT_TOOL = (cli) => (cli === CBC ? [] : ['--permission-prompt-tool', 'stdio']);
const ASK = (cli) => [...STREAM, ...PROMPT_TOOL(cli)];
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
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
/**
 * A `hi` turn to its result, then a SLOWTEXT turn under way. The second turn's system/init cannot be told from the
 * first's by a wait, so 2 s after the line: the slow reply holds for 6 s, so the turn is still running then.
 */
const secondSlowTurnRunning = [user('hi'), waitFor(HI_RESULT), sleep(1), user('SLOWTEXT please'), sleep(2)];
/** The allow / deny answers both SDKs understand (`behavior` for Claude, `allowed` for cbc 2.117.0). */
const ALLOW = { behavior: 'allow', allowed: true, updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
/** The Claude SDK's hook matcher shape in initialize. */
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];
/** A turn to its result, then 1 s. */
const turn = (text = 'hi', until = RESULT, t = 20) => [user(text), waitFor(until, t), sleep(1)];
/** A FGBASH turn whose PreToolUse hook callback is waiting for the host. */
const hookWaiting = [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor(HOOK_CALLBACK), sleep(1)];
/** The host answers the waiting hook, the turn runs to its result, EOF. */
const hookToEnd = [{ answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close];
/** A FGBASH turn whose can_use_tool request is waiting for the host. */
const permissionWaiting = [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1)];
/** The host allows the waiting request, the turn runs to its result, EOF. */
const allowToEnd = [{ answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close];
/** A background Bash turn to its result (the task still runs: its notification comes ~2 s later). */
const bgTaskRunning = [...ready(), user('BGBASH please'), waitFor(RESULT, 25)];
/** The background task's notification, the turn it starts, EOF. */
const bgToEnd = [waitFor(NOTIFIED, 25), waitFor('FINAL', 15), sleep(2), close];
/** A background Agent whose sub-agent answers after 6 s, to its notification and the turn that follows. */
const slowAgentToEnd = [...ready(), user('BGSLOWAGENT please'), waitFor(NOTIFIED, 40), sleep(4), close];

/** stdin edge cases: lines an SDK (or a host) writes at other phases. */
const STDIN = [
  { name: 'in_ctl_no_request_id_mid_turn_h8', about: 'an interrupt control_request without request_id while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, { send: { type: 'control_request', request: { subtype: 'interrupt' } } }, waitFor(RESULT, 30), sleep(1), close] },
  { name: 'in_unicode_text_block_h8', about: 'a text block (content array) with CJK, an emoji outside the BMP and a combining accent, to its result', clis: ALL, args: STREAM, steps: [...ready(), user([{ type: 'text', text: 'hi 日本語 🦀 cafe\u0301' }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_nonjson_bg_task_h8', about: 'a non-JSON line while a background Bash task runs (after the turn result, before its notification)', clis: ALL, args: STREAM, bypass: true, steps: [...bgTaskRunning, { send: 'not json {' }, ...bgToEnd] },
  { name: 'in_image_then_text_h8', about: 'user content with a PNG image block first and the text block after it', clis: ALL, args: STREAM, steps: [...ready(), user([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }, { type: 'text', text: 'hi' }]), waitFor(RESULT), sleep(1), close] },
  // not on cbc-2.117.0: a user line arriving mid-turn races there (a new session or not, run to run), as held-back-2 saw
  { name: 'in_user_priority_now_mid_turn_h8', about: 'a user line with priority "now" while a slow turn runs', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, { send: { type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '', priority: 'now' } }, waitFor(HI_RESULT, 40), sleep(2), close] },
  { name: 'in_whitespace_pending_hook_h8', about: 'a whitespace-only line while a PreToolUse hook_callback waits, then the hook is answered', clis: ALL, args: STREAM, bypass: true, steps: [...hookWaiting, { send: '   \t ' }, sleep(1), ...hookToEnd] },
];

/** SDK → CLI control requests: other values, other phases. `ctl_<subtype>_*` names attach them to the subtype's row. */
const CONTROL = [
  { name: 'ctl_set_max_thinking_tokens_display_then_turn_h8', about: 'set_max_thinking_tokens 4000 with thinking_display "omitted" before the first turn, then a turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_max_thinking_tokens', max_thinking_tokens: 4000, thinking_display: 'omitted' }), sleep(1), ...turn(), close] },
  { name: 'ctl_get_context_usage_bg_task_h8', about: 'get_context_usage (no detail) while a background Bash task runs (after the turn result, before its notification)', clis: ALL, args: STREAM, bypass: true, steps: [...bgTaskRunning, ctl('req_2', { subtype: 'get_context_usage' }), ...bgToEnd] },
  { name: 'ctl_background_tasks_unknown_tool_use_id_mid_turn_h8', about: 'background_tasks with a tool_use_id nobody sent, while a slow text turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'background_tasks', tool_use_id: 'toolu_none' }), waitFor(RESULT, 30), sleep(1), close] },
  // not on cbc-2.117.0: a user line arriving mid-turn races there (a new session or not, run to run), as held-back-2 saw
  { name: 'ctl_interrupt_cancel_queued_with_queued_line_h8', about: 'a user line queued behind a slow turn, then interrupt with cancel_queued: true', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, user('hi'), sleep(1), ctl('req_int', { subtype: 'interrupt', cancel_queued: true }), waitFor(RESULT, 15), sleep(3), close] },
  { name: 'ctl_set_permission_mode_before_init_h8', about: 'set_permission_mode acceptEdits before initialize, then initialize and a turn', clis: ALL, args: STREAM, steps: [ctl('req_0', { subtype: 'set_permission_mode', mode: 'acceptEdits' }), sleep(1), ...ready(), ...turn(), close] },
  { name: 'ctl_get_usage_mid_turn_h8', about: 'get_usage while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'get_usage' }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_get_session_cost_pending_hook_h8', about: 'get_session_cost while a PreToolUse hook_callback waits, then the hook is answered', clis: ALL, args: STREAM, bypass: true, steps: [...hookWaiting, ctl('req_2', { subtype: 'get_session_cost' }), sleep(1), ...hookToEnd] },
  { name: 'ctl_apply_flag_settings_allow_bash_then_tool_h8', about: 'apply_flag_settings with a permissions.allow rule for Bash, then a Bash call (the host allows if still asked)', clis: ALL, args: ASK, steps: [...ready(), ctl('req_2', { subtype: 'apply_flag_settings', settings: { permissions: { allow: ['Bash'] } } }), waitFor('"request_id":"req_2"'), sleep(1), user('FGBASH please'), { answer: 'can_use_tool', response: ALLOW, timeout: 10 }, waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_set_model_null_mid_turn_h8', about: 'set_model with model: null (back to the default) while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'set_model', model: null }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_rename_session_pending_permission_h8', about: 'rename_session while a can_use_tool request waits, then the host allows', clis: ALL, args: ASK, steps: [...permissionWaiting, ctl('req_2', { subtype: 'rename_session', title: 'Renamed while asking' }), sleep(1), ...allowToEnd] },
  { name: 'ctl_read_file_mid_turn_h8', about: 'read_file of a file in the cwd while a slow turn runs', clis: ALL, args: STREAM, files: { 'notes.txt': 'first line\nsecond line\n' }, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'read_file', path: 'notes.txt' }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_list_permission_rules_pending_permission_h8', about: 'list_permission_rules while a can_use_tool request waits, then the host allows', clis: ALL, args: ASK, steps: [...permissionWaiting, ctl('req_2', { subtype: 'list_permission_rules' }), sleep(1), ...allowToEnd] },
  { name: 'ctl_stop_task_bg_bash_running_h8', about: 'stop_task of the running background Bash task (its task_id from task_started), after the turn result', clis: ALL, args: STREAM, bypass: true, steps: [...bgTaskRunning, ctl('req_2', { subtype: 'stop_task', task_id: '{task_id}' }), waitFor(NOTIFIED, 15), sleep(3), close] },
];

/** CLI → SDK requests: other answers, other combinations. */
const HOST = [
  // not on claude-2.1.220: its stderr quotes the minified source around the throw, and the quoted lines changed
  // between two captures (the stdout frames were alike)
  { name: 'req_hook_callback_pre_error_h8', about: 'a PreToolUse hook_callback answered with an error control_response, for a bypassed Bash call', clis: [CBC, C328], args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), { answer: 'hook_callback', error: 'hook failed in host' }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_prompt_replay_h8', about: 'a UserPromptSubmit hook answered continue: true, with --replay-user-messages', clis: ALL, args: [...STREAM, REPLAY], steps: [...ready({ hooks: { UserPromptSubmit: hook('hook_0') } }), user('hi'), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_stop_two_turns_h8', about: 'a Stop hook answered with an empty object after each of two text turns', clis: ALL, args: STREAM, steps: [...ready({ hooks: { Stop: hook('hook_0') } }), user('SLOWTEXT please'), { answer: 'hook_callback', response: {}, timeout: 30 }, waitFor(SLOW_RESULT, 30), sleep(1), user('hi'), { answer: 'hook_callback', response: {} }, waitFor(HI_RESULT), sleep(1), close] },
  { name: 'req_hook_callback_pre_bg_bash_h8', about: 'a PreToolUse hook answered continue: true for a bypassed background Bash call, to its notification', clis: ALL, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('BGBASH please'), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT, 25), ...bgToEnd] },
  { name: 'req_can_use_tool_allow_max_turns_one_h8', about: '--max-turns 1 in stream-json input mode, a gated Bash call the host allows', clis: ALL, args: (cli) => [...ASK(cli), '--max-turns', '1'], steps: [...permissionWaiting, ...allowToEnd] },
];

/** Session flags in other values and combinations. */
const PRE_TURN = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
const SESSION = [
  { name: 'ses_resume_max_turns_tool_h8', about: '--resume of a stored session with --max-turns 1 in stream-json input mode, a bypassed Bash call', clis: ALL, args: [...STREAM, '--resume', SID, '--max-turns', '1'], bypass: true, pre: PRE_TURN, steps: [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_continue_p_json_h8', about: '-p --continue with --output-format json, after one -p session', clis: ALL, args: ['-p', 'hi', '--continue', '--output-format', 'json'], pre: PRE_TURN, steps: [close] },
  { name: 'ses_resume_interrupt_then_turn_h8', about: '--resume in stream-json input mode, an interrupted slow turn, then a `hi` turn', clis: ALL, args: [...STREAM, '--resume', SID], pre: PRE_TURN, steps: [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
  { name: 'ses_partial_bg_slow_agent_h8', about: '--include-partial-messages with a background Agent whose sub-agent answers after 6 s, to its notification', clis: ALL, args: [...STREAM, PARTIAL], bypass: true, steps: slowAgentToEnd },
  { name: 'ses_replay_user_bg_bash_h8', about: '--replay-user-messages with a background Bash call to its notification and the turn it starts', clis: ALL, args: [...STREAM, REPLAY], bypass: true, steps: [...bgTaskRunning, ...bgToEnd] },
  { name: 'ses_max_turns_one_bg_bash_h8', about: '--max-turns 1 in stream-json input mode with a background Bash call to its notification', clis: ALL, args: [...STREAM, '--max-turns', '1'], bypass: true, steps: [...bgTaskRunning, ...bgToEnd] },
];

/** Signals and stdin EOF at other phases. */
const SIGNALS = [
  { name: 'sig_int_bg_slow_agent_running_h8', about: 'SIGINT after the turn result while a background Agent (6 s sub-agent) still runs', clis: ALL, args: STREAM, bypass: true, steps: [...ready(), user('BGSLOWAGENT please'), waitFor(RESULT, 30), sleep(1), { signal: 'SIGINT' }, sleep(3)] },
  { name: 'sig_hup_mid_second_turn_h8', about: 'SIGHUP while the second (slow) turn of a session runs', clis: ALL, args: STREAM, steps: [...ready(), ...secondSlowTurnRunning, { signal: 'SIGHUP' }, sleep(3)] },
  { name: 'eof_mid_second_turn_h8', about: 'stdin EOF while the second (slow) turn of a session runs', clis: ALL, args: STREAM, steps: [...ready(), ...secondSlowTurnRunning, close, sleep(8)] },
  { name: 'eof_after_interrupt_pending_permission_h8', about: 'an interrupt while a can_use_tool request waits, then stdin EOF at once', clis: ALL, args: ASK, steps: [...permissionWaiting, ctl('req_int', { subtype: 'interrupt' }), close, sleep(5)] },
];

/** Environment switches with other values and combinations. */
const ENV = [
  { name: 'env_session_state_bg_slow_agent_h8', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 with a background Agent whose sub-agent answers after 6 s', clis: ALL, args: STREAM, bypass: true, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, steps: slowAgentToEnd },
  { name: 'env_sdk_reads_state_pending_permission_h8', about: 'both session-state switches with a gated Bash call the host allows', clis: ALL, args: ASK, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1', CLAUDE_CODE_SDK_READS_SESSION_STATE: '1' }, steps: [...permissionWaiting, ...allowToEnd] },
  // the prompt asks for the slow one-agent workflow (its agent holds 6 s), to its notification: with WORKFLOW's two
  // parallel agents the order of Claude Code's task_progress frames changed between two captures, and with WFFAIL's
  // quick agent the turn's closing reply landed before or after the workflow's frames (2.1.220, third capture)
  { name: 'env_disable_workflows_workflow_h8', about: 'CODEBUDDY_DISABLE_WORKFLOWS=1 with a prompt that asks for a (slow, one-agent) workflow', clis: ALL, args: STREAM, bypass: true, env: { CODEBUDDY_DISABLE_WORKFLOWS: '1' }, steps: [...ready(), user('WFSLOW please'), waitFor(RESULT, 30), waitFor(NOTIFIED, 40), sleep(4), close] },
];

/** Options with other values and combinations (`opt_<option>_*`: inventory.mjs OPTION_CASES cites them). */
const optP = (name, about, clis, extra, prompt = 'hi', more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => ['-p', prompt, ...P_STREAM, ...extra(cli)] : ['-p', prompt, ...P_STREAM, ...extra], steps: [close], ...more });
const optS = (name, about, clis, extra, more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => [...STREAM, ...extra(cli)] : [...STREAM, ...extra], steps: [...ready(), ...turn(), close], ...more });
const AGENTS = JSON.stringify({ helper: { description: 'Helps in the background', prompt: 'You help.', tools: ['Read', 'Bash'] } });
const SCHEMA = '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}';
const OPTIONS = [
  optS('opt_permission_mode_dont_ask_stream_fgbash_h8', '--permission-mode dontAsk in stream-json input mode, a prompt that calls Bash', ALL, ['--permission-mode', 'dontAsk'], { steps: [...ready(), ...turn('FGBASH please'), close] }),
  optS('opt_max_turns_two_stream_fgbash_h8', '--max-turns 2 in stream-json input mode, a bypassed Bash call', ALL, ['--max-turns', '2'], { bypass: true, steps: [...ready(), ...turn('FGBASH please'), close] }),
  optS('opt_settings_inline_deny_bash_stream_h8', 'inline --settings denying Bash in stream-json input mode, a bypassed Bash call', ALL, ['--settings', '{"permissions":{"deny":["Bash"]}}'], { bypass: true, steps: [...ready(), ...turn('FGBASH please'), close] }),
  optS('opt_json_schema_two_turns_stream_h8', '--json-schema in stream-json input mode, two text turns', ALL, ['--json-schema', SCHEMA], { steps: [...ready(), ...turn('SLOWTEXT please', RESULT, 30), user('hi'), waitFor(HI_RESULT, 30), sleep(2), close] }),
  optS('opt_tools_bash_read_stream_ask_h8', '--tools Bash,Read in stream-json input mode, a gated Bash call the host allows', ALL, (cli) => ['--tools', 'Bash,Read', ...PROMPT_TOOL(cli)], { steps: [...permissionWaiting, ...allowToEnd] }),
  optS('opt_setting_sources_user_stream_h8', '--setting-sources user (one source) in stream-json input mode, a turn', ALL, ['--setting-sources', 'user']),
  optS('opt_model_partial_stream_h8', '--model with --include-partial-messages in stream-json input mode, a turn', ALL, (cli) => ['--model', model(cli, 'sonnet', 'gpt-5.4'), PARTIAL]),
  optS('opt_agents_bg_slow_agent_h8', '--agents defining an agent in stream-json input mode, a background Agent turn to its notification', ALL, ['--agents', AGENTS], { bypass: true, steps: slowAgentToEnd }),
  optS('opt_disallowedTools_touch_pattern_stream_ask_h8', '--disallowedTools "Bash(touch:*)" in stream-json input mode, a Bash call starting with touch (the host allows if still asked)', ALL, (cli) => ['--disallowedTools', 'Bash(touch:*)', ...PROMPT_TOOL(cli)], { steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: ALLOW, timeout: 10 }, waitFor(RESULT), sleep(1), close] }),
  { name: 'opt_system_prompt_json_output_h8', about: '-p with --system-prompt and --output-format json (no stream)', clis: ALL, args: ['-p', 'hi', '--output-format', 'json', '--system-prompt', 'You are terse.'], steps: [close] },
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...STDIN, ...CONTROL, ...HOST, ...SESSION, ...SIGNALS, ...ENV, ...OPTIONS];
