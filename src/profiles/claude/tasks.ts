import type { AgentRow, EngineEvent, TaskInfo, TimelineRow } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { BACKGROUND_TASK, BACKGROUND_TASKS_CHANGED } from '../../protocol/frames/system.js';
import { AGENT_ROW, PATCH, PHASE_ROW, TASK_NOTIFICATION, TASK_PROGRESS, TASK_STARTED, TASK_UPDATED, TASK_USAGE } from '../../protocol/frames/task.js';
import { withListTexts } from '../../protocol/shape.js';
import { taskTypeOf } from '../../protocol/vocabulary.js';
import { snapshotRows } from '../shared/rows.js';
import { preview } from '../shared/text.js';
import type { ClaudeSpec } from './spec.js';

/** Claude Code's task events, per the captures (wf, wffail, wfstop, stoptask, bgbash; claude-code-cli.md §5). */
type Ev<K extends EngineEvent['kind']> = Extract<EngineEvent, { kind: K }>;

/** The leading keys of every task_* frame: type, subtype, task_id and (2.1.328) run_id. */
function head<S extends string>(spec: ClaudeSpec, subtype: S, t: TaskInfo) {
  return { type: 'system', subtype, task_id: t.taskId, run_id: spec.v328 ? t.runId : undefined } as const;
}

/** background_tasks_changed: 2.1.328 writes it at start, after the notification and on re-initialize; 2.1.220 before task_updated too. */
export function bgTasksChanged(spec: ClaudeSpec, ev: Ev<'bg_tasks_changed'>, ctx: EncodeContext): FrameOf<typeof BACKGROUND_TASKS_CHANGED> | undefined {
  const want = spec.v328 ? ev.at !== 'before-updated' : ev.at !== 'after-notification' && ev.at !== 'reinitialize';
  if (!want) return undefined;
  const W = spec.wire;
  return build(BACKGROUND_TASKS_CHANGED, W, {
    type: 'system',
    subtype: 'background_tasks_changed',
    tasks: ev.tasks.map((t) =>
      // 2.1.328 names an agent task's type (capture bg_agent)
      build(BACKGROUND_TASK, W, { task_id: t.taskId, run_id: spec.v328 ? t.runId : undefined, task_type: taskTypeOf('claude', t.kind), description: t.description, subagent_type: spec.v328 ? t.subagentType : undefined }),
    ),
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
  });
}

/** task_started; 2.1.328 marks non-workflow tasks backgrounded and agents at spawn depth 1. */
export function taskStarted(spec: ClaudeSpec, ev: Ev<'task_started'>, ctx: EncodeContext): FrameOf<typeof TASK_STARTED> {
  const t = ev.task;
  return build(TASK_STARTED, spec.wire, {
    ...head(spec, 'task_started', t),
    tool_use_id: t.toolUseId,
    description: t.description,
    subagent_type: t.subagentType,
    is_backgrounded: spec.v328 && t.kind !== 'workflow' ? t.foreground !== true : undefined, // a foreground sub-agent: false (env_disable_bg_agent_fm)
    spawn_depth: spec.v328 && t.kind === 'agent' ? 1 : undefined,
    task_type: taskTypeOf('claude', t.kind),
    workflow_name: t.workflowName,
    prompt: t.prompt,
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
  });
}

/**
 * task_progress. Workflows: description and last_tool_name come from the last changed row (cli.md §5.2);
 * sub-agents: the task's own description and the tool just used (seed 002 §8). The final stop snapshot is 2.1.328's.
 */
export function taskProgress(spec: ClaudeSpec, ev: Ev<'task_progress'>, ctx: EncodeContext): FrameOf<typeof TASK_PROGRESS> | undefined {
  if (ev.final && !spec.v328) return undefined;
  const wf = ev.task.kind === 'workflow';
  const last = wf && !ev.final ? ev.last : undefined;
  const frame = build(TASK_PROGRESS, spec.wire, {
    ...head(spec, 'task_progress', ev.task),
    tool_use_id: ev.task.toolUseId,
    description: last ? (last.phaseTitle ? `${last.phaseTitle}: ${last.label}` : last.label) : ev.task.description,
    subagent_type: wf ? undefined : ev.task.subagentType,
    usage: build(TASK_USAGE, spec.wire, { ...ev.usage }),
    last_tool_name: wf ? last?.label : ev.lastToolName,
    summary: wf ? ev.task.description : undefined,
    workflow_progress: wf ? snapshotRows(ev.rows, rowLayout(spec), spec) : undefined,
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
  });
  return wf ? withListTexts(frame) : frame;
}

/** `row` for one spec, made once per spec (snapshotRows keeps a row's layout per spec). */
const layouts = new WeakMap<ClaudeSpec, (r: TimelineRow) => FrameOf<typeof PHASE_ROW> | FrameOf<typeof AGENT_ROW>>();
function rowLayout(spec: ClaudeSpec): (r: TimelineRow) => FrameOf<typeof PHASE_ROW> | FrameOf<typeof AGENT_ROW> {
  let f = layouts.get(spec);
  if (f === undefined) layouts.set(spec, (f = (r) => row(spec, r)));
  return f;
}

/** task_updated. */
export function taskUpdated(spec: ClaudeSpec, ev: Ev<'task_updated'>, ctx: EncodeContext): FrameOf<typeof TASK_UPDATED> {
  return build(TASK_UPDATED, spec.wire, {
    ...head(spec, 'task_updated', ev.task),
    patch: build(PATCH, spec.wire, { ...ev.patch }),
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
  });
}

/** task_notification; a stopped run's has no usage (captures wfstop, stoptask). */
export function taskNotification(spec: ClaudeSpec, ev: Ev<'task_notification'>, ctx: EncodeContext): FrameOf<typeof TASK_NOTIFICATION> {
  return build(TASK_NOTIFICATION, spec.wire, {
    ...head(spec, 'task_notification', ev.task),
    tool_use_id: ev.task.toolUseId,
    status: ev.status,
    output_file: ev.task.outputFile,
    summary: ev.summary,
    summary_is_report: spec.v328 && ev.task.kind === 'agent' && ev.task.foreground !== true && ev.status === 'completed' ? true : undefined, // not for a foreground sub-agent (env_disable_bg_agent_fm)
    usage: ev.usage && ev.status !== 'stopped' ? build(TASK_USAGE, spec.wire, { ...ev.usage }) : undefined,
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
  });
}

function row(spec: ClaudeSpec, r: TimelineRow): FrameOf<typeof PHASE_ROW> | FrameOf<typeof AGENT_ROW> {
  return r.type === 'workflow_phase' ? build(PHASE_ROW, spec.wire, { type: r.type, index: r.index, title: r.title }) : agentRow(spec, r);
}

/** A workflow_agent row: Claude replays cached agents as done + cached:true; rows ended by the run's stop carry only error + endedWithRun. */
function agentRow(spec: ClaudeSpec, r: AgentRow): FrameOf<typeof AGENT_ROW> {
  const terminal = r.state !== 'start' && r.endedWithRun === undefined; // captures/claude-code-2.1.328/wfstop
  return build(AGENT_ROW, spec.wire, {
    type: r.type,
    index: r.index,
    label: r.label,
    phaseIndex: r.phaseIndex,
    phaseTitle: r.phaseTitle,
    agentId: r.agentId,
    model: r.model,
    state: r.state === 'cached' ? 'done' : r.state,
    cached: r.state === 'cached' ? true : undefined,
    startedAt: r.startedAt,
    queuedAt: r.queuedAt,
    attempt: 1,
    promptPreview: preview(r.prompt),
    promptFramed: spec.v328 ? true : undefined,
    lastProgressAt: r.lastProgressAt,
    tokens: terminal ? r.tokens : undefined,
    toolCalls: terminal ? r.toolCalls : undefined,
    durationMs: terminal ? r.durationMs ?? 0 : undefined,
    resultPreview: r.state === 'done' || r.state === 'cached' ? preview(r.resultPreview) : undefined,
    error: r.state === 'error' ? r.error : undefined,
    endedWithRun: spec.v328 ? r.endedWithRun : undefined,
  });
}
