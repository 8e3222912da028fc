import { claude, frame, lit } from './field.js';

/**
 * `--include-partial-messages` (surface captures ses_partial): each model message also streams as
 * `stream_event` frames carrying the Messages API's events (message_start, content_block_start/delta/stop,
 * message_delta, message_stop). The event payloads are the API's own objects; the checker takes them as objects.
 */
export const STREAM_EVENT = frame(
  'stream_event',
  () => ({
    type: lit('stream_event'),
    event: 'obj',
    session_id: 'str',
    parent_tool_use_id: 'strOrNull',
    uuid: 'str',
    ttft_ms: 'num',
    thinking_display: 'str',
    api_message_id: 'str',
    user_message_uuid: 'str',
    user_message_uuids: 'strs',
    owed_rows: 'arr',
    __timestamp: 'str',
    _requestId: 'str',
  }),
  {
    cbc: ['type', 'event', 'session_id', 'parent_tool_use_id', 'uuid', '__timestamp', '_requestId?'],
    'claude-2.1.220': ['type', 'event', 'session_id', 'parent_tool_use_id', 'uuid', 'ttft_ms?'],
    // 2.1.328 names the API message on every event; message_start adds the time to first token and the thinking display
    'claude-2.1.328': ['type', 'event', 'session_id', 'parent_tool_use_id', 'uuid', 'ttft_ms?', 'thinking_display?', 'api_message_id',
      'user_message_uuid?', 'user_message_uuids?', 'owed_rows?'],
  },
);

/**
 * `--replay-user-messages` (Claude Code, capture ses_replay_user): the user line echoed back, marked isReplay,
 * in its own key order (the checker knows it as a `user` frame: USER lists `isReplay`).
 */
export const USER_REPLAY = frame(
  'user (replay)',
  () => ({ type: lit('user'), message: 'obj', session_id: 'str', parent_tool_use_id: 'null', uuid: 'str', timestamp: 'str', isReplay: 'bool' }),
  claude(['type', 'message', 'session_id', 'parent_tool_use_id', 'uuid', 'timestamp', 'isReplay']),
);
