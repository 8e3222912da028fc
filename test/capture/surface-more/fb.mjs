// Surface cases: fb (see index.mjs). Tuning cases of round 8 (issue #16, helper FB: cbc 2.117.0): variants of the
// rows the sixth held-back set missed on cbc (--json-schema with a tool call, --max-turns read with Number(), a
// PreToolUse hook before a can_use_tool request, a keep_alive while a hook waits) and of the control requests cbc
// answers, at other phases: while a can_use_tool request or a hook callback waits. cbc 2.117.0 only.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CBC, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

const ONLY = [CBC];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const HOOK_CALLBACK = '"subtype":"hook_callback"';
/** The allow answer cbc 2.117.0 understands (`allowed`), with the call's input. */
const ALLOW = { behavior: 'allow', allowed: true, updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
const DENY = { behavior: 'deny', allowed: false, message: 'not now' };
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];
const PRE_HOOK = { hooks: { PreToolUse: hook('hook_0', 'Bash') } };
/** A FGBASH turn whose can_use_tool request is waiting for the host. */
const permissionWaiting = [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1)];
/** A FGBASH turn whose first PreToolUse hook callback is waiting for the host. */
const hookWaiting = [...ready(PRE_HOOK), user('FGBASH please'), waitFor(HOOK_CALLBACK), sleep(1)];
const pOpt = (name, about, args, prompt = 'hi', extra = {}) => ({ name, about, clis: ONLY, args: ['-p', prompt, ...P_STREAM, ...args], steps: [close], ...extra });

/** --max-turns and --json-schema as cbc reads them (Number(); a tool call before the re-prompts). */
const OPTIONS = [
  pOpt('opt_max_turns_fraction_fb', '-p with --max-turns 1.5 and a bypassed Bash call (the second model call is refused)', ['--max-turns', '1.5'], 'FGBASH please', { bypass: true }),
  pOpt('opt_max_turns_empty_fb', '-p with --max-turns "" (Number("") is 0)', ['--max-turns', '']),
  pOpt('opt_max_turns_one_tool_fb', '-p with --max-turns 1 and a bypassed Bash call', ['--max-turns', '1'], 'FGBASH please', { bypass: true }),
  pOpt('opt_max_turns_eq_zero_fb', '-p with --max-turns=0', ['--max-turns=0']),
  { name: 'opt_max_turns_zero_stream_fb', about: '--max-turns 0 in stream-json input mode, two turns', clis: ONLY, args: [...STREAM, '--max-turns', '0'], steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('hi'), waitFor('"num_turns"', 20), sleep(2), close] },
  pOpt('opt_json_schema_bg_bash_fb', '-p with --json-schema and a background Bash call', ['--json-schema', '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}'], 'BGBASH please', { bypass: true }),
  { name: 'opt_json_schema_stream_ask_fb', about: '--json-schema in stream-json input mode, a FGBASH call the host allows', clis: ONLY, args: [...STREAM, '--json-schema', '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}'], steps: [...permissionWaiting, { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT, 40), sleep(1), close] },
  { name: 'opt_max_turns_one_stream_hi_then_tool_fb', about: '--max-turns 1 in stream-json input mode: a hi turn, then a bypassed Bash turn (does the limit reach the second request?)', clis: ONLY, args: [...STREAM, '--max-turns', '1'], bypass: true, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('FGBASH please'), waitFor('"num_turns"', 20), sleep(1), waitFor('"type":"result","subtype":"', 20), sleep(2), close] },
  pOpt('opt_json_schema_max_turns_fb', '-p with --json-schema and --max-turns 2 (do the re-prompts count?)', ['--json-schema', '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}', '--max-turns', '2']),
  { name: 'opt_json_schema_stream_deny_fb', about: '--json-schema in stream-json input mode, a FGBASH call the host denies', clis: ONLY, args: [...STREAM, '--json-schema', '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}'], steps: [...permissionWaiting, { answer: 'can_use_tool', response: DENY }, waitFor(RESULT, 40), sleep(1), close] },
  { name: 'env_max_turns_cbc_fb', about: 'CODEBUDDY_CODE_MAX_TURNS=1 and -p with a bypassed Bash call', clis: ONLY, args: ['-p', 'FGBASH please', ...P_STREAM], env: { CODEBUDDY_CODE_MAX_TURNS: '1' }, bypass: true, steps: [close] },
];

/** A PreToolUse hook around the host's can_use_tool answer. */
const HOST = [
  { name: 'req_hook_callback_pre_then_deny_fb', about: 'a PreToolUse hook answered continue: true, then the can_use_tool request is denied', clis: ONLY, args: STREAM, steps: [...hookWaiting, { answer: 'hook_callback', response: { continue: true } }, { answer: 'can_use_tool', response: DENY }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_pre_twice_answered_fb', about: 'a PreToolUse hook, can_use_tool allowed, and the second hook_callback answered too', clis: ONLY, args: STREAM, steps: [...hookWaiting, { answer: 'hook_callback', response: { continue: true } }, { answer: 'can_use_tool', response: ALLOW }, { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_pre_second_deny_fb', about: 'a PreToolUse hook, can_use_tool allowed, then the second hook_callback denies', clis: ONLY, args: STREAM, steps: [...hookWaiting, { answer: 'hook_callback', response: { continue: true } }, { answer: 'can_use_tool', response: ALLOW }, { answer: 'hook_callback', response: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'second thoughts' } } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_permission_request_fb', about: 'a PermissionRequest hook registered in initialize (no matcher), both its callbacks answered, then the can_use_tool request allowed', clis: ONLY, args: STREAM, steps: [...ready({ hooks: { PermissionRequest: hook('hook_0') } }), user('FGBASH please'), { answer: 'hook_callback', response: { continue: true } }, { answer: 'hook_callback', response: { continue: true } }, { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_permission_request_bash_deny_fb', about: 'a PermissionRequest hook (matcher Bash) answered with a deny decision, then the can_use_tool request allowed', clis: ONLY, args: STREAM, steps: [...ready({ hooks: { PermissionRequest: hook('hook_0', 'Bash') } }), user('FGBASH please'), { answer: 'hook_callback', response: { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'hook says no' } } } }, { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_session_start_two_turns_fb', about: 'a SessionStart hook registered in initialize, answered, then two turns (is it asked once?)', clis: ONLY, args: STREAM, steps: [...ready({ hooks: { SessionStart: hook('hook_0') } }), user('hi'), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), user('hi'), waitFor('"num_turns":4', 20), sleep(2), close] },
  { name: 'req_hook_callback_session_start_matcher_fb', about: 'a SessionStart hook with matcher "startup", then a turn', clis: ONLY, args: STREAM, steps: [...ready({ hooks: { SessionStart: hook('hook_0', 'startup') } }), user('hi'), { answer: 'hook_callback', response: { continue: true }, timeout: 5 }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_session_start_unanswered_fb', about: 'a SessionStart hook the host never answers, then a turn (does the turn wait?)', clis: ONLY, args: STREAM, steps: [...ready({ hooks: { SessionStart: hook('hook_0') } }), user('hi'), waitFor(RESULT, 90), sleep(1), close] },
  { name: 'req_hook_callback_post_after_allow_fb', about: 'PreToolUse and PostToolUse hooks, the can_use_tool request allowed: which hooks come, how often', clis: ONLY, args: STREAM, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash'), PostToolUse: hook('hook_1', 'Bash') } }), user('FGBASH please'), { answer: 'hook_callback', response: { continue: true } }, { answer: 'can_use_tool', response: ALLOW }, { answer: 'hook_callback', response: { continue: true } }, { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_pre_two_ids_allow_fb', about: 'a PreToolUse matcher with two callback ids, the can_use_tool request allowed, every hook answered', clis: ONLY, args: STREAM, steps: [...ready({ hooks: { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0', 'hook_1'] }] } }), user('FGBASH please'), { answer: 'hook_callback', response: { continue: true } }, { answer: 'hook_callback', response: { continue: true } }, { answer: 'can_use_tool', response: ALLOW }, { answer: 'hook_callback', response: { continue: true } }, { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_session_start_resume_fb', about: 'a SessionStart hook registered in initialize under --resume of a stored session, then a turn (source resume?)', clis: ONLY, args: [...STREAM, '--resume', SID], pre: { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] }, steps: [...ready({ hooks: { SessionStart: hook('hook_0') } }), user('hi'), { answer: 'hook_callback', response: { continue: true }, timeout: 10 }, waitFor(RESULT), sleep(1), close] },
  { name: 'eof_pending_permission_request_hook_fb', about: 'stdin EOF while a PermissionRequest hook_callback waits', clis: ONLY, args: STREAM, steps: [...ready({ hooks: { PermissionRequest: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor(HOOK_CALLBACK), sleep(1), close, sleep(6)] },
  { name: 'req_hook_callback_pre_allow_default_fb', about: 'a PreToolUse hook answers permissionDecision allow in default mode (no can_use_tool)', clis: ONLY, args: STREAM, steps: [...hookWaiting, { answer: 'hook_callback', response: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } } }, waitFor(RESULT), sleep(1), close] },
];

/** Control requests cbc answers, while a can_use_tool request or a hook callback waits. */
const CONTROL = [
  { name: 'ctl_set_model_pending_permission_fb', about: 'set_model while a can_use_tool request waits, then the host allows', clis: ONLY, args: STREAM, steps: [...permissionWaiting, ctl('req_2', { subtype: 'set_model', model: 'gpt-5.4' }), sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_set_model_pending_hook_fb', about: 'set_model while a PreToolUse hook_callback waits, then the hook is answered (bypassPermissions)', clis: ONLY, args: STREAM, bypass: true, steps: [...hookWaiting, ctl('req_2', { subtype: 'set_model', model: 'gpt-5.4' }), sleep(1), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_interrupt_pending_permission_request_hook_fb', about: 'interrupt while a PermissionRequest hook_callback waits', clis: ONLY, args: STREAM, steps: [...ready({ hooks: { PermissionRequest: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor(HOOK_CALLBACK), sleep(1), ctl('req_2', { subtype: 'interrupt' }), waitFor(RESULT, 20), sleep(2), close] },
  { name: 'ctl_interrupt_pending_hook_fb', about: 'interrupt while a PreToolUse hook_callback waits', clis: ONLY, args: STREAM, steps: [...hookWaiting, ctl('req_2', { subtype: 'interrupt' }), waitFor(RESULT, 20), sleep(2), close] },
  { name: 'ctl_mcp_status_pending_permission_fb', about: 'mcp_status while a can_use_tool request waits, then the host allows', clis: ONLY, args: STREAM, steps: [...permissionWaiting, ctl('req_2', { subtype: 'mcp_status' }), sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_set_permission_mode_bypass_pending_hook_fb', about: 'set_permission_mode bypassPermissions while a PreToolUse hook waits, then the hook is answered', clis: ONLY, args: STREAM, steps: [...hookWaiting, ctl('req_2', { subtype: 'set_permission_mode', mode: 'bypassPermissions' }), sleep(1), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_get_available_modes_pending_permission_fb', about: 'get_available_modes while a can_use_tool request waits, then the host allows', clis: ONLY, args: STREAM, steps: [...permissionWaiting, ctl('req_2', { subtype: 'get_available_modes' }), sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...OPTIONS, ...HOST, ...CONTROL];
