import { z } from 'zod';
import { str, type FrameSchema } from './common.js';

/**
 * What a consumer writes to stdin, validated loosely (extra keys are the consumer's business): only the
 * keys the CLI reads must be present and typed (seed 002 §3-§5, claude-agent-sdk.md §4, codebuddy-sdk.md §3).
 */
export const INBOUND: Record<string, FrameSchema> = {
  user: z.looseObject({ type: str, message: z.looseObject({ role: str, content: z.union([str, z.array(z.unknown())]) }) }),
  control_request: z.looseObject({ type: str, request_id: str, request: z.looseObject({ subtype: str }) }),
  control_response: z.looseObject({ type: str, response: z.looseObject({ subtype: str, request_id: str }) }),
  control_cancel_request: z.looseObject({ type: str, request_id: str }),
};
