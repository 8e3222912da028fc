import type { TurnHost } from './turn-host.js';

/**
 * The reason a user line of priority `now` cancels the host request the running turn waits on (a can_use_tool
 * request, a PreToolUse hook callback) with: the call ends as aborted and the turn with it (stdin-priority.ts).
 */
export const NOW_ABORT = 'priority-now';

/**
 * A call whose permission request a `now` line aborted: refused, the turn ending with it as a success at the tool
 * (capture in_user_priority_now_pending_permission_ff: "Tool permission request aborted", terminal_reason aborted_tools);
 * at a waiting PreToolUse hook, the hook's cancel text, the call "cancelled", no permission denial
 * (in_user_priority_now_pending_hook_ff).
 */
export function abortedByNow(s: TurnHost, call: { tool: string; toolUseId: string; input: Record<string, unknown> }, hookText?: string): void {
  const t = s.active;
  if (!t) return;
  if (hookText === undefined) t.stats.permissionDenials.push({ tool_name: call.tool, tool_use_id: call.toolUseId, tool_input: call.input });
  const deniedBy = hookText === undefined ? 'aborted' : 'hook-cancel';
  s.emit({ kind: 'tool_result', toolUseId: call.toolUseId, content: hookText ?? 'Tool permission request aborted', isError: true, deniedBy, ran: { name: call.tool, input: call.input } });
  t.stats.abortedAtTool = true;
  t.stats.numTurns += 1;
  s.endTurn(true, '', []);
}
