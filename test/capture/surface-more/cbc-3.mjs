// Surface cases: cbc, third round (see index.mjs). Tuning cases for cbc 2.117.0 as the CodeBuddy SDK
// (@tencent-ai/agent-sdk) drives it (issue #16): control requests at other moments (idle twice, mid-turn),
// permission modes set before a gated tool call, host answers without extras, user lines of the other shapes
// the SDK writes, session flags in stream-json input mode, signals and EOF at the phases not yet covered, and
// --allowedTools as the SDK passes it (one argv entry per tool: lib/transport/process-transport.js).
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { afterTurn, CBC, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

const ONLY = [CBC];
/** A second turn's end: nothing in the text tells it from the first one's, so a fixed wait (a `hi` reply is quick). */
const settle = sleep(8);
/** A turn's init is out and the model request is under way. */
const underWay = (prompt) => [user(prompt), waitFor('"subtype":"init"'), sleep(2)];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const line = (fields) => ({ send: { type: 'user', ...fields } });

/** Control requests at other moments. */
const CONTROL = [
  { name: 'ctl_interrupt_idle_twice_cbc', about: 'interrupt twice before the first turn, then a turn', steps: [...ready(), ctl('req_2', { subtype: 'interrupt' }), sleep(1), ctl('req_3', { subtype: 'interrupt' }), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_set_permission_mode_mid_turn_cbc', about: 'set_permission_mode acceptEdits while a slow turn streams', steps: [...ready(), ...underWay('SLOWTEXT please'), ctl('req_2', { subtype: 'set_permission_mode', mode: 'acceptEdits' }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_set_permission_mode_bypass_tool_cbc', about: 'set_permission_mode bypassPermissions before the first turn, then a gated Bash call', steps: [...ready(), ctl('req_2', { subtype: 'set_permission_mode', mode: 'bypassPermissions' }), sleep(1), user('FGBASH please'), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_set_permission_mode_plan_tool_cbc', about: 'set_permission_mode plan after a turn, then a gated Bash call', steps: afterTurn(ctl('req_2', { subtype: 'set_permission_mode', mode: 'plan' }), sleep(1), user('FGBASH please'), settle) },
  { name: 'ctl_set_model_mid_turn_cbc', about: 'set_model gpt-5.2 while a slow turn streams, then a hi turn', steps: [...ready(), ...underWay('SLOWTEXT please'), ctl('req_2', { subtype: 'set_model', model: 'gpt-5.2' }), waitFor(RESULT, 30), sleep(1), user('hi'), settle, close] },
  { name: 'ctl_get_available_models_mid_turn_cbc', about: 'get_available_models while a slow turn streams', steps: [...ready(), ...underWay('SLOWTEXT please'), ctl('req_2', { subtype: 'get_available_models' }), waitFor(RESULT, 30), sleep(1), close] },
].map((c) => ({ ...c, clis: ONLY, args: STREAM }));

/** Host answers and user lines of the other shapes. */
const HOST = [
  { name: 'req_can_use_tool_allow_bare_cbc', about: 'a gated Bash call, the host allows with only behavior (no updatedInput)', steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'allow' } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_can_use_tool_allow_then_turn_cbc', about: 'a gated Bash call the host allows, then the same call again (asked again?)', steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'allow', updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } } }, waitFor(RESULT), sleep(1), user('FGBASH again'), waitFor(CAN_USE_TOOL), sleep(1), close] },
  { name: 'in_user_other_session_cbc', about: 'a user line naming another session id, then a plain turn', steps: [...ready(), line({ message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: 'zz-other-session' }), waitFor(RESULT), sleep(1), user('hi'), settle, close] },
  { name: 'in_text_block_uuid_cbc', about: 'a user line whose content is one text block, with a uuid (the SDK streaming shape)', steps: [...ready(), line({ message: { role: 'user', content: [{ type: 'text', text: 'hi' }] }, parent_tool_use_id: null, session_id: '', uuid: '0a1b2c3d-0000-4000-8000-00000000000b' }), waitFor(RESULT), sleep(1), close] },
].map((c) => ({ ...c, clis: ONLY, args: STREAM }));

/** Session flags in stream-json input mode; a pre-run stores the session. */
const PRE_TURN = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
const SESSION = [
  { name: 'ses_session_id_two_turns_cbc', about: '--session-id in stream-json input mode, two turns', args: [...STREAM, '--session-id', SID], steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('hi'), settle, close] },
  { name: 'ses_resume_fork_stream_cbc', about: '--resume --fork-session of a stored session in stream-json input mode, then a turn', args: [...STREAM, '--resume', SID, '--fork-session'], pre: PRE_TURN, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_resume_unknown_stream_cbc', about: '--resume of an unknown session id in stream-json input mode, then a turn', args: [...STREAM, '--resume', '5e551011-0000-4000-8000-0000000000fe'], steps: [...ready(), user('hi'), waitFor(RESULT, 15), sleep(1), close] },
].map((c) => ({ ...c, clis: ONLY }));

/** Signals and EOF at other phases. */
const ENDS = [
  { name: 'sig_term_pending_permission_cbc', about: 'SIGTERM while a can_use_tool request waits for the host', args: STREAM, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'eof_after_interrupt_cbc', about: 'interrupt a slow turn, then stdin EOF at once', args: STREAM, steps: [...ready(), ...underWay('SLOWTEXT please'), ctl('req_int', { subtype: 'interrupt' }), close, sleep(4)] },
  { name: 'eof_before_init_turn_cbc', about: 'a user line with no initialize, then stdin EOF at once', args: STREAM, steps: [sleep(2), user('hi'), close, sleep(15)] },
].map((c) => ({ ...c, clis: ONLY }));

/** --allowedTools as the SDK passes it: one argv entry per tool, a gated Bash call in stream-json input mode. */
const ALLOWED = [
  { name: 'opt_allowedTools_argv_stream_cbc', about: '--allowedTools Bash Read (two argv entries, as the SDK passes a list), a Bash call in stream-json input mode', args: [...STREAM, '--allowedTools', 'Bash', 'Read'], steps: [...ready(), user('FGBASH please'), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'opt_allowedTools_read_only_cbc', about: '--allowedTools Read, a Bash call in -p (not listed)', args: ['-p', 'FGBASH please', ...P_STREAM, '--allowedTools', 'Read'], steps: [close] },
].map((c) => ({ ...c, clis: ONLY }));

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...CONTROL, ...HOST, ...SESSION, ...ENDS, ...ALLOWED];
