import type { EngineEvent } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { MODEL_LATENCY } from '../../engine/turn-host.js';
import { build, type FrameOf, type WireFrame } from '../../protocol/frames/index.js';
import { STREAM_EVENT, USER_REPLAY } from '../../protocol/frames/stream.js';
import { SYSTEM_STATUS_REQUESTING } from '../../protocol/frames/system.js';
import { iso } from '../../protocol/shape.js';
import { MESSAGE_STOP, messageDelta, textBlockEvents, type ApiEvent } from '../shared/stream.js';
import type { ClaudeSpec } from './spec.js';
import { apiModel, assistant, text } from './turn.js';

/**
 * Claude Code under --include-partial-messages (capture ses_partial): a "requesting" status, message_start
 * (no content yet), the text block's start and delta, the assistant frame, then the block's stop,
 * message_delta and message_stop. 2.1.328 names the API message on every event.
 */
export function assistantStream(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'assistant_stream' }>, ctx: EncodeContext): WireFrame[] {
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
      api_message_id: v328 ? ev.messageId : undefined,
    });
  const status = build(SYSTEM_STATUS_REQUESTING, spec.wire, { type: 'system', subtype: 'status', status: 'requesting', uuid: ctx.rng.uuid(), session_id: ctx.sessionId });
  const usage = { input_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 };
  // the API's model name, as in the assistant frame (measured: 2.1.220 ses_partial has no `[1m]` here)
  const message = { id: ev.messageId, type: 'message', role: 'assistant', model: apiModel(ctx.model), content: [], stop_reason: null, stop_sequence: null, usage };
  const block = textBlockEvents(ev.text);
  return [
    status,
    event({ type: 'message_start', message }, true),
    event(block.start),
    event(block.delta),
    assistant(spec, ctx, ev.messageId, [text(spec, ev.text)], 20),
    event(block.stop),
    event(messageDelta({ output_tokens: 20 })),
    event(MESSAGE_STOP),
  ];
}

/** The --replay-user-messages echo of a user line (capture ses_replay_user). */
export function userReplay(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'user_replay' }>, ctx: EncodeContext): FrameOf<typeof USER_REPLAY> {
  return build(USER_REPLAY, spec.wire, {
    type: 'user',
    message: { role: 'user', content: ev.content },
    session_id: ctx.sessionId,
    parent_tool_use_id: null,
    uuid: ctx.rng.uuid(),
    timestamp: iso(ctx.now),
    isReplay: true,
  });
}
