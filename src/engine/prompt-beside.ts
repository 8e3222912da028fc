import { interpolate, selectTurn } from '../scenario/match.js';
import type { TurnT } from '../scenario/schema.js';
import type { EncodeContext } from './encode-context.js';
import type { EngineEvent, TurnStats } from './events.js';
import type { Session } from './session.js';
import type { Timer } from './clock.js';
import { MODEL_LATENCY } from './turn-host.js';

/*
 * cbc 2.117.0's prompt while the first turn still runs (issue #16; read from its CliExecutor.executeStreamMode, captures
 * in_user_mid_first_turn_cbc, in_crlf, in_user_mid_first_turn_then_turn_fe, in_user_mid_first_turn_eof_fe): each
 * stdin line goes to its local server as a request of its own at once, naming the session of the last request that
 * finished. Before the first turn finished there is none, so the prompt opens a session of its own and is answered
 * there at once, beside the running turn: its system/init and preamble now, its reply after the model's delay, its
 * result counting that conversation only (num_turns 2). The running turn, its queue and its counters are untouched;
 * once it finished, later lines name its session again (the side session finished earlier: in_user_mid_first_turn_then_turn_fe).
 * A second prompt after the side session's turn finished (and the first turn still runs) names the side session.
 *
 * Reproduced for a prompt the scenario answers with text alone (a reply or result, a delay): a turn with tool calls,
 * tasks, workflows, an error, or a --json-schema run queues behind the running turn as before (the engine runs one
 * turn's steps at a time).
 */

/** A side session: its id, its conversation's messages, and its turn under way (the reply's timer, its request id, start). */
export interface Side {
  id: string;
  messages: number;
  running?: { timer: Timer; requestId: string; startedAt: number } | undefined;
}
/** Per session: the side session whose request finished last (the one the next request names). */
const lastFinished = new WeakMap<Session, Side>();
/** Per session: the side session opened last (the CLI's current session, which control requests act on). */
const newest = new WeakMap<Session, Side>();

/**
 * Whether a request names a session: once a request finished, or from the start when the command line named one
 * (--session-id, --resume: its base request carries it; capture in_user_mid_first_turn_session_id_fe, where a prompt
 * while the first turn runs joins that turn as a prompt after it would).
 */
export function sessionNamed(s: Session): boolean {
  return (s.resultCount > 0 && learnsSession(s)) || s.o.cliFlags?.has('session-id') === true || s.o.resume !== undefined;
}

/**
 * Whether a finished request tells the CLI its session: only a stream-json answer does (its sendRequest reads the
 * session id from the streamed system/init; a json or text answer carries none), so under another --output-format
 * every stdin line opens a session of its own (capture ses_stream_in_json_out_two_fe: two prompts, two sessions).
 */
const learnsSession = (s: Session): boolean => s.o.cliFlags?.get('output-format') === 'stream-json';

/**
 * A line at idle that names no session (no request told the CLI one, --output-format other than stream-json): the
 * turn it starts runs in a new session, a conversation of its own. Call before the line's turn is queued.
 */
export function freshSession(s: Session): void {
  mainNamed(s);
  if (s.p.behavior.blankBesideFirstTurn !== true || s.resultCount === 0 || sessionNamed(s) || s.active || s.queue.length > 0) return;
  s.sessionId = s.p.ids.sessionId(s.o.rng);
  s.messages = 0;
}

/** The side session a request made while the first turn runs names: the one whose request finished last, else a new one. */
export function sideFor(s: Session): Side {
  return lastFinished.get(s) ?? { id: s.p.ids.sessionId(s.o.rng), messages: 0 };
}

/** A line's request went to side session `side`: it is the CLI's current session now (control requests act on it). */
export function sideNamed(s: Session, side: Side): void {
  newest.set(s, side);
}

/** A request of side session `side` finished. */
export function sideFinished(s: Session, side: Side): void {
  lastFinished.set(s, side);
}

/** The scenario turn a side session's prompt plays, when it is text alone; undefined when the prompt must queue. */
function textTurn(s: Session, prompt: string): TurnT | undefined {
  const o = s.o;
  const turn = selectTurn(o.scenario, 0, prompt)?.turn ?? o.scenario.fallback;
  if (turn === undefined) return (o.scenario.unmatched ?? 'echo') === 'echo' ? {} : undefined;
  const plain = turn.workflow === undefined && turn.workflows === undefined && turn.error === undefined && turn.ask === undefined && turn.background === undefined;
  return plain && turn.structured_output === undefined ? turn : undefined;
}

/** Plays `prompt` in a session of its own beside the running first turn; false when it queues as usual. */
export function promptBeside(s: Session, prompt: string): boolean {
  const o = s.o;
  if (s.p.behavior.blankBesideFirstTurn !== true || !s.active || sessionNamed(s) || o.jsonSchema !== undefined) return false;
  const turn = textTurn(s, prompt);
  if (turn === undefined) return false;
  const side = sideFor(s);
  sideNamed(s, side);
  const requestId = o.rng.hex(32);
  const ctx = (): EncodeContext => ({ ...s.ctx(), sessionId: side.id, model: s.model, permissionMode: o.permissionMode, turnRequestId: requestId, streamRequestId: requestId });
  const write = (ev: EngineEvent): void => {
    const out = s.p.encode(ev, ctx());
    if (out !== undefined) for (const f of Array.isArray(out) ? out : [out]) o.write(f);
  };
  const vars = { prompt, session_id: side.id };
  const reply = turn.reply !== undefined ? interpolate(turn.reply, vars) : undefined;
  const text = turn.result !== undefined ? interpolate(turn.result, vars) : (reply ?? prompt);
  const startedAt = o.scheduler.now();
  const messageId = s.p.ids.messageId(o.rng);
  write({ kind: 'turn_init' });
  write({ kind: 'turn_preamble', messageId, prompt });
  const timer = o.scheduler.after(turn.delay ?? MODEL_LATENCY, () => {
    side.running = undefined;
    side.messages += 2; // the prompt and the reply
    write(o.partialMessages === true ? { kind: 'assistant_stream', messageId, text: reply ?? text } : { kind: 'assistant_text', messageId, text: reply ?? text });
    const now = o.scheduler.now();
    const stats: TurnStats = { startedAt, endedAt: now, apiMs: now - startedAt, numTurns: 1, messages: side.messages, inputTokens: 100, outputTokens: 20, origin: { kind: 'user' }, resultIndex: 0, permissionDenials: [] };
    write({ kind: 'result', ok: true, text, errors: [], stats, interrupted: false });
    sideFinished(s, side);
  });
  side.running = { timer, requestId, startedAt };
  return true;
}

/** A line went to the main session: it is the CLI's current session again (control requests act on it). */
export function mainNamed(s: Session): void {
  newest.delete(s);
}

/** The subtypes whose reply names the session they acted on. */
const NAMING = new Set(['set_model', 'set_permission_mode']);

/**
 * A control request after a prompt opened a side session, until a line goes to the main session again: the CLI's
 * current session is the one opened last, so an interrupt stops that side session's turn if it runs (its reply names
 * it; then a status, the "Interrupted by user" text and an empty result there) and leaves the first turn running, and a
 * set_model or set_permission_mode reply names it while the change applies to the CLI as a whole (captures
 * ctl_interrupt_mid_first_turn_side_fe, ctl_set_model_mid_first_turn_side_fe, ctl_interrupt_after_side_done_fe, and at
 * idle ctl_interrupt_idle_after_side_fe, ctl_set_model_idle_after_side_fe). False when the session handles it as usual.
 */
export function controlBeside(s: Session, requestId: string | undefined, request: Readonly<Record<string, unknown>>): boolean {
  const side = newest.get(s);
  if (side === undefined) return false;
  const subtype = request['subtype'];
  if (typeof subtype === 'string' && NAMING.has(subtype)) {
    const own = s.sessionId;
    s.sessionId = side.id; // the reply's session_id: the session's own state changes as for any set_*
    try {
      s.control(requestId, request);
    } finally {
      s.sessionId = own;
    }
    return true;
  }
  if (subtype !== 'interrupt') return false;
  const o = s.o;
  const ctx = (turnRequestId: string | undefined): EncodeContext => ({ ...s.ctx(), sessionId: side.id, model: s.model, permissionMode: o.permissionMode, turnRequestId, streamRequestId: turnRequestId });
  const write = (ev: EngineEvent, c: EncodeContext): void => {
    const out = s.p.encode(ev, c);
    if (out !== undefined) for (const f of Array.isArray(out) ? out : [out]) o.write(f);
  };
  const requested = typeof request['reason'] === 'string' && request['reason'] !== '' ? request['reason'] : undefined;
  write({ kind: 'control_success', requestId, payload: { kind: 'interrupt', sessionId: side.id, reason: requested ?? 'user cancel', requested, cancelQueued: false, held: false } }, ctx(undefined));
  const run = side.running;
  if (run === undefined) return true; // its turn had ended: nothing to stop
  run.timer.cancel();
  side.running = undefined;
  side.messages += 2; // the prompt and the interruption text
  write({ kind: 'interrupted_user', messageId: s.p.ids.messageId(o.rng) }, ctx(run.requestId));
  const now = o.scheduler.now();
  const stats: TurnStats = { startedAt: run.startedAt, endedAt: now, apiMs: 0, numTurns: 1, messages: side.messages, inputTokens: 0, outputTokens: 0, origin: { kind: 'user' }, resultIndex: 0, permissionDenials: [] };
  write({ kind: 'result', ok: true, text: '', errors: [], stats, interrupted: true }, ctx(undefined));
  sideFinished(s, side);
  return true;
}
