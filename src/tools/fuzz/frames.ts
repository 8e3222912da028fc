import { isRawFrame, num, obj, type RawFrame } from '../../protocol/raw-frame.js';
import { rowsOfType, snapshotRows, taskEvent, TaskStates } from '../../protocol/task-state.js';
import { isTerminalStatus, isWorkflowType } from '../../protocol/vocabulary.js';
import type { FuzzPlan } from './plan.js';
import { pick, unit } from './plan.js';

/** One frame on its way out: its exact bytes, the parsed object, and its input ordinal. */
interface Item {
  raw: string;
  /** The parsed frame (an input frame is parsed on first use). */
  readonly f: RawFrame | undefined;
  /** The parsed frame when it may be a task event (it has a `task_id` key), else undefined without parsing it. */
  readonly t: RawFrame | undefined;
  /** Ordinal of the input frame it came from (copies share it); seeds every choice about it. */
  k: number;
  /** A synthesised or copied frame: perturbations do not act on it again. */
  made?: boolean;
  /** An abort row sent early: from this frame on, later snapshots of the task keep these rows. */
  forces?: Map<number, RawFrame>;
}

/** What the perturbations themselves did to a task, across batches (what the task's frames say is in TaskStates). */
interface Doings {
  /** Rows of unknown type added to this task's snapshots (unknown-entry). */
  extraRows?: RawFrame[];
  /** Agent index -> the abort row sent early (late-progress); later snapshots keep it. */
  forced?: Map<number, RawFrame>;
  /** missing-notification: the terminal frames of this task are dropped. */
  suppressed?: boolean;
}

const sub = (f: RawFrame | undefined): string | undefined => taskEvent(f)?.subtype;
const tid = (f: RawFrame | undefined): string | undefined => taskEvent(f)?.id;
/** Whether the frame is a task_updated with a terminal status. */
const terminalUpdate = (f: RawFrame | undefined): boolean => sub(f) === 'task_updated' && isTerminalStatus(obj(f, 'patch')?.['status']);
const parse = (raw: string): RawFrame | undefined => {
  try {
    const v: unknown = JSON.parse(raw);
    return isRawFrame(v) ? v : undefined;
  } catch {
    return undefined;
  }
};
/** A result frame (one without the bytes `"result"` is not parsed to be told so). */
const isResult = (it: Item): boolean => it.raw.includes('"result"') && it.f?.['type'] === 'result';
const item = (f: RawFrame, k: number, made = false): Item => ({ raw: JSON.stringify(f), f, t: f, k, made });
/**
 * An input frame, parsed when a perturbation first looks into it. Most perturbations look at task events only, and
 * most bytes are in other frames (the ~13 KB initialize reply, assistant messages, results): a run parsed every frame
 * here besides the consumer's and the checker's parse (issue #21). Written by hand: a getter that keeps its value.
 */
const input = (raw: string, k: number): Item => {
  let f: RawFrame | undefined | null = null;
  const frame = () => (f === null ? (f = parse(raw)) : f);
  const task = raw.includes('"task_id"');
  return {
    raw,
    k,
    get f() {
      return frame();
    },
    get t() {
      return task ? frame() : undefined;
    },
  };
};
/** A v4-shaped uuid fixed by the parts (copies get fresh, reproducible uuids). */
const uuid = (...parts: Array<string | number>) => {
  const hex = Array.from({ length: 32 }, (_, i) => pick(0, 15, ...parts, 'u', i).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Perturbs the emulator's output frame stream (issue #8). Frames are held (`push`) until the emulator
 * goes quiet (`flush`), so one batch is what the emulator produced without waiting for anyone; every
 * perturbation acts inside a batch and never holds a frame past `flush`, so a consumer waiting for a
 * frame cannot deadlock. Untouched frames keep their exact bytes. Every choice is a hash of the plan
 * seed and the frame's input ordinal, so the same input gives the same output however it is batched.
 */
export class FrameTransformer {
  private held: Item[] = [];
  private k = 0;
  /** Tasks as the emulator wrote them (input side: task types are known before a task's frames are reordered). */
  private readonly input = new TaskStates();
  /** Tasks as the frames already sent out show them. */
  private readonly sent = new TaskStates();
  private readonly doings = new Map<string, Doings>();
  private readonly used = new Map<string, number>();
  /** Perturbation id -> how many times it acted (for reports). */
  readonly applied = new Map<string, number>();

  constructor(private readonly plan: FuzzPlan) {}

  /** Takes one serialised frame (no newline). */
  push(raw: string): void {
    this.held.push(input(raw, this.k++));
  }

  /** How many frames are held. */
  get pending(): number {
    return this.held.length;
  }

  /** Perturbs and returns everything held (serialised frames, in output order). */
  flush(): string[] {
    if (this.held.length === 0) return [];
    let b = this.held;
    this.held = [];
    for (const it of b) if (it.t) this.input.apply(it.t, it.k);
    b = this.coalesce(b);
    b = this.terminalOnly(b);
    b = this.missingNotification(b);
    b = this.lateProgress(b);
    b = this.dupSnapshot(b);
    b = this.dupNotification(b);
    b = this.notifyAfterResult(b);
    b = this.interleave(b);
    b = this.delayAck(b);
    b = this.terminalBeforeStart(b);
    b = this.finalPass(b);
    return b.map((it) => it.raw);
  }

  /** The wire task_type of a task, from its task_started as the emulator wrote it. */
  private typeOf(id: string): string | undefined {
    return this.input.get(id)?.type;
  }

  private task(id: string): Doings {
    let t = this.doings.get(id);
    if (!t) this.doings.set(id, (t = {}));
    return t;
  }

  /** Whether `may` would let `id` act on frame `k`, without counting it (to look into a frame only when it would). */
  private chance(id: string, k: number, p: number): boolean {
    const budget = this.plan.p[id];
    return budget !== undefined && (this.used.get(id) ?? 0) < budget && unit(this.plan.seed, id, k) < p;
  }

  /** Whether `id` may act on the frame with ordinal `k` (coin flip within the remaining budget). */
  private may(id: string, k: number, p = 0.5): boolean {
    if (!this.chance(id, k, p)) return false;
    const used = this.used.get(id) ?? 0;
    this.used.set(id, used + 1);
    this.applied.set(id, (this.applied.get(id) ?? 0) + 1);
    return true;
  }

  private coalesce(b: Item[]): Item[] {
    if (!this.plan.p['coalesce']) return b;
    return b.filter((it, i) => {
      const id = sub(it.t) === 'task_progress' ? tid(it.t) : undefined;
      if (!id || it.made || this.sent.get(id)?.notified !== undefined) return true;
      const snap = snapshotRows(it.f) !== undefined;
      for (let j = i + 1; j < b.length; j++) {
        const g = b[j]?.t;
        if (tid(g) !== id) continue;
        if (sub(g) !== 'task_progress') return true; // a terminal event first: keep
        if ((snapshotRows(g) !== undefined) !== snap) return true;
        return !this.may('coalesce', it.k);
      }
      return true;
    });
  }

  private terminalOnly(b: Item[]): Item[] {
    if (!this.plan.p['terminal-only']) return b;
    const ended = new Set<string>();
    return b.filter((it) => {
      const id = tid(it.t);
      if (!id) return true;
      const type = this.typeOf(id);
      if (terminalUpdate(it.t)) ended.add(id);
      if (sub(it.t) !== 'task_notification' || type === undefined || isWorkflowType(type)) return true;
      return !((ended.has(id) || this.sent.get(id)?.terminal !== undefined) && this.may('terminal-only', it.k));
    });
  }

  private missingNotification(b: Item[]): Item[] {
    if (!this.plan.p['missing-notification']) return b;
    return b.filter((it) => {
      const id = tid(it.t);
      if (!id) return true;
      const t = this.task(id);
      const ends = terminalUpdate(it.t);
      if (ends && !t.suppressed && this.sent.get(id)?.notified === undefined && this.may('missing-notification', it.k, 1)) t.suppressed = true;
      return !(t.suppressed && (sub(it.t) === 'task_notification' || ends));
    });
  }

  /** The last snapshot of `id` before index `i` of the batch (or from earlier batches). */
  private snapBefore(b: Item[], i: number, id: string): RawFrame | undefined {
    for (let j = i - 1; j >= 0; j--) {
      const f = b[j]?.t;
      if (tid(f) === id && sub(f) === 'task_progress' && snapshotRows(f) !== undefined) return f;
    }
    return this.sent.get(id)?.snapshot;
  }

  private lateProgress(b: Item[]): Item[] {
    if (!this.plan.p['late-progress']) return b;
    const out = [...b];
    for (let i = 0; i < out.length; i++) {
      const n = out[i] as Item;
      const id = tid(n.t);
      if (!id || n.made || sub(n.t) !== 'task_notification' || n.f?.['status'] !== 'stopped' || !this.may('late-progress', n.k)) continue;
      const late = out.filter((it, j) => j > i && tid(it.t) === id && sub(it.t) === 'task_progress');
      if (late.length > 0) {
        // the emulator's own late rows: send each later still (order kept), up to the end of the batch
        for (const it of late) out.splice(out.indexOf(it), 1);
        let at = i + 1;
        for (const it of late) {
          at = pick(Math.max(at, out.indexOf(n) + 1), out.length, this.plan.seed, 'late-at', it.k);
          out.splice(at, 0, it);
          at++;
        }
        continue;
      }
      const snap = this.snapBefore(out, i, id);
      if (!snap) continue;
      const end = this.sent.get(id)?.terminal?.endTime ?? this.endTimeIn(out, i, id);
      out.splice(pick(i + 1, out.length, this.plan.seed, 'late-at', n.k), 0, this.lateCopy(snap, n.k, end));
    }
    return out;
  }

  /** A copy of the last snapshot sent after a stopped notification, with the abort row cbc sends for each in-flight agent (seed 000 §4.3.4). */
  private lateCopy(snap: RawFrame, k: number, end: number | undefined): Item {
    const copy: Record<string, unknown> = { ...snap, uuid: uuid(this.plan.seed, 'late', k) };
    const inflight = rowsOfType(snap, 'workflow_agent').filter((r) => r['state'] === 'start');
    if (inflight.length === 0 || end === undefined) return item(copy, k, true);
    // endedAt inside the grace window
    const forces = new Map<number, RawFrame>();
    copy['workflow_progress'] = (snapshotRows(snap) ?? []).map((r) => {
      if (!inflight.includes(r as (typeof inflight)[number])) return r;
      const a = r as (typeof inflight)[number];
      const row = { ...a, state: 'error', endedAt: end + pick(0, 4000, this.plan.seed, 'ended', k, a.index), error: 'subagent aborted: user cancel' };
      forces.set(a.index, row);
      return row;
    });
    return { ...item(copy, k, true), forces };
  }

  private endTimeIn(b: Item[], i: number, id: string): number | undefined {
    for (let j = i - 1; j >= 0; j--) {
      const f = b[j]?.t;
      const end = num(obj(f, 'patch'), 'end_time');
      if (tid(f) === id && sub(f) === 'task_updated' && end !== undefined) return end;
    }
    return undefined;
  }

  private dupSnapshot(b: Item[]): Item[] {
    if (!this.plan.p['dup-snapshot']) return b;
    return b.flatMap((it) => (sub(it.t) === 'task_progress' && !it.made && this.may('dup-snapshot', it.k) ? [it, { ...it, made: true }] : [it]));
  }

  private dupNotification(b: Item[]): Item[] {
    if (!this.plan.p['dup-notification']) return b;
    return b.flatMap((it) => (sub(it.t) === 'task_notification' && !it.made && this.may('dup-notification', it.k, 1) ? [it, { ...it, made: true }] : [it]));
  }

  private notifyAfterResult(b: Item[]): Item[] {
    if (!this.plan.p['notify-after-result']) return b;
    const out = [...b];
    for (let i = 0; i < out.length; i++) {
      const u = out[i] as Item;
      const id = tid(u.t);
      const type = id !== undefined ? this.typeOf(id) : undefined;
      if (!id || !terminalUpdate(u.t) || type === undefined || isWorkflowType(type)) continue;
      const r = out.findIndex((it, j) => j > i && isResult(it));
      if (r < 0) continue;
      const between = out.slice(i + 1, r).filter((it) => tid(it.t) === id);
      if (between.some((it) => sub(it.t) !== 'task_notification') || between.length > 1) continue;
      if (!this.may('notify-after-result', u.k)) continue;
      const moved = [u, ...between];
      for (const m of moved) out.splice(out.indexOf(m), 1);
      const at = out.findIndex((it) => it === out.find((x, j) => j >= i && isResult(x)));
      out.splice(at + 1, 0, ...moved);
    }
    return out;
  }

  private interleave(b: Item[]): Item[] {
    if (!this.plan.p['interleave']) return b;
    const out = [...b];
    for (let i = 0; i + 1 < out.length; i++) {
      const a = tid(out[i]?.t);
      const c = tid(out[i + 1]?.t);
      if (a && c && a !== c && this.may('interleave', (out[i] as Item).k)) {
        [out[i], out[i + 1]] = [out[i + 1] as Item, out[i] as Item];
        i++;
      }
    }
    return out;
  }

  private delayAck(b: Item[]): Item[] {
    if (!this.plan.p['delay-ack']) return b;
    const out = [...b];
    const killed = (it: Item | undefined) => it?.t?.['subtype'] === 'task_updated' && obj(it.t, 'patch')?.['status'] === 'killed';
    for (let i = out.length - 1; i >= 0; i--) {
      const it = out[i] as Item;
      // (a frame without those bytes is no control_response: not parsed to be told so)
      if (!it.raw.includes('"control_response"') || it.f?.['type'] !== 'control_response' || !this.may('delay-ack', it.k)) continue;
      let to = i;
      const want = pick(1, 4, this.plan.seed, 'ack', it.k);
      // never past a killed task_updated: the interrupt's ACK precedes it (seed 000 §4.3.1-§4.3.2)
      while (to + 1 < out.length && to - i < want && !killed(out[to + 1])) to++;
      out.splice(i, 1);
      out.splice(to, 0, it);
    }
    return out;
  }

  private terminalBeforeStart(b: Item[]): Item[] {
    if (!this.plan.p['terminal-before-start']) return b;
    return b.flatMap((it) => {
      if (sub(it.t) !== 'task_started' || !this.may('terminal-before-start', it.k, 1)) return [it];
      const early = { type: 'system', subtype: 'task_updated', task_id: it.f?.['task_id'], patch: { status: 'completed', end_time: 0 }, session_id: it.f?.['session_id'] };
      return [item(early, it.k, true), it];
    });
  }

  /** Unknown entries and fields, kept abort rows, and the cross-batch state of what went out. */
  private finalPass(b: Item[]): Item[] {
    return b.map((it) => {
      const id = tid(it.t);
      if (id !== undefined) it = this.keepRows(it, this.task(id));
      if (!it.made && this.chance('unknown-field', it.k, 0.3) && it.f && this.may('unknown-field', it.k, 0.3)) it = this.unknownField(it, it.f);
      if (it.t) this.sent.apply(it.t, it.k);
      return it;
    });
  }

  /** Later snapshots of a task keep its early abort rows and its unknown entries. */
  private keepRows(it: Item, t: Doings): Item {
    if (it.forces) t.forced = new Map([...(t.forced ?? []), ...it.forces]);
    const f = it.f;
    const sent = snapshotRows(f);
    if (!f || sub(f) !== 'task_progress' || sent === undefined) return it;
    const forced = t.forced;
    let rows = sent;
    if (forced) {
      rows = rows.map((r) => {
        const index = isRawFrame(r) ? r['index'] : undefined;
        return isRawFrame(r) && r['type'] === 'workflow_agent' && r['state'] === 'start' && typeof index === 'number' && forced.has(index) ? forced.get(index) : r;
      });
    }
    if (!t.extraRows && !it.made && this.may('unknown-entry', it.k)) t.extraRows = [{ type: 'workflow_fuzz_note', index: 1, note: 'ignore me: ünknown entry 漢字 🙂' }];
    const extra = t.extraRows?.filter((x) => !rows.some((r) => isRawFrame(r) && r['type'] === x['type'] && r['index'] === x['index'])) ?? [];
    if (extra.length > 0) rows = [...rows, ...extra];
    if (rows === sent || JSON.stringify(rows) === JSON.stringify(sent)) return it;
    const g = { ...f, workflow_progress: rows };
    return { ...it, f: g, t: g, raw: JSON.stringify(g) };
  }

  /** The frame with one unknown key inserted at a chosen position (seed 000 §7: consumers ignore unknown fields). */
  private unknownField(it: Item, f: RawFrame): Item {
    const keys = Object.keys(f);
    const at = pick(0, keys.length, this.plan.seed, 'field-at', it.k);
    const g: Record<string, unknown> = {};
    keys.forEach((key, j) => {
      if (j === at) g[`fuzz_${it.k}`] = { note: 'ünknown field 漢字 🙂', n: [it.k] };
      g[key] = f[key];
    });
    if (at === keys.length) g[`fuzz_${it.k}`] = { note: 'ünknown field 漢字 🙂', n: [it.k] };
    return { ...it, f: g, t: g, raw: JSON.stringify(g) };
  }
}
