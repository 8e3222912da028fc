import type { Obj } from '../protocol/shape.js';
import type { EngineEvent, TurnStats } from './events.js';
import { freshSession, mainNamed, sessionNamed, sideFinished, sideFor, sideNamed } from './prompt-beside.js';
import type { Session } from './session.js';

/*
 * cbc 2.117.0's blank turn while the first turn still runs (issue #16, capture in_keep_alive_mid_turn_h3; read from
 * its CliExecutor.executeStreamMode): every stdin line that is not a control frame goes to its local server as a
 * request of its own, at once, carrying the session id of the last request that finished. Before the first turn
 * finished there is none, so an unreadable line (keep_alive, an unknown type) opens a session of its own and plays
 * its blank turn there at once, beside the running turn; a second one while the first turn still runs finds that
 * side session (its request finished) and plays there too. The running turn, its queue and its counters are untouched.
 * Once a turn finished, the line's request names the session; while a later turn runs there, the request joins it
 * (capture in_keep_alive_mid_second_turn_cbc): a system/init and the turn's preamble at once, then every message
 * frame of the running turn, its result included, is written once more (each request streams the session's output).
 */

/** Plays the blank turn beside the running first turn when the profile does so; false when it queues as usual. */
function blankBeside(s: Session): boolean {
  if (s.p.behavior.blankBesideFirstTurn !== true || !s.active || sessionNamed(s)) return false;
  const side = sideFor(s);
  sideNamed(s, side); // the current session now (captures ctl_interrupt_after_blank_side_fe, ctl_set_model_after_blank_side_fe)
  const sessionId = side.id;
  const now = s.o.scheduler.now();
  // a new conversation: its one blank prompt is its only message (measured num_turns 1 for each blank there)
  const stats: TurnStats = { startedAt: now, endedAt: now, apiMs: 0, numTurns: 1, messages: 1, inputTokens: 0, outputTokens: 0, origin: { kind: 'blank' }, resultIndex: 0, permissionDenials: [] };
  const events: EngineEvent[] = [{ kind: 'turn_init' }, { kind: 'blank_init' }, { kind: 'result', ok: true, text: '', errors: [], stats, interrupted: false }];
  // encoded with the side session's context and written directly: the running turn's bookkeeping (Session.emit) must not hear them
  // a session of its own starts in the mode of the CLI's options, not the running session's live mode
  const ctx = { ...s.ctx(), sessionId, model: s.model, permissionMode: s.o.permissionMode, turnRequestId: undefined, streamRequestId: undefined };
  const play = (): void => {
    for (const ev of events) {
      const out = s.p.encode(ev, ctx);
      if (out !== undefined) for (const f of Array.isArray(out) ? out : [out]) s.o.write(f);
    }
    sideFinished(s, side); // a prompt after it names this session (capture in_unknown_type_mid_turn_fm)
    if (!s.active) adoptSide(s, side);
  };
  // while an interrupt of the running turn goes through, the side session's frames follow that turn's end, and the side
  // request finishes last: the next prompt names it (capture in_json_number_after_interrupt_fw)
  if (s.active.interrupting !== undefined) s.o.scheduler.after(0, play);
  else play();
  return true;
}

/**
 * The side request finished after the main session's turn ended (an interrupt went through meanwhile): the next line
 * names the side session, a conversation of its own (capture in_json_number_after_interrupt_fw: the next prompt is
 * answered there afresh, the interrupted prompt not carried).
 */
function adoptSide(s: Session, side: { id: string }): void {
  s.sessionId = side.id;
  s.messages = 0;
  s.unanswered.forget();
}

/** An unreadable stdin line's blank turn: beside the running first turn (above), or queued as a turn of the session. */
export function playBlank(s: Session): void {
  if (blankBeside(s)) return;
  mainNamed(s); // every other path names the main session
  if (s.p.behavior.blankBesideFirstTurn === true && s.active) return joinRunningTurn(s);
  if (joinIdleSession(s)) return;
  freshSession(s);
  s.blankTurn();
}

/**
 * The line's request names a session whose turn finished and nothing runs there (captures in_keep_alive_idle_after_turn_fe,
 * in_keep_alive_bg_task_h7, in_keep_alive_after_tool_turn_fe): the session starts no turn (the line holds no user
 * message), writes its system/init and a bare status, and ends the request with its last result once more (a new
 * uuid, the duration counted on to now); nothing joins the conversation. False when the profile does not or no turn
 * finished yet (the blank turn of a session of its own), the last was a blank turn, or a turn is queued.
 */
function joinIdleSession(s: Session): boolean {
  const ctx = { ...s.ctx(), turnRequestId: undefined, streamRequestId: undefined };
  const last = ctx.pastResults?.at(-1);
  // after a blank turn (a session of its own, no conversation) the next line plays its blank turn as before (in_keep_alive_twice)
  if (s.p.behavior.blankBesideFirstTurn !== true || s.active || s.queue.length > 0 || last === undefined || last.result.stats.origin.kind === 'blank' || !sessionNamed(s)) return false;
  const again: EngineEvent = { ...last.result, requestId: undefined, stats: { ...last.result.stats, endedAt: ctx.now } };
  for (const ev of [{ kind: 'turn_init' }, { kind: 'idle_status' }, again] satisfies EngineEvent[]) {
    const out = s.p.encode(ev, ctx);
    if (out !== undefined) for (const f of Array.isArray(out) ? out : [out]) s.o.write(f);
  }
  return true;
}

/**
 * A prompt line while a later turn runs: its request joins that turn the same way and gets no turn of its own (capture
 * in_user_mid_second_turn_cbc: the prompt is never answered, the running turn's frames come twice). False when the
 * prompt queues as usual. (A prompt while the first turn runs opens a session of its own and runs at once: not
 * reproduced, the engine runs one turn at a time; it queues.)
 */
export function promptJoinsRunningTurn(s: Session): boolean {
  if (s.p.behavior.blankBesideFirstTurn !== true || !s.active || !sessionNamed(s)) return false;
  mainNamed(s);
  // the joined prompt and a reply never written join the conversation after the turn (measured: num_turns of the next
  // turn is 2 more, capture in_user_mid_second_turn_then_turn_cbc); a first turn of a session named from the start
  // counts the joined prompt in its own result (capture in_user_mid_first_turn_session_id_fe: num_turns 3)
  if (s.resultCount === 0) {
    s.messages += 1;
    return (joinRunningTurn(s), true);
  }
  joinRunningTurn(s, () => (s.messages += 2));
  return true;
}

/** The frame types a joined request streams again (control frames are the host channel's, written once). */
const STREAMED = new Set(['assistant', 'user', 'result', 'stream_event']);

/** The blank line's request joins the running turn: its opening frames now, the turn's message frames twice until its result. */
function joinRunningTurn(s: Session, afterResult?: () => void): void {
  const ctx = s.ctx();
  for (const ev of [{ kind: 'turn_init' }, { kind: 'turn_preamble', messageId: s.p.ids.messageId(s.o.rng) }] satisfies EngineEvent[]) {
    const out = s.p.encode(ev, ctx);
    if (out !== undefined) for (const f of Array.isArray(out) ? out : [out]) s.o.write(f);
  }
  // the session's output port, tapped until the running turn's result: a second stream of the same frames
  const port: { write(frame: Obj): void } = s.o;
  const plain = port.write.bind(port);
  port.write = (frame: Obj) => {
    plain(frame);
    if (!STREAMED.has(String(frame['type']))) return;
    plain(frame);
    if (frame['type'] !== 'result') return;
    port.write = plain;
    afterResult?.();
  };
}
