import { notificationStatus, type NotificationStatus, type TerminalTaskStatus } from '../protocol/vocabulary.js';
import type { AgentShutdown, EngineEvent, TaskInfo, TaskRun, TaskUsage } from './events.js';

/** What announcing a task's start and end needs from its session. */
export interface LifecycleHost {
  emit(ev: EngineEvent): void;
  /** Live (non-terminal) tasks of the session, for background_tasks_changed. */
  liveTasks(): TaskInfo[];
}

/** Live (non-terminal) background tasks, for background_tasks_changed (a foreground sub-agent is none). */
export function liveTasks(s: { readonly runs: readonly TaskRun[] }): TaskInfo[] {
  const out: TaskInfo[] = [];
  for (const r of liveRuns(s.runs)) if (r.info.foreground !== true) out.push(r.info);
  return out;
}

/**
 * The runs of `runs` not yet terminal, in order. A session keeps every run it ever had, and a run never leaves its
 * terminal state, so the live ones are kept per list, new runs added and ended ones dropped at each call: the work is
 * the live runs, not every run of the session at each task start and end (issue #21: quadratic in a run's length).
 */
export function liveRuns(runs: readonly TaskRun[]): readonly TaskRun[] {
  let k = kept.get(runs);
  // a list that shrank (no session's does) is taken afresh
  if (k === undefined || k.seen > runs.length) kept.set(runs, (k = { seen: 0, live: [] }));
  for (; k.seen < runs.length; k.seen++) k.live.push(runs[k.seen]!);
  let n = 0;
  for (const r of k.live) if (!r.terminal) k.live[n++] = r;
  k.live.length = n;
  return k.live;
}
const kept = new WeakMap<readonly TaskRun[], { seen: number; live: TaskRun[] }>();

/** A task starts: the background task list, then task_started (captures: bg changed comes first). */
export function announceStart(h: LifecycleHost, task: TaskInfo): void {
  if (task.foreground !== true) h.emit({ kind: 'bg_tasks_changed', at: 'start', tasks: h.liveTasks() });
  h.emit({ kind: 'task_started', task });
}

/** How a task ends. */
export interface TaskEnd {
  status: TerminalTaskStatus;
  endTime: number;
  error?: string | undefined;
  /** The notification, or undefined for the terminal-only ending (seed 002 §8). */
  notification?: { summary: string; usage?: TaskUsage | undefined } | undefined;
  /** Writes the task's output files; runs between the update and the notification. */
  writeOutputs(): void;
  /**
   * A shutdown on a signal (Claude, captures sig_term_bg_task_running_fm, sig_int_bg_task_running_fm): the
   * notification comes first and names no output file, then the update.
   */
  shutdown?: boolean | AgentShutdown | undefined;
}

/**
 * The terminal sequence, in one place for every task kind (seed 000 §4.3 / §5.3-5.4, seed 002 §8):
 * background_tasks_changed (2.1.220 position), task_updated with the terminal patch, the output files,
 * exactly one task_notification (killed -> stopped), background_tasks_changed (2.1.328 position).
 * Returns the notification status.
 */
export function announceEnd(h: LifecycleHost, task: TaskInfo, end: TaskEnd): NotificationStatus {
  const notifyStatus = notificationStatus(end.status);
  const live = h.liveTasks().filter((t) => t.taskId !== task.taskId);
  const n = end.notification;
  const notify = (t: TaskInfo) => n && h.emit({ kind: 'task_notification', task: t, status: notifyStatus, summary: n.summary, usage: n.usage, error: end.error });
  if (end.shutdown === 'silent') return notifyStatus;
  if (end.shutdown !== undefined && end.shutdown !== false) notify({ ...task, outputFile: '' });
  if (end.shutdown === 'notification') return notifyStatus;
  // a foreground sub-agent is no background task: no list before or after (measured: env_disable_bg_agent_fm)
  const listed = task.foreground !== true;
  if (listed) h.emit({ kind: 'bg_tasks_changed', at: 'before-updated', tasks: live });
  h.emit({ kind: 'task_updated', task, patch: { status: end.status, end_time: end.endTime, ...(end.error !== undefined ? { error: end.error } : {}) } });
  end.writeOutputs();
  if (end.shutdown !== true) notify(task);
  if (listed) h.emit({ kind: 'bg_tasks_changed', at: 'after-notification', tasks: live });
  return notifyStatus;
}
