// Surface cases: held-back-5 (see index.mjs). A fifth held-back set for issue #16's acceptance: variants of
// existing surface rows (other values, other timing, other combinations an SDK sends; shapes taken from the
// Claude Agent SDK's sdk.d.ts control request types and its ProcessTransport argv, and the Python SDK's user
// lines), written and captured before anyone compared the emulator with them. Never used to tune the emulator.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, afterTurn, around, CBC, CLAUDE, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

/** A user line with extra fields, as the SDKs build it. */
const userLine = (content, fields) => ({ send: { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '', ...fields } });
/** Claude needs --permission-prompt-tool stdio to ask the host; cbc 2.117.0 asks over stdio by itself. */
const ASK = (cli) => [...STREAM, ...(cli === CBC ? [] : ['--permission-prompt-tool', 'stdio'])];
/** A model name each CLI knows: Claude aliases, cbc 2.117.0's own list. */
const model = (cli, claude, cbc) => (cli === CBC ? cbc : claude);
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

/** stdin edge cases: shapes of lines the SDKs (or a host) write. */
const STDIN = [
  { name: 'in_session_id_default_h5', about: 'a user line with session_id "default" (what the Python SDK writes), then a second turn', clis: ALL, args: STREAM, steps: [...ready(), userLine('hi', { session_id: 'default' }), waitFor(RESULT), sleep(1), userLine('SLOWTEXT please', { session_id: 'default' }), waitFor(SLOW_RESULT, 30), sleep(1), close] },
  { name: 'in_document_block_h5', about: 'user content with a text block and a base64 text/plain document block', clis: ALL, args: STREAM, steps: [...ready(), user([{ type: 'text', text: 'hi' }, { type: 'document', source: { type: 'base64', media_type: 'text/plain', data: Buffer.from('a note\n').toString('base64') } }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_ctl_response_mid_turn_h5', about: 'a control_response for an id nobody asked, while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, { send: { type: 'control_response', response: { subtype: 'success', request_id: 'nobody', response: {} } } }, waitFor(RESULT, 30), sleep(1), close] },
  { name: 'in_assistant_line_h5', about: 'a line of type assistant (a host echoing an output frame back), then a turn', clis: ALL, args: STREAM, steps: around({ send: { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'echo' }] }, parent_tool_use_id: null, session_id: '' } }) },
];

/** SDK → CLI control requests: other values, other timing. `ctl_<subtype>_*` names attach them to the subtype's row. */
const CONTROL = [
  { name: 'ctl_get_usage_behaviors_h5', about: 'get_usage without skip_behaviors (the transcript scan runs), after one turn', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'get_usage' })) },
  { name: 'ctl_set_has_subscribers_null_h5', about: 'set_has_subscribers with has_subscribers null (the host does not know), after one turn', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_has_subscribers', has_subscribers: null })) },
  { name: 'ctl_seed_read_state_existing_h5', about: 'seed_read_state of an existing file with an mtime, after one turn', clis: ALL, args: STREAM, files: { 'seed.txt': 'seeded\n' }, steps: afterTurn(ctl('req_2', { subtype: 'seed_read_state', path: 'seed.txt', mtime: 1700000000000 })) },
  { name: 'ctl_apply_flag_settings_effort_then_turn_h5', about: 'apply_flag_settings with effortLevel low before the first turn, then a turn', clis: ALL, args: STREAM, steps: around(ctl('req_2', { subtype: 'apply_flag_settings', settings: { effortLevel: 'low' } })) },
  { name: 'ctl_update_settings_output_style_h5', about: 'update_settings localSettings with outputStyle (its one allowed key), after one turn', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'update_settings', source: 'localSettings', settings: { outputStyle: 'Explanatory' } })) },
  { name: 'ctl_mcp_call_idle_h5', about: 'mcp_call of a tool on an unknown server with arguments, before any turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'mcp_call', tool: 'mcp__ghost__lookup', arguments: { q: 'x' } }), sleep(2), close] },
  { name: 'ctl_mcp_read_resource_idle_h5', about: 'mcp_read_resource on an unknown server before any turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'mcp_read_resource', serverName: 'ghost', uri: 'file:///readme.md' }), sleep(2), close] },
  { name: 'ctl_get_task_output_idle_h5', about: 'get_task_output of an unknown task before any turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'get_task_output', task_id: 'bnone0005' }), sleep(2), close] },
  { name: 'ctl_get_hooks_listing_registered_h5', about: 'get_hooks_listing after initialize registered a PreToolUse and a Stop hook callback', clis: ALL, args: STREAM, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash'), Stop: hook('hook_1') } }), ctl('req_2', { subtype: 'get_hooks_listing' }), sleep(2), close] },
  // not on cbc-2.117.0: its answer to `plan` names a plan file with a random three-word name
  // (plans/quantum-aurora-lovelace.md, then quantum-aurora-curie.md) that no normalisation removes
  { name: 'ctl_set_permission_mode_plan_then_default_h5', about: 'set_permission_mode plan, then default, after one turn (the SDK leaving plan mode)', clis: CLAUDE, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_permission_mode', mode: 'plan' }), sleep(1), ctl('req_3', { subtype: 'set_permission_mode', mode: 'default' })) },
  { name: 'ctl_get_context_usage_mid_turn_h5', about: 'get_context_usage while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'get_context_usage' }), waitFor(RESULT, 30), sleep(1), close] },
];

/** CLI → SDK requests: other answers, other combinations. */
const HOST = [
  { name: 'req_can_use_tool_allow_local_rule_h5', about: 'a gated Bash call, the host allows with an addRules update to localSettings (the "always allow" button)', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { ...ALLOW, updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'touch:*' }], behavior: 'allow', destination: 'localSettings' }] } }, waitFor(RESULT), sleep(1), close] },
  // the second turn's frames repeat the first's (no frame of its own to wait for): 8 s covers its tool call and reply
  { name: 'req_can_use_tool_allow_then_second_call_h5', about: 'a gated Bash call allowed with a session rule, then a second FGBASH turn (asked again or not)', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { ...ALLOW, updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'allow', destination: 'session' }] } }, waitFor(RESULT), sleep(1), user('FGBASH again'), waitFor('"num_turns"', 20), sleep(8), close] },
  { name: 'req_hook_callback_pre_empty_answer_h5', about: 'a PreToolUse hook (matcher Bash|Write) answered with an empty object, for a bypassed Bash call', clis: ALL, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash|Write') } }), user('FGBASH please'), { answer: 'hook_callback', response: {} }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_prompt_partial_h5', about: 'a UserPromptSubmit hook answered continue: true, with --include-partial-messages', clis: ALL, args: [...STREAM, '--include-partial-messages'], steps: [...ready({ hooks: { UserPromptSubmit: hook('hook_0') } }), user('hi'), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
];

/** Session flags in other values and combinations. */
const PRE_TURN = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
const NEW_SID = '5e551011-0000-4000-8000-0000000000c5';
const SESSION = [
  { name: 'ses_continue_replay_stream_h5', about: '--continue with --replay-user-messages in stream-json input mode after one -p session, then a turn', clis: ALL, args: [...STREAM, '--continue', '--replay-user-messages'], pre: PRE_TURN, steps: [...ready(), ...turn(), close] },
  { name: 'ses_session_id_partial_replay_h5', about: '--session-id with --include-partial-messages and --replay-user-messages in stream-json input mode (SDK sessionId + partials)', clis: ALL, args: [...STREAM, '--session-id', NEW_SID, '--include-partial-messages', '--replay-user-messages'], steps: [...ready(), ...turn(), close] },
  { name: 'ses_max_turns_zero_h5', about: '-p with --max-turns 0', clis: ALL, args: ['-p', 'hi', '--max-turns', '0', ...P_STREAM], steps: [close] },
  { name: 'ses_resume_api_error_h5', about: '--resume of a stored session whose new -p turn fails at the model', clis: ALL, args: ['-p', 'APIERR please', '--resume', SID, ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_partial_api_error_h5', about: '--include-partial-messages with a turn whose model request fails, then a `hi` turn', clis: ALL, args: [...STREAM, '--include-partial-messages'], steps: [...ready(), ...turn('APIERR please'), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
];

/** Signals and stdin EOF at other phases. */
const SIGNALS = [
  { name: 'sig_term_mid_turn_partial_h5', about: 'SIGTERM while a slow turn streams with --include-partial-messages', clis: ALL, args: [...STREAM, '--include-partial-messages'], steps: [...ready(), ...slowTurnRunning, { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'sig_int_after_api_error_h5', about: 'SIGINT after an error result (model request failed), stdin open', clis: ALL, args: STREAM, steps: [...ready(), ...turn('APIERR please'), { signal: 'SIGINT' }, sleep(3)] },
  { name: 'eof_after_keep_alive_h5', about: 'stdin EOF right after a keep_alive line, after initialize, no turn', clis: ALL, args: STREAM, steps: [...ready(), { send: { type: 'keep_alive' } }, close, sleep(4)] },
  { name: 'eof_pending_hook_callback_h5', about: 'stdin EOF while a PreToolUse hook_callback waits for the host', clis: ALL, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor('"subtype":"hook_callback"'), sleep(1), close, sleep(5)] },
];

/** Environment switches with other values and combinations. */
const ENV = [
  // not on cbc-2.117.0: whether its second result carries _requestId changed run to run (as held-back-3 saw)
  { name: 'env_session_state_two_turns_h5', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 with two turns', clis: CLAUDE, args: STREAM, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, steps: [...ready(), ...turn('SLOWTEXT please', SLOW_RESULT, 30), user('hi'), waitFor(HI_RESULT), sleep(2), close] },
  { name: 'env_session_state_tool_h5', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 with a bypassed Bash call', clis: ALL, args: STREAM, bypass: true, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, steps: [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(2), close] },
  { name: 'env_model_then_set_model_h5', about: 'ANTHROPIC_MODEL / CODEBUDDY_MODEL, then set_model to another model before the first turn, then a turn', clis: ALL, args: STREAM, env: { ANTHROPIC_MODEL: 'haiku', CODEBUDDY_MODEL: 'gpt-5.4-mini' }, steps: (cli) => around(ctl('req_2', { subtype: 'set_model', model: model(cli, 'sonnet', 'gpt-5.4') })) },
];

/** Options with other values and combinations (`opt_<option>_*`: inventory.mjs OPTION_CASES cites them). */
const optP = (name, about, clis, extra, prompt = 'hi', more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => ['-p', prompt, ...P_STREAM, ...extra(cli)] : ['-p', prompt, ...P_STREAM, ...extra], steps: [close], ...more });
const optS = (name, about, clis, extra, more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => [...STREAM, ...extra(cli)] : [...STREAM, ...extra], steps: [...ready(), ...turn(), close], ...more });
const OPTIONS = [
  optS('opt_permission_mode_plan_stream_h5', '--permission-mode plan in stream-json input mode, a text turn', ALL, ['--permission-mode', 'plan']),
  optS('opt_allowedTools_bash_read_stream_h5', '--allowedTools Bash,Read in stream-json input mode with a Bash call', ALL, ['--allowedTools', 'Bash,Read'], { steps: [...ready(), user('FGBASH please'), waitFor(RESULT, 30), sleep(1), close] }),
  // the Claude Agent SDK writes --system-prompt '' when the caller gives no systemPrompt
  optP('opt_system_prompt_empty_h5', '-p with --system-prompt "" (the Claude SDK default)', ALL, ['--system-prompt', '']),
  optS('opt_setting_sources_empty_stream_h5', "--setting-sources '' and --system-prompt '' in stream-json input mode (the Claude SDK's default argv)", ALL, ['--system-prompt', '', '--setting-sources', '']),
  optS('opt_fallback_model_stream_h5', '--model and a different --fallback-model in stream-json input mode', ALL, (cli) => ['--model', model(cli, 'sonnet', 'gpt-5.4'), '--fallback-model', model(cli, 'haiku', 'gpt-5.4-mini')]),
  // nobody answers the CLI's mcp_message requests here (a host that registered no such server). Not on cbc-2.117.0:
  // its request ids are mcp_<epoch ms>_<n>, which no normalisation removes, so two runs never agree
  optS('opt_mcp_config_sdk_server_h5', '--mcp-config naming an sdk-type server (how the Claude SDK passes an in-process server) in stream-json input mode, a turn', CLAUDE, ['--mcp-config', '{"mcpServers":{"inproc":{"type":"sdk","name":"inproc"}}}']),
  // not on cbc-2.117.0: there `--tools ''` leaves Bash out of the tools yet the fake model (which sees no tool list)
  // keeps asking for it; each answer is "Tool Bash not found" and the loop runs until the harness kills it at 150 s
  optS('opt_tools_empty_stream_h5', "--tools '' in stream-json input mode with a FGBASH prompt (no tools: a text reply)", CLAUDE, ['--tools', ''], { steps: [...ready(), ...turn('FGBASH please'), close] }),
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...STDIN, ...CONTROL, ...HOST, ...SESSION, ...SIGNALS, ...ENV, ...OPTIONS];
