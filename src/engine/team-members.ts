import type { Timer } from './clock.js';
import type { TurnHost } from './turn-host.js';

/**
 * cbc 2.117.0's background agents are team members (launch.ts headlessBackground): when one finishes, its report joins
 * the lead's conversation as two messages, so a turn after that counts them (num_turns 8, not 6: captures
 * ses_bg_agent_wait_fq, ctl_set_model_bg_slow_agent_fw, in_keep_alive_bg_slow_agent_fw); a turn soon after the spawn
 * does not (ses_bg_slow_agent_then_hi_l8, ses_bg_agent_twice_fq), and an interrupt stops the member before it reports
 * (ctl_interrupt_bg_slow_agent_fw). The member is a session of its own that starts before its model call: its report
 * comes MEMBER_START after the agent's own run (the scenario's duration). The captures bound it: a 6 s agent had not
 * reported 7 s after its spawn and had 13 s after; a 300 ms one had not by the next turn's end, ~2.5 s after.
 */
export const MEMBER_START = 4500;
/** Messages a member's report adds to the lead's conversation. */
const REPORT_MESSAGES = 2;

const pending = new WeakMap<object, Timer[]>();

/** Schedules the report of a member whose agent runs `duration` ms, into the session it was spawned in. */
export function memberReports(s: TurnHost, duration: number): void {
  const sessionId = s.sessionId;
  const list = pending.get(s) ?? [];
  pending.set(s, list);
  const timer = s.o.scheduler.after(duration + MEMBER_START, () => {
    list.splice(list.indexOf(timer), 1);
    if (s.sessionId === sessionId) s.messages += REPORT_MESSAGES;
  });
  list.push(timer);
}

/** An interrupt stops the session's members: none reports any more. */
export function stopMembers(s: object): void {
  for (const timer of pending.get(s)?.splice(0) ?? []) timer.cancel();
}
