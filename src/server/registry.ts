import type { Duplex } from 'node:stream';
import { LineReader } from '../transport/line-reader.js';
import type { CallBody, CallMessage, CallOutcome, DropinMessage, WelcomeMessage } from './wire.js';

/** Journal entries kept per session; older ones are dropped first (a long run must not grow the server without bound). */
export const MAX_JOURNAL_ENTRIES = 100_000;

/** One registered drop-in, as GET /v1/sessions lists it. */
export interface SessionInfo {
  id: string;
  pid: number;
  profile: string;
  session_id: string;
  argv: string[];
  state: 'running' | 'exited';
  /** Once exited: the exit code the drop-in reported, or null when it died without one (killed). */
  exit_code?: number | null;
  /** Once exited by a signal the drop-in reported (the crash fault), or null. */
  signal?: string | null;
}

/** A journal entry as the drop-in recorded it (src/transport/journal.ts). */
export interface Entry {
  seq: number;
  dir: 'in' | 'out' | 'meta';
  frame?: unknown;
  event?: string;
  [k: string]: unknown;
}

/** What GET /v1/wait waits for. */
export interface WaitQuery {
  session?: string | undefined;
  type?: string | undefined;
  subtype?: string | undefined;
  dir?: 'in' | 'out' | undefined;
  /** Entries after this seq count (default: only those recorded from now on). */
  afterSeq?: number | undefined;
  timeoutMs: number;
}

/** A match of a wait: the session and the journal entry. */
export interface WaitMatch {
  session: string;
  entry: Entry;
}

interface Waiter {
  q: WaitQuery;
  /** Per session: the seq after which entries count. */
  from: Map<string, number>;
  done(m: WaitMatch | undefined): void;
}

/** The server's side of one drop-in's connection. */
class Link {
  info: SessionInfo | undefined;
  readonly journal: Entry[] = [];
  lastSeq = 0;
  private seq = 0;
  private readonly calls = new Map<number, (o: CallOutcome) => void>();

  constructor(private readonly socket: Duplex) {}

  call(body: CallBody): Promise<CallOutcome> {
    const id = ++this.seq;
    return new Promise((resolve) => {
      this.calls.set(id, resolve);
      const m: CallMessage = { t: 'call', id, body };
      this.socket.write(JSON.stringify(m) + '\n');
    });
  }

  answered(id: number, o: CallOutcome): void {
    this.calls.get(id)?.(o);
    this.calls.delete(id);
  }

  gone(why: string): void {
    for (const r of this.calls.values()) r({ ok: false, status: 410, error: why });
    this.calls.clear();
  }

  send(m: WelcomeMessage): void {
    this.socket.write(JSON.stringify(m) + '\n');
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * The sessions the control server knows (issue #19): each drop-in's registration, its journal as it
 * streams in, calls to it and their replies, and long-polls on its frames. The HTTP routes and the
 * in-process test kit (src/testkit/control.ts) both act through this one object.
 */
export class Registry {
  private readonly links = new Map<string, Link>();
  private next = 1;
  private waiters: Waiter[] = [];
  private registered: Array<(info: SessionInfo) => void> = [];

  /** `holdClock`: every drop-in starts with its virtual clock held (released by a clock call). */
  constructor(private readonly opts: { holdClock?: boolean | undefined } = {}) {}

  /** Takes an upgraded drop-in connection (`head`: bytes that came with the upgrade). */
  attach(socket: Duplex, head: Buffer): void {
    const link = new Link(socket);
    const reader = new LineReader();
    const onData = (chunk: Buffer) => {
      for (const ev of reader.push(chunk)) {
        if (ev.kind !== 'line') continue;
        let m: DropinMessage;
        try {
          m = JSON.parse(ev.text) as DropinMessage;
        } catch {
          socket.destroy(); // not a drop-in speaking the wire: the link ends
          return;
        }
        this.onMessage(link, m);
      }
    };
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
    socket.on('end', () => socket.end()); // node:http keeps upgraded sockets half-open: the drop-in's end is the link's end
    socket.on('close', () => this.onClose(link));
    if (head.length > 0) onData(head);
  }

  /** Every session, in registration order. */
  list(): SessionInfo[] {
    return [...this.links.values()].flatMap((l) => (l.info ? [{ ...l.info }] : []));
  }

  /** One session, or undefined. */
  get(id: string): SessionInfo | undefined {
    const info = this.links.get(id)?.info;
    return info ? { ...info } : undefined;
  }

  /** Resolves with the next drop-in that registers. */
  nextSession(): Promise<SessionInfo> {
    return new Promise((resolve) => this.registered.push(resolve));
  }

  /** The session's journal so far, in the --emu-journal format (one JSON line per entry). */
  journal(id: string): string | undefined {
    const l = this.links.get(id);
    return l ? l.journal.map((e) => JSON.stringify(e) + '\n').join('') : undefined;
  }

  /** Asks a running drop-in to act; 404 / 409 outcomes when it is unknown or exited. */
  call(id: string, body: CallBody): Promise<CallOutcome> {
    const l = this.links.get(id);
    if (!l?.info) return Promise.resolve({ ok: false, status: 404, error: `no session ${id}: GET /v1/sessions lists the registered ones` });
    if (l.info.state === 'exited') return Promise.resolve({ ok: false, status: 409, error: `session ${id} has exited (code ${String(l.info.exit_code)})` });
    return l.call(body);
  }

  /** Long-polls the journals for a frame matching `q`; undefined on timeout. */
  wait(q: WaitQuery): Promise<WaitMatch | undefined> {
    const from = new Map<string, number>();
    for (const [id, l] of this.links) from.set(id, q.afterSeq ?? l.lastSeq);
    for (const [id, l] of this.links) {
      if (q.session !== undefined && q.session !== id) continue;
      const hit = l.journal.find((e) => e.seq > from.get(id)! && matches(q, e));
      if (hit) return Promise.resolve({ session: id, entry: hit });
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(undefined), q.timeoutMs);
      const waiter: Waiter = { q, from, done: (m) => finish(m) };
      const finish = (m: WaitMatch | undefined) => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(m);
      };
      this.waiters.push(waiter);
    });
  }

  /** POST /v1/reset: forgets exited sessions, empties the journals, and lets every running drop-in go of what the server holds. */
  async reset(): Promise<{ forgotten: number }> {
    let forgotten = 0;
    const running: Array<Promise<CallOutcome>> = [];
    for (const [id, l] of this.links) {
      l.journal.length = 0;
      if (l.info?.state === 'exited') {
        this.links.delete(id);
        forgotten++;
      } else if (l.info) running.push(l.call({ op: 'reset' }));
    }
    await Promise.all(running);
    return { forgotten };
  }

  /** Closes every drop-in connection (the drop-ins then play their scenarios to the end). */
  close(): void {
    for (const l of this.links.values()) l.close();
    for (const w of this.waiters) w.done(undefined);
  }

  private onMessage(link: Link, m: DropinMessage): void {
    switch (m.t) {
      case 'hello': {
        if (link.info) return; // registered once per connection
        const id = `s${this.next++}`;
        link.info = { id, pid: m.pid, profile: m.profile, session_id: m.session_id, argv: m.argv, state: 'running' };
        this.links.set(id, link);
        link.send({ t: 'welcome', id, ...(this.opts.holdClock === true ? { hold: true } : {}) });
        for (const r of this.registered.splice(0)) r({ ...link.info });
        return;
      }
      case 'journal':
        return this.onEntry(link, m.entry as Entry);
      case 'reply': {
        const { t: _t, id, ...outcome } = m;
        return link.answered(id, outcome);
      }
      case 'exit':
        if (link.info) Object.assign(link.info, { state: 'exited', exit_code: m.code, signal: m.signal });
    }
  }

  private onEntry(link: Link, e: Entry): void {
    const info = link.info;
    if (!info) return;
    link.journal.push(e);
    link.lastSeq = e.seq;
    if (link.journal.length > MAX_JOURNAL_ENTRIES) link.journal.shift();
    // the drop-in's own end: `signal` (it was sent one, then exits 128+n), then `exit` with its code
    if (e.dir === 'meta' && e.event === 'signal' && typeof e['signal'] === 'string') info.signal = e['signal'];
    if (e.dir === 'meta' && e.event === 'exit') Object.assign(info, { state: 'exited', exit_code: typeof e['code'] === 'number' ? e['code'] : null, signal: info.signal ?? null });
    for (const w of [...this.waiters]) {
      if (w.q.session !== undefined && w.q.session !== info.id) continue;
      if (e.seq > (w.from.get(info.id) ?? 0) && matches(w.q, e)) w.done({ session: info.id, entry: e });
    }
  }

  private onClose(link: Link): void {
    const info = link.info;
    link.gone(`session ${info?.id ?? '?'} disconnected before it replied (it exited)`);
    // a drop-in that reported no exit died without one (SIGKILL, a crash): exited, code unknown
    if (info && info.state === 'running') Object.assign(info, { state: 'exited', exit_code: null, signal: null });
  }
}

function matches(q: WaitQuery, e: Entry): boolean {
  if (e.dir === 'meta' || (q.dir !== undefined && e.dir !== q.dir)) return false;
  const f = e.frame;
  if (typeof f !== 'object' || f === null) return false;
  const r = f as Record<string, unknown>;
  return (q.type === undefined || r['type'] === q.type) && (q.subtype === undefined || r['subtype'] === q.subtype);
}
