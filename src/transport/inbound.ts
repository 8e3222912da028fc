import { isRawFrame } from '../protocol/raw-frame.js';
import type { InboundEnvelope } from '../protocol/schemas/inbound.js';
import { LineReader } from './line-reader.js';

/**
 * JSON a CLI cannot read as a frame, by what is wrong with it: `null` (no `type` to read), another value
 * that is no object, an object of no known `type`, a control_request without a `request` object, a user
 * line whose `message` is not an object or whose role is not `user`, a control_response whose `response` is not one. What each does
 * is the CLI's (ProfileBehavior.oddLine): fatal, an error frame, a blank turn, or nothing.
 */
export type OddProblem = 'null' | 'not-object' | 'unknown-type' | 'no-request' | 'no-message' | 'user-role' | 'bad-response';

/** One stdin line, decoded at the edge: a frame to act on, JSON that is no readable frame, a line that is not JSON, or one over the cap. */
export type Inbound =
  | { kind: 'frame'; frame: InboundEnvelope }
  | { kind: 'odd'; value: unknown; problem: OddProblem; text: string }
  | { kind: 'malformed'; text: string; error: Error }
  /** A line the emulator refuses to read at all (nested past MAX_INBOUND_DEPTH): logged by shape, no effect. */
  | { kind: 'too-deep'; reason: string }
  | { kind: 'oversized'; bytes: number; lineNo: number };

/**
 * Decodes one parsed stdin value against INBOUND_ENVELOPE (src/protocol/schemas/inbound.ts). Written
 * by hand rather than with `INBOUND_ENVELOPE.safeParse`: loading zod alone takes longer than the
 * drop-in's whole start-up budget (docs/performance.md); test/unit/transport/inbound.test.ts checks
 * that both accept the same values. The accepted frame is the parsed object itself (no copy).
 */
export function decodeInbound(value: unknown): { frame: InboundEnvelope } | { problem: OddProblem } {
  if (value === null) return { problem: 'null' };
  if (!isRawFrame(value)) return { problem: 'not-object' };
  switch (value['type']) {
    case 'user':
      if (!isRawFrame(value['message'])) return { problem: 'no-message' };
      return value['message']['role'] === 'user' ? { frame: value as InboundEnvelope } : { problem: 'user-role' };
    case 'control_cancel_request':
    case 'keep_alive':
      return { frame: value as InboundEnvelope };
    case 'control_request':
      // a missing request_id is answered all the same (captures in_ctl_no_request_id); a missing request is not
      if (!isRawFrame(value['request'])) return { problem: 'no-request' };
      return { frame: value as InboundEnvelope };
    case 'control_response':
      if (value['response'] !== undefined && !isRawFrame(value['response'])) return { problem: 'bad-response' };
      return { frame: value as InboundEnvelope };
    default:
      return { problem: 'unknown-type' };
  }
}

/**
 * Deepest nesting of arrays and objects accepted in a stdin line. Deeper lines are ignored unparsed: a
 * host answer nested 5,000 deep overflowed the stack of every recursive walk after it (JSON.stringify
 * for the journal and the log, the engine's readers), issue #18.
 */
export const MAX_INBOUND_DEPTH = 128;

/** True when `text` nests arrays/objects deeper than `max` (one pass over the text, strings skipped; no parse, no recursion). */
export function nestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Decodes a line: depth first (`too-deep`), JSON next (not JSON: `malformed`), then the envelope. A leading UTF-8 BOM
 * is skipped, as both real CLIs do (captures in_bom_user_line_fm); JSON.parse alone refuses it.
 */
function decodeLine(line: string): Inbound {
  const text = line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
  if (nestsDeeper(text, MAX_INBOUND_DEPTH)) {
    // a top-level array is no frame whatever it holds: the CLI's own answer to that, without parsing it (its JSON is not checked)
    if (text.trimStart().startsWith('[')) return { kind: 'odd', value: undefined, problem: 'not-object', text };
    return { kind: 'too-deep', reason: `ignoring a stdin frame nested more than ${MAX_INBOUND_DEPTH} levels deep` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { kind: 'malformed', text, error: e as Error };
  }
  const d = decodeInbound(value);
  return 'frame' in d ? { kind: 'frame', frame: d.frame } : { kind: 'odd', value, problem: d.problem, text };
}

/** stdin bytes in, decoded {@link Inbound} lines out: the {@link LineReader} framing plus the envelope. */
export class InboundReader {
  private readonly lines = new LineReader();

  /** Feeds one chunk; returns the lines it completed, decoded, in order. */
  push(chunk: Buffer | string): Inbound[] {
    return this.lines.push(chunk).map((ev) => (ev.kind === 'line' ? decodeLine(ev.text) : ev));
  }

  /** Flushes a last line without a newline (stdin EOF). */
  end(): Inbound[] {
    return this.lines.end().map((ev) => (ev.kind === 'line' ? decodeLine(ev.text) : ev));
  }
}
