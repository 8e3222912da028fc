/**
 * The one fold of frames into per-task state (seed 000 §5-§6): task_started, task_progress snapshots,
 * task_updated, task_notification -> what each task is, where its status stands, which agents and
 * phases its workflow_progress snapshots showed. The checker, the fuzzer, the report and the cassette
 * import all read frames back through it, each with its own position unit (`at`: a line, a record
 * index, a frame ordinal, a time). Statuses and kinds come from ./vocabulary.ts.
 */
import { isRawFrame, num, obj, str, type RawFrame } from './raw-frame.js';
import { isTerminalAgentState, isTerminalStatus, taskKindOf, TASK_SUBTYPES, type TaskKind, type TaskSubtype } from './vocabulary.js';

/** A workflow_progress row with a numeric index (the rows the protocol knows are keyed by it, seed 000 §5.2). */
export type IndexedRow = RawFrame & { readonly index: number };

/** The task event a frame is, or undefined for any other frame (unknown task_* subtypes included, seed 000 §8). */
export function taskEvent(f: RawFrame | undefined): { id: string; subtype: TaskSubtype } | undefined {
  const id = str(f, 'task_id');
  const subtype = str(f, 'subtype');
  if (f?.['type'] !== 'system' || id === undefined || !(TASK_SUBTYPES as readonly unknown[]).includes(subtype)) return undefined;
  return { id, subtype: subtype as TaskSubtype };
}

/** The rows of a task_progress snapshot, or undefined when the frame carries none (a throttled tick). */
export function snapshotRows(f: RawFrame | undefined): unknown[] | undefined {
  const rows = f?.['workflow_progress'];
  return Array.isArray(rows) ? rows : undefined;
}

/** The rows of one known type (`workflow_agent`, `workflow_phase`) of a snapshot; other row types are tolerated (seed 000 §8). */
export function rowsOfType(f: RawFrame | undefined, type: 'workflow_agent' | 'workflow_phase'): IndexedRow[] {
  return (snapshotRows(f) ?? []).filter((r): r is IndexedRow => isRawFrame(r) && r['type'] === type && typeof r['index'] === 'number');
}

/** One workflow agent as the snapshots showed it. */
export interface AgentState {
  index: number;
  /** State of the last row seen (a terminal state may be contradicted later: the checker reports that). */
  state: string | undefined;
  /** The first terminal row (seed 000 §5.2: a terminal state is final) and where it came. */
  terminal?: { state: string; at: number; row: IndexedRow };
  /** Served from cache (cbc `cached` state, Claude `cached: true`). */
  cached: boolean;
  /** First numeric `startedAt` of its rows. */
  startedAt?: number;
  firstAt: number;
  lastAt: number;
  /** Its last row. */
  row: IndexedRow;
}

/** One task as its frames showed it. */
export interface TaskState {
  id: string;
  /** Position of the task's first frame. */
  firstAt: number;
  /** Its (first) task_started frame and where it came. */
  started?: { frame: RawFrame; at: number };
  /** The wire `task_type` of its task_started, and the task kind it names (undefined: a type this project does not know). */
  type?: string;
  kind?: TaskKind;
  /** First `description` its frames gave (task_started, else a task_progress). */
  description?: string;
  /** Last `patch.status` of its task_updated frames. */
  status?: string;
  /** Its first terminal task_updated (a terminal status is final, seed 000 §5.3). */
  terminal?: { status: string; at: number; endTime?: number; frame: RawFrame };
  /** Its first task_notification. */
  notified?: { status?: string; at: number; frame: RawFrame };
  /** Its last task_progress that carried a workflow_progress snapshot. */
  snapshot?: RawFrame;
  /** Agent index -> agent, phase index -> title, from the snapshots (emptied by `forgetFinishedRows`). */
  agents: Map<number, AgentState>;
  phases: Map<number, string | undefined>;
}

/** How a reader wants the fold done. */
export interface TaskStatesOptions {
  /** A task exists from its task_started: earlier frames of it are not applied (the checker reports them). Default: from its first frame. */
  startedOnly?: boolean;
  /**
   * Drops the rows of a task that completed or failed and was notified, and ignores its later rows: no
   * legal row can follow (only a stopped task has late rows, seed 000 §6), so a long stream keeps a few
   * fields per task, not per frame (the checker's constant memory, issue #6).
   */
  forgetFinishedRows?: boolean;
}

/** The per-task state of a frame stream, fed one frame at a time. */
export class TaskStates {
  private readonly map = new Map<string, TaskState>();
  private readonly sealed = new Set<string>();

  constructor(private readonly opts: TaskStatesOptions = {}) {}

  /** Every task so far, in order of first appearance. */
  get all(): ReadonlyMap<string, TaskState> {
    return this.map;
  }

  /** The state of a task, if it exists. */
  get(id: string): TaskState | undefined {
    return this.map.get(id);
  }

  /** Folds one frame in (any frame: those outside the task family are ignored); returns its task's state. */
  apply(f: RawFrame, at: number): TaskState | undefined {
    const ev = taskEvent(f);
    if (!ev) return undefined;
    let t = this.map.get(ev.id);
    if (!t) {
      if (this.opts.startedOnly && ev.subtype !== 'task_started') return undefined;
      t = { id: ev.id, firstAt: at, agents: new Map(), phases: new Map() };
      this.map.set(ev.id, t);
    }
    if (ev.subtype === 'task_started') this.started(t, f, at);
    else if (ev.subtype === 'task_progress') this.progress(t, f, at);
    else if (ev.subtype === 'task_updated') this.updated(t, f, at);
    else t.notified ??= { status: str(f, 'status'), at, frame: f };
    if (this.opts.forgetFinishedRows) this.forget(t);
    return t;
  }

  private started(t: TaskState, f: RawFrame, at: number): void {
    if (t.started) return;
    t.started = { frame: f, at };
    t.type = str(f, 'task_type');
    t.kind = taskKindOf(t.type);
    t.description ??= str(f, 'description');
  }

  private progress(t: TaskState, f: RawFrame, at: number): void {
    t.description ??= str(f, 'description');
    if (this.sealed.has(t.id) || snapshotRows(f) === undefined) return;
    t.snapshot = f;
    for (const p of rowsOfType(f, 'workflow_phase')) t.phases.set(p.index, str(p, 'title'));
    for (const r of rowsOfType(f, 'workflow_agent')) {
      const state = str(r, 'state');
      let a = t.agents.get(r.index);
      if (!a) t.agents.set(r.index, (a = { index: r.index, state, cached: false, firstAt: at, lastAt: at, row: r }));
      a.state = state;
      a.row = r;
      a.lastAt = at;
      a.startedAt ??= num(r, 'startedAt');
      if (state === 'cached' || r['cached'] === true) a.cached = true;
      if (state !== undefined && isTerminalAgentState(state)) a.terminal ??= { state, at, row: r };
    }
  }

  private updated(t: TaskState, f: RawFrame, at: number): void {
    const patch = obj(f, 'patch');
    const status = str(patch, 'status');
    if (status === undefined) return;
    t.status = status;
    if (isTerminalStatus(status)) t.terminal ??= { status, at, endTime: num(patch, 'end_time'), frame: f };
  }

  private forget(t: TaskState): void {
    if (!t.terminal || !t.notified || t.notified.status === 'stopped' || this.sealed.has(t.id)) return;
    this.sealed.add(t.id);
    t.agents = new Map();
    t.phases = new Map();
    delete t.snapshot;
  }
}
