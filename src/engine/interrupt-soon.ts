import { interruptHeld } from './asks.js';
import type { ActiveTurn, TurnHost } from './turn-host.js';

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
