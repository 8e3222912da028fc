import { cyrb128 } from '../hashing.js';

/** Lower-case hex digits. */
const HEX = '0123456789abcdef';
/** The variant digit of a v4 uuid. */
const VARIANT = '89ab';
const DASH = 45;
const FOUR = 52;
/** Scratch char codes for ids (filled and read synchronously, never kept). */
const UUID_CODES = new Array<number>(36).fill(0);

/**
 * The single source of randomness. Every id, uuid, jitter and epoch derives from one seed so that
 * the same seed and the same stdin give the same bytes.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: string) {
    const [a, b, c, d] = cyrb128(seed);
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /**
   * A fresh seed for runs without `--emu-seed`: 64 bits from Math.random (seeded by V8 from the system's entropy),
   * not node:crypto, which would cost its load on every such start (src/hashing.ts); nothing depends on their secrecy.
   */
  static freshSeed(): string {
    const word = () => Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0');
    return word() + word();
  }

  /** sfc32 by hand: node:crypto has no seedable generator; small, fast, good enough for ids and jitter. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  /** `n` characters drawn from `alphabet`. */
  chars(alphabet: string, n: number): string {
    // char codes into one array, one string at the end: `s +=` per character allocated n strings (ids are hot, issue #21)
    const codes = new Array<number>(n);
    for (let i = 0; i < n; i++) codes[i] = alphabet.charCodeAt(this.u32() % alphabet.length);
    return String.fromCharCode(...codes);
  }

  /** `n` lower-case hex characters. */
  hex(n: number): string {
    return this.chars(HEX, n);
  }

  /** An RFC 4122 version 4 UUID, lower case. */
  uuid(): string {
    // the same draws as hex(32) then one for the variant (digits 12 and 16 drawn, then set), in one pass into
    // char codes, one string at the end: ids are hot (issue #21)
    const codes = UUID_CODES;
    let j = 0;
    for (let i = 0; i < 32; i++) {
      const c = HEX.charCodeAt(this.u32() % 16);
      if (i === 8 || i === 12 || i === 16 || i === 20) codes[j++] = DASH;
      codes[j++] = i === 12 ? FOUR : c;
    }
    codes[19] = VARIANT.charCodeAt(this.u32() % 4); // digit 16, drawn above and replaced, as `hex(32)` then the variant
    return String.fromCharCode(...codes);
  }

  /** A child generator with its own stream, so adding draws in one place does not shift another. */
  fork(label: string): Random {
    return new Random(`${this.seed}/${label}`);
  }
}

/** Alphabets of the CLIs' random ids. */
export const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Epoch (ms) of virtual time zero for a seeded run: late 2026, varied by the seed within one day. */
export function seededEpoch(rng: Random): number {
  return 1795968000000 + rng.int(0, 86_399_999);
}
