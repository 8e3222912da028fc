/** A frame as parsed from one line (untrusted: every field may be missing or of any type). */
export type Frame = Record<string, any>;

/** One line of the input, reduced to what the timeline needs. */
export interface Rec {
  /** 0-based position among the records (the "frame order" axis). */
  i: number;
  /** 1-based physical line (what `cbc-emu check` reports violations against). */
  line: number;
  /** `out`: written by the CLI; `in`: written by the consumer (journals/cassettes); `meta`: lifecycle event. */
  dir: 'out' | 'in' | 'meta';
  frame?: Frame;
  /** A line that was not a JSON object (or a journal's non-JSON stdin line), verbatim. */
  raw?: string;
  /** Journal/cassette lifecycle event name (`eof`, `exit`, ...). */
  event?: string;
  /** The time the frame states about itself (epoch ms), see `ownTime`. */
  stated?: number;
  /** The recorder's clock for this entry: journal `vt` (epoch ms) or a cassette's relative time. */
  clock?: number;
}

/** What kind of file was read. */
export type InputKind = 'transcript' | 'journal' | 'cassette';

const isObj = (v: unknown): v is Frame => !!v && typeof v === 'object' && !Array.isArray(v);
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
export function ownTime(f: Frame): number | undefined {
  let t: number | undefined;
  const take = (v: unknown) => {
    const n = num(v);
    if (n !== undefined && n > 0 && (t === undefined || n > t)) t = n;
  };
  if (typeof f['__timestamp'] === 'string') {
    const ms = Date.parse(f['__timestamp']);
    if (Number.isFinite(ms)) take(ms);
  }
  take(f['timestamp']);
  if (isObj(f['patch'])) take(f['patch']['end_time']);
  if (Array.isArray(f['workflow_progress'])) {
    for (const r of f['workflow_progress']) if (isObj(r)) for (const k of ['startedAt', 'endedAt', 'lastProgressAt']) take(r[k]);
  }
  return t;
}

/** A journal line (`--emu-journal`, src/transport/journal.ts): `{seq, vt, rt, dir, frame|raw|event}`. */
const isJournal = (v: unknown): v is Frame => isObj(v) && typeof v['seq'] === 'number' && (v['dir'] === 'in' || v['dir'] === 'out' || v['dir'] === 'meta');
/** A cassette entry (issue #7): a frame with its direction and a relative time; the header line has no frame. */
const isCassetteEntry = (v: unknown): v is Frame => isObj(v) && (v['dir'] === 'in' || v['dir'] === 'out') && ('frame' in v || 'raw' in v);

/** Clock of a journal/cassette entry: virtual time, else any relative time the recorder kept. */
function entryTime(e: Frame): number | undefined {
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
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  let kind: InputKind | undefined;
  const recs: Rec[] = [];
  const push = (r: Omit<Rec, 'i'>) => recs.push({ i: recs.length, ...r });
  lines.forEach((text, n) => {
    const line = n + 1;
    if (text.trim() === '') return;
    const v = parse(text);
    if (kind === undefined) {
      if (isJournal(v)) kind = 'journal';
      else if (isObj(v) && (isCassetteEntry(v) || (typeof v['format'] === 'string' && /cassette/i.test(v['format'])) || 'cassette' in v)) kind = 'cassette';
      else if (isObj(v)) kind = 'transcript';
    }
    if (kind === 'journal' || kind === 'cassette') {
      if (!isObj(v)) return push({ line, dir: 'out', raw: text });
      const clock = entryTime(v);
      const c = clock !== undefined ? { clock } : {};
      const dir = v['dir'] === 'in' || v['dir'] === 'out' ? v['dir'] : 'meta';
      if (isObj(v['frame'])) {
        const stated = ownTime(v['frame']);
        return push({ line, dir, frame: v['frame'], ...c, ...(stated !== undefined ? { stated } : {}) });
      }
      // a cassette's stderr line (dir "err") is a lifecycle note, not a frame of either side
      if (typeof v['raw'] === 'string') return push(v['dir'] === 'err' ? { line, dir: 'meta', event: 'stderr', raw: v['raw'], frame: v, ...c } : { line, dir: dir === 'meta' ? 'in' : dir, raw: v['raw'], ...c });
      if (typeof v['event'] === 'string') return push({ line, dir: 'meta', event: v['event'], frame: v, ...c });
      if (v['eof'] === true) return push({ line, dir: 'meta', event: 'eof', frame: v, ...c });
      if ('exit' in v) return push({ line, dir: 'meta', event: 'exit', frame: v, ...c });
      return; // a header or an entry kind this reader does not know (seed 000 §8: ignore the unknown)
    }
    if (!isObj(v)) return push({ line, dir: 'out', raw: text });
    const stated = ownTime(v);
    push({ line, dir: 'out', frame: v, ...(stated !== undefined ? { stated } : {}) });
  });
  return { kind: kind ?? 'transcript', recs };
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
