// Surface cases (tuning, issue #16, helper FM): stdin edge cases at other moments (mid-turn, between turns, after an
// interrupt), other shapes of the lines an SDK or a careless host writes (BOM, CRLF, padding, unknown fields, wrong
// types, host tool_result blocks, image-only content), signals and EOF at other phases, and the background switch
// with other tools and modes.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, CLAUDE, P_STREAM, PNG, ready, RESULT } from '../surface-kit.mjs';

/** A user line with `fields` over the SDKs' usual shape. */
const line = (fields, message = {}) => ({ send: { type: 'user', message: { role: 'user', content: 'hi', ...message }, parent_tool_use_id: null, session_id: '', ...fields } });
/** The JSON text of a `hi` user line (for raw sends: BOM, CRLF, padding). */
const HI = JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '' });
const HI_RESULT = '"result":"Hello from fake API."';
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
/** init, `mid` while a SLOWTEXT turn runs, its result, then a `hi` turn. */
const midTurn = (...mid) => [...ready(), ...slowRunning, ...mid, waitFor(RESULT, 30), sleep(1), user('hi'), waitFor(HI_RESULT, 30), sleep(1), close];
/** init, a `hi` turn, `mid`, a second `hi` turn (waited by its num_turns), EOF. */
const between = (...mid) => [...ready(), user('hi'), waitFor(RESULT), sleep(1), ...mid, sleep(1), user('hi'), waitFor('"num_turns":', 20), sleep(2), close];
const BOTH_OFF = { CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS: '1', CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: '1' };

const STDIN = [
  { name: 'in_bom_user_line_fm', about: 'a user line starting with a UTF-8 BOM, after a first turn', clis: ALL, args: STREAM, steps: between({ send: `\uFEFF${HI}` }) },
  { name: 'in_padded_line_fm', about: 'a user line with leading spaces and a trailing tab', clis: ALL, args: STREAM, steps: [...ready(), { send: `   ${HI}\t` }, waitFor(RESULT), sleep(1), close] },
  { name: 'in_crlf_control_fm', about: 'a control request (mcp_status) line ending in CRLF, before any turn', clis: ALL, args: STREAM, steps: [...ready(), { send: `${JSON.stringify({ type: 'control_request', request_id: 'req_2', request: { subtype: 'mcp_status' } })}\r` }, sleep(2), close] },
  { name: 'in_unknown_fields_fm', about: 'a user line with unknown fields at the top and in message', clis: ALL, args: STREAM, steps: [...ready(), line({ extra_field: { a: 1 }, timestamp: '2026-01-01T00:00:00Z' }, { name: 'alice', id: 'x' }), waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_number_fm', about: 'a user line whose message.content is a number, then a `hi` turn', clis: ALL, args: STREAM, steps: between(line({}, { content: 42 })) },
  { name: 'in_session_id_number_fm', about: 'a user line whose session_id is a number and parent_tool_use_id a string', clis: ALL, args: STREAM, steps: [...ready(), line({ session_id: 7, parent_tool_use_id: 'toolu_none' }), waitFor(RESULT), sleep(1), close] },
  { name: 'in_host_tool_result_fm', about: 'user content with a tool_result block for an unknown tool_use_id (the host answering a call itself)', clis: ALL, args: STREAM, steps: [...ready(), user([{ type: 'tool_result', tool_use_id: 'toolu_nosuch', content: 'abc' }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_image_only_fm', about: 'user content with a base64 PNG image block and no text', clis: ALL, args: STREAM, steps: [...ready(), user([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_nonjson_mid_turn_fm', about: 'a non-JSON line while a slow turn runs, then a turn', clis: ALL, args: STREAM, steps: midTurn({ send: 'not json at all' }) },
  { name: 'in_unknown_type_mid_turn_fm', about: 'a line of an unknown type while a slow turn runs, then a turn', clis: ALL, args: STREAM, steps: midTurn({ send: { type: 'bogus', data: 1 } }) },
  { name: 'in_blank_mid_turn_fm', about: 'an empty and a whitespace line while a slow turn runs, then a turn', clis: ALL, args: STREAM, steps: midTurn({ send: '' }, { send: ' \t ' }) },
  { name: 'in_user_no_message_fm', about: 'a user line with no message, between two turns', clis: ALL, args: STREAM, steps: between({ send: { type: 'user', parent_tool_use_id: null, session_id: '' } }) },
  { name: 'in_nonjson_after_interrupt_fm', about: 'interrupt of a slow turn, then a non-JSON line, then a turn', clis: ALL, args: STREAM, steps: [...ready(), ...slowRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), { send: '{oops' }, sleep(1), user('hi'), waitFor(HI_RESULT, 30), sleep(1), close] },
];

const SIGNALS = [
  { name: 'sig_hup_after_result_fm', about: 'SIGHUP after a result, stdin open', clis: ALL, args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), { signal: 'SIGHUP' }, sleep(3)] },
  { name: 'sig_term_after_two_turns_fm', about: 'SIGTERM after two finished turns', clis: ALL, args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('hi'), waitFor('"num_turns":', 20), sleep(2), { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'sig_int_after_interrupt_fm', about: 'interrupt of a slow turn, its result, then SIGINT', clis: ALL, args: STREAM, steps: [...ready(), ...slowRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), { signal: 'SIGINT' }, sleep(3)] },
  { name: 'eof_no_input_fm', about: 'stdin closed at once, nothing written', clis: ALL, args: STREAM, steps: [close, sleep(5)] },
  { name: 'eof_two_queued_fm', about: 'a `hi` and a SLOWTEXT line back to back after initialize, then EOF at once', clis: ALL, args: STREAM, steps: [...ready(), user('hi'), user('SLOWTEXT please'), close, sleep(12)] },
  { name: 'eof_after_api_error_turn_fm', about: 'an APIERR turn, a `hi` turn, then EOF (exit code after a later success)', clis: ALL, args: STREAM, steps: [...ready(), user('APIERR please'), waitFor(RESULT), sleep(1), user('hi'), waitFor(HI_RESULT, 20), close, sleep(3)] },
];

const ENV = [
  { name: 'env_disable_bg_agent_fm', about: 'CODEBUDDY_/CLAUDE_CODE_DISABLE_BACKGROUND_TASKS=1 with a background Agent request', clis: ALL, args: STREAM, bypass: true, env: BOTH_OFF, steps: [...ready(), user('BGAGENT please'), waitFor(RESULT, 30), sleep(5), close] },
  { name: 'env_disable_bg_bash_p_fm', about: 'CODEBUDDY_/CLAUDE_CODE_DISABLE_BACKGROUND_TASKS=1, -p with a background Bash request', clis: ALL, args: ['-p', 'BGBASH please', ...P_STREAM], bypass: true, env: BOTH_OFF, steps: [close] },
  { name: 'env_disable_bg_claude_only_fm', about: 'only CLAUDE_CODE_DISABLE_BACKGROUND_TASKS=1 (not the CodeBuddy name) with a background Bash request', clis: ALL, args: STREAM, bypass: true, env: { CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: '1' }, steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 30), sleep(5), close] },
  { name: 'env_disable_bg_zero_fm', about: 'CLAUDE_CODE_DISABLE_BACKGROUND_TASKS=0 / CODEBUDDY_...=0 (a falsy value) with a background Bash request', clis: CLAUDE, args: STREAM, bypass: true, env: { CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS: '0', CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: '0' }, steps: [...ready(), user('BGBASH please'), waitFor('task_notification', 25), waitFor('FINAL', 15), sleep(2), close] },
];

/** Second sweep: phases around background work and host-written blocks. */
const MORE = [
  { name: 'sig_term_bg_task_running_fm', about: 'SIGTERM after the result of a turn whose background Bash task still runs', clis: ALL, args: STREAM, bypass: true, steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 30), { signal: 'SIGTERM' }, sleep(4)] },
  { name: 'eof_bg_task_running_fm', about: 'stdin EOF right after the result of a turn whose background Bash task still runs', clis: ALL, args: STREAM, bypass: true, steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 30), close, sleep(12)] },
  { name: 'sig_int_bg_task_running_fm', about: 'SIGINT after the result of a turn whose background Bash task still runs', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 30), { signal: 'SIGINT' }, sleep(4)] },
  { name: 'in_host_tool_result_error_fm', about: 'user content with a tool_result block (is_error true, content a list of text blocks) and a text block', clis: ALL, args: STREAM, steps: [...ready(), user([{ type: 'tool_result', tool_use_id: 'toolu_nosuch', is_error: true, content: [{ type: 'text', text: 'boom' }] }, { type: 'text', text: 'hi' }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_text_block_no_text_fm', about: 'user content with a text block that has no text field', clis: ALL, args: STREAM, steps: [...ready(), user([{ type: 'text' }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_null_fm', about: 'a user line whose message.content is null, between two turns', clis: ALL, args: STREAM, steps: between(line({}, { content: null })) },
  { name: 'in_content_object_fm', about: 'a user line whose message.content is one block object (not a list), between two turns', clis: ALL, args: STREAM, steps: between(line({}, { content: { type: 'text', text: 'hi' } })) },
  { name: 'eof_after_control_only_fm', about: 'initialize, an mcp_status control request, then EOF with no turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'mcp_status' }), sleep(1), close, sleep(4)] },
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...STDIN, ...SIGNALS, ...ENV, ...MORE];
