import { z } from 'zod';
import { obj, str, type FrameSchema } from './common.js';

/**
 * What a consumer writes to stdin, validated loosely (extra keys are the consumer's business): only the
 * keys the CLI reads must be present and typed (seed 002 §3-§5, claude-agent-sdk.md §4, codebuddy-sdk.md §3).
 * The checker judges a consumer's frames with these.
 */
export const INBOUND: Record<string, FrameSchema> = {
  user: z.looseObject({ type: str, message: z.looseObject({ role: str, content: z.union([str, z.array(z.unknown())]) }) }),
  control_request: z.looseObject({ type: str, request_id: str, request: z.looseObject({ subtype: str }) }),
  control_response: z.looseObject({ type: str, response: z.looseObject({ subtype: str, request_id: str }) }),
  control_cancel_request: z.looseObject({ type: str, request_id: str }),
};

/**
 * The stdin frames the drop-in acts on: only what it routes by. Looser than {@link INBOUND} on purpose,
 * as the real CLIs are (docs/fidelity.md, test/hardening/stdin.test.ts): a user frame with odd content
 * still plays a turn (its prompt degrades to the text found), a control_request without a `subtype` or
 * a `request_id` still gets a reply. Any other JSON is the CLI's call (src/transport/inbound.ts OddProblem).
 *
 * The drop-in decodes with a zod-free twin of this schema (src/transport/inbound.ts), because loading
 * zod costs more than the whole start-up budget (docs/performance.md); test/unit/transport/inbound.test.ts
 * holds the twin to this declaration.
 */
export const INBOUND_ENVELOPE = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('user'), message: z.looseObject({ role: z.literal('user') }) }),
  z.looseObject({ type: z.literal('control_request'), request_id: z.unknown().optional(), request: obj }),
  z.looseObject({ type: z.literal('control_response'), response: obj.optional() }),
  z.looseObject({ type: z.literal('control_cancel_request') }),
  z.looseObject({ type: z.literal('keep_alive') }),
]);

/** A stdin frame the drop-in acts on (see {@link INBOUND_ENVELOPE}). */
export type InboundEnvelope = z.infer<typeof INBOUND_ENVELOPE>;
