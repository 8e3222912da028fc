// Surface cases: held-back-2 (see index.mjs). A second held-back set for issue #16's acceptance: variants of
// existing surface rows (other values, other timing, other combinations an SDK sends), written and captured
// before anyone compared the emulator with them. Never used to tune the emulator (f-common rules).
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, afterTurn, around, CBC, CLAUDE, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

/** A user line with extra fields, as the SDKs build it. */
const userLine = (fields) => ({ send: { type: 'user', ...fields } });
/** Claude needs --permission-prompt-tool stdio to ask the host; cbc 2.117.0 asks over stdio by itself. */
const ASK = (cli) => [...STREAM, ...(cli === CBC ? [] : ['--permission-prompt-tool', 'stdio'])];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
/** A model name each CLI knows: Claude aliases, cbc 2.117.0's own list. */
const model = (cli, claude, cbc) => (cli === CBC ? cbc : claude);
/** The result of a `hi` turn: a second turn waits for it when the first turn was not `hi` (a frame, not a sleep). */
const HI_RESULT = '"result":"Hello from fake API."';
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s): a fixed sleep let a loaded
 * machine's slow start put the request before the turn began. */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
/** The result of a SLOWTEXT turn. */
const SLOW_RESULT = '"result":"slow reply"';
/** Two turns to their results: a slow one, then `hi`. */
const twoTurns = [...ready(), user('SLOWTEXT please'), waitFor(RESULT, 30), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1)];

/** stdin edge cases: shapes of user lines the SDKs (or a careless host) write. */
const STDIN = [
  // the next turn waits for the first one's result: a user line arriving mid-turn makes cbc 2.117.0 race (new session)
  { name: 'in_content_empty_array_h2', about: 'a user line whose content is an empty block list, to its result, then a slow turn', clis: ALL, args: STREAM, steps: [...ready(), user([]), waitFor(RESULT), sleep(1), user('SLOWTEXT please'), waitFor(SLOW_RESULT, 30), sleep(1), close] },
  { name: 'in_user_uuid_h2', about: 'a user line carrying a uuid and session_id "default" (as the SDKs stream it)', clis: ALL, args: STREAM, steps: [...ready(), userLine({ message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: 'default', uuid: '0a1b2c3d-0000-4000-8000-00000000000a' }), waitFor(RESULT), sleep(1), close] },
  { name: 'in_user_minimal_h2', about: 'a user line with only type and message (no parent_tool_use_id, no session_id)', clis: ALL, args: STREAM, steps: [...ready(), userLine({ message: { role: 'user', content: 'hi' } }), waitFor(RESULT), sleep(1), close] },
  { name: 'in_json_escapes_h2', about: 'a user text written with JSON escapes: a surrogate pair, \\n, \\t and \\u00e9', clis: ALL, args: STREAM, steps: [...ready(), { send: '{"type":"user","message":{"role":"user","content":"hi \\ud83c\\udf89 line\\nnext\\ttab caf\\u00e9"},"parent_tool_use_id":null,"session_id":""}' }, waitFor(RESULT), sleep(1), close] },
  { name: 'in_nonjson_after_turn_h2', about: 'a non-JSON stdin line after a finished turn, then a second turn', clis: ALL, args: STREAM, steps: [...ready(), user('SLOWTEXT please'), waitFor(RESULT, 30), sleep(1), { send: 'oops not json' }, sleep(1), user('hi'), waitFor(HI_RESULT), sleep(2), close] },
];

/** SDK → CLI control requests: other values, other timing. `ctl_<subtype>_*` names attach them to the subtype's row. */
const CONTROL = [
  ...['plan', 'bypassPermissions', 'default', 'dontAsk'].map((mode) => ({
    name: `ctl_set_permission_mode_${mode.toLowerCase()}_h2`,
    about: `set_permission_mode ${mode} after one turn`,
    // cbc 2.117.0's plan reply names a plan file with random words (plans/<a>-<b>-<c>.md): not stable run to run
    clis: mode === 'plan' ? CLAUDE : ALL,
    args: STREAM,
    steps: afterTurn(ctl('req_2', { subtype: 'set_permission_mode', mode })),
  })),
  { name: 'ctl_set_model_then_turn_h2', about: 'set_model to another model (haiku; cbc: gpt-5.4) before the first turn, then a turn (model of its frames)', clis: ALL, args: STREAM, steps: (cli) => around(ctl('req_2', { subtype: 'set_model', model: model(cli, 'haiku', 'gpt-5.4') })) },
  { name: 'ctl_set_max_thinking_tokens_null_h2', about: 'set_max_thinking_tokens null (the SDK resets thinking)', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_max_thinking_tokens', max_thinking_tokens: null })) },
  { name: 'ctl_mcp_status_mid_turn_h2', about: 'mcp_status sent while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'mcp_status' }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_mcp_status_idle_h2', about: 'mcp_status right after initialize, before any turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'mcp_status' }), sleep(2), close] },
  // the second turn's result: cbc 2.117.0 answers it with the interrupted prompt's reply ("slow reply"), Claude with `hi`'s
  { name: 'ctl_interrupt_slow_h2', about: 'interrupt while a slow text reply is pending, then a second turn', clis: ALL, args: STREAM, steps: (cli) => [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), user('hi'), waitFor(cli === CBC ? SLOW_RESULT : HI_RESULT), sleep(1), close] },
  { name: 'ctl_rename_session_unicode_h2', about: 'rename_session with a unicode title after one turn', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'rename_session', title: 'Überblick 概要 🚀' })) },
  {
    name: 'ctl_initialize_sdk_options_h2',
    about: 'initialize with the fields the Claude SDK sends for agents, sdkMcpServers and a system prompt, then a turn',
    clis: ALL,
    args: STREAM,
    steps: [...ready({ systemPrompt: 'You are a careful assistant.', appendSystemPrompt: 'Answer in one line.', sdkMcpServers: [], agents: { tester: { description: 'Runs tests', prompt: 'You run tests.' } } }), user('hi'), waitFor(RESULT), sleep(1), close],
  },
  // (get_context_usage mid-turn was tried here and dropped: Claude's attachmentsByType order and token counts vary run to run)
  { name: 'ctl_set_model_mid_turn_h2', about: 'set_model while a slow turn runs, then a second turn (which model answers it)', clis: ALL, args: STREAM, steps: (cli) => [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'set_model', model: model(cli, 'sonnet', 'gpt-5.4-mini') }), waitFor(RESULT, 30), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
];

/** CLI → SDK requests: other answers to can_use_tool. */
const HOST = [
  { name: 'req_can_use_tool_rewrite_h2', about: 'a gated Bash call, the host allows with a rewritten command', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'allow', allowed: true, updatedInput: { command: 'echo rewritten-by-host', description: 'Echo' } } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_can_use_tool_deny_interrupt_h2', about: 'a gated Bash call, the host denies with interrupt: true', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'deny', allowed: false, message: 'stop here', reason: 'stop here', interrupt: true } }, waitFor(RESULT), sleep(1), close] },
];

/** Session flags in the shapes the SDKs pass them (stream-json input, with a turn). */
const PRE_TURN = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
const SESSION = [
  { name: 'ses_resume_stream_h2', about: '--resume of a stored session in stream-json input mode, then a turn', clis: ALL, args: [...STREAM, '--resume', SID], pre: PRE_TURN, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_continue_stream_h2', about: '--continue after one -p session, in stream-json input mode, then a turn', clis: ALL, args: [...STREAM, '--continue'], pre: PRE_TURN, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_session_id_stream_h2', about: '--session-id with a fresh uuid in stream-json input mode, two turns', clis: ALL, args: [...STREAM, '--session-id', SID], steps: [...twoTurns, close] },
  { name: 'ses_max_turns_two_h2', about: '-p with --max-turns 2 and a tool call (the tool turn and the answer fit)', clis: ALL, args: ['-p', 'FGBASH please', '--max-turns', '2', ...P_STREAM], bypass: true, steps: [close] },
  { name: 'ses_partial_tool_h2', about: '--include-partial-messages with a tool call in stream-json input mode', clis: ALL, args: [...STREAM, '--include-partial-messages'], bypass: true, steps: [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(1), close] },
];

/** Signals and stdin EOF at other phases. */
const SIGNALS = [
  { name: 'sig_int_two_turns_h2', about: 'SIGINT after two finished turns, stdin open', clis: ALL, args: STREAM, steps: [...twoTurns, { signal: 'SIGINT' }, sleep(3)] },
  { name: 'sig_int_pending_permission_h2', about: 'SIGINT while a can_use_tool request waits for the host', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), { signal: 'SIGINT' }, sleep(3)] },
  { name: 'eof_pending_permission_h2', about: 'stdin EOF while a can_use_tool request waits for the host', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), close, sleep(4)] },
];

/** Environment switches with other values. */
const ENV = [
  { name: 'env_model_stream_h2', about: 'ANTHROPIC_MODEL / CODEBUDDY_MODEL with other values, in stream-json input mode', clis: ALL, args: STREAM, env: { ANTHROPIC_MODEL: 'sonnet', CODEBUDDY_MODEL: 'gpt-5.4-mini' }, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'env_entrypoint_py_h2', about: 'CLAUDE_CODE_ENTRYPOINT=sdk-py, CLAUDE_AGENT_SDK_VERSION (as the Python SDK spawns)', clis: ALL, args: STREAM, env: { CLAUDE_CODE_ENTRYPOINT: 'sdk-py', CLAUDE_AGENT_SDK_VERSION: '0.1.9' }, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
];

/** Options with other values and combinations (`opt_<option>_*`: inventory.mjs OPTION_CASES cites them). */
const optP = (name, about, clis, extra, prompt = 'hi', more = {}) => ({ name, about, clis, args: typeof extra === 'function' ? (cli) => ['-p', prompt, ...P_STREAM, ...extra(cli)] : ['-p', prompt, ...P_STREAM, ...extra], steps: [close], ...more });
const OPTIONS = [
  optP('opt_permission_mode_accept_edits_h2', '-p hi with --permission-mode acceptEdits', ALL, ['--permission-mode', 'acceptEdits']),
  optP('opt_model_fallback_h2', '--model with a different --fallback-model', ALL, (cli) => ['--model', model(cli, 'opus', 'gpt-5.4'), '--fallback-model', model(cli, 'sonnet', 'gpt-5.4-mini')]),
  optP('opt_append_system_prompt_unicode_h2', '--append-system-prompt with unicode text', ALL, ['--append-system-prompt', 'Réponds brièvement. 简洁に 🎯']),
  optP('opt_allowedTools_bash_call_h2', '--allowedTools Bash,Read with a Bash call in -p (no bypass)', ALL, ['--allowedTools', 'Bash,Read'], 'FGBASH please'),
  optP('opt_disallowedTools_bash_call_h2', '--disallowedTools Bash with a prompt that would call Bash', ALL, ['--disallowedTools', 'Bash'], 'FGBASH please'),
  optP('opt_tools_empty_h2', '--tools "" (the SDK passes tools: [] so)', ALL, ['--tools', '']),
  optP('opt_mcp_config_strict_h2', '--mcp-config with an empty server map and --strict-mcp-config', ALL, ['--mcp-config', '{"mcpServers":{}}', '--strict-mcp-config']),
  optP('opt_setting_sources_empty_h2', '--setting-sources "" (the SDK default: no filesystem settings)', ALL, ['--setting-sources', '']),
  optP('opt_effort_low_h2', '--effort low', ALL, ['--effort', 'low']),
  { name: 'opt_system_prompt_stream_h2', about: '--system-prompt in stream-json input mode, then a turn', clis: ALL, args: [...STREAM, '--system-prompt', 'You are a helpful test bot.'], steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'opt_json_schema_stream_h2', about: '--json-schema in stream-json input mode (the SDK outputFormat), one turn', clis: ALL, args: [...STREAM, '--json-schema', '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}'], steps: [...ready(), user('hi'), waitFor(RESULT, 60), sleep(1), close] },
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...STDIN, ...CONTROL, ...HOST, ...SESSION, ...SIGNALS, ...ENV, ...OPTIONS];
