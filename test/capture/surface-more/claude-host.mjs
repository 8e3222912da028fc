// Surface cases: claude-host (see index.mjs). Tuning variants of the host-request, permission, interrupt and
// signal rows (issue #16): other answers to can_use_tool (rewritten commands, updatedPermissions, errors, empty
// messages), interrupts and signals while a permission request waits, and permission flags with a tool call.
// Every case runs on all three CLIs (the names say which row they attach to: req_/sig_/eof_/opt_).
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, CBC, P_STREAM, ready, RESULT } from '../surface-kit.mjs';

/** Claude needs --permission-prompt-tool stdio to ask the host; cbc 2.117.0 asks over stdio by itself. */
const ASK = (cli) => [...STREAM, ...(cli === CBC ? [] : ['--permission-prompt-tool', 'stdio'])];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
/** The result of a `hi` turn. */
const HI_RESULT = '"result":"Hello from fake API."';
/** Allows the pending can_use_tool with `updatedInput` (both SDKs' shapes in one answer). */
const rewrite = (command) => ({ answer: 'can_use_tool', response: { behavior: 'allow', allowed: true, updatedInput: { command, description: 'Rewritten' } } });
/** One gated FGBASH turn the host answers with `answer`, to its result. */
const gated = (answer) => [...ready(), user('FGBASH please'), answer, waitFor(RESULT), sleep(1), close];
/** -p with a prompt and stream-json output, plus `extra`. */
const optP = (name, about, extra, prompt = 'FGBASH please') => ({ name, about, clis: ALL, args: ['-p', prompt, ...P_STREAM, ...extra], steps: [close] });

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [
  // can_use_tool answers
  { name: 'req_can_use_tool_rewrite_two_echoes', about: 'the host rewrites the Bash command to two echoes joined by &&', clis: ALL, args: ASK, steps: gated(rewrite('echo first-line && echo second-line')) },
  { name: 'req_can_use_tool_rewrite_quoted', about: 'the host rewrites the Bash command to an echo of a quoted text with spaces', clis: ALL, args: ASK, steps: gated(rewrite('echo "hello from the host"')) },
  { name: 'req_can_use_tool_rewrite_touch_echo', about: 'the host rewrites the Bash command to another touch && echo', clis: ALL, args: ASK, steps: gated(rewrite('touch other.txt && echo other-output')) },
  { name: 'req_can_use_tool_deny_no_message', about: 'the host denies without a message', clis: ALL, args: ASK, steps: gated({ answer: 'can_use_tool', response: { behavior: 'deny', allowed: false } }) },
  { name: 'req_can_use_tool_error_answer', about: 'the host answers can_use_tool with an error control_response', clis: ALL, args: ASK, steps: gated({ answer: 'can_use_tool', error: 'host blew up' }) },
  {
    name: 'req_can_use_tool_deny_interrupt_then_turn',
    about: 'the host denies with interrupt: true, then a second turn (its num_turns and usage)',
    clis: ALL,
    args: ASK,
    steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'deny', allowed: false, message: 'no', interrupt: true } }, waitFor(RESULT), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close],
  },
  {
    name: 'req_can_use_tool_interrupt_pending',
    about: 'an interrupt control request while a can_use_tool request waits for the host',
    clis: ALL,
    args: ASK,
    steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), close],
  },
  {
    name: 'req_can_use_tool_updated_permissions',
    about: 'the host allows with updatedPermissions (a session rule for the command), then the same call in a second turn',
    clis: ALL,
    args: ASK,
    steps: [
      ...ready(),
      user('FGBASH please'),
      { answer: 'can_use_tool', response: { behavior: 'allow', allowed: true, updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'touch fg.txt && echo fg-output' }], behavior: 'allow', destination: 'session' }] } },
      waitFor(RESULT),
      sleep(1),
      user('FGBASH again'),
      { answer: 'can_use_tool', response: { behavior: 'allow', allowed: true }, timeout: 8 },
      waitFor('"num_turns"', 20),
      sleep(2),
      close,
    ],
  },
  { name: 'req_can_use_tool_allow_bare', about: 'the host allows with {behavior: "allow"} alone (no updatedInput)', clis: ALL, args: ASK, steps: gated({ answer: 'can_use_tool', response: { behavior: 'allow', allowed: true } }) },
  // signals and EOF while a permission request waits
  { name: 'sig_term_pending_permission', about: 'SIGTERM while a can_use_tool request waits for the host', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'sig_hup_pending_permission', about: 'SIGHUP while a can_use_tool request waits for the host', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), { signal: 'SIGHUP' }, sleep(3)] },
  // the turn is under way once its system/init is out (a slow start-up must not put the signal before it)
  { name: 'sig_term_mid_turn_serving', about: 'SIGTERM while a slow text reply is pending, after initialize was answered', clis: ALL, args: STREAM, steps: [...ready(), user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1), { signal: 'SIGTERM' }, sleep(3)] },
  {
    name: 'sig_int_pending_permission_after_turn',
    about: 'SIGINT while a can_use_tool request waits, after a first turn',
    clis: ALL,
    args: ASK,
    steps: [...ready(), user('hi'), waitFor(HI_RESULT), sleep(1), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), { signal: 'SIGINT' }, sleep(3)],
  },
  {
    name: 'eof_pending_permission_after_turn',
    about: 'stdin EOF while a can_use_tool request waits, after a first turn',
    clis: ALL,
    args: ASK,
    steps: [...ready(), user('hi'), waitFor(HI_RESULT), sleep(1), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), close, sleep(4)],
  },
  // permission flags with a tool call
  optP('opt_allowedTools_pattern_bash_call', '--allowedTools with a Bash(touch:*) pattern and a Bash call in -p', ['--allowedTools', 'Bash(touch:*)']),
  optP('opt_disallowedTools_pattern_bash_call', '--disallowedTools with a Bash(rm:*) pattern (Bash stays offered) and a Bash call in -p', ['--disallowedTools', 'Bash(rm:*)']),
  optP('opt_disallowedTools_bash_bg_call', '--disallowedTools Bash with a prompt that would start a background Bash', ['--disallowedTools', 'Bash'], 'BGBASH please'),
  optP('opt_permission_mode_dontask_bash_call', '--permission-mode dontAsk with a Bash call in -p', ['--permission-mode', 'dontAsk']),
  optP('opt_permission_mode_plan_bash_call', '--permission-mode plan with a Bash call in -p', ['--permission-mode', 'plan']),
  optP('opt_permission_mode_accept_edits_bash_call', '--permission-mode acceptEdits with a Bash call that writes a file in -p', ['--permission-mode', 'acceptEdits']),
  optP('opt_permission_mode_bypass_bash_call', '--permission-mode bypassPermissions with a Bash call in -p', ['--permission-mode', 'bypassPermissions']),
  optP('opt_tools_read_bash_call', '--tools Read with a prompt that would call Bash', ['--tools', 'Read']),
  { name: 'opt_disallowedTools_bash_stream', about: '--disallowedTools Bash in stream-json input mode, a Bash prompt then hi', clis: ALL, args: [...STREAM, '--disallowedTools', 'Bash'], steps: [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(1), user('hi'), waitFor('"num_turns"', 20), sleep(1), close] },
];
