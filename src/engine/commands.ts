import type { RawFrame } from '../protocol/raw-frame.js';
import type { ControlFacts, EngineEvent, TurnOrigin } from './events.js';
import type { ActiveTurn, PendingTurn } from './turn-host.js';

/**
 * A user line that carries a client `uuid` (SDKUserMessage.uuid) is a tracked command (issue #16; measured:
 * in_user_uuid_h2, claude-stream.mjs's in_user_uuid_*): queued when read, started when its turn begins,
 * completed after a successful result and cancelled after an error or interrupted one. Lines without a uuid
 * are not tracked. Profiles without such frames encode nothing.
 */
interface Emitter {
  emit(ev: EngineEvent): void;
}

/** What a user line says about itself besides its message (SDKUserMessage.uuid, isSynthetic). */
export interface UserLine {
  uuid?: string | undefined;
  synthetic?: boolean | undefined;
}

/** The origin of the turn a user line starts. */
export const userOrigin = (line: UserLine): TurnOrigin => ({
  kind: 'user',
  uuids: line.uuid === undefined ? undefined : [line.uuid],
  synthetic: line.synthetic === true ? true : undefined,
});

/** The line was read (and queued behind the running turn, if any). */
export function commandQueued(s: Emitter, uuid: string | undefined): void {
  if (uuid !== undefined) s.emit({ kind: 'command_lifecycle', commandUuid: uuid, state: 'queued' });
}

/** The turn that answers these lines begins. */
export function commandsStarted(s: Emitter, origin: TurnOrigin): void {
  for (const u of origin.uuids ?? []) s.emit({ kind: 'command_lifecycle', commandUuid: u, state: 'started' });
}

/** The turn's result is out: completed when it succeeded, else cancelled. */
export function commandsEnded(s: Emitter, origin: TurnOrigin, ok: boolean): void {
  for (const u of origin.uuids ?? []) if (!(origin.folded ?? []).includes(u)) s.emit({ kind: 'command_lifecycle', commandUuid: u, state: ok ? 'completed' : 'cancelled' });
}

/** The events whose frames are a turn's reply to the model call (the first one carries the client uuids). */
export const isReply = (ev: EngineEvent): boolean => ev.kind === 'assistant_text' || ev.kind === 'assistant_stream' || ev.kind === 'assistant_tool_use';

/**
 * The --replay-user-messages echo waits for the turn's first output (a reply, or the interrupt's or the result's frames):
 * a signal that ends the process while the first call is under way leaves it out, and a control reply written meanwhile
 * comes before it (measured: sig_term_replay_fr, sig_term_partial_replay_fr, ctl_interrupt_partial_replay_fr).
 */
export function takeEcho(t: ActiveTurn | undefined, ev: EngineEvent): EngineEvent[] {
  if (t?.echo === undefined || !(isReply(ev) || ev.kind === 'interrupted_user' || ev.kind === 'synthetic_user' || ev.kind === 'result')) return [];
  const echo = t.echo;
  t.echo = undefined;
  return [echo];
}

/**
 * A reply was written: the turn's uuids are named no more, and the lines taken into the turn while a tool call waited
 * are completed by it (Claude: their `completed` comes before the turn's result; capture in_user_uuid_replay_pending_permission_ff).
 */
export function replied(s: Emitter, t: ActiveTurn): void {
  if (t.replied !== true) for (const u of t.stats.origin.folded ?? []) s.emit({ kind: 'command_lifecycle', commandUuid: u, state: 'completed' });
  t.replied = true;
}

/** The running turn's client uuids while its first reply is not out yet. */
export const replyUuids = (t: ActiveTurn | undefined): readonly string[] | undefined => (t && t.replied !== true ? t.stats.origin.uuids : undefined);

/**
 * Takes the next turn off the queue. With `batch`, a user line and the user lines
 * queued right behind it run as one turn (Claude: "several messages sent close together run as one turn", sdk.d.ts;
 * measured: in_user_uuid_queued_two, in_user_queued_two_plain): the reply is chosen by the last line's prompt (the
 * capture harness's model answers the last user message too), all their uuids ride along.
 */
export function nextTurn(queue: PendingTurn[], batch: boolean): PendingTurn {
  const first = queue.shift()!;
  const taken = [first];
  // lines of priority `now` run together, apart from the lines queued before them (in_user_priority_now_*_ff)
  while (batch && first.origin.kind === 'user' && queue[0]?.origin.kind === 'user' && (queue[0].alone === true) === (first.alone === true)) taken.push(queue.shift()!);
  if (taken.length === 1) return first;
  const last = taken[taken.length - 1]!;
  const uuids = taken.flatMap((t) => t.origin.uuids ?? []);
  const origin: TurnOrigin = { ...last.origin, uuids: uuids.length ? uuids : undefined };
  return { ...last, origin };
}

/**
 * cancel_async_message: the queued user line that carries that uuid leaves the queue and its command is "cancelled"
 * before the reply (measured on both Claude versions: ctl_cancel_async_message_queued_h7); a uuid no queued line
 * carries alone cancels nothing (ctl_cancel_async_message, _mid_turn_h4: the captured reply).
 */
export function cancelQueued(s: Emitter & { readonly queue: PendingTurn[] }, subtype: string, request: RawFrame): ControlFacts | undefined {
  const uuid = request['message_uuid'];
  if (subtype !== 'cancel_async_message' || typeof uuid !== 'string') return undefined;
  const i = s.queue.findIndex((t) => t.origin.kind === 'user' && t.origin.uuids?.length === 1 && t.origin.uuids[0] === uuid);
  if (i < 0) return undefined;
  s.queue.splice(i, 1);
  s.emit({ kind: 'command_lifecycle', commandUuid: uuid, state: 'cancelled' });
  return { cancelled: uuid };
}
