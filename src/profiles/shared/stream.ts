/**
 * The Messages API's streaming events of one text message, as both CLIs forward them in `stream_event`
 * frames under --include-partial-messages (surface captures ses_partial). The CLIs differ in message_start
 * and message_delta only; the block events are the API's.
 */

/** One Messages API event (or a block inside one), as the API shapes it. */
export type ApiEvent = Record<string, unknown>;

/** The API events of one text block at index 0, between message_start and message_delta. */
export function textBlockEvents(text: string): { start: ApiEvent; delta: ApiEvent; stop: ApiEvent } {
  return {
    start: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    delta: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    stop: { type: 'content_block_stop', index: 0 },
  };
}

/** message_delta: the stop reason (a tool call's is tool_use), with the CLI's usage block. */
export const messageDelta = (usage: ApiEvent, stopReason = 'end_turn'): ApiEvent => ({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage });

/** message_stop. */
export const MESSAGE_STOP: ApiEvent = { type: 'message_stop' };
