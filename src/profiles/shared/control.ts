import { build, type FrameOf, type Wire } from '../../protocol/frames/index.js';
import { CONTROL_ERROR, CONTROL_RESPONSE, CONTROL_SUCCESS } from '../../protocol/frames/control.js';

/** A control reply frame. */
export type ControlResponse = FrameOf<typeof CONTROL_RESPONSE>;

/** A successful control reply; `pending` adds Claude's empty pending_* lists (claude-code-cli.md §3). */
export function controlSuccess(wire: Wire, requestId: string | undefined, response: Record<string, unknown> | undefined, pending = false): ControlResponse {
  return build(CONTROL_RESPONSE, wire, {
    type: 'control_response',
    response: build<typeof CONTROL_SUCCESS>(CONTROL_SUCCESS, wire, {
      subtype: 'success',
      request_id: requestId,
      response,
      pending_permission_requests: pending ? [] : undefined,
      pending_user_dialog_requests: pending ? [] : undefined,
    }),
  });
}

/** A failed control reply; Claude 2.1.328 adds an `error_code`. */
export function controlError(wire: Wire, requestId: string | undefined, error: string, errorCode?: string): ControlResponse {
  return build(CONTROL_RESPONSE, wire, {
    type: 'control_response',
    response: build(CONTROL_ERROR, wire, { subtype: 'error', request_id: requestId, error, error_code: errorCode }),
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
