// Surface cases: FV's tuning matrix (issue #16, round 10) for Claude Code 2.1.220 / 2.1.328: hook events the earlier
// sets never registered (SubagentStart/Stop, PostToolUseFailure, PermissionDenied, PostToolBatch, Notification,
// TaskCreated/TaskCompleted, SessionEnd), each hook answer shape (continue:false, decision block, systemMessage,
// additionalContext, suppressOutput, async) at the phases they had no case for (PreToolUse against a rule or a mode,
// PostToolUse after a background launch, Stop), permission modes against the background tools, and host answers that
// move a call into the background or change the mode for the next call.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { C328, CLAUDE, P_STREAM, ready, RESULT } from '../surface-kit.mjs';

const NOTIFIED = '"subtype":"task_notification"';
/** Claude asks the host only with --permission-prompt-tool stdio. */
const ASK = [...STREAM, '--permission-prompt-tool', 'stdio'];
/** One hook event registered in initialize: `{[event]: [{matcher?, hookCallbackIds: [id]}]}`. */
const hooks = (event, matcher, id = 'hook_0') => ({ [event]: [{ ...(matcher === undefined ? {} : { matcher }), hookCallbackIds: [id] }] });
/** Answers the next hook_callback with `response` (waits up to `timeout` s for it). */
const hookAnswer = (response, timeout = 10) => ({ answer: 'hook_callback', response, timeout });
const CONTINUE = { continue: true };
const ALLOW = { behavior: 'allow', updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
/** A PreToolUse hookSpecificOutput. */
const pre = (extra) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...extra } });
/** A PermissionRequest hook's decision. */
const permDecision = (decision) => ({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } });

/** A stream-json case with `hk` registered, one `prompt` turn, hook answers `answers`, to its result (and `tail`). */
const hooked = (name, about, hk, prompt, answers, { args = STREAM, bypass = false, tail = [] } = {}) => ({
  name,
  about,
  clis: CLAUDE,
  args,
  bypass,
  steps: [...ready({ hooks: hk }), user(prompt), ...answers, waitFor(RESULT, 30), ...tail, sleep(2), close],
});
/** After the result: the background task's notification and the follow-up turn's FINAL text. */
const BG_TAIL = [waitFor(NOTIFIED, 25), waitFor('FINAL', 15)];
/** -p with a prompt and stream-json output, plus `extra`. */
const optP = (name, about, prompt, extra) => ({ name, about, clis: CLAUDE, args: ['-p', prompt, ...P_STREAM, ...extra], steps: [close] });

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [
  // hook events no earlier case registered, at the phase that fires them
  hooked('req_hook_callback_subagent_start_bg_agent_fv', 'a SubagentStart hook (no matcher) with a bypassed background Agent (the 6 s one: the turn ends first)', hooks('SubagentStart'), 'BGSLOWAGENT please', [hookAnswer(CONTINUE)], { bypass: true, tail: BG_TAIL }),
  hooked('req_hook_callback_subagent_stop_bg_agent_fv', 'a SubagentStop hook (no matcher) with a bypassed background Agent (the 6 s one: the turn ends first)', hooks('SubagentStop'), 'BGSLOWAGENT please', [hookAnswer(CONTINUE, 20)], { bypass: true, tail: BG_TAIL }),
  hooked('req_hook_callback_post_failure_fv', 'a PostToolUseFailure hook; the host rewrites the Bash command to one that exits 3', hooks('PostToolUseFailure', 'Bash'), 'FGBASH please', [{ answer: 'can_use_tool', response: { behavior: 'allow', updatedInput: { command: 'exit 3', description: 'Fail' } } }, hookAnswer(CONTINUE, 8)], { args: ASK }),
  hooked('req_hook_callback_permission_denied_dontask_fv', 'a PermissionDenied hook under --permission-mode dontAsk, a Bash call', hooks('PermissionDenied'), 'FGBASH please', [hookAnswer(CONTINUE, 8)], { args: [...STREAM, '--permission-mode', 'dontAsk'] }),
  hooked('req_hook_callback_post_tool_batch_fv', 'a PostToolBatch hook with a bypassed Bash call', hooks('PostToolBatch'), 'FGBASH please', [hookAnswer(CONTINUE, 8)], { bypass: true }),
  hooked('req_hook_callback_notification_permission_fv', 'a Notification hook while a can_use_tool request is asked, then allowed', hooks('Notification'), 'FGBASH please', [hookAnswer(CONTINUE, 6), { answer: 'can_use_tool', response: ALLOW }], { args: ASK }),
  hooked('req_hook_callback_task_created_bg_bash_fv', 'TaskCreated and TaskCompleted hooks with a bypassed background Bash', { TaskCreated: [{ hookCallbackIds: ['hook_0'] }], TaskCompleted: [{ hookCallbackIds: ['hook_1'] }] }, 'BGBASH please', [hookAnswer(CONTINUE, 8)], { bypass: true, tail: [...BG_TAIL] }),
  { name: 'req_hook_callback_session_end_eof_fv', about: 'a SessionEnd hook registered in initialize, one turn, then stdin EOF', clis: CLAUDE, args: STREAM, steps: [...ready({ hooks: hooks('SessionEnd') }), user('hi'), waitFor(RESULT, 30), sleep(1), close, sleep(3)] },
  // Stop hook answers
  hooked('req_hook_callback_stop_continue_false_fv', 'a Stop hook answered continue: false with a stopReason', hooks('Stop'), 'hi', [hookAnswer({ continue: false, stopReason: 'host says stop' })]),
  hooked('req_hook_callback_stop_system_message_fv', 'a Stop hook answered with a systemMessage', hooks('Stop'), 'hi', [hookAnswer({ systemMessage: 'note from the stop hook' })]),
  // PreToolUse answers at other phases
  hooked('req_hook_callback_pre_system_message_fv', 'a PreToolUse hook allows a bypassed Bash call with a systemMessage', hooks('PreToolUse', 'Bash'), 'FGBASH please', [hookAnswer({ systemMessage: 'pre note', ...pre({ permissionDecision: 'allow' }) })], { bypass: true }),
  hooked('req_hook_callback_pre_additional_context_fv', 'a PreToolUse hook answers additionalContext for a bypassed Bash call', hooks('PreToolUse', 'Bash'), 'FGBASH please', [hookAnswer(pre({ additionalContext: 'context from the pre hook' }))], { bypass: true }),
  hooked('req_hook_callback_pre_ask_bypass_fv', 'a PreToolUse hook answers ask under --permission-mode bypassPermissions (with a prompt tool), the host allows', hooks('PreToolUse', 'Bash'), 'FGBASH please', [hookAnswer(pre({ permissionDecision: 'ask', permissionDecisionReason: 'hook wants a human' })), { answer: 'can_use_tool', response: ALLOW, timeout: 8 }], { args: [...ASK, '--permission-mode', 'bypassPermissions'] }),
  hooked('req_hook_callback_pre_allow_deny_rule_fv', 'a PreToolUse hook allows a Bash call that --disallowedTools "Bash(touch:*)" refuses', hooks('PreToolUse', 'Bash'), 'FGBASH please', [hookAnswer(pre({ permissionDecision: 'allow' }))], { args: [...STREAM, '--disallowedTools', 'Bash(touch:*)'] }),
  hooked('req_hook_callback_pre_allow_dontask_fv', 'a PreToolUse hook allows a Bash call under --permission-mode dontAsk', hooks('PreToolUse', 'Bash'), 'FGBASH please', [hookAnswer(pre({ permissionDecision: 'allow' }))], { args: [...STREAM, '--permission-mode', 'dontAsk'] }),
  hooked('req_hook_callback_pre_deny_workflow_fv', 'a PreToolUse hook (matcher Workflow) denies a bypassed Workflow call', hooks('PreToolUse', 'Workflow'), 'WORKFLOW please', [hookAnswer(pre({ permissionDecision: 'deny', permissionDecisionReason: 'no workflows here' }))], { bypass: true, tail: [sleep(2)] }),
  hooked('req_hook_callback_pre_deny_bg_agent_fv', 'a PreToolUse hook (matcher Agent) denies a bypassed background Agent call', hooks('PreToolUse', 'Agent'), 'BGAGENT please', [hookAnswer(pre({ permissionDecision: 'deny', permissionDecisionReason: 'no agents here' }))], { bypass: true, tail: [sleep(2)] }),
  // PostToolUse answers
  hooked('req_hook_callback_post_continue_false_fv', 'a PostToolUse hook answers continue: false with a stopReason after a bypassed Bash call', hooks('PostToolUse', 'Bash'), 'FGBASH please', [hookAnswer({ continue: false, stopReason: 'post says stop' })], { bypass: true }),
  hooked('req_hook_callback_post_block_fv', 'a PostToolUse hook answers decision block with a reason after a bypassed Bash call', hooks('PostToolUse', 'Bash'), 'FGBASH please', [hookAnswer({ decision: 'block', reason: 'post hook blocks' })], { bypass: true }),
  hooked('req_hook_callback_post_suppress_output_fv', 'a PostToolUse hook answers suppressOutput: true after a bypassed Bash call', hooks('PostToolUse', 'Bash'), 'FGBASH please', [hookAnswer({ suppressOutput: true })], { bypass: true }),
  hooked('req_hook_callback_post_system_message_fv', 'a PostToolUse hook answers a systemMessage after a bypassed Bash call', hooks('PostToolUse', 'Bash'), 'FGBASH please', [hookAnswer({ systemMessage: 'post note' })], { bypass: true }),
  hooked('req_hook_callback_post_async_fv', 'a PostToolUse hook answers async: true after a bypassed Bash call', hooks('PostToolUse', 'Bash'), 'FGBASH please', [hookAnswer({ async: true, asyncTimeout: 5000 })], { bypass: true }),
  hooked('req_hook_callback_post_bg_agent_launch_fv', 'a PostToolUse hook on the launch of a bypassed background Agent (the 6 s one: the turn ends first)', hooks('PostToolUse', 'Agent'), 'BGSLOWAGENT please', [hookAnswer(CONTINUE)], { bypass: true, tail: BG_TAIL }),
  // PermissionRequest decisions the earlier sets did not answer
  hooked('req_hook_callback_permission_request_allow_input_fv', 'a PermissionRequest hook allows with updatedInput (another command), no prompt tool', hooks('PermissionRequest', 'Bash'), 'FGBASH please', [hookAnswer(permDecision({ behavior: 'allow', updatedInput: { command: 'echo from-request-hook', description: 'Hook rewrite' } }))]),
  hooked('req_hook_callback_permission_request_deny_interrupt_fv', 'a PermissionRequest hook denies with interrupt: true, no prompt tool', hooks('PermissionRequest', 'Bash'), 'FGBASH please', [hookAnswer(permDecision({ behavior: 'deny', message: 'hook stops it', interrupt: true }))]),
  // can_use_tool answers that move the call or change the mode for the next one
  hooked('req_can_use_tool_allow_into_background_fv', 'the host allows a foreground Bash call with updatedInput that runs it in the background', {}, 'FGBASH please', [{ answer: 'can_use_tool', response: { behavior: 'allow', updatedInput: { command: 'sleep 4; echo moved-output', description: 'Moved', run_in_background: true } } }], { args: ASK, tail: BG_TAIL }),
  hooked('req_can_use_tool_deny_interrupt_bg_bash_fv', 'the host denies a background Bash call with interrupt: true', {}, 'BGBASH please', [{ answer: 'can_use_tool', response: { behavior: 'deny', message: 'not now', interrupt: true } }], { args: ASK }),
  {
    name: 'req_can_use_tool_set_mode_bypass_then_bg_fv',
    about: 'the host allows with updatedPermissions setMode bypassPermissions, then a background Bash in a second turn',
    clis: CLAUDE,
    args: ASK,
    steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { ...ALLOW, updatedPermissions: [{ type: 'setMode', mode: 'bypassPermissions', destination: 'session' }] } }, waitFor(RESULT), sleep(1), user('BGBASH please'), { answer: 'can_use_tool', response: { behavior: 'allow' }, timeout: 6 }, waitFor(NOTIFIED, 25), waitFor('"num_turns":', 20), sleep(3), close],
  },
  {
    name: 'req_can_use_tool_ask_rule_then_bypass_fv',
    about: 'the host allows adding an ask rule Bash(touch:*) and setMode bypassPermissions, then the same call again',
    clis: CLAUDE,
    args: ASK,
    steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { ...ALLOW, updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'touch:*' }], behavior: 'ask', destination: 'session' }, { type: 'setMode', mode: 'bypassPermissions', destination: 'session' }] } }, waitFor(RESULT), sleep(1), user('FGBASH again'), { answer: 'can_use_tool', response: ALLOW, timeout: 8 }, waitFor('"num_turns"', 20), sleep(2), close],
  },
  {
    name: 'ctl_set_permission_mode_bypass_pending_permission_fv',
    about: 'set_permission_mode bypassPermissions while a can_use_tool request waits, then the host denies it',
    clis: CLAUDE,
    args: ASK,
    steps: [...ready(), user('FGBASH please'), waitFor('"subtype":"can_use_tool"'), sleep(1), ctl('req_2', { subtype: 'set_permission_mode', mode: 'bypassPermissions' }), sleep(1), { answer: 'can_use_tool', response: { behavior: 'deny', message: 'still no' } }, waitFor(RESULT), sleep(1), close],
  },
  // permission modes against the background tools
  hooked('opt_permission_mode_plan_bg_bash_stream_fv', '--permission-mode plan, a background Bash call, asked of the host (allowed if asked)', {}, 'BGBASH please', [{ answer: 'can_use_tool', response: { behavior: 'allow' }, timeout: 8 }], { args: [...ASK, '--permission-mode', 'plan'], tail: [sleep(3)] }),
  hooked('opt_permission_mode_accept_edits_bg_bash_stream_fv', '--permission-mode acceptEdits, a background Bash call, asked of the host (allowed if asked)', {}, 'BGBASH please', [{ answer: 'can_use_tool', response: { behavior: 'allow' }, timeout: 8 }], { args: [...ASK, '--permission-mode', 'acceptEdits'], tail: [sleep(3)] }),
  optP('opt_permission_mode_dontask_bg_agent_fv', '--permission-mode dontAsk with a background Agent call in -p', 'BGAGENT please', ['--permission-mode', 'dontAsk']),
  optP('opt_permission_mode_dontask_workflow_fv', '--permission-mode dontAsk with a Workflow call in -p', 'WORKFLOW please', ['--permission-mode', 'dontAsk']),
  optP('opt_permission_mode_plan_bg_agent_fv', '--permission-mode plan with a background Agent call in -p', 'BGAGENT please', ['--permission-mode', 'plan']),
  optP('opt_permission_mode_accept_edits_workflow_fv', '--permission-mode acceptEdits with a Workflow call in -p', 'WORKFLOW please', ['--permission-mode', 'acceptEdits']),
  // rule forms against the fake model's commands (touch fg.txt && echo fg-output; sleep 2; echo bg-output)
  optP('opt_allowedTools_prefix_words_fgbash_fv', '--allowedTools "Bash(touch fg.txt:*)" (a two-word prefix) with a Bash call in -p', 'FGBASH please', ['--allowedTools', 'Bash(touch fg.txt:*)']),
  optP('opt_allowedTools_wildcard_space_fgbash_fv', '--allowedTools "Bash(touch *)" (a wildcard after a space) with a Bash call in -p', 'FGBASH please', ['--allowedTools', 'Bash(touch *)']),
  optP('opt_allowedTools_echo_only_fgbash_fv', '--allowedTools "Bash(echo:*)" with a Bash call whose first subcommand is touch, in -p', 'FGBASH please', ['--allowedTools', 'Bash(echo:*)']),
  optP('opt_allowedTools_whole_line_fgbash_fv', '--allowedTools naming the whole compound line with a Bash call in -p', 'FGBASH please', ['--allowedTools', 'Bash(touch fg.txt && echo fg-output)']),
  optP('opt_allowedTools_sleep_prefix_bgbash_fv', '--allowedTools "Bash(sleep:*)" with a background Bash call (sleep 2; echo) in -p', 'BGBASH please', ['--allowedTools', 'Bash(sleep:*)']),
  optP('opt_disallowedTools_whole_line_bypass_fv', '--disallowedTools naming the whole compound line, bypassPermissions, a Bash call in -p', 'FGBASH please', ['--disallowedTools', 'Bash(touch fg.txt && echo fg-output)', '--permission-mode', 'bypassPermissions']),
  optP('opt_disallowedTools_wildcard_bypass_fv', '--disallowedTools "Bash(*fg-output*)" (a wildcard inside), bypassPermissions, a Bash call in -p', 'FGBASH please', ['--disallowedTools', 'Bash(*fg-output*)', '--permission-mode', 'bypassPermissions']),
  optP('opt_settings_ask_rule_bypass_fgbash_fv', 'an ask rule Bash(touch:*) in --settings under bypassPermissions, a Bash call in -p', 'FGBASH please', ['--settings', JSON.stringify({ permissions: { ask: ['Bash(touch:*)'] } }), '--permission-mode', 'bypassPermissions']),
  optP('opt_settings_allow_deny_same_fgbash_fv', 'the same rule Bash(touch:*) in allow and in deny of --settings, a Bash call in -p', 'FGBASH please', ['--settings', JSON.stringify({ permissions: { allow: ['Bash(touch:*)'], deny: ['Bash(touch:*)'] } })]),
  optP('opt_allowedTools_agent_dontask_fv', '--allowedTools Agent under dontAsk with a background Agent call in -p', 'BGAGENT please', ['--allowedTools', 'Agent', '--permission-mode', 'dontAsk']),
  // second round: the same answers at other phases and through settings command hooks
  hooked('req_hook_callback_stop_continue_false_after_tool_fv', 'a Stop hook answered continue: false after a bypassed Bash call', hooks('Stop'), 'FGBASH please', [hookAnswer({ continue: false, stopReason: 'host says stop' })], { bypass: true }),
  hooked('req_hook_callback_prompt_system_message_fv', 'a UserPromptSubmit hook answered with a systemMessage', hooks('UserPromptSubmit'), 'hi', [hookAnswer({ systemMessage: 'note from the prompt hook' })]),
  hooked('req_hook_callback_session_start_system_message_fv', 'a SessionStart hook answered with a systemMessage', hooks('SessionStart'), 'hi', [hookAnswer({ systemMessage: 'note from the start hook' })]),
  hooked('req_hook_callback_pre_ask_dontask_fv', 'a PreToolUse hook answers ask under --permission-mode dontAsk (with a prompt tool)', hooks('PreToolUse', 'Bash'), 'FGBASH please', [hookAnswer(pre({ permissionDecision: 'ask', permissionDecisionReason: 'hook wants a human' })), { answer: 'can_use_tool', response: ALLOW, timeout: 6 }], { args: [...ASK, '--permission-mode', 'dontAsk'] }),
  hooked('req_hook_callback_pre_allow_ask_rule_fv', 'a PreToolUse hook allows a Bash call an ask rule Bash(touch:*) covers (with a prompt tool), the host allows', hooks('PreToolUse', 'Bash'), 'FGBASH please', [hookAnswer(pre({ permissionDecision: 'allow' })), { answer: 'can_use_tool', response: ALLOW, timeout: 6 }], { args: [...ASK, '--settings', JSON.stringify({ permissions: { ask: ['Bash(touch:*)'] } })] }),
  hooked('req_hook_callback_post_tool_batch_bg_agent_fv', 'a PostToolBatch hook with a bypassed background Agent launch (the 6 s one)', hooks('PostToolBatch'), 'BGSLOWAGENT please', [hookAnswer(CONTINUE, 8)], { bypass: true, tail: BG_TAIL }),
  hooked('req_hook_callback_pre_continue_false_bg_agent_fv', 'a PreToolUse hook answers continue: false for a bypassed background Agent launch (the 6 s one)', hooks('PreToolUse', 'Agent'), 'BGSLOWAGENT please', [hookAnswer({ continue: false, stopReason: 'no more' })], { bypass: true, tail: BG_TAIL }),
  // 2.1.328 only: on 2.1.220 the workflow's end raced the turn's second model call run to run (two captures differed)
  { ...hooked('req_can_use_tool_allow_workflow_fv', 'a Workflow call asked of the host (default mode, prompt tool), allowed', {}, 'WORKFLOW please', [{ answer: 'can_use_tool', response: { behavior: 'allow' }, timeout: 10 }], { args: ASK, tail: BG_TAIL }), clis: [C328] },
  hooked('req_can_use_tool_deny_interrupt_workflow_fv', 'a Workflow call asked of the host (default mode, prompt tool), denied with interrupt: true', {}, 'WORKFLOW please', [{ answer: 'can_use_tool', response: { behavior: 'deny', message: 'no workflows', interrupt: true }, timeout: 10 }], { args: ASK }),
  {
    name: 'req_hook_callback_permission_request_allow_rules_fv',
    about: 'a PermissionRequest hook allows with updatedPermissions adding a session rule Bash(touch:*), then the same call again',
    clis: CLAUDE,
    args: STREAM,
    steps: [...ready({ hooks: hooks('PermissionRequest', 'Bash') }), user('FGBASH please'), hookAnswer(permDecision({ behavior: 'allow', updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'touch:*' }], behavior: 'allow', destination: 'session' }] })), waitFor(RESULT, 30), sleep(1), user('FGBASH again'), hookAnswer(permDecision({ behavior: 'deny', message: 'second time no' }), 6), waitFor('"num_turns"', 20), sleep(2), close],
  },
  optP('opt_settings_hook_stop_system_message_fv', '-p hi with a Stop command hook in --settings printing a systemMessage JSON, with --include-hook-events', 'hi', ['--include-hook-events', '--settings', JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo \'{"systemMessage":"from the stop command"}\'' }] }] } })]),
];
