import { num, obj, str, type RawFrame } from '../../protocol/raw-frame.js';
import { taskEvent, TaskStates, type AgentState, type IndexedRow, type TaskState } from '../../protocol/task-state.js';
import { isStoppedStatus } from '../../protocol/vocabulary.js';
import type { Bar, BarState, InputKind, Mark, MarkKind, Model, PlacedViolation, Row, Span, TaskInfo } from './browser/model.js';
import { recordTimes, type Rec } from './input.js';

/** Index of the first record on or after physical line `line` (binary search; the last record if none). */
function recordAtLine(recs: Rec[], line: number): number {
  let lo = 0;
  let hi = recs.length - 1;
  let found = Math.max(0, recs.length - 1);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((recs[mid] as Rec).line >= line) {
      found = mid;
      hi = mid - 1;
    } else lo = mid + 1;
  }
  return found;
}

/** One-line description of a record (tooltips, detail header). */
export function describeRecord(r: Rec): { label: string; kind: MarkKind } {
  if (r.event === 'stderr') return { label: `stderr: ${(r.raw ?? '').slice(0, 80)}`, kind: 'meta' };
  if (r.raw !== undefined) return { label: `raw line: ${r.raw.slice(0, 80)}`, kind: 'raw' };
  if (r.event !== undefined) return { label: `event ${r.event}`, kind: 'meta' };
  const f = r.frame ?? {};
  const type = str(f, 'type') ?? '?';
  const sub = str(f, 'subtype');
  const req = obj(f, 'request');
  const res = obj(f, 'response');
  const from = r.dir === 'in' ? 'host → CLI' : 'CLI → host';
  switch (type) {
    case 'control_request': {
      const tool = req?.['tool_name'];
      return { label: `control_request ${str(req, 'subtype') ?? '?'}${tool !== undefined ? ' ' + (typeof tool === 'string' ? tool : JSON.stringify(tool)) : ''} (${str(f, 'request_id') ?? '?'}, ${from})`, kind: 'ctl-req' };
    }
    case 'control_response': {
      const bad = res?.['subtype'] === 'error';
      return { label: `${bad ? 'error response' : 'ACK'} ${str(res, 'request_id') ?? '?'} (${from})`, kind: bad ? 'ctl-err' : 'ctl-ack' };
    }
    case 'control_cancel_request':
      return { label: `control_cancel_request ${str(f, 'request_id') ?? '?'} (${from})`, kind: 'ctl-req' };
    case 'result':
      return { label: `result ${sub ?? '?'}${f['is_error'] === true ? ' (error)' : ''}`, kind: f['is_error'] === true ? 'result-error' : 'result' };
    case 'user':
      if (r.dir === 'in') return { label: 'prompt (user message)', kind: 'prompt' };
      break;
    case 'system': {
      if (sub === 'init') return { label: 'turn start (system/init)', kind: 'turn' };
      const task = taskMark(f);
      if (task) return task;
      break;
    }
  }
  return { label: `${type}${sub !== undefined ? '/' + sub : ''}${r.dir === 'in' ? ' (host → CLI)' : ''}`, kind: 'msg' };
}


/** Label and mark kind of a frame of a task's event family. */
function taskMark(f: RawFrame): { label: string; kind: MarkKind } | undefined {
  switch (taskEvent(f)?.subtype) {
    case 'task_started':
      return { label: `task_started ${str(f, 'task_type') ?? ''}`.trim(), kind: 'started' };
    case 'task_updated':
      return { label: `task_updated → ${str(obj(f, 'patch'), 'status') ?? '(no status)'}`, kind: 'updated' };
    case 'task_notification':
      return { label: `task_notification ${str(f, 'status') ?? '?'}`, kind: 'notify' };
    case 'task_progress':
      return { label: 'task_progress', kind: 'progress' };
    default:
      return undefined;
  }
}

/** The records sorted out: the three lanes' marks, the control links, and every task with its marks. */
interface Sorted {
  turns: Mark[];
  control: Mark[];
  messages: Mark[];
  links: Array<[number, number]>;
  tasks: TaskStates;
  marks: Map<string, Mark[]>;
}

function sortRecords(recs: Rec[], described: Array<{ kind: MarkKind }>): Sorted {
  const s: Sorted = { turns: [], control: [], messages: [], links: [], tasks: new TaskStates(), marks: new Map() };
  const openRequests = new Map<string, number>();
  for (const r of recs) {
    const kind = (described[r.i] as { kind: MarkKind }).kind;
    const f = r.frame;
    const mark: Mark = { f: r.i, k: kind };
    const ev = r.dir === 'out' ? taskEvent(f) : undefined;
    if (f && ev) {
      // a late row: the task was notified before this frame
      if (s.tasks.get(ev.id)?.notified !== undefined) mark.late = 1;
      const marks = s.marks.get(ev.id);
      if (marks) marks.push(mark);
      else s.marks.set(ev.id, [mark]);
      s.tasks.apply(f, r.i);
    } else if (kind === 'turn' || kind === 'result' || kind === 'result-error' || kind === 'prompt') s.turns.push(mark);
    else if (kind === 'ctl-req' || kind === 'ctl-ack' || kind === 'ctl-err') {
      s.control.push(mark);
      const id = str(f, 'request_id');
      if (f?.['type'] === 'control_request' && id !== undefined) openRequests.set(`${r.dir}:${id}`, r.i);
      const res = obj(f, 'response');
      if (f?.['type'] === 'control_response' && res) {
        // the ACK travels the other way: a response written by the CLI answers a request the host sent
        const key = `${r.dir === 'out' ? 'in' : 'out'}:${String(res['request_id'])}`;
        const req = openRequests.get(key);
        if (req !== undefined) {
          s.links.push([req, r.i]);
          openRequests.delete(key);
        }
      }
    } else s.messages.push(mark);
  }
  return s;
}

const taskBarState = (status: string | undefined): BarState =>
  status === 'completed' ? 'done' : status === 'failed' ? 'error' : isStoppedStatus(status) ? 'aborted' : 'running';

/** Record times, for turning record indexes into the time axis. */
interface Clock {
  t: number[];
  tEnd: number;
  lastI: number;
}

/** The task's header row. */
function taskRow(task: TaskState, ti: number, marks: Mark[], c: Clock): Row {
  const notifyStatus = task.notified?.status;
  const endI = task.terminal?.at ?? task.notified?.at;
  const workflowName = str(task.started?.frame, 'workflow_name');
  const name = isWorkflow(task) ? `workflow ${workflowName ?? task.description ?? task.id}` : `${task.type ?? 'task'}: ${task.description ?? task.id}`;
  const status = task.status ?? notifyStatus ?? 'running';
  return {
    kind: 'task',
    label: name,
    sub: `${status}${notifyStatus !== undefined ? ` · notified: ${notifyStatus}` : ''}`,
    task: ti,
    marks,
    bar: {
      t0: c.t[task.firstAt] ?? 0,
      t1: task.terminal?.endTime ?? (endI !== undefined ? (c.t[endI] ?? c.tEnd) : c.tEnd),
      i0: task.firstAt,
      i1: endI ?? c.lastI,
      state: taskBarState(task.status ?? notifyStatus),
      f: endI ?? task.firstAt,
      ...(endI === undefined ? { open: 1 as const } : {}),
    },
  };
}

/** A workflow: its task_type says so, or it sent workflow_progress snapshots. */
const isWorkflow = (task: TaskState): boolean => task.kind === 'workflow' || task.snapshot !== undefined;

/** Result preview or error text of an agent row. */
const noteOf = (row: IndexedRow | undefined): string | undefined => str(row, 'error') ?? str(row, 'resultPreview');

/** An agent's bar: from its first row (or its own startedAt) to its terminal row. */
function agentBar(a: AgentState, notifyI: number | undefined, c: Clock): Bar {
  const end = a.terminal;
  const note = noteOf(end?.row) ?? (end ? noteOf(a.row) : undefined);
  let state: BarState = end === undefined ? 'running' : (end.state as BarState);
  // an error after the notification, or cbc's "subagent aborted" row, is the interrupt's abort
  if (state === 'error' && ((notifyI !== undefined && (end?.at ?? 0) > notifyI) || /subagent aborted/i.test(note ?? ''))) state = 'aborted';
  const endedAt = end ? (num(end.row, 'endedAt') ?? num(a.row, 'endedAt')) : undefined;
  return {
    t0: a.startedAt ?? c.t[a.firstAt] ?? 0,
    t1: endedAt ?? (end !== undefined ? (c.t[end.at] ?? c.tEnd) : c.tEnd),
    i0: a.firstAt,
    i1: end?.at ?? c.lastI,
    state,
    f: end?.at ?? a.lastAt,
    ...(note !== undefined ? { note } : {}),
    ...(end === undefined ? { open: 1 as const } : {}),
  };
}

/** A workflow's phase and agent rows: phase-less agents first, then each phase with its agents. */
function workflowRows(task: TaskState, ti: number, c: Clock): Row[] {
  const rows: Row[] = [];
  const agents = [...task.agents.values()].sort((a, b) => a.index - b.index);
  const bars = new Map(agents.map((a) => [a, agentBar(a, task.notified?.at, c)]));
  const agentRow = (a: AgentState, band?: Span): Row => {
    const bar = bars.get(a) as Bar;
    return { kind: 'agent', label: str(a.row, 'label') ?? str(a.row, 'agentId') ?? `agent ${a.index}`, sub: bar.state, task: ti, bar, ...(band ? { band } : {}) };
  };
  const phaseOf = (a: AgentState) => num(a.row, 'phaseIndex');
  for (const a of agents.filter((x) => phaseOf(x) === undefined)) rows.push(agentRow(a));
  const phaseIdx = new Set<number>([...task.phases.keys(), ...agents.flatMap((a) => phaseOf(a) ?? [])]);
  for (const p of [...phaseIdx].sort((a, b) => a - b)) {
    const members = agents.filter((a) => phaseOf(a) === p);
    const title = task.phases.get(p) ?? str(members[0]?.row, 'phaseTitle') ?? `phase ${p}`;
    const spans = members.map((a) => bars.get(a) as Bar);
    const band: Span | undefined = spans.length
      ? { t0: Math.min(...spans.map((s) => s.t0)), t1: Math.max(...spans.map((s) => s.t1)), i0: Math.min(...spans.map((s) => s.i0)), i1: Math.max(...spans.map((s) => s.i1)) }
      : undefined;
    rows.push({ kind: 'phase', label: `${p}. ${title}`, sub: `${members.length} agent${members.length === 1 ? '' : 's'}`, task: ti, ...(band ? { band } : {}) });
    for (const a of members) rows.push(agentRow(a, band));
  }
  return rows;
}

/** Builds the picture's model from the records (and the checker's violations, when `--check` was given). */
export function buildModel(kind: InputKind, recs: Rec[], opts: { title: string; violations?: Array<{ line: number; rule: string; message: string }> }): Model {
  const { axis, t } = recordTimes(recs);
  const lastI = Math.max(0, recs.length - 1);
  const clock: Clock = { t, tEnd: t[lastI] ?? 0, lastI };
  const described = recs.map(describeRecord);
  const s = sortRecords(recs, described);
  const rows: Row[] = [
    { kind: 'lane', label: 'Turns', sub: 'starts · prompts · results', marks: s.turns },
    { kind: 'lane', label: 'Control', sub: 'requests · ACKs', marks: s.control, links: s.links },
    { kind: 'lane', label: 'Messages', sub: 'other frames', marks: s.messages },
  ];
  const placed: PlacedViolation[] = (opts.violations ?? []).map((v) => ({ f: recordAtLine(recs, v.line), line: v.line, rule: v.rule, message: v.message }));
  if (opts.violations) rows.push({ kind: 'lane', label: 'Check', sub: `${placed.length} violation(s)`, marks: placed.map((v) => ({ f: v.f, k: 'violation' as const })) });
  const tasks: TaskInfo[] = [];
  for (const task of s.tasks.all.values()) {
    const ti = tasks.length;
    const marks = s.marks.get(task.id) ?? [];
    const lastLate = marks.filter((m) => m.late).at(-1);
    const notify = task.notified?.at;
    tasks.push({ id: task.id, ...(notify !== undefined ? { notify } : {}), ...(lastLate ? { lateEnd: lastLate.f } : {}) });
    rows.push(taskRow(task, ti, marks, clock));
    if (isWorkflow(task)) rows.push(...workflowRows(task, ti, clock));
  }
  return {
    title: opts.title,
    input: kind,
    axis,
    recs: recs.map((r) => {
      const d = described[r.i] as { label: string; kind: MarkKind };
      return [r.line, r.dir, t[r.i] ?? 0, d.label, d.kind];
    }),
    frames: recs.map((r) => (r.raw !== undefined ? r.raw : r.frame ?? null)),
    rows,
    tasks,
    violations: placed,
    checked: opts.violations !== undefined,
  };
}
