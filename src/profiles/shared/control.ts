import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf, type Wire } from '../../protocol/frames/index.js';
import { CONTROL_ERROR, CONTROL_NOTIFICATION, CONTROL_RESPONSE, CONTROL_SUCCESS } from '../../protocol/frames/control.js';
import { clone, type CannedReply } from '../data.js';

/** A control reply frame. */
export type ControlResponse = FrameOf<typeof CONTROL_RESPONSE>;

/** A successful control reply; `pending` adds Claude's pending_* lists: the permission requests still waiting (claude-code-cli.md §3). */
export function controlSuccess(wire: Wire, requestId: string | undefined, response: Record<string, unknown> | undefined, pending?: readonly unknown[]): ControlResponse {
  return build(CONTROL_RESPONSE, wire, {
    type: 'control_response',
    response: build<typeof CONTROL_SUCCESS>(CONTROL_SUCCESS, wire, {
      subtype: 'success',
      request_id: requestId,
      response,
      pending_permission_requests: pending ? [...pending] : undefined,
      pending_user_dialog_requests: pending ? [] : undefined,
    }),
  });
}

/** A failed control reply; Claude 2.1.328 adds an `error_code`. */
export function controlError(wire: Wire, requestId: string | undefined, error: string, errorCode?: string, model?: string): ControlResponse {
  return build(CONTROL_RESPONSE, wire, {
    type: 'control_response',
    response: build(CONTROL_ERROR, wire, { subtype: 'error', request_id: requestId, error, error_code: errorCode, model }),
  });
}

/** Adds `*_applied` confirmations for what the initialize request carried (lets the Claude SDK's prompt hold pass). */
export function withApplied(r: Record<string, unknown>, request: Record<string, unknown>): Record<string, unknown> {
  if (request['hooks'] !== undefined) {
    r['hooks_applied'] = true;
    r['hook_on_failure_supported'] = true;
  }
  if (request['mcpServers'] !== undefined) r['mcp_servers_applied'] = true;
  if (request['settings'] !== undefined) r['settings_applied'] = true;
  if (request['disallowedTools'] !== undefined) r['disallowed_tools_applied'] = true;
  if (request['managedSettings'] !== undefined) r['managed_settings_applied'] = true;
  return r;
}

/**
 * The reply to a subtype answered from captured data: its success payload or its error, with `{cwd}` and
 * `{request.<key>}` filled in. `errorCodes` says whether this wire carries the error's code.
 */
export function cannedReply(
  wire: Wire,
  requestId: string | undefined,
  reply: CannedReply,
  request: Record<string, unknown>,
  ctx: EncodeContext,
  errorCodes: boolean,
): ControlResponse | Array<ControlResponse | FrameOf<typeof CONTROL_NOTIFICATION>> {
  const vars = (name: string): string | undefined => {
    if (name === 'cwd') return ctx.cwd;
    const v = name.startsWith('request.') ? request[name.slice('request.'.length)] : undefined;
    return typeof v === 'string' ? v : undefined;
  };
  if (reply.error !== undefined) return controlError(wire, requestId, fill(reply.error, vars), errorCodes ? reply.errorCode : undefined);
  const response = reply.response === undefined ? undefined : (fillAll(clone(reply.response), vars) as Record<string, unknown>);
  const ok = controlSuccess(wire, requestId, response);
  const n = reply.notify;
  if (!n || request['channel'] !== n.channel) return ok;
  const push = () => build(CONTROL_NOTIFICATION, wire, { type: 'control_notification', channel: n.channel, data: { ...clone(n.data), timestamp: ctx.now } });
  return [push(), ok, push()];
}

/**
 * `{name}` placeholders of a string, each replaced by `vars(name)` (left as written when it has no value);
 * `{name|mcp-server}` takes the server of an MCP tool name (`mcp__<server>__<tool>`).
 */
function fill(s: string, vars: (name: string) => string | undefined): string {
  return s.replace(/\{(cwd|request\.[A-Za-z_]+)(\|mcp-server)?\}/g, (whole, name: string, server?: string) => {
    const v = vars(name);
    if (v === undefined) return whole;
    return server ? (/^mcp__(.+?)__/.exec(v)?.[1] ?? v) : v;
  });
}

function fillAll(v: unknown, vars: (name: string) => string | undefined): unknown {
  if (typeof v === 'string') return fill(v, vars);
  if (Array.isArray(v)) return v.map((x) => fillAll(x, vars));
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fillAll(x, vars)]));
  return v;
}
