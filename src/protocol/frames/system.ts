import { anyOf, claude, frame, lit, list, nested } from './field.js';

/**
 * `system` frames outside the task events, and cbc's file-history-snapshot. Sources: the real cbc
 * 2.117.0 captures (real-init.out, real-turn.out) and the Claude Code captures (claude-code-cli.md §2).
 */

/** system/init. Claude's comes from the captured template (src/profiles/data), in the capture's order. */
export const SYSTEM_INIT = frame(
  'system/init',
  () => ({
    type: lit('system'),
    subtype: lit('init'),
    uuid: 'str',
    session_id: 'str',
    apiKeySource: 'str',
    cwd: 'str',
    tools: 'strs',
    mcp_servers: 'arr',
    model: 'str',
    permissionMode: 'str',
    slash_commands: 'arr',
    terminal_slash_commands: 'arr',
    claude_code_version: 'str',
    output_style: 'str',
    agents: 'arr',
    skills: 'arr',
    plugins: 'arr',
    plugin_errors: 'arr',
    capabilities: 'unknown',
    analytics_disabled: 'bool',
    product_feedback_disabled: 'bool',
    memory_paths: 'unknown',
    original_cwd: 'str',
    additional_directories: 'arr',
    messaging_socket_path: 'unknown',
    fast_mode_state: 'unknown',
    fast_mode_disabled_reason: 'unknown',
    per_turn_effort_active: 'unknown',
    ultrathink_available: 'unknown',
    ultrathink_typed_raises: 'unknown',
    view_mode: 'unknown',
    user_message_uuids: 'strs',
    __timestamp: 'str',
    _requestId: 'str',
  }),
  {
    // real cbc 2.117.0: init uuid equals session_id
    cbc: ['type', 'subtype', 'uuid', 'session_id', 'apiKeySource', 'cwd', 'tools', 'mcp_servers', 'model', 'permissionMode', 'slash_commands',
      'output_style', '__timestamp', '_requestId?'],
    'claude-2.1.220': ['type', 'subtype', 'cwd', 'session_id', 'tools', 'mcp_servers', 'model', 'permissionMode', 'slash_commands?', 'apiKeySource',
      'claude_code_version', 'output_style?', 'agents?', 'skills?', 'plugins?', 'plugin_errors?', 'capabilities?', 'analytics_disabled?', 'product_feedback_disabled?',
      'uuid', 'memory_paths?', 'fast_mode_state?', 'fast_mode_disabled_reason?'],
    'claude-2.1.328': ['type', 'subtype', 'cwd', 'session_id', 'tools', 'mcp_servers', 'model', 'permissionMode', 'slash_commands?',
      'terminal_slash_commands?', 'apiKeySource', 'claude_code_version', 'output_style?', 'agents?', 'skills?', 'plugins?', 'plugin_errors?', 'capabilities?',
      'analytics_disabled?', 'product_feedback_disabled?', 'uuid', 'memory_paths?', 'original_cwd?', 'additional_directories?',
      'messaging_socket_path?', 'fast_mode_state?', 'fast_mode_disabled_reason?', 'per_turn_effort_active?', 'ultrathink_available?',
      'ultrathink_typed_raises?', 'view_mode?', 'user_message_uuids?'],
  },
);

/** cbc's system/status before each reply (real-turn.out); Claude's after set_permission_mode names the new mode (measured). */
export const SYSTEM_STATUS = frame(
  'system/status',
  () => ({
    type: lit('system'),
    subtype: lit('status'),
    status: 'strOrNull',
    permissionMode: 'str',
    uuid: 'str',
    session_id: 'str',
    // the "requesting" variant's (SYSTEM_STATUS_REQUESTING lays it out)
    user_message_uuids: 'strs',
    __timestamp: 'str',
    _requestId: 'str',
  }),
  { cbc: ['type', 'subtype', 'status', 'uuid', 'session_id', '__timestamp', '_requestId?'], ...claude(['type', 'subtype', 'status', 'permissionMode?', 'uuid', 'session_id', 'user_message_uuids?']) },
);

/**
 * Claude Code's "requesting" status before a model call streams (--include-partial-messages; capture
 * ses_partial): 2.1.328 lays it out session_id first, unlike its permission-mode status (measured).
 */
export const SYSTEM_STATUS_REQUESTING = frame(
  'system/status (requesting)',
  () => ({ type: lit('system'), subtype: lit('status'), status: 'strOrNull', uuid: 'str', session_id: 'str', user_message_uuids: 'strs' }),
  {
    'claude-2.1.220': ['type', 'subtype', 'status', 'uuid', 'session_id'],
    'claude-2.1.328': ['type', 'subtype', 'status', 'session_id', 'uuid', 'user_message_uuids?'],
  },
);

/** Claude Code: a tracked user line's state (a line with a client uuid; engine/commands.ts; capture in_user_uuid_h2). */
export const COMMAND_LIFECYCLE = frame(
  'command_lifecycle',
  () => ({ type: lit('command_lifecycle'), command_uuid: 'str', state: 'str', uuid: 'str', session_id: 'str' }),
  claude(['type', 'command_uuid', 'state', 'uuid', 'session_id']),
);

/** The body of cbc's file-history-snapshot. */
export const SNAPSHOT_BODY = frame(
  'file-history-snapshot.snapshot',
  () => ({ messageId: 'str', trackedFileBackups: 'obj' }),
  { cbc: ['messageId', 'trackedFileBackups'] },
);

/** cbc's file-history-snapshot before each reply (real-turn.out). */
export const FILE_HISTORY_SNAPSHOT = frame(
  'file-history-snapshot',
  () => ({
    type: lit('file-history-snapshot'),
    id: 'str',
    timestamp: anyOf('num', 'str'),
    isSnapshotUpdate: 'bool',
    snapshot: nested(SNAPSHOT_BODY),
    __timestamp: 'str',
    _requestId: 'str',
  }),
  { cbc: ['type', 'id', 'timestamp', 'isSnapshotUpdate', 'snapshot', '__timestamp', '_requestId?'] },
);

/** The snapshot of a stored prompt cbc 2.117.0 replays at --resume: the stored line's own order, with its cwd (capture ses_resume_stream_h2). */
export const FILE_HISTORY_SNAPSHOT_STORED = frame(
  'file-history-snapshot (stored)',
  () => ({
    id: 'str',
    timestamp: 'num',
    type: lit('file-history-snapshot'),
    isSnapshotUpdate: 'bool',
    snapshot: nested(SNAPSHOT_BODY),
    cwd: 'str',
    __timestamp: 'str',
  }),
  { cbc: ['id', 'timestamp', 'type', 'isSnapshotUpdate', 'snapshot', 'cwd', '__timestamp'] },
);

/** Claude's session_state_changed; 2.1.328 adds sdk_host_only when the SDK reads the session state. */
export const SESSION_STATE_CHANGED = frame(
  'system/session_state_changed',
  () => ({ type: lit('system'), subtype: lit('session_state_changed'), state: 'str', sdk_host_only: 'bool', uuid: 'str', session_id: 'str' }),
  {
    'claude-2.1.220': ['type', 'subtype', 'state', 'uuid', 'session_id'],
    'claude-2.1.328': ['type', 'subtype', 'state', 'sdk_host_only?', 'uuid', 'session_id'],
  },
);

/** 2.1.328's first frame under --safe-mode: a UI re-render notice (measured: opt_safe_mode, opt_safe_mode_stream). */
export const UI_INVALIDATE = frame(
  'system/ui_invalidate',
  () => ({ type: lit('system'), subtype: lit('ui_invalidate'), event: 'str', uuid: 'str', session_id: 'str' }),
  { 'claude-2.1.328': ['type', 'subtype', 'event', 'uuid', 'session_id'] },
);

/** 2.1.328's notice of a tool call its permission settings refused (measured: req_no_prompt_tool, req_no_prompt_tool_p). */
export const PERMISSION_DENIED = frame(
  'system/permission_denied',
  () => ({ type: lit('system'), subtype: lit('permission_denied'), tool_name: 'str', tool_use_id: 'str', decision_reason_type: 'str', message: 'str', uuid: 'str', session_id: 'str' }),
  // 2.1.220 writes it for a deny rule's refusal too (measured: req_can_use_tool_deny_rule_then_call_fc)
  claude(['type', 'subtype', 'tool_name', 'tool_use_id', 'decision_reason_type?', 'message', 'uuid', 'session_id']),
);

/** One task of background_tasks_changed. */
export const BACKGROUND_TASK = frame(
  'background_tasks_changed.tasks[]',
  () => ({ task_id: 'str', run_id: 'str', task_type: 'str', description: 'str', subagent_type: 'str' }),
  {
    'claude-2.1.220': ['task_id', 'task_type', 'description'],
    'claude-2.1.328': ['task_id', 'run_id?', 'task_type', 'subagent_type?', 'description'],
  },
);

/** Claude's background_tasks_changed (captures bgbash_state). */
export const BACKGROUND_TASKS_CHANGED = frame(
  'system/background_tasks_changed',
  () => ({ type: lit('system'), subtype: lit('background_tasks_changed'), tasks: list(nested(BACKGROUND_TASK)), uuid: 'str', session_id: 'str' }),
  claude(['type', 'subtype', 'tasks', 'uuid', 'session_id']),
);


/** Claude 2.1.220's notice that the slash commands were reloaded (reload_skills once, reload_plugins twice; captures ctl_reload_*). */
export const COMMANDS_CHANGED = frame(
  'system/commands_changed',
  () => ({ type: lit('system'), subtype: lit('commands_changed'), commands: list('obj'), uuid: 'str', session_id: 'str' }),
  claude(['type', 'subtype', 'commands', 'uuid', 'session_id']),
);

/** Claude 2.1.328's notice of a new session title: before the rename_session reply (captures ctl_rename_session_*), first of all under --name (opt_name_other). */
export const SESSION_TITLE_CHANGED = frame(
  'system/session_title_changed',
  () => ({ type: lit('system'), subtype: lit('session_title_changed'), title: 'str', uuid: 'str', session_id: 'str' }),
  claude(['type', 'subtype', 'title', 'uuid', 'session_id']),
);

/** What 2.1.328 says became of a prompt a UserPromptSubmit hook stopped (system/informational.prompt_submit_outcome). */
export const PROMPT_SUBMIT_OUTCOME = frame(
  'system/informational.prompt_submit_outcome',
  () => ({ kind: 'str', prompt_kept: 'bool', reason: 'str' }),
  { 'claude-2.1.328': ['kind', 'prompt_kept', 'reason?'] },
);

/**
 * Claude's notice that a hook stopped the turn (a UserPromptSubmit hook's decision "block" or continue: false;
 * measured: req_hook_callback_prompt_block, req_hook_callback_prompt_continue_false).
 */
export const INFORMATIONAL = frame(
  'system/informational',
  () => ({ type: lit('system'), subtype: lit('informational'), content: 'str', level: 'str', tag: 'str', prevent_continuation: 'bool', prompt_submit_outcome: nested(PROMPT_SUBMIT_OUTCOME), uuid: 'str', session_id: 'str' }),
  {
    'claude-2.1.220': ['type', 'subtype', 'content', 'level', 'prevent_continuation', 'uuid', 'session_id'],
    'claude-2.1.328': ['type', 'subtype', 'content', 'level', 'tag?', 'prevent_continuation?', 'prompt_submit_outcome?', 'uuid', 'session_id'],
  },
);

/** Claude's notice that a failed model call is tried again on --fallback-model (measured: opt_fallback_model_api_error_h6). */
export const MODEL_FALLBACK = frame(
  'system/model_fallback',
  () => ({ type: lit('system'), subtype: lit('model_fallback'), trigger: 'str', original_model: 'str', fallback_model: 'str', content: 'str', uuid: 'str', session_id: 'str' }),
  {
    'claude-2.1.220': ['type', 'subtype', 'trigger', 'original_model', 'fallback_model', 'content', 'session_id', 'uuid'],
    'claude-2.1.328': ['type', 'subtype', 'uuid', 'trigger', 'original_model', 'fallback_model', 'content', 'session_id'],
  },
);

/** Claude's notice that a Stop hook made the turn go on (measured: req_hook_callback_stop_block). */
export const NOTIFICATION = frame(
  'system/notification',
  () => ({ type: lit('system'), subtype: lit('notification'), key: 'str', text: 'str', priority: 'str', session_id: 'str', uuid: 'str' }),
  {
    'claude-2.1.220': ['type', 'subtype', 'key', 'text', 'priority', 'uuid', 'session_id'],
    'claude-2.1.328': ['type', 'subtype', 'key', 'text', 'priority', 'session_id', 'uuid'],
  },
);

/** A settings command hook starting (Claude Code with --include-hook-events; measured: opt_settings_hook_*_fc on both versions). */
export const HOOK_STARTED = frame(
  'system/hook_started',
  () => ({ type: lit('system'), subtype: lit('hook_started'), hook_id: 'str', hook_name: 'str', hook_event: 'str', uuid: 'str', session_id: 'str' }),
  claude(['type', 'subtype', 'hook_id', 'hook_name', 'hook_event', 'uuid', 'session_id']),
);

/** A settings command hook's end: its output (stdout then stderr), both streams, its exit code and outcome. */
export const HOOK_RESPONSE = frame(
  'system/hook_response',
  () => ({
    type: lit('system'), subtype: lit('hook_response'), hook_id: 'str', hook_name: 'str', hook_event: 'str', output: 'str', stdout: 'str', stderr: 'str', exit_code: 'num',
    outcome: 'str', uuid: 'str', session_id: 'str',
  }),
  claude(['type', 'subtype', 'hook_id', 'hook_name', 'hook_event', 'output', 'stdout', 'stderr', 'exit_code', 'outcome', 'uuid', 'session_id']),
);
