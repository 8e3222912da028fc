import { interruptSoon } from './interrupt-soon.js';
import { NOW_ABORT } from './stdin-now.js';
import type { TurnHost } from './turn-host.js';

/**
 * A user line's `priority` (issue #16; the Claude SDK's SDKUserMessage.priority: 'now' | 'next' | 'later'), where the
 * profile reads it (ProfileBehavior.userPriority). `now` aborts the running turn before the line is queued: a waiting
 * permission request is cancelled (the call ends as aborted, the turn with it: capture
 * in_user_priority_now_pending_permission_ff), else the turn ends as interrupted without the "[Request interrupted by
 * user]" line (capture in_user_priority_now_mid_turn_ff). `next` and `later` queue it as any line; a priority the SDK
 * types do not know is dropped or queued as the profile says (capture in_user_priority_bogus_ff). Returns what to do
 * with the line.
 */
export function applyPriority(s: TurnHost, priority: unknown): 'queue' | 'drop' | 'first' {
  const rule = s.p.behavior.userPriority;
  if (rule === undefined || priority === undefined || priority === null) return 'queue';
  if (priority !== 'now' && priority !== 'next' && priority !== 'later') return rule.unknown;
  const t = s.active;
  if (priority !== 'now' || t === undefined) return 'queue';
  if (t.nowAbort === true) return 'first'; // the abort is under way: the line joins the `now` lines ahead
  t.nowAbort = true;
  t.echo = undefined; // the aborted line is not echoed under --replay-user-messages (capture in_user_priority_now_replay_mid_turn_ff)
  // a waiting permission request or PreToolUse hook callback is cancelled (captures in_user_priority_now_pending_*_ff)
  if (s.host.waiting('can_use_tool') || s.host.waiting('hook_callback')) s.host.cancelAll(NOW_ABORT);
  else interruptSoon(s, 'now');
  return 'first';
}

/**
 * A `later` line that arrived while a tool call waited stays queued for a turn of its own: it is not taken into the
 * running turn as other lines are (fold.ts; capture in_user_priority_later_pending_permission_ff).
 */
export function keepForLater(s: TurnHost, at: number): void {
  const line = s.queue[at];
  if (s.p.behavior.userPriority !== undefined && line?.midTool === true) s.queue[at] = { ...line, midTool: false };
}

/**
 * The line a `now` abort queued (at index `at`, if it is still waiting) moves to the front of the queue and runs alone:
 * the lines queued before it wait for their own turns after it (capture in_user_priority_now_queued_ff).
 */
export function putFirst(s: TurnHost, at: number): void {
  const line = s.queue[at];
  if (line === undefined) return;
  s.queue.splice(at, 1);
  const after = s.queue.findIndex((q) => q.alone !== true); // behind the `now` lines already ahead
  s.queue.splice(after < 0 ? s.queue.length : after, 0, { ...line, alone: true });
}
