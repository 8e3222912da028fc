import type * as Crypto from 'node:crypto';
import { requireLazily } from './require.js';

// node:crypto is loaded at its first use, not at start-up: Node compiles its modules from source on the first require,
// ~5 ms of a drop-in's start (issue #21's budget), and a start with the default scenario needs none of it
let loaded: typeof Crypto | undefined;

/** node:crypto, loaded on the first call. */
export const nodeCrypto = (): typeof Crypto => (loaded ??= requireLazily('node:crypto') as typeof Crypto);

/**
 * cyrb128 by hand: a 128-bit non-cryptographic hash of a string (four 32-bit words), for seeding the emulator's random
 * streams and for telling whether a file changed; node:crypto's sha256 would cost its load (above) on every start.
 */
export function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
