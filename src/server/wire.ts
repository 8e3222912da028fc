import type { ControlEvent } from '../engine/control-events.js';

/*
 * The link between the control server and a drop-in started with CBC_EMU_CONTROL (issue #19): one
 * long-lived connection per drop-in, opened as an HTTP/1.1 Upgrade on ATTACH_PATH (so the unix socket,
 * the token check and the routing are the API's own), then newline-delimited JSON both ways. The
 * drop-in sends `hello` first, then every journal line as it is recorded; the server sends `call`s and
 * the drop-in answers each with a `reply`. The connection closing is how the server learns the drop-in
 * is gone. Types only: the drop-in's start path loads this module (no zod, no node:http here).
 */

/** The path a drop-in attaches on, and the Upgrade protocol name it asks for. */
export const ATTACH_PATH = '/v1/attach';
export const UPGRADE_PROTOCOL = 'cbc-emu-control';

/** The environment variable naming the server (a socket path, or http://127.0.0.1:PORT) and the bearer token for TCP. */
export const CONTROL_ENV = 'CBC_EMU_CONTROL';
export const TOKEN_ENV = 'CBC_EMU_CONTROL_TOKEN';

/** When injected frames go out: after the next written frame with this type (and subtype). */
export interface FrameTrigger {
  type: string;
  subtype?: string | undefined;
}

/** A fault the drop-in plays (POST /v1/sessions/{id}/faults). */
export type Fault =
  | { kind: 'stall'; ms: number }
  | { kind: 'close-stdout' }
  | { kind: 'exit'; code: number }
  | { kind: 'crash' }
  | { kind: 'delay-control'; ms: number };

/** A clock command (POST /v1/sessions/{id}/clock): hold or release the virtual clock, or move it `advance_ms` on (holding it). */
export interface ClockCommand {
  hold?: boolean | undefined;
  advance_ms?: number | undefined;
}

/** What the server asks a drop-in to do. */
export type CallBody =
  | { op: 'frames'; frames: unknown[]; when?: FrameTrigger | undefined }
  | { op: 'event'; event: ControlEvent }
  | { op: 'fault'; fault: Fault }
  | { op: 'clock'; clock: ClockCommand }
  | { op: 'reset' };

/** Server -> drop-in. */
export interface CallMessage {
  t: 'call';
  id: number;
  body: CallBody;
}

/** The outcome of a call: a JSON result, or an HTTP status and a message for the API's reply. */
export type CallOutcome = { ok: true; result: Record<string, unknown> } | { ok: false; status: number; error: string };

/**
 * Server -> drop-in, once, after `hello`: the registration id (the drop-in serves only once it has one);
 * `hold`: the drop-in's virtual clock starts held, so a test can schedule before anything happens.
 */
export interface WelcomeMessage {
  t: 'welcome';
  id: string;
  hold?: boolean | undefined;
}

/** Drop-in -> server. A journal line travels as the entry object itself (the line spliced in, not re-encoded). */
export type DropinMessage =
  | { t: 'hello'; pid: number; profile: string; session_id: string; argv: string[] }
  | { t: 'journal'; entry: Record<string, unknown> }
  | ({ t: 'reply'; id: number } & CallOutcome)
  | { t: 'exit'; code: number | null; signal: string | null };
