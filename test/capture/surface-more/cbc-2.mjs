// Surface cases: cbc, second round (see index.mjs). Tuning cases for cbc 2.117.0 as the CodeBuddy SDK
// (@tencent-ai/agent-sdk) drives it (issue #16): set_permission_mode with the modes and session ids the SDK
// sends (it names the session: lib/query.js, lib/session.js), interrupted and failed turns followed by more
// turns (what the next turn's model request carries), partial messages with a tool call, set_config and
// subscribe with other bodies.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { afterTurn, CBC, P_STREAM, ready, RESULT } from '../surface-kit.mjs';

const ONLY = [CBC];
/** A second turn's end: nothing in the text tells it from the first one's, so a fixed wait (a `hi` reply is quick). */
const settle = sleep(8);
/** A turn's init is out and the model request is under way. */
const underWay = (prompt) => [user(prompt), waitFor('"subtype":"init"'), sleep(2)];
const mode = (m, extra = {}) => ctl('req_2', { subtype: 'set_permission_mode', mode: m, ...extra });

/** set_permission_mode: the modes cbc 2.117.0's handler takes beyond the listed four, before the first turn, other sessions. */
const MODES = [
  { name: 'ctl_set_permission_mode_auto_cbc', about: 'set_permission_mode auto after one turn, then a turn (init permissionMode)', steps: afterTurn(mode('auto'), sleep(1), user('hi'), settle) },
  { name: 'ctl_set_permission_mode_dontask_tool_cbc', about: 'set_permission_mode dontAsk after one turn, then a turn with a gated Bash call', steps: afterTurn(mode('dontAsk'), sleep(1), user('FGBASH please'), settle) },
  { name: 'ctl_set_permission_mode_idle_sid_cbc', about: 'set_permission_mode acceptEdits before the first turn, naming a session id (as the SDK does), then a turn', steps: [...ready(), mode('acceptEdits', { session_id: 'zz-sid-9' }), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_set_permission_mode_other_sid_cbc', about: 'set_permission_mode acceptEdits after a turn, naming another session id', steps: afterTurn(mode('acceptEdits', { session_id: 'zz-sid-8' })) },
  { name: 'ctl_set_permission_mode_idle_invalid_cbc', about: 'set_permission_mode with an unknown mode before the first turn (which refusal wins)', steps: [...ready(), mode('zz-mode'), sleep(2), close] },
  { name: 'ctl_set_permission_mode_accept_twice_cbc', about: 'set_permission_mode acceptEdits twice after a turn (previous_mode of the second), then a turn', steps: afterTurn(mode('acceptEdits'), sleep(1), ctl('req_3', { subtype: 'set_permission_mode', mode: 'acceptEdits' }), sleep(1), user('hi'), settle) },
].map((c) => ({ ...c, clis: ONLY, args: STREAM }));

/** Turns that get no model reply (interrupted, failed), then more turns. */
const AFTER = [
  { name: 'ctl_interrupt_hang_then_turn_cbc', about: 'interrupt a turn whose reply is streaming (partial text), then a hi turn', steps: [...ready(), ...underWay('HANG please'), ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), user('hi'), settle, close] },
  { name: 'ctl_interrupt_slow_twice_cbc', about: 'interrupt a slow turn, then a hi turn, interrupted again, then a hi turn', steps: [...ready(), ...underWay('SLOWTEXT please'), ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), user('hi'), sleep(2), ctl('req_int2', { subtype: 'interrupt' }), sleep(2), user('hi'), settle, close] },
  { name: 'ctl_interrupt_second_turn_cbc', about: 'a hi turn, then a slow turn interrupted, then a hi turn (a later turn interrupted)', steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), ...underWay('SLOWTEXT please'), ctl('req_int', { subtype: 'interrupt' }), sleep(3), user('hi'), settle, close] },
  { name: 'ses_api_error_after_ok_cbc', about: 'a hi turn, a failing turn, then a hi turn (is the failed prompt kept?)', steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('APIERR now'), waitFor('"is_error":true'), sleep(1), user('hi'), settle, close] },
  { name: 'ses_api_error_p_cbc', about: 'a failing turn in -p stream-json mode (single shot)', args: ['-p', 'APIERR please', ...P_STREAM], steps: [close] },
].map((c) => ({ args: STREAM, ...c, clis: ONLY }));

/** --include-partial-messages with a tool call answered by the host, and over two turns. */
const PARTIAL = [
  { name: 'ses_partial_tool_allow_cbc', about: '--include-partial-messages, a gated Bash call the host allows', args: [...STREAM, '--include-partial-messages'], steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'allow', allowed: true, updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } } }, waitFor(RESULT), sleep(1), close] },
  { name: 'ses_partial_two_turns_cbc', about: '--include-partial-messages over two hi turns', args: [...STREAM, '--include-partial-messages'], steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('hi'), settle, close] },
].map((c) => ({ ...c, clis: ONLY }));

/** set_config and subscribe as the SDK sends them. */
const OTHER = [
  { name: 'ctl_set_config_sid_cbc', about: 'set_config with a session id and a config body (Session.setConfig)', steps: afterTurn(ctl('req_2', { subtype: 'set_config', session_id: 'zz-sid-7', config: { model: 'gpt-5.4' } })) },
  { name: 'ctl_set_config_keys_cbc', about: 'set_config with string values to convert and a key cbc does not take, before the first turn', steps: [...ready(), ctl('req_2', { subtype: 'set_config', config: { cleanupPeriodDays: '30', autoUpdates: 'false', language: 'en', zzNotAKey: 1 } }), sleep(2), close] },
  { name: 'ctl_subscribe_idle_cbc', about: 'subscribe to the commands channel before the first turn (Session.getCommands)', steps: [...ready(), ctl('req_2', { subtype: 'subscribe', channel: 'commands' }), sleep(2), close] },
].map((c) => ({ ...c, clis: ONLY, args: STREAM }));

/** A gated Bash call in -p mode (nobody to ask) under other permission flags. */
const GATED = [
  ['opt_allowedTools_bash_only_cbc', '--allowedTools Bash alone, a Bash call in -p', ['--allowedTools', 'Bash']],
  ['opt_allowedTools_space_cbc', '--allowedTools "Bash Read" (space-separated), a Bash call in -p', ['--allowedTools', 'Bash Read']],
  ['opt_allowedTools_pattern_cbc', '--allowedTools "Bash(touch:*)", a Bash call in -p', ['--allowedTools', 'Bash(touch:*)']],
  ['opt_permission_mode_dontask_cbc', '--permission-mode dontAsk, a Bash call in -p', ['--permission-mode', 'dontAsk']],
  ['ses_p_gated_tool_cbc', 'a Bash call in -p with no permission flag', []],
].map(([name, about, extra]) => ({ name, about, clis: ONLY, args: ['-p', 'FGBASH please', ...P_STREAM, ...extra], steps: [close] }));

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...MODES, ...AFTER, ...PARTIAL, ...OTHER, ...GATED];
