// Surface cases (tuning, issue #16, helper FU): stdin lines, signals and stdin EOF at phases no earlier capture showed —
// while a hook_callback waits (PreToolUse, UserPromptSubmit), while a permission prompt waits, while a workflow or a
// background task runs, during --include-partial-messages streaming, with a turn queued; a line split across writes,
// several lines in one write, and lines of other kinds in those phases.
import { close, init, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, CBC, ready, RESULT } from '../surface-kit.mjs';

/** Claude needs --permission-prompt-tool stdio to ask the host; cbc 2.117.0 asks over stdio by itself. */
const ASK = (cli) => [...STREAM, ...(cli === CBC ? [] : ['--permission-prompt-tool', 'stdio'])];
const PARTIAL = [...STREAM, '--include-partial-messages'];
/** The Claude SDK's hook matcher shape in initialize. */
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
/** A Bash call waiting on its PreToolUse hook_callback (nobody answers it). */
const preHookWaiting = [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor('"subtype":"hook_callback"'), sleep(1)];
/** A prompt waiting on its UserPromptSubmit hook_callback. */
const promptHookWaiting = [...ready({ hooks: { UserPromptSubmit: hook('hook_0') } }), user('hi'), waitFor('"subtype":"hook_callback"'), sleep(1)];
/** A Bash call waiting on its can_use_tool answer. */
const permissionWaiting = [...ready(), user('FGBASH please'), waitFor('"subtype":"can_use_tool"', 30), sleep(1)];
/**
 * A background Bash task started by a turn that has ended (bypassPermissions); cbc 2.117.0 refuses the background call
 * and starts no task, so there the turn's result is waited for (a wait for task_started would run to its timeout).
 */
const bgTaskRunning = (cli) => [...ready(), user('BGBASH please'), cli === CBC ? waitFor(RESULT, 30) : waitFor('"subtype":"task_started"', 30), sleep(0.5)];
/** A slow workflow under way (bypassPermissions). */
const workflowRunning = [...ready(), user('WFSLOW please'), waitFor('"subtype":"task_started"', 30), sleep(1)];
const line = (content) => JSON.stringify({ type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' });

const SIGNALS = [
  { name: 'sig_hup_mid_turn_partial_fu', about: 'SIGHUP while a slow turn streams with --include-partial-messages', clis: ALL, args: PARTIAL, steps: [...ready(), ...slowTurnRunning, { signal: 'SIGHUP' }, sleep(3)] },
  { name: 'sig_int_pending_hook_callback_fu', about: 'SIGINT while a PreToolUse hook_callback waits for the host', clis: ALL, args: STREAM, bypass: true, steps: [...preHookWaiting, { signal: 'SIGINT' }, sleep(3)] },
  { name: 'sig_term_pending_hook_callback_fu', about: 'SIGTERM while a PreToolUse hook_callback waits for the host', clis: ALL, args: STREAM, bypass: true, steps: [...preHookWaiting, { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'sig_int_pending_prompt_hook_fu', about: 'SIGINT while a UserPromptSubmit hook_callback waits for the host', clis: ALL, args: STREAM, steps: [...promptHookWaiting, { signal: 'SIGINT' }, sleep(3)] },
  { name: 'sig_term_workflow_running_fu', about: 'SIGTERM while a slow workflow runs', clis: ALL, args: STREAM, bypass: true, steps: [...workflowRunning, { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'sig_int_workflow_running_fu', about: 'SIGINT while a slow workflow runs', clis: ALL, args: STREAM, bypass: true, steps: [...workflowRunning, { signal: 'SIGINT' }, sleep(3)] },
  { name: 'sig_term_queued_turn_fu', about: 'SIGTERM while a slow turn runs and a second prompt is queued behind it', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, user('hi'), sleep(1), { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'sig_int_queued_turn_fu', about: 'SIGINT while a slow turn runs and a second prompt is queued behind it', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, user('hi'), sleep(1), { signal: 'SIGINT' }, sleep(4), close, sleep(3)] },
  { name: 'sig_hup_bg_task_running_fu', about: 'SIGHUP while a background Bash task runs after its turn ended', clis: ALL, args: STREAM, bypass: true, steps: (cli) => [...bgTaskRunning(cli), { signal: 'SIGHUP' }, sleep(3)] },
  { name: 'sig_term_mid_turn_replay_partial_fu', about: 'SIGTERM while a slow turn streams with --include-partial-messages and --replay-user-messages', clis: ALL, args: [...PARTIAL, '--replay-user-messages'], steps: [...ready(), ...slowTurnRunning, { signal: 'SIGTERM' }, sleep(3)] },
];

const EOF = [
  { name: 'eof_pending_prompt_hook_fu', about: 'stdin EOF while a UserPromptSubmit hook_callback waits for the host', clis: ALL, args: STREAM, steps: [...promptHookWaiting, close, sleep(6)] },
  { name: 'eof_pending_hook_callback_default_mode_fu', about: 'stdin EOF while a PreToolUse hook_callback waits, default permission mode, no prompt tool', clis: ALL, args: STREAM, steps: [...preHookWaiting, close, sleep(6)] },
  { name: 'eof_workflow_running_fu', about: 'stdin EOF while a slow workflow runs', clis: ALL, args: STREAM, bypass: true, steps: [...workflowRunning, close, sleep(12)] },
  { name: 'eof_before_init_fu', about: 'a user line with no initialize, then stdin EOF at once', clis: ALL, args: STREAM, steps: [sleep(2), user('hi'), close, sleep(8)] },
  { name: 'eof_mid_turn_fu', about: 'stdin EOF while a slow turn runs (no partial messages)', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, close, sleep(10)] },
  { name: 'eof_pending_permission_partial_fu', about: 'stdin EOF while can_use_tool waits, with --include-partial-messages', clis: ALL, args: (cli) => [...ASK(cli), '--include-partial-messages'], steps: [...permissionWaiting, close, sleep(6)] },
];

const STDIN = [
  { name: 'in_split_line_fu', about: 'a user line split across two writes (half, 1 s, the rest and its newline)', clis: ALL, args: STREAM, steps: [...ready(), { write: line('hi').slice(0, 30) }, sleep(1), { write: `${line('hi').slice(30)}\n` }, waitFor(RESULT), sleep(1), close] },
  { name: 'in_init_and_user_one_write_fu', about: 'initialize and a user line in one write', clis: ALL, args: STREAM, steps: [{ send: `${JSON.stringify(init().send)}\n${line('hi')}` }, waitFor(RESULT, 90), sleep(1), close] },
  { name: 'in_user_pending_permission_fu', about: 'a user line while can_use_tool waits, then EOF', clis: ALL, args: ASK, steps: [...permissionWaiting, user('hi'), sleep(3), close, sleep(6)] },
  { name: 'in_nonjson_pending_hook_fu', about: 'a non-JSON line while a PreToolUse hook_callback waits, then the hook is answered', clis: ALL, args: STREAM, bypass: true, steps: [...preHookWaiting, { send: 'not json' }, sleep(1), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'in_ctl_response_error_nobody_fu', about: 'a control_response error for an id nobody asked, idle, then a turn', clis: ALL, args: STREAM, steps: [...ready(), { send: { type: 'control_response', response: { subtype: 'error', request_id: 'nobody', error: 'no such request' } } }, sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'in_user_bg_task_running_fu', about: 'a user line while a background Bash task runs after its turn ended', clis: ALL, args: STREAM, bypass: true, steps: (cli) => [...bgTaskRunning(cli), user('hi'), waitFor('"result":"Hello from fake API."', 30), sleep(4), close, sleep(2)] },
  { name: 'in_whitespace_mid_turn_fu', about: 'a whitespace-only line while a slow turn runs', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, { send: '   \t' }, waitFor(RESULT, 30), sleep(1), close] },
  { name: 'in_cr_only_line_fu', about: 'a line holding only a carriage return, idle, then a turn', clis: ALL, args: STREAM, steps: [...ready(), { send: '\r' }, sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'in_keep_alive_pending_hook_fu', about: 'a keep_alive line while a PreToolUse hook_callback waits, then the hook is answered', clis: ALL, args: STREAM, bypass: true, steps: [...preHookWaiting, { send: { type: 'keep_alive' } }, sleep(1), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT, 20), sleep(1), close] },
];

export const CASES = [...SIGNALS, ...EOF, ...STDIN];
