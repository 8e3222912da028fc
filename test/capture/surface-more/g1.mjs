// Surface cases: G1's tuning variants (issue #16, round 9) of the eighth set's Claude misses: cancel_queued with a
// queued line that carries a uuid (is it listed as cancelled?), and a PreToolUse hook that refuses a background Bash
// call (does the task still start?).
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CLAUDE, ready, RESULT } from '../surface-kit.mjs';

const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
const userWithUuid = (content, uuid) => ({ send: { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '', uuid } });
const DENY = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no background work' } };

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [
  {
    name: 'ctl_interrupt_cancel_queued_uuid_line_g1',
    about: 'a user line with a uuid queued behind a slow turn, then interrupt with cancel_queued: true',
    clis: CLAUDE,
    args: STREAM,
    steps: [...ready(), ...slowTurnRunning, userWithUuid('hi', '0a1b2c3d-0000-4000-8000-000000000001'), sleep(1), ctl('req_int', { subtype: 'interrupt', cancel_queued: true }), waitFor(RESULT, 15), sleep(3), close],
  },
  {
    name: 'req_hook_callback_pre_bg_bash_deny_g1',
    about: 'a PreToolUse hook refuses a bypassed background Bash call',
    clis: CLAUDE,
    args: STREAM,
    bypass: true,
    steps: [...ready({ hooks: { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }] } }), user('BGBASH please'), { answer: 'hook_callback', response: DENY }, waitFor(RESULT, 25), sleep(4), close],
  },
  {
    name: 'opt_disallowedTools_echo_pattern_stream_fgbash_g1',
    about: '--disallowedTools "Bash(echo:*)" in stream-json input mode, a Bash call whose second subcommand is echo',
    clis: CLAUDE,
    args: [...STREAM, '--disallowedTools', 'Bash(echo:*)', '--permission-prompt-tool', 'stdio'],
    steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'allow', updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } }, timeout: 10 }, waitFor(RESULT), sleep(1), close],
  },
  {
    name: 'opt_disallowedTools_sleep_pattern_stream_bgbash_g1',
    about: '--disallowedTools "Bash(sleep:*)" in stream-json input mode, a background Bash call starting with sleep',
    clis: CLAUDE,
    args: [...STREAM, '--disallowedTools', 'Bash(sleep:*)'],
    steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 25), sleep(4), close],
  },
  {
    name: 'req_hook_callback_pre_bg_agent_g1',
    about: 'a PreToolUse hook on Agent answered continue: true for a bypassed background Agent call, to its notification',
    clis: CLAUDE,
    args: STREAM,
    bypass: true,
    steps: [...ready({ hooks: { PreToolUse: [{ matcher: 'Agent', hookCallbackIds: ['hook_0'] }] } }), user('BGAGENT please'), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT, 25), waitFor('"subtype":"task_notification"', 25), waitFor('FINAL', 15), sleep(2), close],
  },
];
