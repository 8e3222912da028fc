import { bridgeFrame } from '../protocol/bridge.js';
import { str } from '../protocol/raw-frame.js';
import { frameJson, type Obj } from '../protocol/shape.js';
import { noteUuids } from '../protocol/uuid-members.js';
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
  /**
   * When set, the uuid members of each stream-json frame are pushed onto it as the frame is serialised (the session
   * store's list for --resume-session-at; frameJson skips the snapshot rows' texts, which hold none), and `emit` only
   * writes. Unset (the fuzz transformer, which may change the text), `emit` notes them itself.
   */
  uuids?: string[] | undefined;
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
      o.emit(frameJson(frame, o.uuids));
      const flat = o.bridge ? bridgeFrame(frame) : undefined;
      if (flat) {
        o.journal?.frame('out', flat);
        const json = JSON.stringify(flat);
        if (o.uuids !== undefined) noteUuids(json, o.uuids);
        o.emit(json);
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
