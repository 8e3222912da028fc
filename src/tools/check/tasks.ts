import { TERMINAL_AGENT, TERMINAL_TASK, taskSubtype, type Frame, type TaskView } from './types.js';

/**
 * Per-task state shared by the task rules, updated after the rules saw each frame. Only per-task state
 * is kept (never the transcript), so memory grows with the number of tasks, not of frames.
 */
const NO_AGENTS: ReadonlyMap<number, string> = new Map();
const NO_INDEXES: ReadonlySet<number> = new Set();
const NO_KEYS: ReadonlySet<string> = new Set();

export class TaskTracker {
  readonly tasks = new Map<string, TaskView>();

  /** State of the frame's task before the frame, if the frame belongs to a task. */
  view(f: Frame): TaskView | undefined {
    return taskSubtype(f) ? this.tasks.get(f['task_id']) : undefined;
  }

  /** Applies one outbound frame. */
  apply(f: Frame, line: number): void {
    const sub = taskSubtype(f);
    if (!sub) return;
    const id = f['task_id'] as string;
    const t = this.tasks.get(id);
    if (sub === 'task_started') {
      if (!t) this.tasks.set(id, { startedLine: line, agents: new Map(), terminalSeen: new Set(), cached: new Set(), rowKeys: new Set() });
      return;
    }
    if (!t) return; // reported by task.started.first
    if (sub === 'task_progress') {
      if (t.agents === NO_AGENTS) return; // finished task: task.progress.after-terminal reports it
      const rows = f['workflow_progress'];
      if (!Array.isArray(rows)) return;
      for (const r of rows) {
        if (!r || typeof r !== 'object') continue;
        // only known row types: an unknown entry type may come and go (seed 000 §8 tolerance)
        if ((r['type'] === 'workflow_phase' || r['type'] === 'workflow_agent') && typeof r['index'] === 'number') t.rowKeys.add(`${r['type']}:${r['index']}`);
        if (r['type'] !== 'workflow_agent' || typeof r['index'] !== 'number') continue;
        t.agents.set(r['index'], r['state']);
        if (TERMINAL_AGENT.has(r['state'])) t.terminalSeen.add(r['index']);
        if (r['state'] === 'cached' || r['cached'] === true) t.cached.add(r['index']);
      }
    } else if (sub === 'task_updated') {
      const status = f['patch']?.['status'];
      if (typeof status === 'string') t.status = status;
      if (TERMINAL_TASK.has(status)) {
        t.terminalStatus = status;
        t.terminalUpdateLine = line;
        t.endTime = f['patch']?.['end_time'];
      }
    } else if (sub === 'task_notification' && t.notifiedLine === undefined) {
      t.notifiedLine = line;
      t.notifyStatus = f['status'];
    }
    this.compact(t);
  }

  /**
   * A task that completed or failed and was notified can get no more legal rows (only a stopped task has
   * late rows, seed 000 §6), so its row state is dropped: a long transcript keeps a few fields per task.
   */
  private compact(t: TaskView): void {
    if (t.notifiedLine === undefined || t.terminalUpdateLine === undefined || t.notifyStatus === 'stopped' || t.agents === NO_AGENTS) return;
    t.agents = NO_AGENTS as Map<number, string>;
    t.terminalSeen = NO_INDEXES as Set<number>;
    t.cached = NO_INDEXES as Set<number>;
    t.rowKeys = NO_KEYS as Set<string>;
  }
}
