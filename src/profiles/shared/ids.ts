import type { Random } from '../../engine/random.js';
import { BASE62 } from '../../engine/random.js';

/** `toolu_01` + 22 base62 characters: the Anthropic API's tool_use id format (both CLIs use it). */
export const toolUseId = (rng: Random): string => 'toolu_01' + rng.chars(BASE62, 22);

/** `msg_01` + 22 base62 characters: the Anthropic API's message id format. */
export const messageId = (rng: Random): string => 'msg_01' + rng.chars(BASE62, 22);

/** `req_01` + 22 base62 characters: the Anthropic API's request id format. */
export const apiRequestId = (rng: Random): string => 'req_01' + rng.chars(BASE62, 22);
