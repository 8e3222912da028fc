import type { EngineEvent } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import type { ASSISTANT } from '../../protocol/frames/message.js';
import { STREAM_EVENT } from '../../protocol/frames/stream.js';
import { iso } from '../../protocol/shape.js';
import { MESSAGE_STOP, messageDelta, textBlockEvents } from '../shared/stream.js';
import { assistant, text } from './turn.js';

/**
 * cbc 2.117.0 under --include-partial-messages (capture ses_partial): the six stream events of the message,
 * then its assistant frame. message_start already holds the whole text and zero usage; message_delta the counts.
 */
export function assistantStream(ev: Extract<EngineEvent, { kind: 'assistant_stream' }>, ctx: EncodeContext): [...FrameOf<typeof STREAM_EVENT>[], FrameOf<typeof ASSISTANT>] {
  const block = textBlockEvents(ev.text);
  const start = {
    type: 'message_start',
    message: {
      model: ctx.model,
      id: ev.messageId,
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: ev.text }],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: 0,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens: 0,
        service_tier: 'standard',
      },
    },
  };
  const delta = messageDelta({ input_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 20 });
  const frames = [start, block.start, block.delta, block.stop, delta, MESSAGE_STOP].map((event) =>
    build(STREAM_EVENT, 'cbc', {
      type: 'stream_event',
      event,
      session_id: ctx.sessionId,
      parent_tool_use_id: null,
      uuid: ctx.rng.uuid(),
      __timestamp: iso(ctx.now),
      _requestId: ctx.turnRequestId,
    }),
  );
  return [...frames, assistant(ctx, ev.messageId, [text(ev.text)])];
}
