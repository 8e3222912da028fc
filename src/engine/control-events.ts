import { BackgroundRun } from './background.js';
import type { TaskRun } from './events.js';
import { MODEL_LATENCY, type TurnHost } from './turn-host.js';
import { WorkflowRun } from './workflow.js';

/**
 * Scenario-level events a control server fires into a running session (issue #19). Each goes through
 * the engine path that produces the same frames when the scenario or the host causes it: the interrupt
 * of a client's control_request or a scripted `interrupt`, the kill of `stop_task`, a task's own ending,
 * the follow-up turn a task notification queues.
 */
export type ControlEvent =
  | { kind: 'interrupt'; reason?: string | undefined }
  | { kind: 'stop_task'; task_id: string }
  | { kind: 'fail_task'; task_id: string; error?: string | undefined }
  | { kind: 'finish_task'; task_id: string }
  | { kind: 'stop_agent'; task_id: string; agent: string; reason?: string | undefined }
  | { kind: 'fail_agent'; task_id: string; agent: string; error?: string | undefined }
  | { kind: 'followup'; text?: string | undefined };

/** What firing an event did: `ok`, or why not (`not-found`: no such task or agent; `conflict`: it already ended). */
export type ControlEventResult = { ok: true } | { ok: false; why: 'not-found' | 'conflict'; message: string };

/** Fires `ev` at once in session `s`. */
export function fireControlEvent(s: TurnHost, ev: ControlEvent): ControlEventResult {
  switch (ev.kind) {
    case 'interrupt':
      s.interrupt(ev.reason ?? 'user cancel');
      return { ok: true };
    case 'followup':
      // the turn a finished task's notification queues (src/engine/launch.ts followUp)
      s.queue.push({ prompt: '', origin: { kind: 'task-notification' }, followupText: ev.text ?? 'Acknowledged.' });
      s.o.scheduler.after(MODEL_LATENCY, () => s.pump());
      return { ok: true };
    default:
      return onTask(s, ev);
  }
}

function onTask(s: TurnHost, ev: Exclude<ControlEvent, { kind: 'interrupt' | 'followup' }>): ControlEventResult {
  const run = s.runs.find((r) => r.info.taskId === ev.task_id);
  if (!run) return { ok: false, why: 'not-found', message: `no task with id ${ev.task_id} in this session` };
  if (run.terminal) return ended(ev.task_id);
  switch (ev.kind) {
    case 'stop_task':
      run.kill('stopped by stop_task'); // the stop_task control request's path (src/engine/session.ts)
      return { ok: true };
    case 'fail_task':
      return endNow(run, 'failed', ev.error ?? 'failed by the control server') ? { ok: true } : ended(ev.task_id);
    case 'finish_task':
      return endNow(run, 'completed') ? { ok: true } : ended(ev.task_id);
    case 'stop_agent':
    case 'fail_agent': {
      if (!(run instanceof WorkflowRun)) return { ok: false, why: 'not-found', message: `task ${ev.task_id} is not a workflow: it has no agents` };
      const error = ev.kind === 'fail_agent' ? ev.error ?? 'failed by the control server' : s.p.behavior.abortError(ev.reason ?? 'user cancel');
      if (run.endAgentNow(ev.agent, error)) return { ok: true };
      return { ok: false, why: 'not-found', message: `no running agent "${ev.agent}" (label or agent id) in workflow ${ev.task_id}` };
    }
  }
}

function endNow(run: TaskRun, status: 'completed' | 'failed', error?: string): boolean {
  if (run instanceof WorkflowRun || run instanceof BackgroundRun) return run.endNow(status, error);
  return false;
}

function ended(taskId: string): ControlEventResult {
  return { ok: false, why: 'conflict', message: `task ${taskId} already ended` };
}
