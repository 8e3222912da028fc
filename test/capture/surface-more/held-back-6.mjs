// Surface cases: held-back-6 (see index.mjs). A sixth held-back set for issue #16's acceptance: variants of
// existing surface rows (other values, other phases, other combinations an SDK sends; shapes taken from the
// Claude Agent SDK's sdk.d.ts control request types and its ProcessTransport argv), written and captured
// before anyone compared the emulator with them. Never used to tune the emulator.
import { close, ctl, init, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, afterTurn, around, C220, CBC, CLAUDE, P_STREAM, PNG, ready, RESULT, SID } from '../surface-kit.mjs';

/** Claude needs --permission-prompt-tool stdio to ask the host; cbc 2.117.0 asks over stdio by itself. */
const PROMPT_TOOL = (cli) => (cli === CBC ? [] : ['--permission-prompt-tool', 'stdio']);
const ASK = (cli) => [...STREAM, ...PROMPT_TOOL(cli)];
const PARTIAL = '--include-partial-messages';
/** A model name each CLI knows: Claude aliases, cbc 2.117.0's own list. */
const model = (cli, claude, cbc) => (cli === CBC ? cbc : claude);
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const HOOK_CALLBACK = '"subtype":"hook_callback"';
const NOTIFIED = '"subtype":"task_notification"';
/** The result of a `hi` turn: a later turn waits for it (a frame, not a sleep). */
const HI_RESULT = '"result":"Hello from fake API."';
const SLOW_RESULT = '"result":"slow reply"';
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
/** The allow answer both SDKs understand (`behavior` for Claude, `allowed` for cbc 2.117.0). */
const ALLOW = { behavior: 'allow', allowed: true, updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
/** The Claude SDK's hook matcher shape in initialize. */
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];
/** A turn to its result, then 1 s. */
const turn = (text = 'hi', until = RESULT, t = 20) => [user(text), waitFor(until, t), sleep(1)];
/** A FGBASH turn whose PreToolUse hook callback is waiting for the host. */
const hookWaiting = [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor(HOOK_CALLBACK), sleep(1)];
/** A FGBASH turn whose can_use_tool request is waiting for the host. */
const permissionWaiting = [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1)];

/** stdin edge cases: lines an SDK (or a host) writes at other phases. */
const STDIN = [
  { name: 'in_cancel_request_mid_turn_h6', about: 'a control_cancel_request for an id nobody sent, while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, { send: { type: 'control_cancel_request', request_id: 'req_none' } }, waitFor(RESULT, 30), sleep(1), close] },
  // not on cbc-2.117.0: there the allow answer after the non-JSON line is never acted on and nothing more happens
  // until the harness kills it at 150 s (twice alike), which says nothing a replay can compare
  { name: 'in_nonjson_pending_permission_h6', about: 'a non-JSON line while a can_use_tool request waits, then the host allows', clis: CLAUDE, args: ASK, steps: [...permissionWaiting, { send: 'not json {' }, sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
  { name: 'in_ctl_response_error_after_turn_h6', about: 'an error control_response for an id nobody asked, after one turn', clis: ALL, args: STREAM, steps: afterTurn({ send: { type: 'control_response', response: { subtype: 'error', request_id: 'nobody', error: 'gone' } } }) },
  { name: 'in_content_whitespace_h6', about: 'a user line whose content is only spaces and a newline, to its result', clis: ALL, args: STREAM, steps: [...ready(), user('  \n '), waitFor(RESULT), sleep(1), close] },
  // not on cbc-2.117.0: a user line arriving mid-turn races there (a new session or not, run to run), as held-back-2 saw
  { name: 'in_user_priority_next_mid_turn_h6', about: 'a user line with priority "next" while a slow turn runs', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, { send: { type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '', priority: 'next' } }, waitFor(HI_RESULT, 40), sleep(1), close] },
  { name: 'in_keep_alive_pending_hook_h6', about: 'a keep_alive line while a PreToolUse hook_callback waits, then the hook is answered', clis: ALL, args: STREAM, bypass: true, steps: [...hookWaiting, { send: { type: 'keep_alive' } }, sleep(1), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
];

/** SDK → CLI control requests: other values, other phases. `ctl_<subtype>_*` names attach them to the subtype's row. */
const CONTROL = [
  { name: 'ctl_interrupt_cancel_queued_idle_h6', about: 'interrupt with cancel_queued: true before any turn (a Stop button), then a turn', clis: ALL, args: STREAM, steps: around(ctl('req_2', { subtype: 'interrupt', cancel_queued: true })) },
  { name: 'ctl_background_tasks_mid_turn_h6', about: 'background_tasks with no tool_use_id (Ctrl+B) while a slow text turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'background_tasks' }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_set_permission_mode_pending_permission_h6', about: 'set_permission_mode acceptEdits while a can_use_tool request waits, then the host allows', clis: ALL, args: ASK, steps: [...permissionWaiting, ctl('req_2', { subtype: 'set_permission_mode', mode: 'acceptEdits' }), sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_mcp_status_pending_hook_h6', about: 'mcp_status while a PreToolUse hook_callback waits, then the hook is answered', clis: ALL, args: STREAM, bypass: true, steps: [...hookWaiting, ctl('req_2', { subtype: 'mcp_status' }), sleep(1), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_get_settings_mid_turn_h6', about: 'get_settings while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'get_settings' }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_rename_session_mid_turn_h6', about: 'rename_session while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'rename_session', title: 'Renamed mid turn' }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_set_max_thinking_tokens_value_then_turn_h6', about: 'set_max_thinking_tokens 8000 before the first turn, then a turn', clis: ALL, args: STREAM, steps: around(ctl('req_2', { subtype: 'set_max_thinking_tokens', max_thinking_tokens: 8000 })) },
  { name: 'ctl_get_usage_after_interrupt_h6', about: 'get_usage (skip_behaviors) after an interrupted slow turn', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), ctl('req_2', { subtype: 'get_usage', skip_behaviors: true }), sleep(2), close] },
  { name: 'ctl_initialize_title_h6', about: 'initialize with title, excludeDynamicSections and promptSuggestions false (SDK fields), then a turn', clis: ALL, args: STREAM, steps: [...ready({ title: 'Held-back task', excludeDynamicSections: true, promptSuggestions: false }), ...turn(), close] },
  // the initialize waits for the turn's system/init frame: sent after a fixed 2 s it landed before or after that
  // frame run to run on claude-2.1.328
  { name: 'ctl_initialize_mid_first_turn_h6', about: 'a slow turn with no initialize first, initialize arriving while it runs', clis: ALL, args: STREAM, steps: [user('SLOWTEXT please'), waitFor('"subtype":"init"', 60), sleep(1), init(), waitFor(SLOW_RESULT, 60), sleep(1), close] },
  { name: 'ctl_mcp_status_bg_task_h6', about: 'mcp_status while a background Bash task runs (after the turn result, before its notification)', clis: ALL, args: STREAM, bypass: true, steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 25), ctl('req_2', { subtype: 'mcp_status' }), waitFor(NOTIFIED, 25), waitFor('FINAL', 15), sleep(2), close] },
  { name: 'ctl_file_suggestions_files_h6', about: 'file_suggestions with a query matching two files in a sub-folder, after one turn', clis: ALL, args: STREAM, files: { 'src/app.ts': 'export {};\n', 'src/apple.md': '# apple\n', 'README.md': '# readme\n' }, steps: afterTurn(ctl('req_2', { subtype: 'file_suggestions', query: 'app' })) },
];

/** CLI → SDK requests: other answers, other combinations. */
const HOST = [
  { name: 'req_can_use_tool_deny_partial_h6', about: 'a gated Bash call the host denies with a message, with --include-partial-messages', clis: ALL, args: (cli) => [...ASK(cli), PARTIAL], steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'deny', allowed: false, message: 'not now', reason: 'not now' } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_stop_empty_h6', about: 'a Stop hook answered with an empty object after a text turn', clis: ALL, args: STREAM, steps: [...ready({ hooks: { Stop: hook('hook_0') } }), user('hi'), { answer: 'hook_callback', response: {} }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_pre_then_can_use_tool_h6', about: 'a PreToolUse hook answered continue: true, then the can_use_tool request it leaves is allowed', clis: ALL, args: ASK, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), { answer: 'hook_callback', response: { continue: true } }, { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_post_tool_partial_h6', about: 'a PostToolUse hook answered with an empty object, for a bypassed Bash call with --include-partial-messages', clis: ALL, args: [...STREAM, PARTIAL], bypass: true, steps: [...ready({ hooks: { PostToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), { answer: 'hook_callback', response: {} }, waitFor(RESULT), sleep(1), close] },
];

/** Session flags in other values and combinations. */
const PRE_TURN = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
const NEW_SID = '5e551011-0000-4000-8000-0000000000c6';
const SESSION = [
  { name: 'ses_resume_fork_partial_h6', about: '--resume with --fork-session and --include-partial-messages in stream-json input mode, then a turn', clis: ALL, args: [...STREAM, '--resume', SID, '--fork-session', PARTIAL], pre: PRE_TURN, steps: [...ready(), ...turn(), close] },
  { name: 'ses_continue_fork_session_id_h6', about: '--continue with --fork-session and a new --session-id (SDK continue + forkSession + sessionId), then a turn', clis: ALL, args: [...STREAM, '--continue', '--fork-session', '--session-id', NEW_SID], pre: PRE_TURN, steps: [...ready(), ...turn(), close] },
  // not on cbc-2.117.0: whether its second result carries _requestId changed run to run (as held-back-3 and -5 saw)
  { name: 'ses_max_turns_one_two_turns_h6', about: '--max-turns 1 in stream-json input mode with two text turns (is the limit per turn?)', clis: CLAUDE, args: [...STREAM, '--max-turns', '1'], steps: [...ready(), ...turn(), user('SLOWTEXT please'), waitFor(SLOW_RESULT, 30), sleep(1), close] },
  { name: 'ses_resume_no_persistence_h6', about: '-p with --resume of a stored session and --no-session-persistence', clis: ALL, args: ['-p', 'hi', '--resume', SID, '--no-session-persistence', ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_replay_user_image_h6', about: '--replay-user-messages with a user line of a text and a PNG image block', clis: ALL, args: [...STREAM, '--replay-user-messages'], steps: [...ready(), ...turn([{ type: 'text', text: 'hi' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }]), close] },
  { name: 'ses_partial_interrupt_h6', about: '--include-partial-messages, an interrupt control request while a slow turn streams', clis: ALL, args: [...STREAM, PARTIAL], steps: [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), close] },
];

/** Signals and stdin EOF at other phases. */
const SIGNALS = [
  { name: 'sig_term_pending_hook_callback_h6', about: 'SIGTERM while a PreToolUse hook_callback waits for the host', clis: ALL, args: STREAM, bypass: true, steps: [...hookWaiting, { signal: 'SIGTERM' }, sleep(3)] },
  // not on claude-2.1.328: whether the interrupted turn's error_during_execution result gets out before the exit
  // changed run to run (two captures: one had it, one did not)
  { name: 'sig_int_after_eof_mid_turn_h6', about: 'stdin EOF while a slow turn runs, then SIGINT before it ends', clis: [CBC, C220], args: STREAM, steps: [...ready(), ...slowTurnRunning, close, sleep(1), { signal: 'SIGINT' }, sleep(3)] },
  { name: 'eof_init_and_user_at_once_h6', about: 'initialize and a user line written together, then stdin EOF at once (a one-shot host)', clis: ALL, args: STREAM, steps: [init(), user('hi'), close] },
  // not on cbc-2.117.0: a user line arriving mid-turn races there (a new session or not, run to run), as held-back-2 saw
  { name: 'sig_term_queued_second_turn_h6', about: 'SIGTERM while a slow turn runs with a second user line queued behind it', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, user('hi'), sleep(1), { signal: 'SIGTERM' }, sleep(3)] },
];

/** Environment switches with other values and combinations. */
const ENV = [
  { name: 'env_session_state_partial_h6', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 with --include-partial-messages, one turn', clis: ALL, args: [...STREAM, PARTIAL], env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, steps: [...ready(), ...turn(), sleep(1), close] },
  { name: 'env_sdk_reads_state_interrupt_h6', about: 'both session-state switches with an interrupted slow turn', clis: ALL, args: STREAM, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1', CLAUDE_CODE_SDK_READS_SESSION_STATE: '1' }, steps: [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(2), close] },
  { name: 'env_cbc_entrypoint_permission_h6', about: 'CODEBUDDY_CODE_ENTRYPOINT=sdk-ts with a gated Bash call the host allows', clis: ALL, args: ASK, env: { CODEBUDDY_CODE_ENTRYPOINT: 'sdk-ts' }, steps: [...permissionWaiting, { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
];

/** Options with other values and combinations (`opt_<option>_*`: inventory.mjs OPTION_CASES cites them). */
const optP = (name, about, clis, extra, prompt = 'hi', more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => ['-p', prompt, ...P_STREAM, ...extra(cli)] : ['-p', prompt, ...P_STREAM, ...extra], steps: [close], ...more });
const optS = (name, about, clis, extra, more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => [...STREAM, ...extra(cli)] : [...STREAM, ...extra], steps: [...ready(), ...turn(), close], ...more });
const AGENTS = JSON.stringify({ reviewer: { description: 'Reviews code', prompt: 'You review code tersely.' } });
const OPTIONS = [
  optS('opt_permission_mode_accept_edits_stream_ask_h6', '--permission-mode acceptEdits in stream-json input mode, a gated Bash call the host allows', ALL, (cli) => ['--permission-mode', 'acceptEdits', ...PROMPT_TOOL(cli)], { steps: [...permissionWaiting, { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] }),
  optS('opt_disallowedTools_read_write_stream_h6', '--disallowedTools Read,Write in stream-json input mode, a bypassed Bash call', ALL, ['--disallowedTools', 'Read,Write'], { bypass: true, steps: [...ready(), ...turn('FGBASH please'), close] }),
  optS('opt_max_budget_usd_two_turns_stream_h6', '--max-budget-usd 5 in stream-json input mode, two turns', ALL, ['--max-budget-usd', '5'], { steps: [...ready(), ...turn('SLOWTEXT please', SLOW_RESULT, 30), ...turn('hi', HI_RESULT), close] }),
  optS('opt_add_dir_stream_h6', '--add-dir of a sub-folder in stream-json input mode, a turn', ALL, ['--add-dir', 'extra'], { files: { 'extra/a.txt': 'a\n' } }),
  optP('opt_system_and_append_prompt_h6', '-p with both --system-prompt and --append-system-prompt', ALL, ['--system-prompt', 'You are terse.', '--append-system-prompt', 'Answer in one line.']),
  optP('opt_agents_with_agent_h6', '-p with --agents defining an agent and --agent selecting it for the main thread', ALL, ['--agents', AGENTS, '--agent', 'reviewer']),
  optP('opt_json_schema_tool_h6', '-p with --json-schema and a bypassed Bash call', ALL, ['--json-schema', '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}'], 'FGBASH please', { bypass: true }),
  optS('opt_effort_high_stream_h6', '--effort high in stream-json input mode, a turn', ALL, ['--effort', 'high']),
  optS('opt_setting_sources_all_stream_h6', '--setting-sources user,project,local in stream-json input mode (the SDK with every source)', ALL, ['--setting-sources', 'user,project,local']),
  optP('opt_fallback_model_api_error_h6', '-p with --model and a different --fallback-model, the model request fails', ALL, (cli) => ['--model', model(cli, 'sonnet', 'gpt-5.4'), '--fallback-model', model(cli, 'haiku', 'gpt-5.4-mini')], 'APIERR please'),
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...STDIN, ...CONTROL, ...HOST, ...SESSION, ...SIGNALS, ...ENV, ...OPTIONS];
