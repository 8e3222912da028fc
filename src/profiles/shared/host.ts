import type { EngineEvent, HostRequestBody } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf, type Wire } from '../../protocol/frames/index.js';
import { CAN_USE_TOOL, CONTROL_CANCEL_REQUEST, CONTROL_REQUEST, HOOK_CALLBACK, HOOK_INPUT, MCP_MESSAGE } from '../../protocol/frames/control.js';

/**
 * Requests the CLI sends the host (issue #10) and their cancel. `claudeFields` adds what only Claude Code
 * sends (permission_suggestions, the hook input's permission_mode and stop_hook_active).
 */
export function hostRequest(
  ev: Extract<EngineEvent, { kind: 'host_request' }>,
  ctx: EncodeContext,
  wire: Wire,
  claudeFields: boolean,
): FrameOf<typeof CONTROL_REQUEST> {
  return build(CONTROL_REQUEST, wire, { type: 'control_request', request_id: ev.requestId, request: body(ev.request, ctx, wire, claudeFields) });
}

/** The CLI withdraws a request (the host's answer is no longer wanted). */
export function hostCancel(ev: Extract<EngineEvent, { kind: 'host_cancel' }>, wire: Wire): FrameOf<typeof CONTROL_CANCEL_REQUEST> {
  return build(CONTROL_CANCEL_REQUEST, wire, { type: 'control_cancel_request', request_id: ev.requestId });
}

function body(r: HostRequestBody, ctx: EncodeContext, wire: Wire, claudeFields: boolean): FrameOf<typeof CONTROL_REQUEST>['request'] {
  if (r.subtype === 'mcp_message') return build(MCP_MESSAGE, wire, { subtype: r.subtype, server_name: r.serverName, message: r.message });
  if (r.subtype === 'can_use_tool') {
    return build(CAN_USE_TOOL, wire, {
      subtype: r.subtype,
      tool_name: r.toolName,
      input: r.input,
      permission_suggestions: claudeFields ? [] : undefined,
      tool_use_id: r.toolUseId,
    });
  }
  return build(HOOK_CALLBACK, wire, {
    subtype: r.subtype,
    callback_id: r.callbackId,
    input: build(HOOK_INPUT, wire, {
      session_id: ctx.sessionId,
      transcript_path: ctx.transcriptPath,
      cwd: ctx.cwd,
      permission_mode: claudeFields ? ctx.permissionMode : undefined,
      hook_event_name: r.hookEvent,
      tool_name: r.toolName,
      tool_input: r.toolInput,
      tool_response: r.toolResponse,
      tool_use_id: r.toolUseId,
      stop_hook_active: claudeFields && r.hookEvent === 'Stop' ? false : undefined,
    }),
    tool_use_id: r.toolUseId,
  });
}
