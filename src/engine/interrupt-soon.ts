import { nonEmpty, type RawFrame } from '../protocol/raw-frame.js';
import { MAX_REASON_CHARS } from '../scenario/limits.js';
import { interruptHeld } from './asks.js';
import { stopTasksOnInterrupt } from './interrupt-tasks.js';
import { reportState } from './session-state.js';
import type { ControlPayload } from './events.js';
import type { ActiveTurn, TurnHost } from './turn-host.js';

/** The interrupt control request: answered at once (`ok`), then the session's own running turn is interrupted. */
export function controlInterrupt(s: TurnHost, request: RawFrame, ok: (payload: ControlPayload) => void): void {
  const target = nonEmpty(request, 'session_id');
  const requested = nonEmpty(request, 'reason');
  // the reply echoes the request; the reason the late rows repeat is cut to MAX_REASON_CHARS (issue #18)
  const reason = requested?.slice(0, MAX_REASON_CHARS) ?? 'user cancel';
  // seed 000 §4.2: another session's is left alone; cbc leaves its own alone while a permission request waits
  // Claude Code reads no session_id on an interrupt: it stops its own turn whatever it names (ctl_interrupt_other_session_fd)
  const held = holdInterrupt(s), mine = (target === undefined || target === s.sessionId || s.p.behavior.interruptTasks?.anySession === true) && !held;
  if (mine && s.p.behavior.interruptAtPermission === 'refuse-call') s.host.announceCancel(); // Claude: before the reply
  const agentText = s.p.behavior.interruptTasks?.agentText;
  const stopped = mine && agentText !== undefined ? stopTasksOnInterrupt(s, reason) : []; // Claude: before the reply too
  const cancelQueued = request['cancel_queued'] === true;
  const cancelled = mine && cancelQueued && s.p.behavior.interruptTasks?.cancelsQueued === true ? dropQueuedLines(s) : [];
  ok({ kind: 'interrupt', sessionId: s.sessionId, reason, requested, cancelQueued, cancelled, held });
  // with no turn running, an interrupt that stopped background work reports the session idle after its reply, again
  // on 2.1.220 (measured on both versions: env_session_state_interrupt_bg_slow_agent_fx)
  if (mine && s.active === undefined && stopped.length > 0) reportState(s, 'idle');
  if (mine) interruptSoon(s, reason);
  // each stopped agent's own interrupted message, once the interrupted turn has ended (measured on 2.1.220; 2.1.328
  // wrote it before that turn's result once: a race of the two aborts)
  const agents = stopped.filter((task) => task.kind === 'agent');
  if (agents.length > 0 && agentText !== undefined) s.o.scheduler.after(0, () => agents.forEach((task) => s.emit({ kind: 'subagent_prompt', task, text: agentText })));
}

/**
 * A client interrupt (control request) of a running turn: the CLI answers at once and the turn's end frames
 * follow once the abort has gone through, so interrupts read before that are all answered first, each one adding
 * its own status frame on cbc (captures ctl_interrupt_twice_mid_turn_h4 on all three CLIs: reply, reply, then the
 * end). The turn's steps stop now; its end runs as the next callback of the virtual clock.
 */
export function interruptSoon(s: TurnHost, reason: string): void {
  const t: ActiveTurn | undefined = s.active;
  if (t === undefined) return s.interrupt(reason);
  if (t.interrupting !== undefined) {
    t.interrupting += 1;
    return;
  }
  t.interrupting = 0;
  for (const timer of t.timers) timer.cancel();
  s.o.scheduler.after(0, () => {
    if (s.active === t) s.interrupt(reason);
  });
}

/** True when a waiting permission request holds a client interrupt (asks.ts interruptHeld); the turn remembers it. */
export function holdInterrupt(s: TurnHost): boolean {
  const held = interruptHeld(s);
  if (held && s.active) s.active.heldInterrupt = true;
  return held;
}

/**
 * interrupt with cancel_queued: true (the SDK's Stop): the queued user lines are dropped with the turn, never run, and
 * those that carry a uuid are listed as cancelled (read from Claude Code's capability text interrupt_cancel_queued_v1:
 * "queued and pending-dispatch commands are cancelled alongside the abort, listed on the response's cancelled field";
 * capture ctl_interrupt_cancel_queued_with_queued_line_h8: the line queued behind the turn never ran).
 */
function dropQueuedLines(s: TurnHost): string[] {
  const cancelled: string[] = [];
  for (let i = s.queue.length - 1; i >= 0; i--) {
    const line = s.queue[i]!;
    if (line.origin.kind !== 'user') continue;
    s.queue.splice(i, 1);
    cancelled.unshift(...(line.origin.uuids ?? []));
  }
  for (const uuid of cancelled) s.emit({ kind: 'command_lifecycle', commandUuid: uuid, state: 'cancelled' });
  return cancelled;
}
