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

/** A string field, or undefined when it is absent or empty. */
export function nonEmpty(f: RawFrame | undefined, key: string): string | undefined {
  const v = str(f, key);
  return v === '' ? undefined : v;
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

/** What a log line may say about a frame someone else sent: its kind, protocol type names and key count, never its values or key names (they may hold secrets). */
export interface FrameShape {
  kind: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'absent';
  type?: string;
  subtype?: string;
  keys?: number;
}

const PROTOCOL_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/** The shape of a received value for logging (issue #18: logs carry shapes, not raw frames). */
export function shapeOf(v: unknown): FrameShape {
  if (v === undefined) return { kind: 'absent' };
  if (v === null) return { kind: 'null' };
  if (Array.isArray(v)) return { kind: 'array' };
  if (typeof v === 'number') return { kind: 'number' };
  if (typeof v === 'boolean') return { kind: 'boolean' };
  if (!isRawFrame(v)) return { kind: 'string' };
  const name = (key: string) => {
    const s = str(v, key);
    return s !== undefined && PROTOCOL_NAME.test(s) ? { [key]: s } : {};
  };
  return { kind: 'object', ...name('type'), ...name('subtype'), keys: Object.keys(v).length };
}
