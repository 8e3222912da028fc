import { anyOf, claude, everywhere, frame, lit, list, loose, nested, oneOf } from './field.js';

/**
 * Assistant and user transcript frames and their content blocks. Sources: the real cbc 2.117.0 captures
 * (real-turn.out, tool turns) and the Claude Code captures (claude-code-cli.md §2, captures wf1, bgbash1,
 * bgagent). The checker verifies the nested message only as an object: its content varies with the model.
 */

/** A text content block. */
export const TEXT = frame('text block', () => ({ type: lit('text'), text: 'str' }), everywhere(['type', 'text']));

/** A tool_use content block. */
export const TOOL_USE = frame(
  'tool_use block',
  () => ({ type: lit('tool_use'), id: 'str', name: 'str', input: 'obj' }),
  everywhere(['type', 'id', 'name', 'input']),
);

/** Token usage of an assistant message (cbc writes the same object in its result). */
export const MESSAGE_USAGE_FIELDS = {
  input_tokens: 'num',
  output_tokens: 'num',
  cache_creation_input_tokens: 'num',
  cache_read_input_tokens: 'num',
  cache_creation: anyOf('null', 'obj'),
  server_tool_use: anyOf('null', 'obj'),
  service_tier: 'strOrNull',
} as const;

/** cbc's usage object, in messages and results alike (real-turn.out). */
export const CBC_USAGE_ORDER = ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'cache_creation',
  'server_tool_use', 'service_tier'] as const;

/** The usage of an assistant message. */
export const MESSAGE_USAGE = frame('assistant.message.usage', () => MESSAGE_USAGE_FIELDS, {
  cbc: CBC_USAGE_ORDER,
  ...claude(['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'output_tokens']),
});

/** The API message inside an assistant frame. */
export const ASSISTANT_MESSAGE = frame(
  'assistant.message',
  () => ({
    id: 'str',
    type: lit('message'),
    role: lit('assistant'),
    model: 'str',
    content: list(oneOf(TEXT, TOOL_USE)),
    stop_reason: 'strOrNull',
    stop_sequence: 'strOrNull',
    usage: nested(MESSAGE_USAGE),
    context_management: 'null',
  }),
  {
    cbc: ['id', 'content', 'model', 'role', 'stop_reason', 'stop_sequence', 'type', 'usage'],
    ...claude(['id', 'type', 'role', 'model', 'content', 'stop_reason', 'stop_sequence', 'usage', 'context_management']),
  },
);

/** The usage of Claude Code's synthetic API-error message (capture ses_api_error): zeros and nulls, its own order. */
export const API_ERROR_USAGE = frame(
  'assistant.message.usage (API error)',
  () => ({
    ...MESSAGE_USAGE_FIELDS,
    output_tokens_details: 'null',
    inference_geo: 'null',
    iterations: 'null',
    speed: 'null',
    fallback_credit: 'null',
  }),
  {
    'claude-2.1.220': ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'server_tool_use', 'service_tier',
      'cache_creation', 'inference_geo', 'iterations', 'speed'],
    'claude-2.1.328': ['output_tokens_details', 'input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens',
      'server_tool_use', 'service_tier', 'cache_creation', 'inference_geo', 'iterations', 'speed', 'fallback_credit'],
  },
);

/** Claude Code's synthetic message for a failed model call (capture ses_api_error): model `<synthetic>`, its own key order. */
export const API_ERROR_MESSAGE = frame(
  'assistant.message (API error)',
  () => ({
    diagnostics: 'null',
    id: 'str',
    container: 'null',
    model: 'str',
    role: lit('assistant'),
    stop_details: 'null',
    stop_reason: 'str',
    stop_sequence: 'str',
    type: lit('message'),
    usage: nested(API_ERROR_USAGE),
    content: list(nested(TEXT)),
    context_management: 'null',
  }),
  {
    'claude-2.1.220': ['id', 'container', 'model', 'role', 'stop_details', 'stop_reason', 'stop_sequence', 'type', 'usage', 'content', 'context_management'],
    'claude-2.1.328': ['diagnostics', 'id', 'container', 'model', 'role', 'stop_details', 'stop_reason', 'stop_sequence', 'type', 'usage', 'content',
      'context_management'],
  },
);

/** An assistant frame; a Claude background agent's own frames add agent_id, subagent_type, task_description. */
export const ASSISTANT = frame(
  'assistant',
  () => ({
    type: lit('assistant'),
    uuid: 'str',
    session_id: 'str',
    message: loose('obj', nested(ASSISTANT_MESSAGE)),
    parent_tool_use_id: 'strOrNull',
    agent_id: 'str',
    timestamp: 'str',
    error: 'unknown',
    request_id: 'str',
    user_message_uuid: 'str',
    user_message_uuids: 'strs',
    is_api_error_message: 'bool',
    api_error_status: 'unknown',
    api_error_type: 'unknown',
    subagent_type: 'str',
    task_description: 'str',
    aborted: 'bool',
    __timestamp: 'str',
    _requestId: 'str',
  }),
  {
    cbc: ['type', 'uuid', 'session_id', 'message', 'parent_tool_use_id', '__timestamp', '_requestId?'],
    'claude-2.1.220': ['type', 'message', 'parent_tool_use_id', 'agent_id?', 'session_id', 'uuid', 'timestamp', 'error?', 'request_id?',
      'is_api_error_message?', 'subagent_type?', 'task_description?', 'aborted?'],
    'claude-2.1.328': ['type', 'message', 'parent_tool_use_id', 'agent_id?', 'session_id', 'uuid', 'timestamp', 'error?', 'request_id?',
      'is_api_error_message?', 'api_error_status?', 'api_error_type?', 'subagent_type?', 'task_description?', 'aborted?', 'user_message_uuid?',
      'user_message_uuids?'],
  },
);

/** cbc's raw response of a shell tool run, in a tool_result's `_meta` (measured on cbc 2.117.0: Bash). */
export const SHELL_RAW_RESPONSE = frame(
  'tool_result._meta.rawResponse (Bash)',
  () => ({
    exitCode: 'num',
    signal: 'strOrNull',
    interrupted: 'bool',
    sandboxDenied: 'bool',
    stderrBytesTruncated: 'num',
    stdoutBytesTruncated: 'num',
    tool_error_code: 'str',
  }),
  { cbc: ['exitCode', 'signal', 'interrupted', 'sandboxDenied', 'stderrBytesTruncated', 'stdoutBytesTruncated', 'tool_error_code'] },
);

/** cbc's raw response of a tool that returned an error object (measured on cbc 2.117.0: a refused background Bash). */
export const TOOL_ERROR_RAW_RESPONSE = frame(
  'tool_result._meta.rawResponse (error)',
  () => ({ is_error: 'bool', tool_error_code: 'str', error: 'str' }),
  { cbc: ['is_error', 'tool_error_code', 'error'] },
);

/** The renderer hint of cbc's `_meta`: the tool's output as text. */
export const RENDERER = frame('tool_result._meta.renderer', () => ({ type: lit('text'), value: 'str' }), { cbc: ['type', 'value'] });

/** cbc's `_meta` of a tool_result block (measured on cbc 2.117.0: Bash). */
export const TOOL_RESULT_META_CBC = frame(
  'tool_result._meta',
  () => ({ rawResponse: loose('obj', anyOf(nested(SHELL_RAW_RESPONSE), nested(TOOL_ERROR_RAW_RESPONSE))), renderer: nested(RENDERER) }),
  // an error object's `_meta` has no renderer (measured: bg_bash)
  { cbc: ['rawResponse', 'renderer?'] },
);

/** How Claude Code 2.1.328 decided a tool call's permission, in a user frame's `tool_result_meta` (measured). */
export const PERMISSION_DECISION = frame(
  'tool_result_meta[].permission_decision',
  () => ({ decision: 'str', source: 'str', reason_type: 'str' }),
  { 'claude-2.1.328': ['decision', 'source', 'reason_type?'] },
);

/** One entry of 2.1.328's `tool_result_meta`. */
export const TOOL_RESULT_META = frame(
  'tool_result_meta[]',
  () => ({ id: 'str', non_execution_kind: 'str', permission_decision: nested(PERMISSION_DECISION) }),
  // a refused call says why it did not run (measured: req_can_use_tool_deny_other, req_no_prompt_tool_p)
  { 'claude-2.1.220': ['id', 'non_execution_kind'], 'claude-2.1.328': ['id', 'non_execution_kind?', 'permission_decision'] },
);

/** A tool_result content block; Claude's background Agent launch result is a list of text blocks (capture bgagent). */
export const TOOL_RESULT = frame(
  'tool_result block',
  () => ({ type: lit('tool_result'), tool_use_id: 'str', content: anyOf('str', list(nested(TEXT))), is_error: 'bool', _meta: nested(TOOL_RESULT_META_CBC) }),
  {
    cbc: ['type', 'tool_use_id', 'content', 'is_error', '_meta?'],
    ...claude(['tool_use_id', 'type', 'content', 'is_error?']),
  },
);

/** Claude's tool_result block of a call that was refused, in its own key order (measured: req_can_use_tool_deny_other). */
export const TOOL_RESULT_REFUSED = frame(
  'tool_result block (refused)',
  () => ({ type: lit('tool_result'), tool_use_id: 'str', content: 'str', is_error: 'bool' }),
  claude(['type', 'content', 'is_error', 'tool_use_id']),
);

/** The message inside a user frame (measured on cbc 2.117.0: content before role). */
export const USER_MESSAGE = frame(
  'user.message',
  // a string when the CLI writes back a prompt or a local command's output (USER_REPLAY)
  () => ({ role: lit('user'), content: anyOf('str', list(oneOf(TOOL_RESULT, TEXT))) }),
  { cbc: ['content', 'role'], ...claude(['role', 'content']) },
);

/** Claude's tool_use_result of a Workflow launch (capture wf1). */
export const WORKFLOW_LAUNCH_RESULT = frame(
  'tool_use_result (Workflow)',
  () => ({ status: 'str', taskId: 'str', taskType: 'str', workflowName: 'str', runId: 'str', summary: 'str', transcriptDir: 'str', scriptPath: 'str' }),
  claude(['status', 'taskId', 'taskType', 'workflowName?', 'runId?', 'summary', 'transcriptDir?', 'scriptPath?']),
);

/** Claude's tool_use_result of a background Bash launch (capture bgbash1). */
export const SHELL_LAUNCH_RESULT = frame(
  'tool_use_result (Bash)',
  () => ({ stdout: 'str', stderr: 'str', interrupted: 'bool', isImage: 'bool', noOutputExpected: 'bool', backgroundTaskId: 'str' }),
  claude(['stdout', 'stderr', 'interrupted', 'isImage', 'noOutputExpected', 'backgroundTaskId?']),
);

/** Claude's tool_use_result of a background Agent launch (capture bgagent). */
export const AGENT_LAUNCH_RESULT = frame(
  'tool_use_result (Agent)',
  () => ({
    isAsync: 'bool',
    status: 'str',
    agentId: 'str',
    description: 'str',
    resolvedModel: 'str',
    prompt: 'str',
    outputFile: 'str',
    canReadOutputFile: 'bool',
    canContinueAgent: 'bool',
  }),
  claude(['isAsync', 'status', 'agentId', 'description', 'resolvedModel', 'prompt?', 'outputFile', 'canReadOutputFile', 'canContinueAgent?']),
);

/**
 * The `tool_use_result` of a foreground sub-agent's hand-back (measured on both Claude versions: env_disable_bg_agent_fm;
 * 2.1.328 adds the harness section counts and canContinueAgent).
 */
export const AGENT_HAND_BACK_RESULT = frame(
  'tool_use_result (Agent hand-back)',
  () => ({
    status: 'str',
    prompt: 'str',
    agentId: 'str',
    agentType: 'str',
    harnessNoteCount: 'num',
    harnessTailCount: 'num',
    harnessSectionHash: 'str',
    content: 'arr',
    resolvedModel: 'str',
    totalDurationMs: 'num',
    totalTokens: 'num',
    totalToolUseCount: 'num',
    usage: 'obj',
    canContinueAgent: 'bool',
  }),
  claude(['status', 'prompt', 'agentId', 'agentType', 'harnessNoteCount?', 'harnessTailCount?', 'harnessSectionHash?', 'content', 'resolvedModel', 'totalDurationMs', 'totalTokens', 'totalToolUseCount', 'usage', 'canContinueAgent?']),
);

/** A user frame: a tool result (or Claude's "[Request interrupted by user]"). */
export const USER = frame(
  'user',
  () => ({
    type: lit('user'),
    uuid: 'str',
    session_id: 'str',
    message: loose('obj', nested(USER_MESSAGE)),
    parent_tool_use_id: 'strOrNull',
    timestamp: 'str',
    // Claude writes a string here for a failed tool: the checker accepts any value
    tool_use_result: loose('unknown', anyOf('str', oneOf(WORKFLOW_LAUNCH_RESULT, SHELL_LAUNCH_RESULT, AGENT_LAUNCH_RESULT, AGENT_HAND_BACK_RESULT))),
    tool_result_meta: loose('unknown', list(nested(TOOL_RESULT_META))),
    isReplay: 'bool',
    isSynthetic: 'bool',
    __timestamp: 'str',
    _requestId: 'str',
    // a foreground sub-agent's prompt (SUBAGENT_USER, its own order; listed last here)
    agent_id: 'str',
    subagent_type: 'str',
    task_description: 'str',
  }),
  {
    // measured on cbc 2.117.0 (tool turn): parent_tool_use_id is the call id
    cbc: ['type', 'uuid', 'session_id', 'message', 'parent_tool_use_id', '__timestamp', '_requestId?'],
    // isReplay: the --replay-user-messages echo, whose own order is USER_REPLAY's (frames/stream.ts)
    'claude-2.1.220': ['type', 'message', 'parent_tool_use_id', 'session_id', 'uuid', 'timestamp?', 'tool_use_result?', 'tool_result_meta?', 'isReplay?', 'isSynthetic?', 'agent_id?', 'subagent_type?', 'task_description?'],
    'claude-2.1.328': ['type', 'message', 'parent_tool_use_id', 'session_id', 'uuid', 'timestamp?', 'tool_use_result?', 'tool_result_meta?', 'isReplay?', 'isSynthetic?', 'agent_id?', 'subagent_type?', 'task_description?'],
  },
);

/**
 * A user message Claude Code writes back, marked isReplay, with its own key order (measured: set_model's
 * `<local-command-stdout>` frame). The checker knows it as a `user` frame (USER declares isReplay too).
 */
export const USER_REPLAY = frame(
  'user (replayed)',
  () => ({
    type: lit('user'),
    message: loose('obj', nested(USER_MESSAGE)),
    session_id: 'str',
    parent_tool_use_id: 'strOrNull',
    uuid: 'str',
    timestamp: 'str',
    isReplay: 'bool',
  }),
  claude(['type', 'message', 'session_id', 'parent_tool_use_id', 'uuid', 'timestamp', 'isReplay']),
);

/**
 * A foreground sub-agent's prompt as its conversation opens, with its own key order (measured on both Claude versions:
 * env_disable_bg_agent_fm; 2.1.220 names no agent_id). The checker knows it as a `user` frame (USER declares its keys).
 */
export const SUBAGENT_USER = frame(
  'user (sub-agent)',
  () => ({
    type: lit('user'),
    message: loose('obj', nested(USER_MESSAGE)),
    parent_tool_use_id: 'str',
    agent_id: 'str',
    session_id: 'str',
    uuid: 'str',
    timestamp: 'str',
    subagent_type: 'str',
    task_description: 'str',
  }),
  claude(['type', 'message', 'parent_tool_use_id', 'agent_id?', 'session_id', 'uuid', 'timestamp', 'subagent_type', 'task_description']),
);

