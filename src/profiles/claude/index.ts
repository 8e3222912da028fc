import { join } from 'node:path';
import type { EngineEvent } from '../../engine/events.js';
import type { EncodeContext, Profile, ProfileIds } from '../../engine/profile.js';
import { BASE36 } from '../../engine/random.js';
import { profileData } from '../data.js';
import { cannedReply, controlError, controlSuccess } from '../shared/control.js';
import { isRawFrame, str } from '../../protocol/raw-frame.js';
import { dispatch, none, type Encoders } from '../shared/encoders.js';
import { hostCancel, hostRequest } from '../shared/host.js';
import { messageId, toolUseId } from '../shared/ids.js';
import { claudeBehavior } from './behavior.js';
import { claudeControlPayload, controlSideFrames, modeStatus } from './control.js';
import { liveControlReply } from './control-live.js';
import { modelFallback } from './fallback.js';
import { hookLifecycle } from './hooks.js';
import { blankPrompt, hookFailed, hookMessage, promptBlocked, result, stopFeedback } from './result.js';
import { sessionError } from './session-error.js';
import { assistantStream, callStartedStatus, commandLifecycle, toolUseStream, userReplay } from './stream.js';
import { handBackResult, subagentPrompt } from './hand-back.js';
import { permissionExtras } from './permission.js';
import { CLAUDE_220, CLAUDE_328, type ClaudeSpec } from './spec.js';
import { bgTasksChanged, taskNotification, taskProgress, taskStarted, taskUpdated } from './tasks.js';
import { sessionNotices } from './notices.js';
import { apiErrorAssistant, assistant, interruptedUser, sessionState, shellResult, systemInit, text, toolResult, toolUse } from './turn.js';

/**
 * Claude Code 2.1.220 and 2.1.328, from the real captures (captures/claude-code-2.1.*) and
 * claude-code-cli.md. The versions differ by data (spec.ts) and key orders (src/protocol/frames).
 */

/** Claude Code's id formats (claude-code-cli.md §2). */
function ids(spec: ClaudeSpec): ProfileIds {
  return {
    sessionId: (rng) => rng.uuid(),
    // a type prefix + 8 base36 chars; agents use `a` + 16 hex
    taskId: (kind, rng) => (kind === 'agent' ? 'a' + rng.hex(16) : (kind === 'workflow' ? 'w' : 'b') + rng.chars(BASE36, 8)),
    runId: spec.v328 ? (now, rng) => `${now.toString(36).padStart(9, '0')}-${rng.hex(8)}` : undefined,
    workflowRun: (rng, transcriptPath, name) => {
      // beside `<session>.jsonl`, a folder named after the session (captures wf_*, both versions)
      const runId = `wf_${rng.hex(8)}-${rng.hex(3)}`;
      const sessionDir = transcriptPath.replace(/\.jsonl$/, '');
      return { runId, transcriptDir: join(sessionDir, 'subagents', 'workflows', runId), scriptPath: join(sessionDir, 'workflows', 'scripts', `${name}-${runId}.js`) };
    },
    toolUseId,
    messageId,
    hostRequestId: (_kind, _now, _n, rng) => rng.uuid(), // no capture of Claude Code's CLI-initiated request ids
    agentId: (_c, rng) => 'a' + rng.hex(16),
  };
}

function encoders(spec: ClaudeSpec): Encoders {
  const W = spec.wire;
  const hostRequestFrame = (ev: Extract<EngineEvent, { kind: 'host_request' }>, ctx: EncodeContext) =>
    hostRequest(ev, ctx, W, { effort: spec.hookEffort, permission: permissionExtras, hookAskSource: spec.v328 }, (tool, output) => (tool === 'Bash' && typeof output === 'string' ? shellResult(spec, output) : output));
  return {
    control_success: (ev, ctx) => {
      const p = ev.payload;
      const live = p.kind === 'canned' ? liveControlReply(spec, p, ev.requestId, ctx) : undefined;
      if (live) return live;
      const canned = p.kind === 'canned' ? profileData(spec.name).controlReplies?.[p.subtype] : undefined;
      if (p.kind === 'canned' && canned) return cannedReply(W, ev.requestId, canned, p.request, ctx, spec.v328);
      const { before, after } = controlSideFrames(spec, p, ctx);
      // 2.1.220's first initialize reply has no pending_* keys; a repeated one does, with the permission requests still
      // waiting as they were sent (claude-code-cli.md §3; capture ctl_initialize_pending_permission_fa)
      const pending = p.kind === 'initialize' && (spec.v328 || p.repeat) ? (p.waiting ?? []).map((w) => hostRequestFrame({ kind: 'host_request', ...w }, ctx)) : undefined;
      const reply = controlSuccess(W, ev.requestId, claudeControlPayload(spec, p, ctx), pending);
      return [before, reply, after].filter((f) => f !== undefined);
    },
    control_error: (ev, ctx) =>
      controlError(W, ev.requestId, ev.message ?? `Unsupported control request subtype: ${ev.subtype}`,
        spec.v328 ? (ev.reason === 'unsupported' ? 'unsupported_request' : ev.errorCode) : undefined,
        // 2.1.328's set_model refusals name the session's model (read from its handler; measured: ctl_set_model_number_fd)
        spec.v328 && ev.subtype === 'set_model' && ev.errorCode !== undefined ? ctx.model : undefined),
    session_state: (ev, ctx) => sessionState(spec, ev, ctx),
    session_open: (_ev, ctx) => sessionNotices(spec, ctx),
    input_error: none,
    session_error: (ev, ctx) => sessionError(spec, ev, ctx),
    host_request: (ev, ctx) => hostRequestFrame(ev, ctx),
    host_cancel: (ev) => hostCancel(ev, W),
    turn_init: (_ev, ctx) => systemInit(spec, ctx),
    prompt_blocked: (ev, ctx) => promptBlocked(spec, ev, ctx),
    stop_feedback: (ev, ctx) => stopFeedback(spec, ev, ctx),
    hook_lifecycle: (ev, ctx) => (ctx.cliFlags?.has('include-hook-events') === true ? hookLifecycle(spec, ev, ctx) : []),
    mode_changed: (ev, ctx) => modeStatus(spec, ev.mode, ctx),
    blank_init: none, // Claude Code ignores the stdin JSON that makes cbc play a blank turn
    idle_status: none, // the same
    turn_preamble: none,
    call_started: (_ev, ctx) => callStartedStatus(spec, ctx),
    // a failed call was announced when it started, like any other (call_started; ses_partial_api_error_h5)
    assistant_text: (ev, ctx) => (ev.apiError !== true ? assistant(spec, ctx, ev.messageId, [text(spec, ev.text)], 20) : apiErrorAssistant(spec, ctx, ev.text)),
    assistant_stream: (ev, ctx) => assistantStream(spec, ev, ctx),
    user_replay: (ev, ctx) => userReplay(spec, ev, ctx),
    stored_prompt: none, // the engine replays a stored conversation only where behavior.replaysAtResume is set (cbc)
    command_lifecycle: (ev, ctx) => commandLifecycle(spec, ev, ctx),
    subagent_text: (ev, ctx) => assistant(spec, ctx, ev.messageId, [text(spec, ev.text)], 1, ev.task),
    // --include-partial-messages streams the call first (ses_partial_tool_h2)
    assistant_tool_use: (ev, ctx) => (ctx.cliFlags?.has('include-partial-messages') === true ? toolUseStream(spec, ev, ctx) : toolUse(spec, ev, ctx)),
    tool_result: (ev, ctx) => (ev.handBack ? handBackResult(spec, ev, ev.handBack, ctx) : toolResult(spec, ev, ctx)),
    subagent_prompt: (ev, ctx) => subagentPrompt(spec, ev, ctx),
    // the host's answer as it came: a success with its payload, or an error with its text
    host_response_echo: (ev) =>
      ev.response['subtype'] === 'error'
        ? controlError(W, str(ev.response, 'request_id'), str(ev.response, 'error') ?? '')
        : controlSuccess(W, str(ev.response, 'request_id'), isRawFrame(ev.response['response']) ? ev.response['response'] : {}),
    interrupted_user: (ev, ctx) => {
      // the first call, cut before its reply, was announced when it started (call_started; sig_int_mid_turn_partial_h4)
      const user = interruptedUser(spec, ctx, ev.forToolUse === true ? { text: '[Request interrupted by user for tool use]' } : {});
      // the reply a stalled model had streamed, marked aborted, comes first (measured: int_mid)
      // a user line of priority `now` ends the turn without the marker line (capture in_user_priority_now_mid_turn_ff)
      const marker = ev.quiet === true ? [] : [user];
      return ev.partial !== undefined ? [assistant(spec, ctx, ev.messageId, [text(spec, ev.partial)], 1, undefined, true), ...marker] : marker;
    },
    synthetic_user: (ev, ctx) => interruptedUser(spec, ctx, { text: ev.text, synthetic: true }),
    max_turns: none,
    structured_reprompt: none,
    model_fallback: (ev, ctx) => modelFallback(spec, ev, ctx),
    blank_prompt: (ev, ctx) => blankPrompt(spec, ev, ctx),
    hook_failed: (ev, ctx) => (spec.v328 ? hookFailed(spec, ev, ctx) : []),
    hook_message: (ev, ctx) => (spec.v328 ? hookMessage(spec, ev, ctx) : []),
    result: (ev, ctx) => result(spec, ev, ctx),
    bg_tasks_changed: (ev, ctx) => bgTasksChanged(spec, ev, ctx),
    task_started: (ev, ctx) => taskStarted(spec, ev, ctx),
    task_progress: (ev, ctx) => taskProgress(spec, ev, ctx),
    task_updated: (ev, ctx) => taskUpdated(spec, ev, ctx),
    task_notification: (ev, ctx) => taskNotification(spec, ev, ctx),
  };
}

function makeClaude(spec: ClaudeSpec): Profile {
  return { name: spec.name, cli: 'claude', version: spec.version, behavior: claudeBehavior(spec), ids: ids(spec), encode: dispatch(encoders(spec)) };
}

/** Claude Code 2.1.220. */
export const claude220Profile = (): Profile => makeClaude(CLAUDE_220);
/** Claude Code 2.1.328. */
export const claude328Profile = (): Profile => makeClaude(CLAUDE_328);
