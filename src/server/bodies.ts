import { z } from 'zod';
import type { ControlEvent } from '../engine/control-events.js';
import type { ClockCommand, Fault, FrameTrigger } from './wire.js';

/*
 * Request bodies of the control API (issue #19), one zod schema each: what a caller may send, and the
 * 400 message naming the field when it sends something else. docs/control-api.openapi.yaml describes
 * the same shapes.
 */

/** Longest stall or control delay, in real ms (ten minutes: longer is a mistake, not a test). */
export const MAX_FAULT_MS = 600_000;

const ms = z.number().int().min(0).max(MAX_FAULT_MS);
const id = z.string().min(1).max(200);

/** POST /v1/sessions/{id}/frames */
export const FramesBody = z.strictObject({
  frames: z.array(z.record(z.string(), z.unknown(), { error: 'expected a JSON object (one frame)' })).min(1),
  when: z.strictObject({ type: z.string().min(1), subtype: z.string().min(1).optional() }).optional(),
});

/** POST /v1/sessions/{id}/events */
export const EventBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('interrupt'), reason: z.string().max(10_000).optional() }),
  z.strictObject({ kind: z.literal('stop_task'), task_id: id }),
  z.strictObject({ kind: z.literal('fail_task'), task_id: id, error: z.string().max(10_000).optional() }),
  z.strictObject({ kind: z.literal('finish_task'), task_id: id }),
  z.strictObject({ kind: z.literal('stop_agent'), task_id: id, agent: id, reason: z.string().max(10_000).optional() }),
  z.strictObject({ kind: z.literal('fail_agent'), task_id: id, agent: id, error: z.string().max(10_000).optional() }),
  z.strictObject({ kind: z.literal('followup'), text: z.string().max(1_000_000).optional() }),
]);

/** POST /v1/sessions/{id}/faults */
export const FaultBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('stall'), ms }),
  z.strictObject({ kind: z.literal('close-stdout') }),
  z.strictObject({ kind: z.literal('exit'), code: z.number().int().min(0).max(255) }),
  z.strictObject({ kind: z.literal('crash') }),
  z.strictObject({ kind: z.literal('delay-control'), ms }),
]);

/** POST /v1/sessions/{id}/clock: exactly one of `hold` and `advance_ms`. */
export const ClockBody = z
  .strictObject({ hold: z.boolean().optional(), advance_ms: z.number().int().min(0).max(24 * 3600 * 1000).optional() })
  .refine((b) => (b.hold === undefined) !== (b.advance_ms === undefined), { error: 'give exactly one of hold (true or false) and advance_ms' });

// the schemas and the wire's types must agree: a change to one that breaks the other fails the type check
type Agrees<A, B> = A extends B ? true : never;
const agree: [Agrees<z.infer<typeof EventBody>, ControlEvent>, Agrees<z.infer<typeof FaultBody>, Fault>, Agrees<z.infer<typeof ClockBody>, ClockCommand>, Agrees<NonNullable<z.infer<typeof FramesBody>['when']>, FrameTrigger>] = [true, true, true, true];
void agree;

/** Parses `value` with `schema`, or says which field is wrong and how. */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): { ok: true; value: z.infer<S> } | { ok: false; error: string } {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') : '(body)';
  return { ok: false, error: `field ${field}: ${issue.message}` };
}
