import { claude, everywhere, frame, lit, loose, nested, oneOf } from './field.js';

/**
 * Control frames: the replies to the host's control requests and the requests the CLI sends the host
 * (issue #10). Sources: claude-code-cli.md §3/§8, claude-agent-sdk.md §3.3, codebuddy-sdk.md §4, and the
 * real cbc 2.117.0 / Claude Code captures.
 */

/** A successful control reply; 2.1.220's first initialize reply has no pending_* keys (claude-code-cli.md §3). */
export const CONTROL_SUCCESS = frame(
  'control_response.response (success)',
  () => ({
    subtype: lit('success'),
    request_id: 'str',
    response: 'obj',
    pending_permission_requests: loose('unknown', 'arr'),
    pending_user_dialog_requests: loose('unknown', 'arr'),
  }),
  {
    // request_id echoes the request's: both CLIs answer a request that has none without one (captures in_ctl_no_request_id)
    cbc: ['subtype', 'request_id?', 'response?'],
    ...claude(['subtype', 'request_id?', 'response?', 'pending_permission_requests?', 'pending_user_dialog_requests?']),
  },
);

/** A failed control reply; 2.1.328 adds `error_code` (captures). */
export const CONTROL_ERROR = frame(
  'control_response.response (error)',
  () => ({ subtype: lit('error'), request_id: 'str', error: 'str', error_code: loose('unknown', 'str'), model: 'str' }),
  {
    cbc: ['subtype', 'request_id?', 'error'],
    'claude-2.1.220': ['subtype', 'request_id?', 'error'],
    'claude-2.1.328': ['subtype', 'request_id?', 'error', 'error_code?', 'model?'],
  },
);

/** The control reply envelope. */
export const CONTROL_RESPONSE = frame(
  'control_response',
  () => ({ type: lit('control_response'), response: oneOf(CONTROL_SUCCESS, CONTROL_ERROR) }),
  everywhere(['type', 'response']),
);

/** can_use_tool: measured on cbc 2.117.0; Claude adds permission_suggestions (claude-agent-sdk.md §3.3). */
export const CAN_USE_TOOL = frame(
  'can_use_tool',
  () => ({
    subtype: lit('can_use_tool'), tool_name: 'str', display_name: 'str', input: 'obj', description: 'str', permission_suggestions: 'arr', blocked_path: 'str',
    decision_reason: 'str', decision_reason_type: 'str', decision_reason_rule_source: 'str', server_policy_ask_only: 'bool', decision_reason_hook_event: 'str', decision_reason_hook_source: 'str', tool_use_id: 'str',
  }),
  {
    cbc: ['subtype', 'tool_name', 'input', 'tool_use_id'],
    // measured (capture req_can_use_tool_allow): display_name, description and blocked_path where the call has them; a PreToolUse
    // hook's "ask": why instead of the suggestions (req_hook_callback_pre_ask; 2.1.328 also names the hook's event and source);
    // an ask rule's: "rule" (2.1.328 also names the rule's source: req_can_use_tool_ask_rule_then_call_fc)
    ...claude(['subtype', 'tool_name', 'display_name?', 'input', 'description?', 'permission_suggestions?', 'blocked_path?', 'decision_reason?',
      'decision_reason_type?', 'decision_reason_rule_source?', 'server_policy_ask_only?', 'decision_reason_hook_event?', 'decision_reason_hook_source?', 'tool_use_id']),
  },
);

/** mcp_message with a JSON-RPC message (codebuddy-sdk.md §4, SDKControlMcpMessageRequest). */
export const MCP_MESSAGE = frame(
  'mcp_message',
  () => ({ subtype: lit('mcp_message'), server_name: 'str', message: 'obj' }),
  everywhere(['subtype', 'server_name', 'message']),
);

/** cbc 2.117.0's auth_result_callback: how an authenticate request's login ended (its AuthenticateHandler; capture ctl_authenticate_bad_method_fe). */
export const AUTH_RESULT_CALLBACK = frame(
  'auth_result_callback',
  () => ({ subtype: lit('auth_result_callback'), success: 'bool', error: 'obj' }),
  { cbc: ['subtype', 'success', 'error?'] },
);

/** A hook's input; Claude adds the prompt id, permission_mode, effort and (for Stop) stop_hook_active (codebuddy-sdk.md §4, captures). */
export const HOOK_INPUT = frame(
  'hook_callback.input',
  () => ({
    session_id: 'str',
    transcript_path: 'str',
    cwd: 'str',
    prompt_id: 'str',
    permission_mode: 'str',
    agent_id: 'str',
    agent_type: 'str',
    effort: 'obj',
    hook_event_name: 'str',
    prompt: 'str',
    tool_name: 'str',
    tool_input: 'obj',
    tool_response: 'unknown',
    tool_use_id: 'str',
    stop_hook_active: 'bool',
    duration_ms: 'num',
    last_assistant_message: 'str',
    background_tasks: 'arr',
    session_crons: 'arr',
    source: 'str',
    agent_transcript_path: 'str',
    tool_calls: 'arr',
  }),
  {
    // measured (surface capture req_hook_callback): cbc 2.117.0 names the event first (SessionStart's source last: req_hook_callback_session_start)
    cbc: ['hook_event_name', 'session_id', 'transcript_path', 'cwd', 'source?', 'prompt?', 'tool_name?', 'tool_input?', 'tool_response?', 'tool_use_id?', 'stop_hook_active?'],
    // measured (surface capture req_hook_callback): the prompt's id and the effort level sit around permission_mode
    // SubagentStart / SubagentStop / PostToolBatch (measured: req_hook_callback_{subagent_start,subagent_stop,post_tool_batch}_bg_agent_fv)
    ...claude(['session_id', 'transcript_path', 'cwd', 'prompt_id?', 'permission_mode?', 'agent_id?', 'agent_type?', 'effort?', 'hook_event_name', 'prompt?', 'tool_name?', 'tool_input?',
      'tool_response?', 'tool_use_id?', 'duration_ms?', 'stop_hook_active?', 'agent_transcript_path?', 'last_assistant_message?', 'background_tasks?', 'session_crons?', 'tool_calls?']),
  },
);

/** hook_callback (codebuddy-sdk.md §4). */
export const HOOK_CALLBACK = frame(
  'hook_callback',
  () => ({ subtype: lit('hook_callback'), callback_id: 'str', input: nested(HOOK_INPUT), tool_use_id: 'str' }),
  everywhere(['subtype', 'callback_id', 'input', 'tool_use_id?']),
);

/** A CLI-initiated request (issue #10); the checker only requires the body's `subtype`. */
export const CONTROL_REQUEST = frame(
  'control_request',
  () => ({ type: lit('control_request'), request_id: 'str', request: loose('subtyped', oneOf(CAN_USE_TOOL, MCP_MESSAGE, HOOK_CALLBACK, AUTH_RESULT_CALLBACK)) }),
  everywhere(['type', 'request_id', 'request']),
);

/** The CLI withdraws one of its requests. */
export const CONTROL_CANCEL_REQUEST = frame(
  'control_cancel_request',
  () => ({ type: lit('control_cancel_request'), request_id: 'str' }),
  everywhere(['type', 'request_id']),
);

/** cbc 2.117.0 (measured): a stdin line that is not JSON is reported and the CLI carries on. */
export const ERROR = frame('error', () => ({ type: lit('error'), error: 'str' }), { cbc: ['type', 'error'] });

/** cbc's push on a channel the host subscribed to (measured: `commands` around the subscribe reply; codebuddy-sdk.md). */
export const CONTROL_NOTIFICATION = frame(
  'control_notification',
  () => ({ type: lit('control_notification'), channel: 'str', data: 'obj' }),
  { cbc: ['type', 'channel', 'data'] },
);
