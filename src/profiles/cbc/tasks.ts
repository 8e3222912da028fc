import type { AgentRow, EngineEvent, TimelineRow } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { withListTexts } from '../../protocol/shape.js';
import { AGENT_ROW, PATCH, PHASE_ROW, TASK_NOTIFICATION, TASK_PROGRESS, TASK_STARTED, TASK_UPDATED, TASK_USAGE } from '../../protocol/frames/task.js';
import { taskTypeOf } from '../../protocol/vocabulary.js';
import { snapshotRows } from '../shared/rows.js';
import { preview } from '../shared/text.js';

/** cbc's task events: seed 000 §5 and seed 002 §8 (key order per the real 2.1.220 bytes the seed declares identical). */
const W = 'cbc';

type Ev<K extends EngineEvent['kind']> = Extract<EngineEvent, { kind: K }>;

/** system/task_started; cbc omits the workflow `prompt` (seed 000 §5.1). */
export function taskStarted(ev: Ev<'task_started'>, ctx: EncodeContext): FrameOf<typeof TASK_STARTED> {
  return build(TASK_STARTED, W, {
    type: 'system',
    subtype: 'task_started',
    task_id: ev.task.taskId,
    tool_use_id: ev.task.toolUseId,
    description: ev.task.description,
    task_type: taskTypeOf('cbc', ev.task.kind),
    workflow_name: ev.task.workflowName,
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
  });
}

/** system/task_progress; the final stop snapshot is Claude 2.1.328's only. */
export function taskProgress(ev: Ev<'task_progress'>, ctx: EncodeContext): FrameOf<typeof TASK_PROGRESS> | undefined {
  if (ev.final) return undefined;
  const wf = ev.task.kind === 'workflow';
  const frame = build(TASK_PROGRESS, W, {
    type: 'system',
    subtype: 'task_progress',
    task_id: ev.task.taskId,
    // seed 002 §8's agent progress example has no tool_use_id (the field is "most, optional")
    tool_use_id: wf ? ev.task.toolUseId : undefined,
    description: ev.task.description,
    usage: build(TASK_USAGE, W, { ...ev.usage }),
    last_tool_name: wf ? ev.last?.label : ev.lastToolName,
    workflow_progress: wf ? snapshotRows(ev.rows, row) : undefined,
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
  });
  return wf ? withListTexts(frame) : frame;
}

/** system/task_updated: seed 002 §8's example repeats the status after the patch. */
export function taskUpdated(ev: Ev<'task_updated'>, ctx: EncodeContext): FrameOf<typeof TASK_UPDATED> {
  return build(TASK_UPDATED, W, {
    type: 'system',
    subtype: 'task_updated',
    task_id: ev.task.taskId,
    patch: build(PATCH, W, { ...ev.patch }),
    status: ev.patch.status,
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
  });
}

/** system/task_notification in seed 002 §8's order (no uuid); shell tasks name their stderr file. */
export function taskNotification(ev: Ev<'task_notification'>, ctx: EncodeContext): FrameOf<typeof TASK_NOTIFICATION> {
  return build(TASK_NOTIFICATION, W, {
    type: 'system',
    subtype: 'task_notification',
    task_id: ev.task.taskId,
    tool_use_id: ev.task.toolUseId,
    status: ev.status,
    summary: ev.summary,
    output_file: ev.task.outputFile,
    output_stderr_file: ev.task.stderrFile,
    usage: ev.usage ? build(TASK_USAGE, W, { ...ev.usage }) : undefined,
    session_id: ctx.sessionId,
  });
}

function row(r: TimelineRow): FrameOf<typeof PHASE_ROW> | FrameOf<typeof AGENT_ROW> {
  return r.type === 'workflow_phase' ? build(PHASE_ROW, W, { type: r.type, index: r.index, title: r.title }) : agentRow(r);
}

/** seed 000 §5.2's row: tokens once done, a preview of the result, the error of a failed agent. */
function agentRow(r: AgentRow): FrameOf<typeof AGENT_ROW> {
  return build(AGENT_ROW, W, {
    type: r.type,
    index: r.index,
    label: r.label,
    phaseIndex: r.phaseIndex,
    phaseTitle: r.phaseTitle,
    agentId: r.agentId,
    state: r.state,
    startedAt: r.startedAt,
    endedAt: r.endedAt,
    tokens: r.state === 'done' ? r.tokens : undefined,
    resultPreview: r.state === 'done' || r.state === 'cached' ? preview(r.resultPreview) : undefined,
    error: r.state === 'error' ? r.error : undefined,
  });
}
