import type { EngineEvent, TurnStats } from './events.js';
import type { Session } from './session.js';

/*
 * cbc 2.117.0's blank turn while the first turn still runs (issue #16, capture in_keep_alive_mid_turn_h3; read from
 * its CliExecutor.executeStreamMode): every stdin line that is not a control frame goes to its local server as a
 * request of its own, at once, carrying the session id of the last request that finished. Before the first turn
 * finished there is none, so an unreadable line (keep_alive, an unknown type) opens a session of its own and plays
 * its blank turn there at once, beside the running turn; a second one while the first turn still runs finds that
 * side session (its request finished) and plays there too. The running turn, its queue and its counters are untouched.
 */

const sideSessions = new WeakMap<Session, string>();

/** Plays the blank turn beside the running first turn when the profile does so; false when it queues as usual. */
function blankBeside(s: Session): boolean {
  if (s.p.behavior.blankBesideFirstTurn !== true || !s.active || s.resultCount > 0) return false;
  const sessionId = sideSessions.get(s) ?? s.p.ids.sessionId(s.o.rng);
  sideSessions.set(s, sessionId);
  const now = s.o.scheduler.now();
  // a new conversation: its one blank prompt is its only message (measured num_turns 1 for each blank there)
  const stats: TurnStats = { startedAt: now, endedAt: now, apiMs: 0, numTurns: 1, messages: 1, inputTokens: 0, outputTokens: 0, origin: { kind: 'blank' }, resultIndex: 0, permissionDenials: [] };
  const events: EngineEvent[] = [{ kind: 'turn_init' }, { kind: 'blank_init' }, { kind: 'result', ok: true, text: '', errors: [], stats, interrupted: false }];
  // encoded with the side session's context and written directly: the running turn's bookkeeping (Session.emit) must not hear them
  const ctx = { ...s.ctx(), sessionId, model: s.model, turnRequestId: undefined, streamRequestId: undefined };
  for (const ev of events) {
    const out = s.p.encode(ev, ctx);
    if (out !== undefined) for (const f of Array.isArray(out) ? out : [out]) s.o.write(f);
  }
  return true;
}

/** An unreadable stdin line's blank turn: beside the running first turn (above), or queued as a turn of the session. */
export function playBlank(s: Session): void {
  if (!blankBeside(s)) s.blankTurn();
}
