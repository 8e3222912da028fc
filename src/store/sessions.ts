import { closeSync, existsSync, fstatSync, lstatSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { isRawFrame, num, str, type RawFrame } from '../protocol/raw-frame.js';
import { isSafeId, openInside } from './paths.js';

/**
 * The embedded session store: one append-only JSON-lines file per session under
 * `<emu-home>/sessions/<id>.jsonl`. A header line, then one line per finished turn. Each record is
 * written with a single append (O_APPEND), so two processes never interleave inside a line. A crash
 * mid-write leaves a torn fragment; the next record is appended right after it, on the same line, and
 * the reader recovers that record (recordIn). The writer never looks at the file's tail to decide
 * anything: another process's append in flight shows a tail without its newline for a moment, and
 * a writer that took it for a torn line wrote a stray blank line (a CI failure, stop 26).
 */
export interface SessionHeader {
  type: 'session';
  v: 1;
  session_id: string;
  cwd: string;
  profile: string;
  scenario: string;
  created: number;
  forked_from?: string;
}

/** Where a session stands after a finished turn: the scenario script's cursor, turns and conversation messages so far. */
export interface SessionProgress {
  cursor: number;
  turns: number;
  /** Messages of the conversation (cbc's num_turns counts them across resumes). */
  messages: number;
  /**
   * The conversation's entries as the engine recorded them (opaque here): in a turn record the entries of that turn
   * (a fork's first record: the resumed ones before them), in a StoredSession all of them in order (cbc 2.117.0
   * replays them at --resume; src/engine/stored-replay.ts).
   */
  said?: readonly unknown[] | undefined;
  /** The uuids of the frames the turns wrote (what `--resume-session-at` may name). */
  uuids?: readonly string[] | undefined;
  /** The model tokens each turn spent, by model (in a StoredSession all turns'): Claude 2.1.328 restores the session's usage from them. */
  spent?: ReadonlyArray<{ model: string; input: number; output: number }> | undefined;
}

/** State after a finished turn: where the scenario script stands. */
export interface TurnRecord extends SessionProgress {
  type: 'turn';
  at: number;
}

/** What resuming a session restores. */
export interface StoredSession extends SessionProgress {
  header: SessionHeader;
}

const file = (home: string, id: string): string => {
  // one session appends a record per turn: its path is made once (path.join normalises each time)
  if (home !== lastFile.home || id !== lastFile.id) lastFile = { home, id, path: join(home, 'sessions', `${id}.jsonl`) };
  return lastFile.path;
};
let lastFile = { home: '', id: '', path: '' };

/** True when a session file exists for `id`. */
export function sessionExists(home: string, id: string): boolean {
  return existsSync(file(home, id));
}

/** Reads a session; undefined when it does not exist or has no valid header. */
export function readSession(home: string, id: string): StoredSession | undefined {
  if (!isSafeId(id) || !sessionExists(home, id)) return undefined;
  let header: SessionHeader | undefined;
  let cursor = 0;
  let turns = 0;
  let messages = 0;
  const said: unknown[] = [];
  const uuids: string[] = [];
  const spent: Array<{ model: string; input: number; output: number }> = [];
  for (const line of readFileSync(file(home, id), 'utf8').split('\n')) {
    if (line === '') continue;
    const rec = recordIn(line);
    if (rec === undefined) continue; // a torn line from a crash mid-write, nothing after it
    if (rec['type'] === 'session') header ??= asHeader(rec);
    else if (rec['type'] === 'turn') {
      const c = num(rec, 'cursor');
      const t = num(rec, 'turns');
      // a record written before `messages` was stored: a prompt and a reply per turn
      if (c !== undefined && t !== undefined) [cursor, turns, messages] = [c, t, num(rec, 'messages') ?? 2 * t];
      const entries = rec['said'];
      if (Array.isArray(entries)) said.push(...(entries as unknown[]));
      const ids = rec['uuids'];
      if (Array.isArray(ids)) uuids.push(...ids.filter((u): u is string => typeof u === 'string'));
      spent.push(...spentIn(rec['spent']));
    }
  }
  return header ? { header, cursor, turns, messages, ...(said.length > 0 ? { said } : {}), ...(uuids.length > 0 ? { uuids } : {}), ...(spent.length > 0 ? { spent } : {}) } : undefined;
}

/** A turn record's `spent` entries that are well formed (anything else is skipped). */
function spentIn(v: unknown): Array<{ model: string; input: number; output: number }> {
  if (!Array.isArray(v)) return [];
  return v.flatMap((e: unknown) => {
    const r = e !== null && typeof e === 'object' ? (e as Record<string, unknown>) : {};
    return typeof r['model'] === 'string' && typeof r['input'] === 'number' && typeof r['output'] === 'number' ? [{ model: r['model'], input: r['input'], output: r['output'] }] : [];
  });
}

/** The most recently written session of `cwd` (for --continue). */
export function latestSession(home: string, cwd: string): StoredSession | undefined {
  const dir = join(home, 'sessions');
  if (!existsSync(dir)) return undefined;
  // a link (dangling or not) or a folder named *.jsonl is no session of this home: the store never writes through one
  const candidates = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => {
      const st = lstatSync(join(dir, f), { throwIfNoEntry: false });
      return st?.isFile() === true ? [{ id: f.slice(0, -6), mtime: st.mtimeMs }] : [];
    })
    .sort((a, b) => b.mtime - a.mtime || (a.id < b.id ? 1 : -1));
  for (const c of candidates) {
    const s = readSession(home, c.id);
    if (s && s.header.cwd === cwd) return s;
  }
  return undefined;
}

/**
 * The header a session line holds, when it names the session and its cwd (the fields resuming reads).
 * A header whose id could not name a file (`../../x`) is no header: --continue must not adopt it.
 */
function asHeader(r: RawFrame): SessionHeader | undefined {
  const sessionId = str(r, 'session_id');
  const cwd = str(r, 'cwd');
  if (sessionId === undefined || cwd === undefined || !isSafeId(sessionId)) return undefined;
  const forked = str(r, 'forked_from');
  return {
    type: 'session',
    v: 1,
    session_id: sessionId,
    cwd,
    profile: str(r, 'profile') ?? '',
    scenario: str(r, 'scenario') ?? '',
    created: num(r, 'created') ?? 0,
    ...(forked !== undefined ? { forked_from: forked } : {}),
  };
}

/**
 * Append handles kept open, by file (issue #21: a run appends a record per turn, and opening the file
 * for each cost more than the write). A handle is used only while the path still names its file (same
 * device and inode, not a link), else it is closed and the file opened anew under writeInside's rules;
 * the oldest is closed past MAX_HANDLES, so a process that serves many sessions keeps few descriptors.
 */
const handles = new Map<string, { fd: number; dev: number; ino: number }>();
const MAX_HANDLES = 8;

/**
 * Appends one record (creating the file and folders as needed, never through a link: store/paths.ts),
 * in one write(2) on an O_APPEND descriptor: two processes never interleave inside a line.
 */
export function appendRecord(home: string, id: string, rec: SessionHeader | TurnRecord): void {
  const path = file(home, id);
  const fd = appendHandle(home, path);
  const buf = Buffer.from(JSON.stringify(rec) + '\n', 'utf8');
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
}

/** The open append descriptor of `path`: the kept one while the path still names its file, else a new one. */
function appendHandle(home: string, path: string): number {
  const kept = handles.get(path);
  if (kept) {
    const st = lstatSync(path, { throwIfNoEntry: false });
    if (st && st.isFile() && st.dev === kept.dev && st.ino === kept.ino) return kept.fd;
    handles.delete(path);
    closeSync(kept.fd);
  }
  const fd = openInside(home, path, 'append');
  const st = fstatSync(fd);
  handles.set(path, { fd, dev: st.dev, ino: st.ino });
  if (handles.size > MAX_HANDLES) {
    const [oldest, h] = handles.entries().next().value as [string, { fd: number }];
    handles.delete(oldest);
    closeSync(h.fd);
  }
  return fd;
}

/**
 * The record a line holds: the whole line when it parses, else the record appended after a torn
 * fragment on the same line (a crash mid-write, then a later append). Every record is written by
 * JSON.stringify with `type` as its first key, so a record can only start at `{"type":"`; inside a
 * string such text has escaped quotes. The first such start whose rest parses as a whole is the
 * record: a nested object's start inside the fragment is followed by the record's bytes and fails.
 */
export function recordIn(line: string): RawFrame | undefined {
  const whole = parseRecord(line);
  if (whole !== undefined) return whole;
  for (let at = line.indexOf(RECORD_START, 1); at !== -1; at = line.indexOf(RECORD_START, at + 1)) {
    const rec = parseRecord(line.slice(at));
    if (rec !== undefined && (rec['type'] === 'session' || rec['type'] === 'turn')) return rec;
  }
  return undefined;
}

const RECORD_START = '{"type":"';

function parseRecord(text: string): RawFrame | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return isRawFrame(v) ? v : undefined;
  } catch {
    return undefined;
  }
}
