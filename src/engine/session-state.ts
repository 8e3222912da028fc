import type { SessionState } from '../protocol/vocabulary.js';
import { resultHeld } from './held-results.js';
import { liveTasks } from './lifecycle.js';
import type { TurnHost } from './turn-host.js';

/** The state each session reported last (a session reports `running` once however many turns it stays busy). */
const reported = new WeakMap<TurnHost, SessionState>();

/**
 * Reports the session's state when the environment asks for it. `idle` is held back while a background task the
 * profile names still runs (Claude Code 2.1.328's print loop: a running agent or workflow keeps it `running` from a
 * result to its follow-up turn, env_session_state_bg_slow_agent_h8) or while the result itself is held back
 * (held-results.ts), and `running` is not repeated then.
 */
export function reportState(s: TurnHost, state: SessionState): void {
  const b = s.p.behavior;
  if (!b.emitsSessionState(s.o.env)) return;
  if (state === 'idle' && liveTasks(s).some((t) => b.holdsRunning?.(s.o.env, t) === true)) return;
  // a result held back reports no idle either, on both versions (env_session_state_p_bg_slow_agent_fx)
  if (state === 'idle' && resultHeld(s)) return;
  if (state === 'running' && reported.get(s) === 'running') return;
  reported.set(s, state);
  s.emit({ kind: 'session_state', state });
}
