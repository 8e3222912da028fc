import { obj, type RawFrame } from '../protocol/raw-frame.js';
import type { Scheduler, Timer } from './clock.js';
import type { EngineEvent, HostRequestBody } from './events.js';

/** Why a request stdin's end settled: nobody is left to answer. */
export const DISCONNECTED = 'SDK disconnected';

/** Lifecycle of one CLI-initiated request (seed 004: pending -> approved | rejected, plus timeouts and cancels). */
export type HostRequestState = 'pending' | 'approved' | 'rejected' | 'timed-out' | 'cancelled';

/** What the host answered, normalised from either SDK's shape. */
export type HostAnswer =
  | { kind: 'response'; body: RawFrame }
  | { kind: 'error'; message: string }
  | { kind: 'timeout' }
  | { kind: 'cancelled'; reason: string };

interface Pending {
  subtype: string;
  request: HostRequestBody;
  timer: Timer | undefined;
  /** At speed 0 the wait is real: a real timer and a hold on virtual time. */
  realTimer: NodeJS.Timeout | undefined;
  release: (() => void) | undefined;
  /** The control_cancel_request is out already. */
  cancelSent?: boolean;
  done: (a: HostAnswer) => void;
}

/**
 * Requests the emulated CLI sends to the host (`can_use_tool`, `hook_callback`), correlated by a
 * freshly minted `request_id` (seed 004). Answers are matched by id; an unknown or duplicate id is
 * reported and ignored; a timeout or an interrupt settles the request and, for an interrupt, sends
 * `control_cancel_request`. Every state change is traced (journal).
 */
export class HostRequests {
  private readonly pending = new Map<string, Pending>();
  private readonly settled = new Set<string>();
  /** Set once stdin is closed: nobody can answer, so new requests are cancelled at once. */
  private disconnected = false;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly emit: (ev: EngineEvent) => void,
    private readonly trace: (requestId: string, subtype: string, state: HostRequestState) => void,
    private readonly warn: (message: string) => void,
  ) {}

  /** Sends `request` under `requestId` and calls `done` once with the answer (or timeout; undefined: it waits until answered, cancelled or stdin closes). */
  send(requestId: string, request: HostRequestBody, timeoutMs: number | undefined, done: (a: HostAnswer) => void): void {
    const subtype = request.subtype;
    const p: Pending = { subtype, request, timer: undefined, realTimer: undefined, release: undefined, done };
    this.pending.set(requestId, p);
    // the request is written even when stdin is already closed (stdout still works), so the bytes do
    // not depend on when EOF was noticed; it is then cancelled as "SDK disconnected"
    this.emit({ kind: 'host_request', requestId, request });
    // an in-memory consumer may answer synchronously inside that write: the request is then already
    // settled, and holding the clock or arming a timer for it would stall the session for good
    if (!this.pending.has(requestId)) return;
    this.trace(requestId, subtype, 'pending');
    if (this.disconnected) {
      this.scheduler.after(0, () => this.settle(requestId, 'cancelled', { kind: 'cancelled', reason: DISCONNECTED }));
      return;
    }
    const timeout = () => this.settle(requestId, 'timed-out', { kind: 'timeout' });
    if (this.scheduler.speed === 0) {
      // nothing waits in virtual time at speed 0: hold the clock and time out in real time
      p.release = this.scheduler.hold();
      if (timeoutMs !== undefined) p.realTimer = setTimeout(timeout, timeoutMs);
    } else if (timeoutMs !== undefined) p.timer = this.scheduler.after(timeoutMs, timeout);
  }

  /** Handles a `control_response` from the host. */
  answer(requestId: string, response: RawFrame): void {
    if (!this.pending.has(requestId)) {
      this.warn(
        this.settled.has(requestId)
          ? `ignoring a second control_response for request ${requestId}: it was already settled`
          : 'ignoring a control_response whose request_id matches no request of the emulator', // the id came from stdin: logs carry no stdin values (issue #18)
      );
      return;
    }
    if (response['subtype'] === 'error') {
      this.settle(requestId, 'rejected', { kind: 'error', message: textOf(response['error'] ?? 'error') });
      return;
    }
    const body = obj(response, 'response') ?? {};
    const p = this.pending.get(requestId)!;
    const state: HostRequestState = p.subtype === 'can_use_tool' && !isAllow(body) ? 'rejected' : 'approved';
    this.settle(requestId, state, { kind: 'response', body });
  }

  /** The requests of this subtype that wait for their answer, oldest first (a re-initialize lists them again: Claude). */
  waitingRequests(subtype: string): Array<{ requestId: string; request: HostRequestBody }> {
    return [...this.pending].filter(([, p]) => p.subtype === subtype && p.cancelSent !== true).map(([requestId, p]) => ({ requestId, request: p.request }));
  }

  /** Whether a request of this subtype waits for its answer. */
  waiting(subtype: string): boolean {
    return [...this.pending.values()].some((p) => p.subtype === subtype);
  }

  /**
   * Sends a control_cancel_request for each pending request not cancelled yet: the first thing an interrupt does,
   * before its own reply (measured on Claude: capture req_can_use_tool_interrupt_pending).
   */
  announceCancel(): void {
    for (const [id, p] of this.pending) {
      if (p.cancelSent) continue;
      p.cancelSent = true;
      this.emit({ kind: 'host_cancel', requestId: id });
    }
  }

  /** Cancels every pending request on an interrupt: a control_cancel_request for each (issue #10). */
  cancelAll(reason: string): void {
    this.announceCancel();
    for (const id of [...this.pending.keys()]) this.settle(id, 'cancelled', { kind: 'cancelled', reason });
  }

  /** Whether stdin is closed (disconnect): nobody can answer any more. */
  get closed(): boolean {
    return this.disconnected;
  }

  /** stdin closed: pending and future requests are cancelled without a frame (measured on cbc 2.117.0: "SDK disconnected"). */
  disconnect(): void {
    this.disconnected = true;
    for (const id of [...this.pending.keys()]) this.settle(id, 'cancelled', { kind: 'cancelled', reason: DISCONNECTED });
  }

  private settle(requestId: string, state: HostRequestState, a: HostAnswer): void {
    const p = this.pending.get(requestId);
    if (!p) return;
    this.pending.delete(requestId);
    this.settled.add(requestId);
    p.timer?.cancel();
    if (p.realTimer) clearTimeout(p.realTimer);
    p.release?.();
    this.trace(requestId, p.subtype, state);
    p.done(a);
  }
}

/**
 * Whether a permission answer allows the tool, in either SDK's shape (Claude `behavior`, cbc `allowed`);
 * `allowedOnly`: only `allowed: true` allows (cbc 2.117.0 reads `allowed ?? false`: capture req_can_use_tool_allow_bare_cbc).
 */
export function isAllow(body: RawFrame, allowedOnly = false): boolean {
  if (allowedOnly) return body['allowed'] === true;
  if (typeof body['behavior'] === 'string') return body['behavior'] === 'allow';
  if (typeof body['allowed'] === 'boolean') return body['allowed'];
  return false;
}

/** The input a permission answer asks to use instead (`updatedInput`, both SDKs). */
export function updatedInput(body: RawFrame): RawFrame | undefined {
  return obj(body, 'updatedInput');
}

/** A deny answer that also stops the turn (`interrupt: true`, the SDKs' PermissionResult). */
export function interruptsTurn(body: RawFrame, allowedOnly = false): boolean {
  return !isAllow(body, allowedOnly) && body['interrupt'] === true;
}

/** The reason a permission answer gives for a denial (Claude `message`, cbc `reason`). */
export function denyReason(body: RawFrame): string | undefined {
  const m = body['message'] ?? body['reason'];
  return typeof m === 'string' && m !== '' ? m : undefined;
}

/** A JSON value the host sent, as message text: strings as they are, anything else as JSON. */
export function textOf(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined ? 'undefined' : JSON.stringify(v);
}
