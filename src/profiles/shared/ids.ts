import { nodeCrypto } from '../../hashing.js';
import type { Random } from '../../engine/random.js';
import { BASE62 } from '../../engine/random.js';

/** `toolu_01` + 22 base62 characters: the Anthropic API's tool_use id format (both CLIs use it). */
export const toolUseId = (rng: Random): string => 'toolu_01' + rng.chars(BASE62, 22);

/** `msg_01` + 22 base62 characters: the Anthropic API's message id format. */
export const messageId = (rng: Random): string => 'msg_01' + rng.chars(BASE62, 22);

/** `req_01` + 22 base62 characters: the Anthropic API's request id format. */
export const apiRequestId = (rng: Random): string => 'req_01' + rng.chars(BASE62, 22);

/**
 * sha256 in hex: Node's one-shot `crypto.hash` (20.12+, ~2× a Hash object per id, issue #21), else a Hash object;
 * node:crypto is loaded at the first id (src/hashing.ts).
 */
export const sha256Hex = (text: string): string => {
  const crypto = nodeCrypto();
  return typeof crypto.hash === 'function' ? crypto.hash('sha256', text, 'hex') : crypto.createHash('sha256').update(text).digest('hex');
};
