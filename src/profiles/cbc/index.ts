import type { Profile, ProfileIds } from '../../engine/profile.js';
import { ERROR } from '../../protocol/frames/control.js';
import { build } from '../../protocol/frames/index.js';
import type { ProfileName } from '../../protocol/vocabulary.js';
import { profileData } from '../data.js';
import { cannedReply, controlError, controlSuccess } from '../shared/control.js';
import { dispatch, none, type Encoders } from '../shared/encoders.js';
import { hostCancel, hostRequest } from '../shared/host.js';
import { BASE62 } from '../../engine/random.js';
import { sha256Hex, toolUseId } from '../shared/ids.js';
import { CBC_VERSION, cbcBehavior } from './behavior.js';
import { withJsonHistory } from './json-history.js';
import { authResultCallback, cbcControlPayload, otherChannelReply, setConfigReply } from './control.js';
import { assistantStream, replyStreamOnly, toolUseStream } from './stream.js';
import { taskNotification, taskProgress, taskStarted, taskUpdated } from './tasks.js';
import { assistant, blankInit, interruptedUser, preamble, result, shellRawResponse, status, storedPrompt, synthetic, systemInit, text, toolResult, toolUse } from './turn.js';

/**
 * The `cbc` profiles. Task/workflow shapes follow seeds 000 and 002; frames the seeds do not show follow
 * the real cbc 2.117.0 captures (captures/cbc-2.117.0). Every choice is in docs/fidelity.md.
 */
const W = 'cbc';

/** cbc's id formats (measured on cbc 2.117.0; seed 000 §5.2 for agent ids). */
const IDS: ProfileIds = {
  sessionId: (rng) => rng.uuid(),
  taskId: (kind, rng) => (kind === 'workflow' ? rng.uuid() : `${kind === 'agent' ? 'agent' : kind}-${rng.hex(4)}`),
  toolUseId,
  // cbc names a message after the model API's response id (measured: the OpenAI-style `chatcmpl-…`; 29 base62 characters as OpenAI's)
  messageId: (rng) => 'chatcmpl-' + rng.chars(BASE62, 29),
  hostRequestId: (kind, now, n) => `${kind}_${now}_${n}`,
  // `v2:` + sha256 of the agent's canonical content (seed 000 §5.2): stable across runs
  agentId: (canonical) => agentIds.get(canonical) ?? newAgentId(canonical),
};

/** Agent ids made so far: a workflow played again hashes the same texts (issue #21: 19,200 hashes of 48 texts in the bench). */
const agentIds = new Map<string, string>();

function newAgentId(canonical: string): string {
  if (agentIds.size >= 1024) agentIds.clear();
  const id = 'v2:' + sha256Hex(canonical);
  agentIds.set(canonical, id);
  return id;
}

function encoders(strict: boolean): Encoders {
  return {
    control_success: (ev, ctx) => {
      const p = ev.payload;
      if (p.kind === 'canned' && p.subtype === 'set_config') {
        const reply = setConfigReply(p.request);
        return typeof reply['error'] === 'string' ? controlError(W, ev.requestId, reply['error']) : controlSuccess(W, ev.requestId, reply);
      }
      const channel = strict && p.kind === 'canned' ? otherChannelReply(p.subtype, p.request) : undefined;
      if (channel !== undefined) return controlSuccess(W, ev.requestId, channel);
      const canned = p.kind === 'canned' ? profileData('cbc').controlReplies?.[p.subtype] : undefined;
      if (p.kind === 'canned' && canned && p.subtype === 'authenticate') {
        return [authResultCallback(ctx, (canned.response as Record<string, Record<string, unknown> | undefined> | undefined)?.['error']), cannedReply(W, ev.requestId, canned, p.request, ctx, false)].flat();
      }
      if (p.kind === 'canned' && canned) return cannedReply(W, ev.requestId, canned, p.request, ctx, false);
      const reply = controlSuccess(W, ev.requestId, cbcControlPayload(p, ctx, strict));
      // the abort writes a status frame even while a permission request keeps the turn going (req_can_use_tool_interrupt_pending)
      return p.kind === 'interrupt' && p.held === true && strict ? [reply, preamble(ctx)[0]] : reply;
    },
    control_error: (ev) => controlError(W, ev.requestId, ev.message ?? `Unknown control request subtype: ${ev.subtype}`),
    session_state: none,
    session_open: none,
    input_error: (ev) => build(ERROR, W, { type: 'error', error: ev.message }),
    session_error: (ev) => build(ERROR, W, { type: 'error', error: ev.message }),
    host_request: (ev, ctx) => hostRequest(ev, ctx, W, undefined, (tool, output) => (tool === 'Bash' ? shellRawResponse() : output)),
    // cbc 2.117.0 only reads control_cancel_request (its bundle writes none: a timed-out or interrupted request just
    // ends; capture ctl_interrupt_pending_hook_fb); the seeds' cbc withdraws it (issue #10)
    host_cancel: strict ? none : (ev) => hostCancel(ev, W),
    turn_init: systemInit,
    stop_feedback: none, // cbc 2.117.0 ignores a Stop hook's block (behavior.stopHookBlocks)
    hook_lifecycle: none, // cbc runs no settings command hooks here (behavior.settingsCommandHooks)
    mode_changed: none, // no capture shows cbc 2.117.0 announcing it (req_can_use_tool_set_mode)
    prompt_blocked: (ev) => build(ERROR, W, { type: 'error', error: ev.text }),
    blank_init: blankInit,
    idle_status: (_ev, ctx) => status(ctx),
    turn_preamble: (_ev, ctx) => preamble(ctx),
    call_started: none,
    host_response_echo: none, // cbc 2.117.0 writes back no control_response (behavior.replaysHostResponses unset)
    subagent_prompt: none, // cbc 2.117.0 runs no foreground agent task (behavior.foregroundAgentTask unset)
    assistant_text: (ev, ctx) => (ev.apiError === true ? synthetic(ctx, ev.text) : assistant(ctx, ev.messageId, [text(ev.text)])),
    assistant_stream: assistantStream,
    stored_prompt: storedPrompt,
    user_replay: none, // cbc 2.117.0 does not echo user lines (capture ses_replay_user)
    command_lifecycle: none, // cbc 2.117.0 does not track a user line's uuid (capture in_user_uuid_h2)
    subagent_text: none, // no capture of cbc sub-agent transcript frames
    // --include-partial-messages streams the call first (ses_partial_tool_h2)
    assistant_tool_use: (ev, ctx) => (ctx.cliFlags?.has('include-partial-messages') === true ? toolUseStream(ev, ctx, toolUse(ev, ctx)) : toolUse(ev, ctx)),
    tool_result: toolResult,
    interrupted_user: (ev, ctx) => interruptedUser(ctx, ev.partial, ev.unwritten !== true, ev.repeats ?? 0, ev.beforePrompt === true),
    synthetic_user: none, // the engine emits it only where behavior.schemaEnforcement is set (Claude)
    // measured: the max-turns text carries no _requestId and is named by a uuid, not the API's response id: no API call made it (ses_max_turns)
    max_turns: (ev, ctx) => synthetic(ctx, ev.text, strict ? ctx.rng.uuid() : ev.messageId),
    hook_failed: none, // a Claude notice
    hook_message: none, // a Claude notice
    blank_prompt: none, // the engine emits it only where behavior.blankPromptText is set (Claude 2.1.328)
    model_fallback: none, // the engine emits it only where behavior.modelFallbackTrigger is set (Claude)
    // the status of the preamble is drawn too: one draw order per preamble
    structured_reprompt: (ev, ctx) => {
      const snapshot = preamble(ctx)[1];
      const streamed = ev.streamedReply !== undefined && ctx.cliFlags?.has('include-partial-messages') === true;
      return ev.streamedReply === undefined || !streamed ? snapshot : [snapshot, ...replyStreamOnly(ev.streamedReply.messageId, ev.streamedReply.text, ctx)];
    },
    result,
    bg_tasks_changed: none,
    task_started: taskStarted,
    task_progress: taskProgress,
    task_updated: taskUpdated,
    task_notification: taskNotification,
  };
}

function makeCbc(name: ProfileName, strict: boolean): Profile {
  // cbc 2.117.0 prints its history under --output-format json (json-history.ts); the seeds' cbc prints the result
  return { name, cli: 'cbc', version: CBC_VERSION, behavior: cbcBehavior(strict), ids: IDS, encode: strict ? withJsonHistory(dispatch(encoders(strict))) : dispatch(encoders(strict)) };
}

/** cbc per seeds 000 and 002 (payload-less interrupt ACK, mcp_status answered). */
export const cbcProfile = (): Profile => makeCbc('cbc', false);
/** cbc with the real 2.117.0 replies where they differ from the seeds. */
export const cbc2117Profile = (): Profile => makeCbc('cbc-2.117.0', true);
