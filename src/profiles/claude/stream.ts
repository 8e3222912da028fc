import type { EngineEvent } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { MODEL_LATENCY } from '../../engine/turn-host.js';
import { build, type FrameOf, type WireFrame } from '../../protocol/frames/index.js';
import { STREAM_EVENT, USER_REPLAY } from '../../protocol/frames/stream.js';
import { COMMAND_LIFECYCLE, SYSTEM_STATUS_REQUESTING } from '../../protocol/frames/system.js';
import { iso } from '../../protocol/shape.js';
import { MESSAGE_STOP, messageDelta, textBlockEvents, type ApiEvent } from '../shared/stream.js';
import type { ClaudeSpec } from './spec.js';
import { apiModel, assistant, text, toolUse } from './turn.js';

/**
 * Claude Code under --include-partial-messages (capture ses_partial): a "requesting" status, message_start
 * (no content yet), the text block's start and delta, the assistant frame, then the block's stop,
 * message_delta and message_stop. 2.1.328 names the API message on every event.
 */
export function assistantStream(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'assistant_stream' }>, ctx: EncodeContext): WireFrame[] {
  const block = textBlockEvents(ev.text);
  return streamedMessage(spec, ctx, ev.messageId, block, assistant(spec, ctx, ev.messageId, [text(spec, ev.text)], 20), 'end_turn');
}

/**
 * A tool call under --include-partial-messages (capture ses_partial_tool_h2): the same frames around a tool_use
 * block at index 0 (empty input at its start, the whole input's JSON in one input_json_delta), stop reason tool_use.
 */
export function toolUseStream(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'assistant_tool_use' }>, ctx: EncodeContext): WireFrame[] {
  const block = {
    start: { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: ev.toolUseId, name: ev.name, input: {} } },
    delta: { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(ev.input) } },
    stop: { type: 'content_block_stop', index: 0 },
  };
  return streamedMessage(spec, ctx, ev.messageId, block, toolUse(spec, ev, ctx), 'tool_use');
}

/** The status, the message's stream events with its one block, and its assistant frame between the block's delta and stop. */
function streamedMessage(spec: ClaudeSpec, ctx: EncodeContext, messageId: string, block: { start: ApiEvent; delta: ApiEvent; stop: ApiEvent }, frame: WireFrame, stop: string): WireFrame[] {
  const v328 = spec.v328;
  const event = (body: ApiEvent, first = false): FrameOf<typeof STREAM_EVENT> =>
    build(STREAM_EVENT, spec.wire, {
      type: 'stream_event',
      event: body,
      session_id: ctx.sessionId,
      parent_tool_use_id: null,
      uuid: ctx.rng.uuid(),
      ttft_ms: first ? MODEL_LATENCY : undefined,
      thinking_display: first && v328 ? 'updates' : undefined,
      api_message_id: v328 ? messageId : undefined,
      // 2.1.328: the turn's first message_start names the client uuids (measured: ses_partial_uuid)
      ...(first && uuids ? { user_message_uuid: uuids.at(-1), user_message_uuids: [...uuids], owed_rows: [] } : {}),
    });
  const uuids = v328 && ctx.userMessageUuids?.length ? ctx.userMessageUuids : undefined;
  // the turn's first call was announced when it started (callStartedStatus; before the --replay-user-messages echo,
  // measured: ses_partial_replay); each later call's status comes with its stream
  const status = ctx.announcedBeforeReply === true ? [] : [requestingStatus(spec, ctx)];
  const usage = { input_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 };
  // the API's model name, as in the assistant frame (measured: 2.1.220 ses_partial has no `[1m]` here)
  const message = { id: messageId, type: 'message', role: 'assistant', model: apiModel(ctx.model), content: [], stop_reason: null, stop_sequence: null, usage };
  return [
    ...status,
    event({ type: 'message_start', message }, true),
    event(block.start),
    event(block.delta),
    frame,
    event(block.stop),
    event(messageDelta({ output_tokens: 20 }, stop)),
    event(MESSAGE_STOP),
  ];
}

/**
 * The "requesting" status of a turn's first model call: under --include-partial-messages it goes out when the call
 * starts, whatever the call then does (streams, fails, is cut by an interrupt or ended by a signal: ses_partial_api_error_h5,
 * sig_int_mid_turn_partial_h4, sig_term_mid_turn_partial_h5).
 */
export function callStartedStatus(spec: ClaudeSpec, ctx: EncodeContext): Array<FrameOf<typeof SYSTEM_STATUS_REQUESTING>> {
  return ctx.cliFlags?.has('include-partial-messages') === true && ctx.announcedBeforeReply !== true ? [requestingStatus(spec, ctx)] : [];
}

/** The "requesting" status before a model call streams; 2.1.328's first one of a turn names the client uuids (measured: ses_partial_uuid). */
export function requestingStatus(spec: ClaudeSpec, ctx: EncodeContext): FrameOf<typeof SYSTEM_STATUS_REQUESTING> {
  const uuids = spec.v328 && ctx.userMessageUuids?.length ? [...ctx.userMessageUuids] : undefined;
  return build(SYSTEM_STATUS_REQUESTING, spec.wire, { type: 'system', subtype: 'status', status: 'requesting', uuid: ctx.rng.uuid(), session_id: ctx.sessionId, user_message_uuids: uuids });
}

/** The --replay-user-messages echo of a user line (capture ses_replay_user; when: engine/commands.ts takeEcho). */
export function userReplay(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'user_replay' }>, ctx: EncodeContext): FrameOf<typeof USER_REPLAY> {
  return build(USER_REPLAY, spec.wire, {
    type: 'user',
    message: { role: 'user', content: ev.content },
    session_id: ctx.sessionId,
    parent_tool_use_id: null,
    uuid: ev.uuid ?? ctx.rng.uuid(), // the line's own uuid when it has one (measured: ses_replay_uuid)
    timestamp: iso(ctx.now),
    isReplay: true,
  });
}

/** A tracked user line's state (engine/commands.ts; captures in_user_uuid_h2, in_user_uuid_*). */
export function commandLifecycle(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'command_lifecycle' }>, ctx: EncodeContext): FrameOf<typeof COMMAND_LIFECYCLE> {
  return build(COMMAND_LIFECYCLE, spec.wire, { type: 'command_lifecycle', command_uuid: ev.commandUuid, state: ev.state, uuid: ctx.rng.uuid(), session_id: ctx.sessionId });
}
