import type { FuzzPlan } from './plan.js';
import { pick, unit } from './plan.js';

type Frame = Record<string, any>;
/** One frame on its way out: its exact bytes, the parsed object, and its input ordinal. */
interface Item {
  raw: string;
  f: Frame | undefined;
  /** Ordinal of the input frame it came from (copies share it); seeds every choice about it. */
  k: number;
  /** A synthesised or copied frame: perturbations do not act on it again. */
  made?: boolean;
  /** An abort row sent early: from this frame on, later snapshots of the task keep these rows. */
  forces?: Map<number, Frame>;
}

/** What the transformer knows about a task, across batches. */
interface TaskInfo {
  type?: string;
  terminalUpdate?: boolean;
  notified?: string;
  endTime?: number;
  /** Last task_progress with a workflow_progress array sent out. */
  lastSnap?: Frame;
  /** Rows of unknown type added to this task's snapshots (unknown-entry). */
  extraRows?: Frame[];
  /** Agent index -> the abort row sent early (late-progress); later snapshots keep it. */
  forced?: Map<number, Frame>;
  /** missing-notification: the terminal frames of this task are dropped. */
  suppressed?: boolean;
}

const TERMINAL = new Set(['completed', 'failed', 'killed', 'stopped']);
const sub = (f: Frame | undefined): string | undefined =>
  f && f['type'] === 'system' && typeof f['task_id'] === 'string' && typeof f['subtype'] === 'string' && f['subtype'].startsWith('task_') ? f['subtype'] : undefined;
const tid = (f: Frame | undefined): string | undefined => (sub(f) ? (f?.['task_id'] as string) : undefined);
const isWorkflow = (type: string | undefined) => type === 'local_workflow' || type === 'workflow' || type === 'Workflow';
const parse = (raw: string): Frame | undefined => {
  try {
    const v = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
};
const item = (f: Frame, k: number, made = false): Item => ({ raw: JSON.stringify(f), f, k, made });
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
  private readonly tasks = new Map<string, TaskInfo>();
  private readonly used = new Map<string, number>();
  /** Perturbation id -> how many times it acted (for reports). */
  readonly applied = new Map<string, number>();

  constructor(private readonly plan: FuzzPlan) {}

  /** Takes one serialised frame (no newline). */
  push(raw: string): void {
    this.held.push({ raw, f: parse(raw), k: this.k++ });
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
    for (const it of b) this.learn(it.f);
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

  /** Input-side facts (task types) needed before a task's frames are reordered. */
  private learn(f: Frame | undefined): void {
    const id = tid(f);
    if (!id || !f) return;
    const t = this.task(id);
    if (f['subtype'] === 'task_started' && typeof f['task_type'] === 'string') t.type = f['task_type'];
  }

  private task(id: string): TaskInfo {
    let t = this.tasks.get(id);
    if (!t) this.tasks.set(id, (t = {}));
    return t;
  }

  /** Whether `id` may act on the frame with ordinal `k` (coin flip within the remaining budget). */
  private may(id: string, k: number, p = 0.5): boolean {
    const budget = this.plan.p[id];
    if (budget === undefined) return false;
    const used = this.used.get(id) ?? 0;
    if (used >= budget || unit(this.plan.seed, id, k) >= p) return false;
    this.used.set(id, used + 1);
    this.applied.set(id, (this.applied.get(id) ?? 0) + 1);
    return true;
  }

  private coalesce(b: Item[]): Item[] {
    if (!this.plan.p['coalesce']) return b;
    return b.filter((it, i) => {
      const id = it.f?.['subtype'] === 'task_progress' ? tid(it.f) : undefined;
      if (!id || it.made || this.tasks.get(id)?.notified !== undefined) return true;
      const snap = Array.isArray(it.f?.['workflow_progress']);
      for (let j = i + 1; j < b.length; j++) {
        const g = b[j]?.f;
        if (tid(g) !== id) continue;
        if (g?.['subtype'] !== 'task_progress') return true; // a terminal event first: keep
        if (Array.isArray(g['workflow_progress']) !== snap) return true;
        return !this.may('coalesce', it.k);
      }
      return true;
    });
  }

  private terminalOnly(b: Item[]): Item[] {
    if (!this.plan.p['terminal-only']) return b;
    const ended = new Set<string>();
    return b.filter((it) => {
      const id = tid(it.f);
      if (!id) return true;
      const t = this.task(id);
      if (it.f?.['subtype'] === 'task_updated' && TERMINAL.has(it.f['patch']?.['status'])) ended.add(id);
      if (it.f?.['subtype'] !== 'task_notification' || t.type === undefined || isWorkflow(t.type)) return true;
      return !((ended.has(id) || t.terminalUpdate) && this.may('terminal-only', it.k));
    });
  }

  private missingNotification(b: Item[]): Item[] {
    if (!this.plan.p['missing-notification']) return b;
    return b.filter((it) => {
      const id = tid(it.f);
      if (!id) return true;
      const t = this.task(id);
      const s = it.f?.['subtype'];
      if (s === 'task_updated' && TERMINAL.has(it.f?.['patch']?.['status']) && !t.suppressed && t.notified === undefined && this.may('missing-notification', it.k, 1)) t.suppressed = true;
      return !(t.suppressed && (s === 'task_notification' || (s === 'task_updated' && TERMINAL.has(it.f?.['patch']?.['status']))));
    });
  }

  /** The last snapshot of `id` before index `i` of the batch (or from earlier batches). */
  private snapBefore(b: Item[], i: number, id: string): Frame | undefined {
    for (let j = i - 1; j >= 0; j--) {
      const f = b[j]?.f;
      if (tid(f) === id && f?.['subtype'] === 'task_progress' && Array.isArray(f['workflow_progress'])) return f;
    }
    return this.tasks.get(id)?.lastSnap;
  }

  private lateProgress(b: Item[]): Item[] {
    if (!this.plan.p['late-progress']) return b;
    const out = [...b];
    for (let i = 0; i < out.length; i++) {
      const n = out[i] as Item;
      const id = tid(n.f);
      if (!id || n.made || n.f?.['subtype'] !== 'task_notification' || n.f['status'] !== 'stopped' || !this.may('late-progress', n.k)) continue;
      const late = out.map((it, j) => ({ it, j })).filter(({ it, j }) => j > i && tid(it.f) === id && it.f?.['subtype'] === 'task_progress');
      if (late.length > 0) {
        // the emulator's own late rows: send each later still (order kept), up to the end of the batch
        for (const { it } of late) out.splice(out.indexOf(it), 1);
        let at = i + 1;
        for (const { it } of late) {
          at = pick(Math.max(at, out.indexOf(n) + 1), out.length, this.plan.seed, 'late-at', it.k);
          out.splice(at, 0, it);
          at++;
        }
        continue;
      }
      const snap = this.snapBefore(out, i, id);
      if (!snap) continue;
      const t = this.task(id);
      const end = typeof t.endTime === 'number' ? t.endTime : this.endTimeIn(out, i, id);
      const inflight = (snap['workflow_progress'] as Frame[]).filter((r) => r && r['type'] === 'workflow_agent' && r['state'] === 'start');
      const copy: Frame = { ...snap, uuid: uuid(this.plan.seed, 'late', n.k) };
      const early = item(copy, n.k, true);
      if (inflight.length > 0 && end !== undefined) {
        // the abort row cbc sends for each in-flight agent (§4.3.4), endedAt inside the grace window
        const forces = new Map<number, Frame>();
        copy['workflow_progress'] = (snap['workflow_progress'] as Frame[]).map((r) => {
          if (!inflight.includes(r)) return r;
          const row = { ...r, state: 'error', endedAt: end + pick(0, 4000, this.plan.seed, 'ended', n.k, r['index']), error: 'subagent aborted: user cancel' };
          forces.set(r['index'], row);
          return row;
        });
        Object.assign(early, { raw: JSON.stringify(copy), forces });
      }
      out.splice(pick(i + 1, out.length, this.plan.seed, 'late-at', n.k), 0, early);
    }
    return out;
  }

  private endTimeIn(b: Item[], i: number, id: string): number | undefined {
    for (let j = i - 1; j >= 0; j--) {
      const f = b[j]?.f;
      if (tid(f) === id && f?.['subtype'] === 'task_updated' && typeof f['patch']?.['end_time'] === 'number') return f['patch']['end_time'];
    }
    return undefined;
  }

  private dupSnapshot(b: Item[]): Item[] {
    if (!this.plan.p['dup-snapshot']) return b;
    return b.flatMap((it) => (it.f?.['subtype'] === 'task_progress' && tid(it.f) && !it.made && this.may('dup-snapshot', it.k) ? [it, { ...it, made: true }] : [it]));
  }

  private dupNotification(b: Item[]): Item[] {
    if (!this.plan.p['dup-notification']) return b;
    return b.flatMap((it) => (it.f?.['subtype'] === 'task_notification' && tid(it.f) && !it.made && this.may('dup-notification', it.k, 1) ? [it, { ...it, made: true }] : [it]));
  }

  private notifyAfterResult(b: Item[]): Item[] {
    if (!this.plan.p['notify-after-result']) return b;
    const out = [...b];
    for (let i = 0; i < out.length; i++) {
      const u = out[i] as Item;
      const id = tid(u.f);
      if (!id || u.f?.['subtype'] !== 'task_updated' || !TERMINAL.has(u.f['patch']?.['status']) || isWorkflow(this.task(id).type) || this.task(id).type === undefined) continue;
      const r = out.findIndex((it, j) => j > i && it.f?.['type'] === 'result');
      if (r < 0) continue;
      const between = out.slice(i + 1, r).filter((it) => tid(it.f) === id);
      if (between.some((it) => it.f?.['subtype'] !== 'task_notification') || between.length > 1) continue;
      if (!this.may('notify-after-result', u.k)) continue;
      const moved = [u, ...between];
      for (const m of moved) out.splice(out.indexOf(m), 1);
      const at = out.findIndex((it) => it === out.find((x, j) => j >= i && x.f?.['type'] === 'result'));
      out.splice(at + 1, 0, ...moved);
    }
    return out;
  }

  private interleave(b: Item[]): Item[] {
    if (!this.plan.p['interleave']) return b;
    const out = [...b];
    for (let i = 0; i + 1 < out.length; i++) {
      const a = tid(out[i]?.f);
      const c = tid(out[i + 1]?.f);
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
    for (let i = out.length - 1; i >= 0; i--) {
      const it = out[i] as Item;
      if (it.f?.['type'] !== 'control_response' || !this.may('delay-ack', it.k)) continue;
      let to = i;
      const want = pick(1, 4, this.plan.seed, 'ack', it.k);
      // never past a killed task_updated: the interrupt's ACK precedes it (seed 000 §4.3.1-§4.3.2)
      while (to + 1 < out.length && to - i < want && !(out[to + 1]?.f?.['subtype'] === 'task_updated' && out[to + 1]?.f?.['patch']?.['status'] === 'killed')) to++;
      out.splice(i, 1);
      out.splice(to, 0, it);
    }
    return out;
  }

  private terminalBeforeStart(b: Item[]): Item[] {
    if (!this.plan.p['terminal-before-start']) return b;
    return b.flatMap((it) => {
      if (it.f?.['subtype'] !== 'task_started' || !tid(it.f) || !this.may('terminal-before-start', it.k, 1)) return [it];
      const early = { type: 'system', subtype: 'task_updated', task_id: it.f['task_id'], patch: { status: 'completed', end_time: 0 }, session_id: it.f['session_id'] };
      return [item(early, it.k, true), it];
    });
  }

  /** Unknown entries and fields, kept abort rows, and the cross-batch state of what went out. */
  private finalPass(b: Item[]): Item[] {
    return b.map((it) => {
      let f = it.f;
      const id = tid(f);
      const t = id ? this.task(id) : undefined;
      if (t && it.forces) t.forced = new Map([...(t.forced ?? []), ...it.forces]);
      if (f && t && f['subtype'] === 'task_progress' && Array.isArray(f['workflow_progress'])) {
        let rows = f['workflow_progress'] as Frame[];
        if (t.forced) rows = rows.map((r) => (r && r['type'] === 'workflow_agent' && r['state'] === 'start' && t.forced?.has(r['index']) ? (t.forced.get(r['index']) as Frame) : r));
        if (!t.extraRows && !it.made && this.may('unknown-entry', it.k)) t.extraRows = [{ type: 'workflow_fuzz_note', index: 1, note: 'ignore me: ünknown entry 漢字 🙂' }];
        if (t.extraRows) rows = [...rows, ...t.extraRows.filter((x) => !rows.some((r) => r?.['type'] === x['type'] && r?.['index'] === x['index']))];
        if (rows !== f['workflow_progress'] && JSON.stringify(rows) !== JSON.stringify(f['workflow_progress'])) {
          f = { ...f, workflow_progress: rows };
          it = { ...it, f, raw: JSON.stringify(f) };
        }
      }
      if (f && !it.made && this.may('unknown-field', it.k, 0.3)) {
        const keys = Object.keys(f);
        const at = pick(0, keys.length, this.plan.seed, 'field-at', it.k);
        const g: Frame = {};
        keys.forEach((key, j) => {
          if (j === at) g[`fuzz_${it.k}`] = { note: 'ünknown field 漢字 🙂', n: [it.k] };
          g[key] = f?.[key];
        });
        if (at === keys.length) g[`fuzz_${it.k}`] = { note: 'ünknown field 漢字 🙂', n: [it.k] };
        f = g;
        it = { ...it, f, raw: JSON.stringify(f) };
      }
      if (f && t) {
        const s = f['subtype'];
        if (s === 'task_updated' && TERMINAL.has(f['patch']?.['status'])) {
          t.terminalUpdate = true;
          if (typeof f['patch']?.['end_time'] === 'number') t.endTime = f['patch']['end_time'];
        }
        if (s === 'task_notification') t.notified = String(f['status']);
        if (s === 'task_progress' && Array.isArray(f['workflow_progress'])) t.lastSnap = f;
      }
      return it;
    });
  }
}
