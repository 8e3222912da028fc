import { isRawFrame, obj, type RawFrame } from '../../protocol/raw-frame.js';
import { snapshotRows } from '../../protocol/task-state.js';
import { textLines } from '../../transport/line-reader.js';
import type { InputKind } from './browser/model.js';

/** One line of the input, reduced to what the timeline needs. */
export interface Rec {
  /** 0-based position among the records (the "frame order" axis). */
  i: number;
  /** 1-based physical line (what `cbc-emu check` reports violations against). */
  line: number;
  /** `out`: written by the CLI; `in`: written by the consumer (journals/cassettes); `meta`: lifecycle event. */
  dir: 'out' | 'in' | 'meta';
  frame?: RawFrame;
  /** A line that was not a JSON object (or a journal's non-JSON stdin line), verbatim. */
  raw?: string;
  /** Journal/cassette lifecycle event name (`eof`, `exit`, ...). */
  event?: string;
  /** The time the frame states about itself (epoch ms), see `ownTime`. */
  stated?: number;
  /** The recorder's clock for this entry: journal `vt` (epoch ms) or a cassette's relative time. */
  clock?: number;
}

/** A finite number, or undefined. */
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The time a CLI frame states about itself (epoch ms): `__timestamp`, a numeric `timestamp`, a
 * task_updated `patch.end_time`, or the latest `startedAt`/`endedAt`/`lastProgressAt` of a
 * workflow_progress snapshot (a lower bound of when the snapshot was written, seed 000 §5.2).
 */
export function ownTime(f: RawFrame): number | undefined {
  let t: number | undefined;
  const take = (v: unknown) => {
    const n = num(v);
    if (n !== undefined && n > 0 && (t === undefined || n > t)) t = n;
  };
  const stamp = f['__timestamp'];
  if (typeof stamp === 'string') {
    const ms = Date.parse(stamp);
    if (Number.isFinite(ms)) take(ms);
  }
  take(f['timestamp']);
  take(obj(f, 'patch')?.['end_time']);
  for (const r of snapshotRows(f) ?? []) if (isRawFrame(r)) for (const k of ['startedAt', 'endedAt', 'lastProgressAt']) take(r[k]);
  return t;
}

/** A journal line (`--emu-journal`, src/transport/journal.ts): `{seq, vt, rt, dir, frame|raw|event}`. */
const isJournal = (v: unknown): v is RawFrame => isRawFrame(v) && typeof v['seq'] === 'number' && (v['dir'] === 'in' || v['dir'] === 'out' || v['dir'] === 'meta');
/** A cassette entry (issue #7): a frame with its direction and a relative time; the header line has no frame. */
const isCassetteEntry = (v: unknown): v is RawFrame => isRawFrame(v) && (v['dir'] === 'in' || v['dir'] === 'out') && ('frame' in v || 'raw' in v);

/** Clock of a journal/cassette entry: virtual time, else any relative time the recorder kept. */
function entryTime(e: RawFrame): number | undefined {
  for (const k of ['vt', 't', 'ms', 'at', 'rt']) {
    const n = num(e[k]);
    if (n !== undefined) return n;
  }
  return undefined;
}

/**
 * Reads a stdout transcript, a two-way journal or a cassette (told apart by the first JSON line) into
 * records. Blank lines are skipped; anything else that is not a frame becomes a raw record, so the
 * picture shows foreign bytes instead of hiding them.
 */
export function readRecords(text: string): { kind: InputKind; recs: Rec[] } {
  let kind: InputKind | undefined;
  const recs: Rec[] = [];
  let line = 0;
  for (const l of textLines(text)) {
    line++;
    if (l.text.trim() === '') continue;
    const v = parse(l.text);
    kind ??= kindOf(v);
    const r = kind === 'journal' || kind === 'cassette' ? entryRecord(v, l.text, line) : lineRecord(v, l.text, line);
    if (r) recs.push({ i: recs.length, ...r });
  }
  return { kind: kind ?? 'transcript', recs };
}

/** The kind of file a first JSON line starts; undefined for a line that is not a JSON object. */
function kindOf(v: unknown): InputKind | undefined {
  if (isJournal(v)) return 'journal';
  if (!isRawFrame(v)) return undefined;
  if (isCassetteEntry(v) || (typeof v['format'] === 'string' && /cassette/i.test(v['format'])) || 'cassette' in v) return 'cassette';
  return 'transcript';
}

/** The record of a transcript line: a frame, or the raw text of a line that is not one. */
function lineRecord(v: unknown, text: string, line: number): Omit<Rec, 'i'> {
  if (!isRawFrame(v)) return { line, dir: 'out', raw: text };
  const stated = ownTime(v);
  return { line, dir: 'out', frame: v, ...(stated !== undefined ? { stated } : {}) };
}

/** The record of a journal or cassette entry; undefined for a header or an entry kind this reader does not know (seed 000 §8: ignore the unknown). */
function entryRecord(v: unknown, text: string, line: number): Omit<Rec, 'i'> | undefined {
  if (!isRawFrame(v)) return { line, dir: 'out', raw: text };
  const clock = entryTime(v);
  const c = clock !== undefined ? { clock } : {};
  const dir = v['dir'] === 'in' || v['dir'] === 'out' ? v['dir'] : 'meta';
  const frame = v['frame'];
  if (isRawFrame(frame)) {
    const stated = ownTime(frame);
    return { line, dir, frame, ...c, ...(stated !== undefined ? { stated } : {}) };
  }
  const raw = v['raw'];
  // a cassette's stderr line (dir "err") is a lifecycle note, not a frame of either side
  if (typeof raw === 'string') return v['dir'] === 'err' ? { line, dir: 'meta', event: 'stderr', raw, frame: v, ...c } : { line, dir: dir === 'meta' ? 'in' : dir, raw, ...c };
  if (typeof v['event'] === 'string') return { line, dir: 'meta', event: v['event'], frame: v, ...c };
  if (v['eof'] === true) return { line, dir: 'meta', event: 'eof', frame: v, ...c };
  if ('exit' in v) return { line, dir: 'meta', event: 'exit', frame: v, ...c };
  return undefined;
}

/** Epoch ms after 2001: a clock below this is relative to the recording's start. */
const EPOCH_FLOOR = 1e12;

/**
 * One time per record (epoch ms, or the record index when nothing states a time), never decreasing,
 * so the picture keeps the stream's order. A journal's `vt` is the emulator's own virtual clock, so it
 * wins; a cassette's clock is wall time since the recording started, which disagrees with the frames'
 * virtual timestamps at --emu-speed 0, so there the frames' stated times win and the cassette clock
 * is used only when no frame states one.
 */
export function recordTimes(recs: Rec[]): { axis: 'time' | 'order'; t: number[] } {
  const clocked = recs.some((r) => r.clock !== undefined);
  const absolute = clocked && recs.every((r) => r.clock === undefined || r.clock >= EPOCH_FLOOR);
  const stated = recs.some((r) => r.stated !== undefined);
  const own = recs.map((r) => (absolute || !stated ? r.clock : r.stated));
  const first = own.find((v) => v !== undefined);
  if (first === undefined) return { axis: 'order', t: recs.map((r) => r.i) };
  const t: number[] = [];
  let last = first;
  for (const v of own) {
    if (v !== undefined && v > last) last = v;
    t.push(last);
  }
  return { axis: 'time', t };
}
