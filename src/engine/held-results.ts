import type { Obj } from '../protocol/shape.js';
import type { EngineEvent } from './events.js';
import { liveTasks } from './lifecycle.js';
import type { TurnHost } from './turn-host.js';

/** Whether a result written now is held back: the input is closed and a background task of a holding kind runs. */
export function resultHeld(s: TurnHost): boolean {
  const kinds = s.p.behavior.resultHeldBy;
  return kinds !== undefined && (s.o.singleShot || s.host.closed) && liveTasks(s).some((t) => kinds.has(t.kind));
}

/**
 * The results held back (Claude Code's print mode, read from its result writer: with the input closed and a
 * background agent or workflow running, a result joins the held ones; the next result written, or the run's end,
 * writes them first; captures ses_partial_p_bg_slow_agent_fx, ses_p_bg_agent_fq). A shell task holds nothing
 * (env_disable_bg_empty_ft).
 */
export class HeldResults {
  private held: Obj[] = [];

  /** The frames to write now for `ev`, encoded as `frames`. */
  pass(s: TurnHost, ev: EngineEvent, frames: Obj[]): Obj[] {
    if (ev.kind !== 'result') return frames;
    if (resultHeld(s)) return void this.held.push(...frames), [];
    return [...this.release(), ...frames];
  }

  /** The held frames, now written (the run ends). */
  release(): Obj[] {
    const out = this.held;
    this.held = [];
    return out;
  }
}
