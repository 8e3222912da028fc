// Surface cases: helper FL, session 6 (see index.mjs). Tuning cases for cbc 2.117.0 as the CodeBuddy SDK
// (@tencent-ai/agent-sdk) drives it (issue #16): --resume in stream-json input mode with the initialize
// `hasPrompt` the SDK sends (lib/query.js: true when a prompt follows, the CLI then replays no history), stored
// sessions of other shapes, unreadable lines while other turns run, control requests with the SDK's other
// fields, and --disallowedTools in the other forms an SDK user writes.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CBC, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

const ONLY = [CBC];
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
const HI_RESULT = '"result":"Hello from fake API."';
/** Stored sessions to resume: one -p turn; two stream-json turns; one -p Bash call (bypass). */
const PRE_ONE = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
const PRE_TWO = { args: [...STREAM, '--session-id', SID], steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('hi'), waitFor('"num_turns":4'), sleep(1), close] };
const PRE_TOOL = { args: ['-p', 'FGBASH please', '--session-id', SID, ...P_STREAM, '--permission-mode', 'bypassPermissions'], steps: [close] };
const RESUME = [...STREAM, '--resume', SID];
const resumeTurn = (initExtra) => [...ready(initExtra), user('hi'), waitFor(HI_RESULT), sleep(1), close];

const SESSION = [
  { name: 'ses_resume_stream_hasprompt_cbc', about: '--resume in stream-json input mode, initialize hasPrompt: true (the SDK with a prompt), then a turn', args: RESUME, pre: PRE_ONE, steps: resumeTurn({ hasPrompt: true }) },
  { name: 'ses_resume_stream_hasprompt_false_cbc', about: '--resume in stream-json input mode, initialize hasPrompt: false, then a turn', args: RESUME, pre: PRE_ONE, steps: resumeTurn({ hasPrompt: false }) },
  { name: 'ses_resume_stream_two_turns_cbc', about: '--resume in stream-json input mode of a session with two turns, then a turn', args: RESUME, pre: PRE_TWO, steps: resumeTurn() },
  { name: 'ses_resume_stream_tool_cbc', about: '--resume in stream-json input mode of a session whose turn ran Bash, then a turn', args: RESUME, pre: PRE_TOOL, steps: resumeTurn() },
  { name: 'ses_resume_stream_eof_cbc', about: '--resume in stream-json input mode, initialize, then stdin EOF without a turn', args: RESUME, pre: PRE_ONE, steps: [...ready(), sleep(2), close] },
  { name: 'ses_resume_stream_user_first_cbc', about: '--resume in stream-json input mode, a user line first (no initialize)', args: RESUME, pre: PRE_ONE, steps: [user('hi'), waitFor(HI_RESULT, 90), sleep(1), close] },
  { name: 'ses_resume_stream_partial_cbc', about: '--resume with --include-partial-messages in stream-json input mode, then a turn', args: [...RESUME, '--include-partial-messages'], pre: PRE_ONE, steps: resumeTurn() },
  { name: 'ses_continue_stream_hasprompt_false_cbc', about: '--continue in stream-json input mode, initialize hasPrompt: false, then a turn', args: [...STREAM, '--continue'], pre: PRE_ONE, steps: resumeTurn({ hasPrompt: false }) },
  { name: 'ses_resume_fork_stream_two_turns_cbc', about: '--resume --fork-session in stream-json input mode of a two-turn session, then a turn', args: [...RESUME, '--fork-session'], pre: PRE_TWO, steps: resumeTurn() },
].map((c) => ({ ...c, clis: ONLY }));

const STDIN = [
  { name: 'in_unknown_type_mid_turn_cbc', about: 'a line of an unknown type while the first (slow) turn runs', steps: [...ready(), ...slowRunning, { send: { type: 'bogus_type', foo: 1 } }, waitFor('"result":"slow reply"', 30), sleep(1), close] },
  { name: 'in_keep_alive_mid_second_turn_cbc', about: 'keep_alive while the second turn (slow) runs, after a finished one', steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), ...slowRunning, { send: { type: 'keep_alive' } }, waitFor('"result":"slow reply"', 30), sleep(1), close] },
  { name: 'in_keep_alive_mid_turn_then_turn_cbc', about: 'keep_alive while the first (slow) turn runs, then a hi turn after its result', steps: [...ready(), ...slowRunning, { send: { type: 'keep_alive' } }, waitFor('"result":"slow reply"', 30), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
].map((c) => ({ ...c, clis: ONLY, args: STREAM }));

const CONTROL = [
  { name: 'ctl_interrupt_reason_cbc', about: 'interrupt with a reason (ControlInterruptRequest.reason) while a slow turn runs', steps: [...ready(), ...slowRunning, ctl('req_int', { subtype: 'interrupt', reason: 'user pressed stop' }), waitFor(RESULT, 15), sleep(2), close] },
  { name: 'ctl_get_available_modes_mid_turn_cbc', about: 'get_available_modes while a slow turn runs', steps: [...ready(), ...slowRunning, ctl('req_2', { subtype: 'get_available_modes' }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_subscribe_elicitation_cbc', about: 'subscribe to the elicitation channel, then a turn', steps: [...ready(), ctl('req_2', { subtype: 'subscribe', channel: 'elicitation' }), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_unsubscribe_idle_cbc', about: 'unsubscribe from commands without a subscribe, before any turn', steps: [...ready(), ctl('req_2', { subtype: 'unsubscribe', channel: 'commands' }), sleep(2), close] },
  { name: 'ctl_set_config_model_then_turn_cbc', about: 'set_config { model } before the first turn, then a turn', steps: [...ready(), ctl('req_2', { subtype: 'set_config', config: { model: 'gpt-5.2' } }), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
].map((c) => ({ ...c, clis: ONLY, args: STREAM }));

const optP = (name, about, extra, prompt = 'hi') => ({ name, about, clis: ONLY, args: ['-p', prompt, ...P_STREAM, ...extra], steps: [close] });
const OPTIONS = [
  optP('opt_disallowedTools_lowercase_cbc', '--disallowedTools bash (lower case) with a Bash prompt', ['--disallowedTools', 'bash'], 'FGBASH please'),
  optP('opt_disallowedTools_space_cbc', '--disallowedTools "Write Edit" (one argv entry, space separated)', ['--disallowedTools', 'Write Edit']),
  optP('opt_disallowedTools_argv_cbc', '--disallowedTools Write Edit (two argv entries, as the SDK passes a list)', ['--disallowedTools', 'Write', 'Edit']),
];

/** Second round: the same rows at the moments and in the combinations the first round did not reach. */
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const ALLOW = { behavior: 'allow', allowed: true, updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
const SECOND = [
  { name: 'in_keep_alive_pending_permission_cbc', about: 'keep_alive while the first turn waits for a can_use_tool answer, then allow', args: STREAM, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), { send: { type: 'keep_alive' } }, sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor('"result":"FINAL: acknowledged"', 30), sleep(1), close] },
  { name: 'in_nonjson_mid_turn_cbc', about: 'a line that is not JSON while the first (slow) turn runs', args: STREAM, steps: [...ready(), ...slowRunning, { send: 'hello there' }, waitFor('"result":"slow reply"', 30), sleep(2), close] },
  { name: 'in_user_mid_first_turn_cbc', about: 'a hi line while the first (slow) turn runs', args: STREAM, steps: [...ready(), ...slowRunning, user('hi'), waitFor('"result":"slow reply"', 30), sleep(4), close] },
  { name: 'in_user_mid_second_turn_cbc', about: 'a hi line while the second (slow) turn runs', args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), ...slowRunning, user('hi'), waitFor('"result":"slow reply"', 30), sleep(4), close] },
  { name: 'ses_resume_stream_eof_only_cbc', about: '--resume in stream-json input mode, stdin EOF before any line', args: RESUME, pre: PRE_ONE, steps: [sleep(8), close, sleep(3)] },
  { name: 'ses_resume_stream_ctl_first_cbc', about: '--resume in stream-json input mode, get_available_modes before initialize, then a turn', args: RESUME, pre: PRE_ONE, steps: [ctl('req_0', { subtype: 'get_available_modes' }), sleep(3), ...resumeTurn()] },
  { name: 'ctl_set_config_model_mid_turn_cbc', about: 'set_config { model } while a slow turn runs, then a hi turn', args: STREAM, steps: [...ready(), ...slowRunning, ctl('req_2', { subtype: 'set_config', config: { model: 'gpt-5.2' } }), waitFor('"result":"slow reply"', 30), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
  { name: 'ctl_subscribe_no_channel_cbc', about: 'subscribe without a channel, before any turn', args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'subscribe' }), sleep(2), close] },
  optP('opt_disallowedTools_settings_deny_cbc', '--settings with a permissions.deny Bash rule, with a Bash prompt', ['--settings', '{"permissions":{"deny":["Bash"]}}'], 'FGBASH please'),
  optP('opt_disallowedTools_allowed_too_cbc', '--allowedTools Bash and --disallowedTools Bash together, with a Bash prompt', ['--allowedTools', 'Bash', '--disallowedTools', 'Bash'], 'FGBASH please'),
  { name: 'in_user_mid_second_turn_then_turn_cbc', about: 'a hi line while the second (slow) turn runs, then another hi after its result', args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), ...slowRunning, user('hi'), waitFor('"result":"slow reply"', 30), sleep(2), user('hi'), sleep(6), close] },
  { name: 'in_keep_alive_mid_second_turn_then_turn_cbc', about: 'keep_alive while the second (slow) turn runs, then a hi after its result', args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), ...slowRunning, { send: { type: 'keep_alive' } }, waitFor('"result":"slow reply"', 30), sleep(2), user('hi'), sleep(6), close] },
  { name: 'ses_resume_stream_replay_user_cbc', about: '--resume --replay-user-messages in stream-json input mode, initialize hasPrompt: true, then a turn', args: [...RESUME, '--replay-user-messages'], pre: PRE_ONE, steps: resumeTurn({ hasPrompt: true }) },
].map((c) => ({ ...c, clis: ONLY }));

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...SESSION, ...STDIN, ...CONTROL, ...OPTIONS, ...SECOND];
