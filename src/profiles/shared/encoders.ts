import type { EngineEvent } from '../../engine/events.js';
import type { EncodeContext, Profile } from '../../engine/profile.js';

/** What one engine event encodes to: a frame, several, or none (the CLI writes no such frame). */
export type Encoded = ReturnType<Profile['encode']>;

/**
 * One encoder per engine event kind. The mapped type makes the table exhaustive: a new EngineEvent kind
 * fails to compile until every CLI says how (or whether) it writes it.
 */
export type Encoders = { [K in EngineEvent['kind']]: (ev: Extract<EngineEvent, { kind: K }>, ctx: EncodeContext) => Encoded };

/** `Profile.encode` over an encoder table. */
export function dispatch(table: Encoders): Profile['encode'] {
  // TypeScript cannot correlate `table[ev.kind]` with `ev` (microsoft/TypeScript#30581); the mapped type above guarantees it
  return (ev, ctx) => (table[ev.kind] as (ev: EngineEvent, ctx: EncodeContext) => Encoded)(ev, ctx);
}

/** The encoder of an event a CLI does not write. */
export const none = (): undefined => undefined;
