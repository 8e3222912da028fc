import { anyOf, everywhere, frame, lit, list, loose, map, nested } from './field.js';
import { CBC_USAGE_ORDER, MESSAGE_USAGE_FIELDS } from './message.js';

/**
 * The `result` frame that ends a turn. Sources: the real cbc 2.117.0 captures (measured: `result` right
 * after is_error, structured_output / errors after permission_denials) and the Claude Code 2.1.220 / 2.1.328
 * captures, whose key orders differ (claude-code-cli.md §10). The checker verifies nested blocks as objects.
 */

/** A result's usage: a message's, plus Claude Code's extra blocks. */
const USAGE_FIELDS = {
  ...MESSAGE_USAGE_FIELDS,
  output_tokens_details: 'obj',
  inference_geo: 'str',
  iterations: 'arr',
  speed: 'str',
  fallback_credit: 'null',
} as const;

/** The result's usage. */
export const RESULT_USAGE = frame('result.usage', () => USAGE_FIELDS, {
  cbc: CBC_USAGE_ORDER,
  'claude-2.1.220': ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'output_tokens', 'server_tool_use', 'service_tier',
    'cache_creation', 'inference_geo', 'iterations', 'speed'],
  'claude-2.1.328': ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'output_tokens', 'output_tokens_details',
    'server_tool_use', 'service_tier', 'cache_creation', 'inference_geo', 'iterations', 'speed', 'fallback_credit'],
});

/** The zeroed usage of an error or interrupt result: 2.1.328 puts output_tokens_details first (captures). */
export const RESULT_USAGE_ZEROED = frame('result.usage (zeroed)', () => USAGE_FIELDS, {
  'claude-2.1.220': RESULT_USAGE.orders['claude-2.1.220'],
  'claude-2.1.328': ['output_tokens_details', 'input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'output_tokens',
    'server_tool_use', 'service_tier', 'cache_creation', 'inference_geo', 'iterations', 'speed', 'fallback_credit'],
});

/** Per-model usage of a Claude result (`modelUsage`, `model_usage_since_last_result`). */
export const MODEL_USAGE = frame(
  'result.modelUsage.*',
  () => ({
    inputTokens: 'num',
    outputTokens: 'num',
    cacheReadInputTokens: 'num',
    cacheCreationInputTokens: 'num',
    webSearchRequests: 'num',
    costUSD: 'num',
    contextWindow: 'num',
    maxOutputTokens: 'num',
    thinkingTokens: 'num',
    cacheCreationEphemeral5mInputTokens: 'num',
    cacheCreationEphemeral1hInputTokens: 'num',
    canonicalModel: 'str',
    provider: 'str',
    costBasis: 'str',
  }),
  {
    'claude-2.1.220': ['inputTokens', 'outputTokens', 'cacheReadInputTokens', 'cacheCreationInputTokens', 'webSearchRequests', 'costUSD',
      'contextWindow', 'maxOutputTokens', 'canonicalModel', 'provider'],
    'claude-2.1.328': ['inputTokens', 'outputTokens', 'cacheReadInputTokens', 'cacheCreationInputTokens', 'webSearchRequests', 'costUSD',
      'contextWindow', 'maxOutputTokens', 'thinkingTokens', 'cacheCreationEphemeral5mInputTokens', 'cacheCreationEphemeral1hInputTokens',
      'canonicalModel', 'provider', 'costBasis'],
  },
);

/**
 * 2.1.328's per-model usage in a resumed session (captures ses_resume, ses_continue): the counters restored from
 * the transcript come first, in this order, then the rest as MODEL_USAGE orders them.
 */
export const MODEL_USAGE_RESTORED_328 = ['inputTokens', 'outputTokens', 'thinkingTokens', 'cacheReadInputTokens', 'cacheCreationInputTokens',
  'cacheCreationEphemeral5mInputTokens', 'cacheCreationEphemeral1hInputTokens', 'webSearchRequests', 'costUSD'] as const;

/** A follow-up turn's origin; 2.1.328 adds producer and runId. */
export const ORIGIN = frame(
  'result.origin',
  () => ({ kind: 'str', producer: 'str', runId: 'str' }),
  { 'claude-2.1.220': ['kind'], 'claude-2.1.328': ['kind', 'producer?', 'runId?'] },
);

/** 2.1.328's sub-agent counters. */
export const SUBAGENT_STATS = frame(
  'result.subagent_stats',
  () => ({
    spawned: 'num',
    requested: 'obj',
    started_in_background: 'num',
    max_depth: 'num',
    spawned_by_subagents: 'num',
    completed: 'num',
    failed: 'num',
    killed: 'obj',
    refused: 'obj',
    by_type: 'obj',
  }),
  { 'claude-2.1.328': ['spawned', 'requested', 'started_in_background', 'max_depth', 'spawned_by_subagents', 'completed', 'failed', 'killed',
    'refused', 'by_type'] },
);

/** One permission denial of a turn (claude-code-cli.md §7). */
export const PERMISSION_DENIAL = frame(
  'result.permission_denials[]',
  () => ({ tool_name: 'str', tool_use_id: 'str', tool_input: 'obj' }),
  everywhere(['tool_name', 'tool_use_id', 'tool_input']),
);

/** The result of a turn. */
export const RESULT = frame(
  'result',
  () => ({
    type: lit('result'),
    subtype: 'str',
    is_error: 'bool',
    result: 'str',
    uuid: 'str',
    session_id: 'str',
    duration_ms: 'num',
    duration_api_ms: 'num',
    num_turns: 'num',
    stop_reason: loose('unknown', 'strOrNull'),
    total_cost_usd: 'num',
    usage: loose('obj', nested(RESULT_USAGE)),
    modelUsage: loose('obj', map(nested(MODEL_USAGE))),
    permission_denials: loose('arr', list(nested(PERMISSION_DENIAL))),
    terminal_reason: loose('unknown', 'str'),
    fast_mode_state: loose('unknown', 'str'),
    fast_mode_disabled_reason: loose('unknown', 'str'),
    origin: loose('obj', nested(ORIGIN)),
    subagent_stats: loose('obj', nested(SUBAGENT_STATS)),
    safety_stops: loose('unknown', 'num'),
    api_error_status: loose('unknown', anyOf('null', 'num')),
    api_error_type: 'unknown',
    structured_output: 'unknown',
    ttft_ms: 'num',
    ttft_stream_ms: 'num',
    time_to_request_ms: 'num',
    first_content_frame_ms: 'num',
    errors: 'strs',
    user_message_uuid: 'str',
    user_message_uuids: 'strs',
    request_sent_wall_ms: 'num',
    first_request_input_tokens: 'num',
    first_request_cache_read_input_tokens: 'num',
    queued_turn_count: 'num',
    result_index: 'num',
    model_usage_since_last_result: loose('obj', map(nested(MODEL_USAGE))),
    __timestamp: 'str',
    _requestId: 'str',
  }),
  {
    cbc: ['type', 'subtype', 'is_error', 'result?', 'uuid', 'session_id', 'duration_ms', 'duration_api_ms', 'num_turns', 'total_cost_usd', 'usage',
      'permission_denials', 'structured_output?', 'errors?', '__timestamp', '_requestId?'],
    'claude-2.1.220': ['is_error', 'duration_api_ms', 'num_turns', 'stop_reason', 'session_id', 'total_cost_usd', 'usage', 'modelUsage?',
      'permission_denials', 'terminal_reason?', 'fast_mode_state?', 'fast_mode_disabled_reason?', 'origin?', 'subtype', 'api_error_status?',
      'result?', 'structured_output?', 'ttft_ms?', 'ttft_stream_ms?', 'time_to_request_ms?', 'errors?', 'user_message_uuid?', 'request_sent_wall_ms?', 'type',
      'duration_ms', 'uuid'],
    'claude-2.1.328': ['duration_api_ms', 'stop_reason', 'session_id', 'total_cost_usd', 'usage', 'modelUsage?', 'permission_denials',
      'terminal_reason?', 'fast_mode_state?', 'fast_mode_disabled_reason?', 'origin?', 'subagent_stats?', 'safety_stops?', 'is_error', 'num_turns',
      'subtype', 'api_error_status?', 'api_error_type?', 'result?', 'structured_output?', 'ttft_ms?', 'errors?', 'type', 'duration_ms', 'uuid',
      'ttft_stream_ms?', 'time_to_request_ms?', 'first_content_frame_ms?', 'user_message_uuid?', 'user_message_uuids?', 'request_sent_wall_ms?',
      'first_request_input_tokens?', 'first_request_cache_read_input_tokens?', 'queued_turn_count?', 'result_index?', 'model_usage_since_last_result?'],
  },
);

/**
 * Claude Code's result of a turn that failed (interrupted, max turns, budget): the same fields as {@link RESULT};
 * 2.1.328 puts the client uuid right after `errors` there (measured: in_user_uuid_interrupt).
 */
export const FAILED_RESULT = frame('result (failed turn)', () => RESULT.fields, {
  'claude-2.1.220': RESULT.orders['claude-2.1.220'],
  'claude-2.1.328': ['duration_api_ms', 'stop_reason', 'session_id', 'total_cost_usd', 'usage', 'modelUsage?', 'permission_denials',
    'terminal_reason?', 'fast_mode_state?', 'fast_mode_disabled_reason?', 'origin?', 'subagent_stats?', 'safety_stops?', 'is_error', 'num_turns',
    'subtype', 'api_error_status?', 'api_error_type?', 'result?', 'structured_output?', 'errors?', 'user_message_uuid?', 'type', 'duration_ms', 'uuid',
    'user_message_uuids?', 'queued_turn_count?', 'result_index?', 'model_usage_since_last_result?'],
});

/**
 * Claude Code's result for a session that never started (an unknown --resume id): the same fields as
 * {@link RESULT} in their own order, no turn keys (captures ses_resume_unknown, ses_resume_invalid).
 */
export const SESSION_ERROR_RESULT = frame('result (session error)', () => RESULT.fields, {
  'claude-2.1.220': ['type', 'subtype', 'duration_ms', 'duration_api_ms', 'is_error', 'num_turns', 'stop_reason', 'session_id', 'total_cost_usd',
    'usage', 'modelUsage', 'permission_denials', 'uuid', 'errors'],
  'claude-2.1.328': ['type', 'subtype', 'duration_ms', 'duration_api_ms', 'is_error', 'num_turns', 'stop_reason', 'session_id', 'total_cost_usd',
    'usage', 'modelUsage', 'permission_denials', 'uuid', 'errors', 'result_index'],
});

/**
 * Claude Code's result of a prompt a UserPromptSubmit hook stopped before any model call: the same fields as
 * {@link RESULT}; 2.1.328 leads with is_error and num_turns there (measured: req_hook_callback_prompt_block).
 */
/** 2.1.328's result of a blank prompt: as a blocked one, the line's uuids after `result` (measured: in_content_whitespace_uuid_fa). */
export const BLANK_RESULT = frame('result (blank prompt)', () => RESULT.fields, {
  'claude-2.1.220': RESULT.orders['claude-2.1.220'],
  'claude-2.1.328': ['is_error', 'duration_api_ms', 'num_turns', 'stop_reason', 'session_id', 'total_cost_usd', 'usage', 'modelUsage', 'permission_denials',
    'fast_mode_state', 'fast_mode_disabled_reason', 'subagent_stats', 'safety_stops', 'subtype', 'result', 'user_message_uuid?', 'user_message_uuids?', 'type',
    'duration_ms', 'uuid', 'queued_turn_count', 'result_index', 'model_usage_since_last_result'],
});
export const BLOCKED_RESULT = frame('result (prompt blocked)', () => RESULT.fields, {
  'claude-2.1.220': RESULT.orders['claude-2.1.220'],
  'claude-2.1.328': ['is_error', 'duration_api_ms', 'num_turns', 'stop_reason', 'session_id', 'total_cost_usd', 'usage', 'modelUsage', 'permission_denials',
    'fast_mode_state', 'fast_mode_disabled_reason', 'subagent_stats', 'safety_stops', 'subtype', 'result', 'type', 'duration_ms', 'uuid',
    'user_message_uuid?', 'user_message_uuids?', 'queued_turn_count', 'result_index', 'model_usage_since_last_result'],
});

/**
 * cbc 2.117.0 under --output-format json: the session's history and its result, which the drop-in prints as one
 * pretty-printed JSON array, or `error` for stderr when its request failed, or nothing (an empty text answer), or a
 * control `line` it writes as it is (src/profiles/cbc/json-history.ts); never written as a frame of its own.
 */
export const JSON_DOCUMENT = frame('json_document', () => ({ type: lit('json_document'), document: 'arr', error: 'str', line: 'obj' }), { cbc: ['type', 'document?', 'error?', 'line?'] });
