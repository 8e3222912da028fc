import type { ClaudeSpec } from './spec.js';

/*
 * The argument checks Claude Code's control handlers run before they act (issue #16), read from the binaries'
 * handlers (the messages are the CLIs' own) and measured by the ctl_*_fd captures: a request whose field has the
 * wrong type is refused with that message and changes nothing. 2.1.220 checks fewer fields than 2.1.328.
 */

type Request = Record<string, unknown>;
export interface ArgError {
  message: string;
  code?: string | undefined;
}
type Check = (r: Request) => ArgError | string | undefined;

const isObj = (v: unknown): v is Request => v !== null && typeof v === 'object' && !Array.isArray(v);
const absent = (v: unknown) => v === undefined || v === null;
const stringList = (v: unknown) => absent(v) || (Array.isArray(v) && v.every((x) => typeof x === 'string'));

/** initialize's hooks: an object of event → matchers, each matcher an object with a hookCallbackIds array and a string matcher if any. */
function hooksWellFormed(hooks: unknown): boolean {
  if (absent(hooks)) return true;
  if (!isObj(hooks)) return false;
  return Object.values(hooks).every((list) => Array.isArray(list) && list.every((m) => isObj(m) && Array.isArray(m['hookCallbackIds']) && (m['matcher'] === undefined || typeof m['matcher'] === 'string')));
}

/** How apply_flag_settings names a value that is not an object. */
const kindOf = (v: unknown) => (Array.isArray(v) ? 'an array' : v === null ? 'null' : typeof v);

/**
 * 2.1.220 checks neither a rename's title nor stop_task's task_id: the handler throws on the wrong type and the reply
 * carries JavaScriptCore's message (measured: ctl_rename_session_number_fd, ctl_stop_task_no_id_fd; a missing or null
 * value reads as JavaScriptCore words it for a property access on undefined / null).
 */
const V220_CRASHES: Record<string, Check> = {
  rename_session: (r) => {
    const title = r['title'];
    if (typeof title === 'string') return undefined;
    const access = 'dt.request.title.trim';
    return absent(title) ? `${String(title)} is not an object (evaluating '${access}')` : `${access} is not a function. (In '${access}()', '${access}' is undefined)`;
  },
  stop_task: (r) => (absent(r['task_id']) ? `${String(r['task_id'])} is not an object (evaluating 'e.normalize')` : undefined),
};

function checks(spec: ClaudeSpec): Record<string, Check> {
  const thinkingDisplays = spec.v328 ? ['summarized', 'omitted', 'highlights'] : ['summarized', 'omitted'];
  const displayText = thinkingDisplays.map((d) => `"${d}"`).join(', ');
  const common: Record<string, Check> = {
    initialize: (r) => {
      if (!stringList(r['sdkMcpServers']) || !stringList(r['webSearchIsolationExemptMcpServers'])) return 'initialize: sdkMcpServers and webSearchIsolationExemptMcpServers must be arrays of strings';
      if (!hooksWellFormed(r['hooks'])) return 'initialize: hooks must map hook events to arrays of matchers carrying hookCallbackIds arrays and string matchers';
      return stringList(r['skills']) ? undefined : 'initialize: skills must be an array of strings';
    },
    // set_model's refusals name the error code and the session's model too on 2.1.328 (measured: ctl_set_model_number_fd)
    set_model: (r) => {
      const model = r['model'];
      if (!absent(model) && typeof model !== 'string') return { message: 'set_model: model must be a string', code: 'invalid_request' };
      // a blank name is no model of the catalog (measured on both versions: ctl_set_model_empty_mid_turn_fd)
      return typeof model === 'string' && model.trim() === '' ? { message: 'Model "(unrecognized model name)" is not a recognized model id. Run /model to see available models.', code: 'catalog_unknown' } : undefined;
    },
    rename_session: (r) => (typeof r['title'] === 'string' ? undefined : 'rename_session: title must be a string'),
    set_max_thinking_tokens: (r) => {
      const n = r['max_thinking_tokens'];
      const display = r['thinking_display'];
      const ok = (absent(n) || Number.isInteger(n)) && (absent(display) || (typeof display === 'string' && thinkingDisplays.includes(display)));
      return ok ? undefined : `set_max_thinking_tokens: max_thinking_tokens must be an integer or null and thinking_display must be ${displayText}, or null`;
    },
    mcp_call: (r) => (typeof r['tool'] === 'string' ? undefined : 'mcp_call: tool must be a string'),
    mcp_set_servers: (r) => (isObj(r['servers']) && Object.values(r['servers']).every(isObj) ? undefined : 'mcp_set_servers: servers must be an object of config objects'),
    apply_flag_settings: (r) => (isObj(r['settings']) ? undefined : `apply_flag_settings requires \`settings\` to be an object, got ${kindOf(r['settings'])}`),
  };
  if (!spec.v328) return { ...common, ...V220_CRASHES };
  const str = (subtype: string, key: string): Check => (r) => (typeof r[key] === 'string' ? undefined : `${subtype}: ${key} must be a string`);
  return {
    ...common,
    stop_task: str('stop_task', 'task_id'),
    get_task_output: str('get_task_output', 'task_id'),
    cancel_async_message: str('cancel_async_message', 'message_uuid'),
    mcp_reconnect: str('mcp_reconnect', 'serverName'),
    mcp_call: (r) => common['mcp_call']!(r) ?? (absent(r['check_permissions']) || typeof r['check_permissions'] === 'boolean' ? undefined : 'mcp_call: check_permissions must be a boolean'),
    mcp_toggle: (r) => str('mcp_toggle', 'serverName')(r) ?? (typeof r['enabled'] === 'boolean' ? undefined : 'mcp_toggle: enabled must be a boolean'),
    get_context_usage: (r) => (absent(r['detail']) || r['detail'] === 'summary' || r['detail'] === 'full' ? undefined : "get_context_usage: detail must be 'summary' or 'full'"),
    get_usage: (r) => (absent(r['skip_behaviors']) || typeof r['skip_behaviors'] === 'boolean' ? undefined : 'get_usage: skip_behaviors must be a boolean'),
    background_tasks: (r) => (absent(r['tool_use_id']) || typeof r['tool_use_id'] === 'string' ? undefined : 'background_tasks: tool_use_id must be a string'),
  };
}

/** Why Claude Code refuses `subtype`'s arguments, or undefined when they pass its checks. */
export function controlArgumentError(spec: ClaudeSpec, subtype: string, request: Request): ArgError | undefined {
  const found = checks(spec)[subtype]?.(request);
  return typeof found === 'string' ? { message: found } : found;
}
