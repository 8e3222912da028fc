// Surface cases (tuning, issue #16, helper FD, round 9): Claude Code's control requests crossed with the phases an
// SDK sends them in (before initialize, idle, mid-turn, while a can_use_tool or hook_callback waits, while a background
// task runs, right after an interrupt, after stdin EOF) and the argument forms sdk.d.ts allows (missing optional fields,
// invalid values, unknown ids, wrong types); and host answers to the CLI's requests in unusual forms.
import { close, ctl, init as init_, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CLAUDE, ready, RESULT } from '../surface-kit.mjs';

const ASK = [...STREAM, '--permission-prompt-tool', 'stdio'];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const HOOK_CALLBACK = '"subtype":"hook_callback"';
const NOTIFIED = '"subtype":"task_notification"';
const STARTED = '"subtype":"task_started"';
const HI_RESULT = '"result":"Hello from fake API."';
const SLOW_RESULT = '"result":"slow reply"';
const FINAL_RESULT = '"result":"FINAL: acknowledged"';
const ALLOW = { behavior: 'allow', updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
/** The Claude SDK's hook matcher shape in initialize. */
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
/** A FGBASH turn whose can_use_tool request is waiting for the host. */
const permissionWaiting = [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1)];
/** A FGBASH turn whose PreToolUse hook callback is waiting for the host (bypassed call). */
const hookWaiting = [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor(HOOK_CALLBACK), sleep(1)];
/** A background sub-agent whose reply takes 6 s, launched; its turn has ended. */
const slowAgentRunning = [...ready(), user('BGSLOWAGENT please'), waitFor(FINAL_RESULT, 30), sleep(1)];
/** A slow workflow launched; its turn has ended. */
const workflowRunning = [...ready(), user('WFSLOW please'), waitFor(STARTED, 30), waitFor(RESULT, 30), sleep(1)];

/** Which tasks an interrupt stops: background Bash, background agents, workflows, idle and mid-turn. */
const INTERRUPT = [
  { name: 'ctl_interrupt_bg_agent_fd', about: 'interrupt while only a slow background Agent runs (after its turn), then its notification', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(NOTIFIED, 30), waitFor('"num_turns"', 20), sleep(3), close] },
  { name: 'ctl_interrupt_workflow_fd', about: 'interrupt while only a slow workflow runs (after its turn)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...workflowRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(NOTIFIED, 40), sleep(4), close] },
  { name: 'ctl_interrupt_mid_turn_bg_agent_fd', about: 'a slow background Agent runs, then a slow turn interrupted mid-reply', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, user('SLOWTEXT please'), sleep(1.5), ctl('req_int', { subtype: 'interrupt' }), waitFor(NOTIFIED, 30), sleep(6), close] },
  // ctl_interrupt_mid_turn_bg_bash_fd (a background Bash, then a slow turn interrupted 0.6 s in) was captured and matched,
  // then dropped: its replay raced the 2 s task on a loaded machine
  { name: 'ctl_interrupt_pending_permission_fd', about: 'interrupt while a can_use_tool request waits, then a hi turn', clis: CLAUDE, args: ASK, steps: [...permissionWaiting, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), user('hi'), waitFor(HI_RESULT, 20), sleep(1), close] },
  { name: 'ctl_interrupt_before_init_fd', about: 'interrupt as the first line, before initialize, then a turn', clis: CLAUDE, args: STREAM, steps: [ctl('req_0', { subtype: 'interrupt' }), sleep(2), ...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
];

/** get_settings: `effective` and `sources` from the settings files and flags the session read. */
const PROJECT_FILES = {
  '.claude/settings.json': JSON.stringify({ permissions: { allow: ['Bash', 'Bash(npm test)'], deny: ['WebSearch'] }, env: { FD_PROJECT: '1' } }),
  '.claude/settings.local.json': JSON.stringify({ permissions: { ask: ['Bash(git commit:*)'] }, includeCoAuthoredBy: false }),
};
const getSettings = (id = 'req_2') => [ctl(id, { subtype: 'get_settings' }), sleep(2)];
const SETTINGS = [
  { name: 'ctl_get_settings_files_fd', about: 'get_settings with user (the harness allow rules), project and local settings files', clis: CLAUDE, args: STREAM, bypass: true, files: PROJECT_FILES, steps: [...ready(), ...getSettings(), close] },
  { name: 'ctl_get_settings_flag_fd', about: 'get_settings with --settings JSON (permissions, env, a model)', clis: CLAUDE, args: [...STREAM, '--settings', '{"permissions":{"deny":["WebFetch"]},"env":{"FD_FLAG":"1"},"model":"sonnet"}'], steps: [...ready(), ...getSettings(), close] },
  { name: 'ctl_get_settings_sources_project_fd', about: 'get_settings with --setting-sources project beside user, project and local files', clis: CLAUDE, args: [...STREAM, '--setting-sources', 'project'], bypass: true, files: PROJECT_FILES, steps: [...ready(), ...getSettings(), close] },
  { name: 'ctl_get_settings_after_apply_flag_fd', about: 'apply_flag_settings (permissions and a model), then get_settings', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'apply_flag_settings', settings: { model: 'haiku', permissions: { deny: ['WebFetch'] } } }), sleep(2), ...getSettings('req_3'), close] },
  { name: 'ctl_get_settings_managed_fd', about: 'get_settings with --managed-settings denying WebFetch and a --settings file rule', clis: CLAUDE, args: [...STREAM, '--managed-settings', '{"permissions":{"deny":["WebFetch"]}}', '--settings', '{"permissions":{"deny":["WebFetch","WebSearch"]}}'], steps: [...ready(), ...getSettings(), close] },
  { name: 'ctl_get_settings_before_init_fd', about: 'get_settings as the first line (before initialize), with --settings', clis: CLAUDE, args: [...STREAM, '--settings', '{"permissions":{"allow":["Read"]}}'], steps: [ctl('req_0', { subtype: 'get_settings' }), sleep(2), ...ready(), close] },
];

/** A background Bash turn to its result (the task still runs ~2 s), and its end: notification, follow-up, EOF. */
const bgTaskRunning = [...ready(), user('BGBASH please'), waitFor(RESULT, 25)];
const bgToEnd = [waitFor(NOTIFIED, 25), waitFor('FINAL', 15), sleep(2), close];
/** The host allows the waiting request, the turn runs to its result, EOF. */
const allowToEnd = [{ answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close];
/** A request before initialize, then initialize and a hi turn. */
const beforeInit = (request) => [ctl('req_0', request), sleep(2), ...ready(), user('hi'), waitFor(RESULT), sleep(1), close];
/** A request while a slow turn runs, to the turn's end. */
const midTurn = (request) => [...ready(), ...slowTurnRunning, ctl('req_2', request), waitFor(SLOW_RESULT, 30), sleep(1), close];
/** A request while a can_use_tool request waits, then the host allows. */
const whileAsked = (request) => [...permissionWaiting, ctl('req_2', request), sleep(1), ...allowToEnd];
/** A request while a background Bash task runs, to the task's follow-up turn. */
const whileBg = (request) => [...bgTaskRunning, ctl('req_2', request), ...bgToEnd];
/** A request right after an interrupt of a slow turn, then a hi turn. */
const afterInterrupt = (request) => [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), ctl('req_2', request), waitFor(RESULT, 15), sleep(1), user('hi'), waitFor(HI_RESULT, 20), sleep(1), close];
/** A request idle, after initialize, then a hi turn. */
const idle = (request) => [...ready(), ctl('req_2', request), sleep(2), user('hi'), waitFor(RESULT), sleep(1), close];

/** Control requests in the phases their rows had not been captured in. */
const PHASES = [
  { name: 'ctl_set_max_thinking_tokens_pending_permission_fd', about: 'set_max_thinking_tokens 2048 while a can_use_tool request waits', clis: CLAUDE, args: ASK, steps: whileAsked({ subtype: 'set_max_thinking_tokens', max_thinking_tokens: 2048 }) },
  { name: 'ctl_set_max_thinking_tokens_before_init_fd', about: 'set_max_thinking_tokens before initialize', clis: CLAUDE, args: STREAM, steps: beforeInit({ subtype: 'set_max_thinking_tokens', max_thinking_tokens: 1024 }) },
  { name: 'ctl_get_session_cost_pending_permission_fd', about: 'get_session_cost while a can_use_tool request waits', clis: CLAUDE, args: ASK, steps: whileAsked({ subtype: 'get_session_cost' }) },
  { name: 'ctl_get_session_cost_mid_turn_fd', about: 'get_session_cost while a slow turn runs', clis: CLAUDE, args: STREAM, steps: midTurn({ subtype: 'get_session_cost' }) },
  { name: 'ctl_get_usage_mid_turn_fd', about: 'get_usage while a slow turn runs', clis: CLAUDE, args: STREAM, steps: midTurn({ subtype: 'get_usage' }) },
  { name: 'ctl_get_usage_bg_task_fd', about: 'get_usage while a background Bash task runs', clis: CLAUDE, args: STREAM, bypass: true, steps: whileBg({ subtype: 'get_usage' }) },
  { name: 'ctl_list_models_before_init_fd', about: 'list_models before initialize', clis: CLAUDE, args: STREAM, steps: beforeInit({ subtype: 'list_models' }) },
  { name: 'ctl_mcp_status_before_init_fd', about: 'mcp_status before initialize', clis: CLAUDE, args: STREAM, steps: beforeInit({ subtype: 'mcp_status' }) },
  { name: 'ctl_get_binary_version_before_init_fd', about: 'get_binary_version before initialize', clis: CLAUDE, args: STREAM, steps: beforeInit({ subtype: 'get_binary_version' }) },
  { name: 'ctl_get_binary_version_pending_permission_fd', about: 'get_binary_version while a can_use_tool request waits', clis: CLAUDE, args: ASK, steps: whileAsked({ subtype: 'get_binary_version' }) },
  { name: 'ctl_rename_session_pending_permission_fd', about: 'rename_session while a can_use_tool request waits', clis: CLAUDE, args: ASK, steps: whileAsked({ subtype: 'rename_session', title: 'Named while asked' }) },
  { name: 'ctl_rename_session_bg_task_fd', about: 'rename_session while a background Bash task runs', clis: CLAUDE, args: STREAM, bypass: true, steps: whileBg({ subtype: 'rename_session', title: 'Named during a task' }) },
  { name: 'ctl_set_color_mid_turn_fd', about: 'set_color while a slow turn runs', clis: CLAUDE, args: STREAM, steps: midTurn({ subtype: 'set_color', color: 'blue' }) },
  { name: 'ctl_set_permission_mode_bg_task_fd', about: 'set_permission_mode acceptEdits while a background Bash task runs', clis: CLAUDE, args: STREAM, bypass: true, steps: whileBg({ subtype: 'set_permission_mode', mode: 'acceptEdits' }) },
  { name: 'ctl_set_permission_mode_before_init_fd', about: 'set_permission_mode plan before initialize', clis: CLAUDE, args: STREAM, steps: beforeInit({ subtype: 'set_permission_mode', mode: 'acceptEdits' }) },
  { name: 'ctl_set_model_bg_task_fd', about: 'set_model sonnet while a background Bash task runs (its follow-up turn)', clis: CLAUDE, args: STREAM, bypass: true, steps: whileBg({ subtype: 'set_model', model: 'sonnet' }) },
  { name: 'ctl_set_model_before_init_fd', about: 'set_model haiku before initialize, then a turn', clis: CLAUDE, args: STREAM, steps: beforeInit({ subtype: 'set_model', model: 'haiku' }) },
  { name: 'ctl_background_tasks_bg_task_fd', about: 'background_tasks while a background Bash task runs', clis: CLAUDE, args: STREAM, bypass: true, steps: whileBg({ subtype: 'background_tasks' }) },
  { name: 'ctl_get_task_output_running_fd', about: 'get_task_output of a background Bash task still running', clis: CLAUDE, args: STREAM, bypass: true, steps: [...bgTaskRunning, ctl('req_2', { subtype: 'get_task_output', task_id: '{task_id}' }), ...bgToEnd] },
  { name: 'ctl_stop_task_bg_bash_fd', about: 'stop_task of a background Bash task still running', clis: CLAUDE, args: STREAM, bypass: true, steps: [...bgTaskRunning, ctl('req_2', { subtype: 'stop_task', task_id: '{task_id}' }), waitFor(NOTIFIED, 20), sleep(4), close] },
  { name: 'ctl_stop_task_bg_agent_fd', about: 'stop_task of a slow background Agent (after its turn)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, ctl('req_2', { subtype: 'stop_task', task_id: '{task_id}' }), waitFor(NOTIFIED, 20), sleep(4), close] },
  { name: 'ctl_get_context_usage_bg_task_fd', about: 'get_context_usage (summary) while a background Bash task runs', clis: CLAUDE, args: STREAM, bypass: true, steps: whileBg({ subtype: 'get_context_usage', detail: 'summary' }) },
  { name: 'ctl_set_model_after_interrupt_fd', about: 'set_model haiku right after an interrupt of a slow turn, then a hi turn', clis: CLAUDE, args: STREAM, steps: afterInterrupt({ subtype: 'set_model', model: 'haiku' }) },
  { name: 'ctl_get_usage_after_interrupt_fd', about: 'get_usage right after an interrupt of a slow turn, then a hi turn', clis: CLAUDE, args: STREAM, steps: afterInterrupt({ subtype: 'get_usage' }) },
  { name: 'ctl_mcp_status_pending_permission_fd', about: 'mcp_status while a can_use_tool request waits', clis: CLAUDE, args: ASK, steps: whileAsked({ subtype: 'mcp_status' }) },
  { name: 'ctl_reload_plugins_mid_turn_fd', about: 'reload_plugins while a slow turn runs', clis: CLAUDE, args: STREAM, steps: midTurn({ subtype: 'reload_plugins' }) },
  { name: 'ctl_get_hooks_listing_idle_fd', about: 'get_hooks_listing with no hooks registered', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'get_hooks_listing' }) },
];

/** Argument forms sdk.d.ts does not allow: wrong types, invalid values, unknown ids, missing fields. */
const FORMS = [
  { name: 'ctl_initialize_sdk_mcp_servers_string_fd', about: 'initialize with sdkMcpServers a string, not an array', clis: CLAUDE, args: STREAM, steps: [init_({ sdkMcpServers: 'inproc' }), waitFor('"request_id":"req_1"', 90), sleep(1), init_({}, 'req_1b'), waitFor('"request_id":"req_1b"', 30), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_initialize_hooks_array_fd', about: 'initialize with hooks an array, not an object', clis: CLAUDE, args: STREAM, steps: [init_({ hooks: [] }), waitFor('"request_id":"req_1"', 90), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_set_permission_mode_number_fd', about: 'set_permission_mode with mode a number', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'set_permission_mode', mode: 5 }) },
  { name: 'ctl_set_model_number_fd', about: 'set_model with model a number', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'set_model', model: 42 }) },
  { name: 'ctl_set_max_thinking_tokens_string_fd', about: 'set_max_thinking_tokens with a string value', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'set_max_thinking_tokens', max_thinking_tokens: 'lots' }) },
  { name: 'ctl_rename_session_number_fd', about: 'rename_session with title a number', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'rename_session', title: 7 }) },
  { name: 'ctl_stop_task_no_id_fd', about: 'stop_task without task_id', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'stop_task' }) },
  { name: 'ctl_get_context_usage_bad_detail_fd', about: 'get_context_usage with detail "bogus"', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'get_context_usage', detail: 'bogus' }) },
  { name: 'ctl_cancel_async_message_unknown_fd', about: 'cancel_async_message of a uuid nobody sent, idle', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'cancel_async_message', message_uuid: '0a1b2c3d-0000-4000-8000-0000000000fd' }) },
  { name: 'ctl_apply_flag_settings_string_fd', about: 'apply_flag_settings with settings a string', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'apply_flag_settings', settings: 'model=haiku' }) },
  { name: 'ctl_apply_flag_settings_empty_fd', about: 'apply_flag_settings with empty settings, then get_settings', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'apply_flag_settings', settings: {} }), sleep(1), ctl('req_3', { subtype: 'get_settings' }), sleep(2), close] },
  { name: 'ctl_apply_flag_settings_deny_bash_fd', about: 'apply_flag_settings denying Bash, then a bypassed FGBASH turn', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready(), ctl('req_2', { subtype: 'apply_flag_settings', settings: { permissions: { deny: ['Bash'] } } }), sleep(1), user('FGBASH please'), waitFor(RESULT, 20), sleep(1), close] },
  { name: 'ctl_mcp_toggle_unknown_fd', about: 'mcp_toggle of a server nobody configured', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'mcp_toggle', serverName: 'ghost', enabled: false }) },
  { name: 'ctl_mcp_reconnect_unknown_fd', about: 'mcp_reconnect of a server nobody configured', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'mcp_reconnect', serverName: 'ghost' }) },
  { name: 'ctl_read_file_directory_fd', about: 'read_file of a directory', clis: CLAUDE, args: STREAM, files: { 'sub/a.txt': 'a' }, steps: idle({ subtype: 'read_file', path: 'sub' }) },
  { name: 'ctl_interrupt_other_session_fd', about: 'interrupt naming another session_id while a slow turn runs', clis: CLAUDE, args: STREAM, steps: midTurn({ subtype: 'interrupt', session_id: '0a1b2c3d-0000-4000-8000-0000000000aa' }) },
];

/** The host's answers to the CLI's requests in unusual forms. */
const HOST = [
  { name: 'req_can_use_tool_input_string_fd', about: 'a gated Bash call answered allow with updatedInput a string', clis: CLAUDE, args: ASK, steps: [...permissionWaiting, { answer: 'can_use_tool', response: { behavior: 'allow', updatedInput: 'touch fg.txt' } }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'req_can_use_tool_bad_behavior_fd', about: 'a gated Bash call answered with behavior "maybe"', clis: CLAUDE, args: ASK, steps: [...permissionWaiting, { answer: 'can_use_tool', response: { behavior: 'maybe' } }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'req_hook_callback_pre_error_fd', about: 'a PreToolUse hook_callback answered with an error control_response (bypassed Bash call)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...hookWaiting, { answer: 'hook_callback', error: 'hook failed' }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'req_hook_callback_async_fd', about: 'a PreToolUse hook_callback answered {async: true} (bypassed Bash call)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...hookWaiting, { answer: 'hook_callback', response: { async: true, asyncTimeout: 1000 } }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'req_can_use_tool_deny_interrupt_then_hi_fd', about: 'a gated Bash call denied with interrupt: true, then interrupt again idle, then a hi turn', clis: CLAUDE, args: ASK, steps: [...permissionWaiting, { answer: 'can_use_tool', response: { behavior: 'deny', message: 'stop', interrupt: true } }, waitFor(RESULT, 20), sleep(1), ctl('req_int', { subtype: 'interrupt' }), sleep(1), user('hi'), waitFor('"num_turns"', 20), sleep(2), close] },
];

/** Round two: EOF right after a request, tasks of two kinds, more argument forms. */
const MORE = [
  { name: 'ctl_get_usage_then_eof_fd', about: 'get_usage and stdin EOF at once, idle after initialize', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'get_usage' }), close, sleep(3)] },
  { name: 'ctl_set_model_then_eof_fd', about: 'set_model haiku and stdin EOF at once, idle after initialize', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_model', model: 'haiku' }), close, sleep(3)] },
  { name: 'ctl_interrupt_then_eof_mid_turn_fd', about: 'interrupt and stdin EOF at once while a slow turn runs', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), close, sleep(4)] },
  { name: 'ctl_get_context_usage_then_eof_fd', about: 'get_context_usage and stdin EOF at once after a turn', clis: CLAUDE, args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), ctl('req_2', { subtype: 'get_context_usage' }), close, sleep(3)] },
  { name: 'ctl_interrupt_bg_agent_and_bash_fd', about: 'interrupt while a slow background Agent and a background Bash both run (after their turns)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, user('BGBASH please'), waitFor('Command running in background', 25), sleep(0.5), ctl('req_int', { subtype: 'interrupt' }), waitFor('"status":"completed"', 20), sleep(4), close] },
  { name: 'ctl_background_tasks_bg_agent_fd', about: 'background_tasks while a slow background Agent runs', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, ctl('req_2', { subtype: 'background_tasks' }), sleep(1), ctl('req_3', { subtype: 'stop_task', task_id: '{task_id}' }), waitFor(NOTIFIED, 20), sleep(4), close] },
  { name: 'ctl_background_tasks_unknown_id_fd', about: 'background_tasks with a tool_use_id nobody used', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'background_tasks', tool_use_id: 'toolu_nobody' }) },
  { name: 'ctl_get_task_output_bg_agent_fd', about: 'get_task_output of a slow background Agent still running', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, ctl('req_2', { subtype: 'get_task_output', task_id: '{task_id}' }), sleep(1), ctl('req_3', { subtype: 'stop_task', task_id: '{task_id}' }), waitFor(NOTIFIED, 20), sleep(4), close] },
  { name: 'ctl_stop_task_twice_fd', about: 'stop_task of a background Bash, then the same id again', clis: CLAUDE, args: STREAM, bypass: true, steps: [...bgTaskRunning, ctl('req_2', { subtype: 'stop_task', task_id: '{task_id}' }), waitFor(NOTIFIED, 20), sleep(1), ctl('req_3', { subtype: 'stop_task', task_id: '{task_id}' }), sleep(3), close] },
  { name: 'ctl_mcp_status_bg_agent_fd', about: 'mcp_status while a slow background Agent runs', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, ctl('req_2', { subtype: 'mcp_status' }), waitFor(NOTIFIED, 20), waitFor('"num_turns"', 20), sleep(3), close] },
  { name: 'ctl_initialize_skills_string_fd', about: 'initialize with skills a string, then initialize again and a turn', clis: CLAUDE, args: STREAM, steps: [init_({ skills: 'x' }), waitFor('"request_id":"req_1"', 90), sleep(1), init_({}, 'req_1b'), waitFor('"request_id":"req_1b"', 30), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_initialize_hook_matcher_number_fd', about: 'initialize with a PreToolUse matcher that is a number', clis: CLAUDE, args: STREAM, steps: [init_({ hooks: { PreToolUse: [{ matcher: 5, hookCallbackIds: ['hook_0'] }] } }), waitFor('"request_id":"req_1"', 90), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_mcp_set_servers_string_fd', about: 'mcp_set_servers with servers a string', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'mcp_set_servers', servers: 'none' }) },
  { name: 'ctl_rename_session_whitespace_fd', about: 'rename_session with a title of spaces', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'rename_session', title: '   ' }) },
  { name: 'ctl_set_model_empty_mid_turn_fd', about: 'set_model with an empty string while a slow turn runs, then a hi turn', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'set_model', model: '' }), waitFor(SLOW_RESULT, 30), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
  { name: 'ctl_get_settings_after_set_model_fd', about: 'set_model haiku, then get_settings', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_model', model: 'haiku' }), sleep(1), ctl('req_3', { subtype: 'get_settings' }), sleep(2), close] },
  { name: 'ctl_apply_flag_settings_model_mid_turn_fd', about: 'apply_flag_settings with a model while a slow turn runs, then a hi turn', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'apply_flag_settings', settings: { model: 'sonnet' } }), waitFor(SLOW_RESULT, 30), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
  { name: 'ctl_apply_flag_settings_allow_bash_fd', about: 'apply_flag_settings allowing Bash, then a FGBASH turn that would ask the host', clis: CLAUDE, args: ASK, steps: [...ready(), ctl('req_2', { subtype: 'apply_flag_settings', settings: { permissions: { allow: ['Bash'] } } }), sleep(1), user('FGBASH please'), waitFor(RESULT, 20), sleep(1), close] },
  { name: 'ctl_cancel_async_message_unknown_mid_turn_fd', about: 'cancel_async_message of an unknown uuid while a slow turn runs', clis: CLAUDE, args: STREAM, steps: midTurn({ subtype: 'cancel_async_message', message_uuid: '0a1b2c3d-0000-4000-8000-0000000000fe' }) },
  { name: 'ctl_get_session_cost_bg_task_fd', about: 'get_session_cost while a background Bash task runs', clis: CLAUDE, args: STREAM, bypass: true, steps: whileBg({ subtype: 'get_session_cost' }) },
  { name: 'req_can_use_tool_deny_interrupt_bg_agent_fd', about: 'a slow background Agent runs; a gated Bash call in the next turn is denied with interrupt: true', clis: CLAUDE, args: [...ASK, '--allowedTools', 'Agent'], steps: [...ready(), user('BGSLOWAGENT please'), waitFor(FINAL_RESULT, 30), sleep(1), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1), { answer: 'can_use_tool', response: { behavior: 'deny', message: 'stop', interrupt: true } }, waitFor(NOTIFIED, 20), sleep(4), close] },
];

/** Round three: more checks read from the handlers, requests while a hook waits, answers the CLI may call invalid. */
const THIRD = [
  { name: 'ctl_mcp_call_no_tool_fd', about: 'mcp_call without a tool name', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'mcp_call', arguments: { q: 'x' } }) },
  { name: 'ctl_set_max_thinking_tokens_highlights_fd', about: 'set_max_thinking_tokens with thinking_display "highlights"', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'set_max_thinking_tokens', max_thinking_tokens: 4096, thinking_display: 'highlights' }) },
  { name: 'ctl_get_context_usage_after_set_model_fd', about: 'set_model haiku, then get_context_usage (summary) before any turn', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_model', model: 'haiku' }), sleep(1), ctl('req_3', { subtype: 'get_context_usage', detail: 'summary' }), sleep(2), close] },
  { name: 'ctl_get_usage_after_set_model_fd', about: 'a hi turn, set_model haiku, a second turn, then get_usage', clis: CLAUDE, args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), ctl('req_2', { subtype: 'set_model', model: 'haiku' }), sleep(1), user('hi again'), waitFor('"num_turns"', 20), sleep(2), ctl('req_3', { subtype: 'get_usage' }), sleep(2), close] },
  { name: 'ctl_rewind_files_no_id_fd', about: 'rewind_files with dry_run true and no user_message_id', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'rewind_files', dry_run: true }) },
  { name: 'ctl_seed_read_state_missing_fd', about: 'seed_read_state of a file that does not exist', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'seed_read_state', path: 'nowhere.txt', mtime: 1700000000000 }) },
  { name: 'ctl_set_permission_mode_pending_hook_fd', about: 'set_permission_mode acceptEdits while a PreToolUse hook_callback waits, then the hook answered', clis: CLAUDE, args: STREAM, bypass: true, steps: [...hookWaiting, ctl('req_2', { subtype: 'set_permission_mode', mode: 'acceptEdits' }), sleep(1), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'ctl_set_model_pending_hook_fd', about: 'set_model haiku while a PreToolUse hook_callback waits, then the hook answered', clis: CLAUDE, args: STREAM, bypass: true, steps: [...hookWaiting, ctl('req_2', { subtype: 'set_model', model: 'haiku' }), sleep(1), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'ctl_get_settings_pending_permission_fd', about: 'get_settings while a can_use_tool request waits', clis: CLAUDE, args: ASK, steps: whileAsked({ subtype: 'get_settings' }) },
  { name: 'ctl_initialize_hooks_unknown_event_fd', about: 'initialize with a hook under an event name Claude Code does not have, then a turn', clis: CLAUDE, args: STREAM, steps: [init_({ hooks: { NoSuchEvent: [{ hookCallbackIds: ['hook_0'] }] } }), waitFor('"request_id":"req_1"', 90), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback_pre_invalid_fd', about: 'a PreToolUse hook_callback answered with hookSpecificOutput a string (bypassed Bash call)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...hookWaiting, { answer: 'hook_callback', response: { hookSpecificOutput: 'oops' } }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'req_hook_callback_pre_decision_bogus_fd', about: 'a PreToolUse hook_callback answered with permissionDecision "maybe" (bypassed Bash call)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...hookWaiting, { answer: 'hook_callback', response: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'maybe' } } }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'req_can_use_tool_allow_then_get_usage_fd', about: 'a gated Bash call allowed, then get_usage and get_session_cost after the turn', clis: CLAUDE, args: ASK, steps: [...permissionWaiting, { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), ctl('req_2', { subtype: 'get_usage' }), ctl('req_3', { subtype: 'get_session_cost' }), sleep(2), close] },
];

/** Round four: a prompt's hooks waiting, answers refused, requests after an interrupt. */
const promptHookWaiting = [...ready({ hooks: { UserPromptSubmit: hook('hook_0') } }), user('hi'), waitFor(HOOK_CALLBACK), sleep(1)];
const FOURTH = [
  { name: 'ctl_set_model_pending_prompt_hook_fd', about: 'set_model haiku while a UserPromptSubmit hook_callback waits, then the hook answered', clis: CLAUDE, args: STREAM, steps: [...promptHookWaiting, ctl('req_2', { subtype: 'set_model', model: 'haiku' }), sleep(1), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'ctl_interrupt_pending_prompt_hook_fd', about: 'interrupt while a UserPromptSubmit hook_callback waits, then a hi turn without hooks answered', clis: CLAUDE, args: STREAM, steps: [...promptHookWaiting, ctl('req_int', { subtype: 'interrupt' }), sleep(3), close, sleep(2)] },
  { name: 'req_hook_callback_prompt_invalid_fd', about: 'a UserPromptSubmit hook_callback answered with decision "maybe"', clis: CLAUDE, args: STREAM, steps: [...promptHookWaiting, { answer: 'hook_callback', response: { decision: 'maybe' } }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'req_hook_callback_post_invalid_fd', about: 'a PostToolUse hook_callback answered with hookSpecificOutput a number (bypassed Bash call)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready({ hooks: { PostToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), { answer: 'hook_callback', response: { hookSpecificOutput: 5 } }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'ctl_get_context_usage_after_interrupt_fd', about: 'get_context_usage right after an interrupt of a slow turn, then a hi turn', clis: CLAUDE, args: STREAM, steps: afterInterrupt({ subtype: 'get_context_usage', detail: 'summary' }) },
  { name: 'ctl_mcp_toggle_enabled_string_fd', about: 'mcp_toggle with enabled the string "false"', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'mcp_toggle', serverName: 'ghost', enabled: 'false' }) },
  { name: 'ctl_rename_session_after_turn_fd', about: 'a hi turn, rename_session, a second turn', clis: CLAUDE, args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), ctl('req_2', { subtype: 'rename_session', title: 'Renamed later' }), sleep(1), user('hi again'), waitFor('"num_turns"', 20), sleep(2), close] },
  { name: 'ctl_get_usage_skip_behaviors_fd', about: 'get_usage with skip_behaviors "yes" (a string)', clis: CLAUDE, args: STREAM, steps: idle({ subtype: 'get_usage', skip_behaviors: 'yes' }) },
];

export const CASES = [...INTERRUPT, ...SETTINGS, ...PHASES, ...FORMS, ...HOST, ...MORE, ...THIRD, ...FOURTH];
