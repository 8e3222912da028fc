import { callHook } from './hook-call.js';
import { hookIds, hookTimeoutMs, registeredHookIds } from './hook-match.js';
import type { TurnHost } from './turn-host.js';

/*
 * PermissionRequest hooks registered in initialize, asked before a can_use_tool request (issue #16; read from cbc
 * 2.117.0's bundle and measured: req_hook_callback_permission_request_fb, _permission_request_bash_deny_fb). cbc asks
 * them twice over: its hook manager first, for the matchers with no pattern (the input it matches on names no tool, so
 * a pattern never matches; that input is the session's alone: hook_event_name, session_id, transcript_path, cwd), then
 * its SDK permission path, every callback whatever its matcher (transcript_path "", tool_name and tool_input). The
 * SDK path ignores the answer; a manager-path answer with a hookSpecificOutput.decision is not reproduced (not captured).
 * An interrupt while the SDK path waits is answered and held: once the hook settles, the call is refused and the turn goes
 * on (its abort check follows the hook; capture ctl_interrupt_pending_permission_request_hook_fb).
 */

/** Sessions whose SDK-path PermissionRequest hook waits: like a waiting can_use_tool request, it holds a client interrupt (asks.ts interruptHeld). */
const sdkPathWaiting = new WeakSet<TurnHost>();
export const permissionHookWaiting = (s: TurnHost): boolean => sdkPathWaiting.has(s);

/**
 * Asks the call's PermissionRequest hooks as the profile does (ProfileBehavior.permissionRequestHooks), then `then`;
 * `managedOnly`: the hook manager's alone, as when the call the host allowed runs (its permission check runs again:
 * measured, req_hook_callback_permission_request_fb).
 */
export function permissionRequestHooks(s: TurnHost, call: { tool: string; toolUseId: string; input: Record<string, unknown> }, then: () => void, managedOnly = false): void {
  if (s.p.behavior.permissionRequestHooks !== true) return then();
  // the manager matches on an input that names no subject: under cbc's rule only the matchers with no pattern fire
  const managed = hookIds(s.hooks, 'PermissionRequest', undefined, 'search').map((id) => ({ id, bridged: false }));
  const rounds = managedOnly ? managed : [...managed, ...registeredHookIds(s.hooks, 'PermissionRequest').map((id) => ({ id, bridged: true }))];
  const fire = (i: number): void => {
    const r = rounds[i];
    if (r === undefined) return then();
    const body = { subtype: 'hook_callback', callbackId: r.id, hookEvent: 'PermissionRequest', toolUseId: call.toolUseId, bridged: r.bridged, ...(r.bridged ? { toolName: call.tool, toolInput: call.input } : {}) } as const;
    // cbc's default hook timeout is 60 s; a timed-out hook lets the request go on
    if (r.bridged) sdkPathWaiting.add(s);
    callHook(s, body, hookTimeoutMs(s.hooks, 'PermissionRequest', r.id) ?? 60_000, () => {
      sdkPathWaiting.delete(s);
      if (s.active) fire(i + 1);
    });
  };
  fire(0);
}
