import type { EngineEvent } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import type { ASSISTANT } from '../../protocol/frames/message.js';
import { STREAM_EVENT } from '../../protocol/frames/stream.js';
import { iso } from '../../protocol/shape.js';
import { MESSAGE_STOP, messageDelta, textBlockEvents, type ApiEvent } from '../shared/stream.js';
import { assistant, text } from './turn.js';

/**
 * cbc 2.117.0 under --include-partial-messages (capture ses_partial): the six stream events of the message,
 * then its assistant frame. message_start already holds the whole text and zero usage; message_delta the counts.
 */
export function assistantStream(ev: Extract<EngineEvent, { kind: 'assistant_stream' }>, ctx: EncodeContext): [...FrameOf<typeof STREAM_EVENT>[], FrameOf<typeof ASSISTANT>] {
  const block = textBlockEvents(ev.text);
  return [...streamed(ctx, ev.messageId, ev.text, [block.start, block.delta, block.stop]), assistant(ctx, ev.messageId, [text(ev.text)])];
}

/**
 * The stream events of a reply the CLI never writes as an assistant frame: cbc 2.117.0's last --json-schema re-prompt
 * answer under --include-partial-messages (capture opt_json_schema_partial_h7; the result follows at once).
 */
export function replyStreamOnly(messageId: string, body: string, ctx: EncodeContext): Array<FrameOf<typeof STREAM_EVENT>> {
  const block = textBlockEvents(body);
  return streamed(ctx, messageId, body, [block.start, block.delta, block.stop]);
}

/**
 * cbc 2.117.0 under --include-partial-messages (captures ses_partial_tool_h2, ses_partial_tool_allow_cbc): a tool call
 * streams as a message whose start holds an empty text, its tool_use block at index 1 (empty input, then the input's
 * JSON in one delta after an empty one), and end_turn as the stop reason; then its assistant frame.
 */
export function toolUseStream(ev: Extract<EngineEvent, { kind: 'assistant_tool_use' }>, ctx: EncodeContext, call: FrameOf<typeof ASSISTANT>): Array<FrameOf<typeof STREAM_EVENT> | FrameOf<typeof ASSISTANT>> {
  const json = (partial: string) => ({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: partial } });
  const block = [
    { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: ev.toolUseId, name: ev.name, input: {} } },
    json(''),
    json(JSON.stringify(ev.input)),
    { type: 'content_block_stop', index: 1 },
  ];
  return [...streamed(ctx, ev.messageId, '', block), call];
}

/** The stream events of one message: message_start (holding `shown` as its text), the blocks' events, message_delta, message_stop. */
function streamed(ctx: EncodeContext, messageId: string, shown: string, blocks: ApiEvent[]): Array<FrameOf<typeof STREAM_EVENT>> {
  const start = {
    type: 'message_start',
    message: {
      model: ctx.model,
      id: messageId,
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: shown }],
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
  return [start, ...blocks, delta, MESSAGE_STOP].map((event) =>
    build(STREAM_EVENT, 'cbc', {
      type: 'stream_event',
      event,
      session_id: ctx.sessionId,
      parent_tool_use_id: null,
      uuid: ctx.rng.uuid(),
      __timestamp: iso(ctx.now),
      _requestId: ctx.streamRequestId ?? ctx.turnRequestId,
    }),
  );
}
