/**
 * A frame as read back from a line of someone else's output (a transcript, a journal, a cassette, a
 * consumer's stdin): a JSON object whose fields are not yet trusted. Readers narrow each field they use.
 */
export type RawFrame = { readonly [key: string]: unknown };

/** Whether a parsed JSON value is an object frame (not an array, not null). */
export function isRawFrame(v: unknown): v is RawFrame {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A string field of a raw frame, or undefined. */
export function str(f: RawFrame | undefined, key: string): string | undefined {
  const v = f?.[key];
  return typeof v === 'string' ? v : undefined;
}

/** A number field of a raw frame, or undefined. */
export function num(f: RawFrame | undefined, key: string): number | undefined {
  const v = f?.[key];
  return typeof v === 'number' ? v : undefined;
}

/** An object field of a raw frame, or undefined. */
export function obj(f: RawFrame | undefined, key: string): RawFrame | undefined {
  const v = f?.[key];
  return isRawFrame(v) ? v : undefined;
}
