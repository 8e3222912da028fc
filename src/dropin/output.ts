import { bridgeFrame } from '../protocol/bridge.js';
import { str } from '../protocol/raw-frame.js';
import { frameJson, type Obj } from '../protocol/shape.js';
import type { Journal } from '../transport/journal.js';
import type { OutputFormat } from './config.js';

/** Where encoded frames go, per `--output-format`. */
export interface OutputOptions {
  format: OutputFormat;
  /** Writes one serialised frame line to stdout (through the fuzz transformer when one is set). */
  emit(json: string): void;
  /** Writes one line to stdout directly. */
  line(text: string): void;
  /** Writes one line to stderr. */
  err(text: string): void;
  journal?: Journal | undefined;
  /** --emu-bridge: also write system/task_* frames flattened to top level (seed 003). */
  bridge: boolean;
}

/**
 * The frame sink of the drop-in: stream-json writes every frame (and its bridge copy); `json` writes
 * each result object alone (without 2.1.328's stream-only `model_usage_since_last_result`); `text`
 * writes the result text, or the errors on stderr (cli.md §8; seed 002 §5-7).
 */
export function createOutput(o: OutputOptions): (frame: Obj) => void {
  return (frame) => {
    o.journal?.frame('out', frame);
    if (o.format === 'stream-json') {
      o.emit(frameJson(frame));
      const flat = o.bridge ? bridgeFrame(frame) : undefined;
      if (flat) {
        o.journal?.frame('out', flat);
        o.emit(JSON.stringify(flat));
      }
      return;
    }
    // cbc 2.117.0's json output: its history and result as one pretty-printed array, or its error (profiles/cbc/json-history.ts)
    if (frame['type'] === 'json_document') {
      if (typeof frame['error'] === 'string') o.err(frame['error']);
      else if (frame['line'] !== undefined) o.line(JSON.stringify(frame['line']));
      else if (frame['document'] !== undefined) o.line(JSON.stringify(frame['document'], null, 2));
      return; // neither: nothing to print (cbc 2.117.0's empty text answer)
    }
    if (frame['type'] !== 'result') return;
    if (o.format === 'json') {
      const { model_usage_since_last_result: _drop, ...rest } = frame;
      void _drop;
      o.line(JSON.stringify(rest));
    } else if (frame['is_error'] === true) {
      o.err(Array.isArray(frame['errors']) ? (frame['errors'] as string[]).join('\n') : (str(frame, 'result') ?? 'Error'));
    } else o.line(str(frame, 'result') ?? '');
  };
}

/**
 * Pushes onto `into` the uuid of each `"uuid":"…"` member of a frame's JSON text (a uuid: 36 of
 * 0-9, a-f, `-`), in order, nested ones included: what the session store keeps for
 * --resume-session-at. By hand, not a regex or `indexOf('"uuid":"')`: every written frame passes
 * here, and a 3-character search (memchr on its first letter) is ~2× faster on this text (issue #21).
 */
export function noteUuids(json: string, into: string[]): void {
  for (let i = json.indexOf('uui'); i !== -1; i = json.indexOf('uui', i + 1)) {
    if (json.charCodeAt(i - 1) !== QUOTE || !json.startsWith('uuid":"', i)) continue;
    const at = i + 7;
    const end = at + 36;
    if (json.charCodeAt(end) !== QUOTE || !uuidChars(json, at, end)) continue;
    into.push(json.slice(at, end));
    i = end + 1; // the next member starts after this one's closing quote
  }
}

const QUOTE = 34;

function uuidChars(s: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102) || c === 45)) return false;
  }
  return true;
}
