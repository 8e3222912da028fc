// Surface cases: fn (see index.mjs). Tuning variants of the host-request rows (issue #16, round 6): hook answers
// of each shape the SDKs' HookJSONOutput allows (blocking UserPromptSubmit, PreToolUse permissionDecision
// deny/allow/ask, PostToolUse additionalContext, Stop block, continue: false), hook matchers and timeouts,
// can_use_tool answers with each kind of updatedPermissions, permission modes switched before a tool call, and
// the session-state frames around a permission prompt. One gated tool call per session: the scripted model
// picks its reply by keyword and surface-model.yaml plays turns from a cursor (see inventory.mjs NOT_REPRODUCED).
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, CBC, ready, RESULT } from '../surface-kit.mjs';

/** Claude needs --permission-prompt-tool stdio to ask the host; cbc 2.117.0 asks over stdio by itself. */
const ASK = (cli) => [...STREAM, ...(cli === CBC ? [] : ['--permission-prompt-tool', 'stdio'])];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const HI_RESULT = '"result":"Hello from fake API."';
/** The allow answer both SDKs understand (`behavior` for Claude, `allowed` for cbc 2.117.0). */
const ALLOW = { behavior: 'allow', allowed: true };
/** The Claude SDK's hook matcher shape in initialize. */
const hook = (id, matcher, extra = {}) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id], ...extra }];
/** Answers the next hook_callback with `response` (waits at most `timeout` s for it). */
const hookAnswer = (response, timeout = 15) => ({ answer: 'hook_callback', response, timeout });
/** A UserPromptSubmit hook answered with `response`, then a `hi` turn to its end, then a second `hi` turn. */
const promptHook = (response) => [...ready({ hooks: { UserPromptSubmit: hook('hook_0') } }), user('hi'), hookAnswer(response), waitFor(RESULT, 15), sleep(1), user('hi'), hookAnswer({ continue: true }, 8), waitFor('"num_turns"', 15), sleep(2), close];
/** A PreToolUse hook on Bash answered with `response`, in a gated FGBASH turn (`then`: what follows the hook answer). */
const preHook = (response, then = []) => [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), hookAnswer(response), ...then, waitFor(RESULT, 20), sleep(1), close];
/** The session-state switch. */
const STATE = { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' };
/** One gated FGBASH turn the host answers with `answer`. */
const gated = (...answer) => [...ready(), user('FGBASH please'), ...answer, waitFor(RESULT, 20), sleep(1), close];
const allowWith = (updatedPermissions) => gated({ answer: 'can_use_tool', response: { ...ALLOW, updatedPermissions } });

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [
  // UserPromptSubmit answers
  { name: 'req_hook_callback_prompt_block', about: 'UserPromptSubmit hook answered decision "block" with a reason, then a second turn', clis: ALL, args: STREAM, steps: promptHook({ decision: 'block', reason: 'prompt blocked by host' }) },
  { name: 'req_hook_callback_prompt_continue_false', about: 'UserPromptSubmit hook answered continue: false with a stopReason, then a second turn', clis: ALL, args: STREAM, steps: promptHook({ continue: false, stopReason: 'host stopped it' }) },
  { name: 'req_hook_callback_prompt_context', about: 'UserPromptSubmit hook answered with hookSpecificOutput.additionalContext', clis: ALL, args: STREAM, steps: promptHook({ continue: true, hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'extra context from the host' } }) },
  { name: 'req_hook_callback_prompt_block_bare', about: 'UserPromptSubmit hook answered decision "block" without a reason, then a second turn', clis: ALL, args: STREAM, steps: promptHook({ decision: 'block' }) },
  { name: 'req_hook_callback_prompt_stop_bare', about: 'UserPromptSubmit hook answered continue: false without a stopReason, then a second turn', clis: ALL, args: STREAM, steps: promptHook({ continue: false }) },
  {
    name: 'req_hook_callback_prompt_two_hooks',
    about: 'two UserPromptSubmit matchers: the first answered continue: true, the second decision "block"',
    clis: ALL,
    args: STREAM,
    steps: [...ready({ hooks: { UserPromptSubmit: [...hook('hook_0'), ...hook('hook_1')] } }), user('hi'), hookAnswer({ continue: true }), hookAnswer({ decision: 'block', reason: 'second says no' }), waitFor(RESULT, 15), sleep(2), close],
  },
  { name: 'req_hook_callback_prompt_error', about: 'UserPromptSubmit hook answered with an error control_response, then a second turn', clis: ALL, args: STREAM, steps: [...ready({ hooks: { UserPromptSubmit: hook('hook_0') } }), user('hi'), { answer: 'hook_callback', error: 'hook failed' }, waitFor(RESULT, 15), sleep(1), close] },
  // PreToolUse answers
  { name: 'req_hook_callback_pre_deny', about: 'PreToolUse hook answered permissionDecision "deny" with a reason, bypassed Bash call', clis: ALL, args: STREAM, bypass: true, steps: preHook({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'denied by hook' } }) },
  { name: 'req_hook_callback_pre_allow_gated', about: 'PreToolUse hook answered permissionDecision "allow" in a session that asks the host (is can_use_tool skipped?)', clis: ALL, args: ASK, steps: preHook({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'ok by hook' } }, [{ answer: 'can_use_tool', response: ALLOW, timeout: 5 }]) },
  { name: 'req_hook_callback_pre_ask', about: 'PreToolUse hook answered permissionDecision "ask" in a session that asks the host, which allows', clis: ALL, args: ASK, steps: preHook({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'ask the user' } }, [{ answer: 'can_use_tool', response: ALLOW, timeout: 8 }]) },
  { name: 'req_hook_callback_pre_block', about: 'PreToolUse hook answered decision "block" with a reason, bypassed Bash call', clis: ALL, args: STREAM, bypass: true, steps: preHook({ decision: 'block', reason: 'blocked by hook' }) },
  { name: 'req_hook_callback_pre_continue_false', about: 'PreToolUse hook answered continue: false with a stopReason, bypassed Bash call', clis: ALL, args: STREAM, bypass: true, steps: preHook({ continue: false, stopReason: 'hook stopped the session' }) },
  { name: 'req_hook_callback_pre_updated_input', about: 'PreToolUse hook answered allow with updatedInput (another command), bypassed Bash call', clis: ALL, args: STREAM, bypass: true, steps: preHook({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'echo from-hook', description: 'Hook rewrite' } } }) },
  { name: 'req_hook_callback_matcher_miss', about: 'PreToolUse hook with matcher "Read" and a bypassed Bash call (no callback expected)', clis: ALL, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Read') } }), user('FGBASH please'), hookAnswer({ continue: true }, 5), waitFor(RESULT, 20), sleep(1), close] },
  { name: 'req_hook_callback_pre_timeout', about: 'PreToolUse hook with timeout 2 (s) nobody answers, bypassed Bash call', clis: ALL, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash', { timeout: 2 }) } }), user('FGBASH please'), waitFor(RESULT, 30), sleep(1), close] },
  // PostToolUse, Stop, SessionStart
  { name: 'req_hook_callback_post_context', about: 'PostToolUse hook answered with additionalContext, bypassed Bash call', clis: ALL, args: STREAM, bypass: true, steps: [...ready({ hooks: { PostToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), hookAnswer({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'post context' } }), waitFor(RESULT, 20), sleep(1), close] },
  { name: 'req_hook_callback_stop_block', about: 'Stop hook answered decision "block" with a reason once, then continue', clis: ALL, args: STREAM, steps: [...ready({ hooks: { Stop: hook('hook_0') } }), user('hi'), hookAnswer({ decision: 'block', reason: 'keep going' }), hookAnswer({ continue: true }, 8), waitFor(RESULT, 20), sleep(1), close] },
  { name: 'req_hook_callback_session_start', about: 'SessionStart and Notification hooks registered in initialize, then a turn (which of them are called?)', clis: ALL, args: STREAM, steps: [...ready({ hooks: { SessionStart: hook('hook_0'), Notification: hook('hook_1') } }), user('hi'), hookAnswer({ continue: true }, 5), waitFor(RESULT, 20), sleep(1), close] },
  // can_use_tool answers with updatedPermissions of each kind
  { name: 'req_can_use_tool_set_mode', about: 'allow with updatedPermissions setMode acceptEdits (session), then get_settings', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { ...ALLOW, updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] } }, waitFor(RESULT, 20), sleep(1), ctl('req_2', { subtype: 'get_settings' }), sleep(2), close] },
  { name: 'req_can_use_tool_add_dirs', about: 'allow with updatedPermissions addDirectories (session)', clis: ALL, args: ASK, steps: allowWith([{ type: 'addDirectories', directories: ['/tmp'], destination: 'session' }]) },
  { name: 'req_can_use_tool_replace_rules', about: 'allow with updatedPermissions replaceRules (localSettings)', clis: ALL, args: ASK, steps: allowWith([{ type: 'replaceRules', rules: [{ toolName: 'Bash', ruleContent: 'touch:*' }], behavior: 'allow', destination: 'localSettings' }]) },
  { name: 'req_can_use_tool_deny_message_no_interrupt', about: 'deny with a message and interrupt: false', clis: ALL, args: ASK, steps: gated({ answer: 'can_use_tool', response: { behavior: 'deny', allowed: false, message: 'not this one', interrupt: false } }) },
  { name: 'req_can_use_tool_answer_after_interrupt', about: 'interrupt while can_use_tool waits, then the host answers allow anyway, then a hi turn', clis: ALL, args: ASK, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), ctl('req_int', { subtype: 'interrupt' }), sleep(1), { answer: 'can_use_tool', response: ALLOW, timeout: 3 }, waitFor(RESULT, 15), sleep(1), user('hi'), waitFor(HI_RESULT, 20), sleep(1), close] },
  // permission modes switched before the tool call
  { name: 'ctl_set_permission_mode_accept_edits_then_tool', about: 'set_permission_mode acceptEdits before the first turn, then a Bash call that writes a file', clis: ALL, args: ASK, steps: [...ready(), ctl('req_2', { subtype: 'set_permission_mode', mode: 'acceptEdits' }), sleep(1), user('FGBASH please'), { answer: 'can_use_tool', response: ALLOW, timeout: 8 }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'ctl_set_permission_mode_plan_then_tool', about: 'set_permission_mode plan before the first turn, then a Bash call', clis: ALL, args: ASK, steps: [...ready(), ctl('req_2', { subtype: 'set_permission_mode', mode: 'plan' }), sleep(1), user('FGBASH please'), { answer: 'can_use_tool', response: ALLOW, timeout: 8 }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'ctl_set_permission_mode_dontask_then_tool', about: 'set_permission_mode dontAsk before the first turn, then a Bash call', clis: ALL, args: ASK, steps: [...ready(), ctl('req_2', { subtype: 'set_permission_mode', mode: 'dontAsk' }), sleep(1), user('FGBASH please'), { answer: 'can_use_tool', response: ALLOW, timeout: 8 }, waitFor(RESULT, 20), sleep(1), close] },
  // session state around a permission prompt
  { name: 'env_session_state_deny', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 with a gated Bash call the host denies', clis: ALL, args: ASK, env: STATE, steps: gated({ answer: 'can_use_tool', response: { behavior: 'deny', allowed: false, message: 'no' } }) },
  { name: 'env_session_state_interrupt_pending', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1, an interrupt while can_use_tool waits', clis: ALL, args: ASK, env: STATE, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(2), close] },
  { name: 'env_session_state_deny_interrupt', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1, the host denies with interrupt: true', clis: ALL, args: ASK, env: STATE, steps: gated({ answer: 'can_use_tool', response: { behavior: 'deny', allowed: false, message: 'stop', interrupt: true } }) },
  { name: 'env_session_state_prompt_block', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 with a UserPromptSubmit hook answered decision "block"', clis: ALL, args: STREAM, env: STATE, steps: [...ready({ hooks: { UserPromptSubmit: hook('hook_0') } }), user('hi'), hookAnswer({ decision: 'block', reason: 'no' }), waitFor(RESULT, 15), sleep(2), close] },
  { name: 'env_session_state_hook', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 with a PreToolUse hook on a bypassed Bash call', clis: ALL, args: STREAM, bypass: true, env: STATE, steps: preHook({ continue: true }) },
];
