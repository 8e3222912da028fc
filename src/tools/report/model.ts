import { recordTimes, type Frame, type InputKind, type Rec } from './input.js';

/** Kinds of marks; the page colours and orders them (docs: `cbc-emu report --help`). */
export type MarkKind =
  | 'turn' | 'result' | 'result-error' | 'prompt'
  | 'ctl-req' | 'ctl-ack' | 'ctl-err'
  | 'started' | 'updated' | 'notify' | 'progress'
  | 'msg' | 'meta' | 'raw' | 'violation';

/** One clickable mark: the record it shows, its kind, and whether it is a late row (after the task's notification). */
export interface Mark {
  f: number;
  k: MarkKind;
  late?: 1;
}

/** Final colour of a bar (seed 000 §5.2 agent states; `aborted` = error after the notification or "subagent aborted"). */
export type BarState = 'done' | 'error' | 'cached' | 'aborted' | 'running';

/** A span on the time axis (`t0..t1`, epoch ms) and on the frame-order axis (`i0..i1`, record indexes). */
export interface Span {
  t0: number;
  t1: number;
  i0: number;
  i1: number;
}

/** One agent (or one background task) from its start to its terminal state. */
export interface Bar extends Span {
  state: BarState;
  /** Record whose frame shows the final state (clicking the bar shows it). */
  f: number;
  /** Result preview or error text, drawn after the bar. */
  note?: string;
  /** No terminal state was ever seen. */
  open?: 1;
}

/** One line of the picture. */
export interface Row {
  kind: 'lane' | 'task' | 'phase' | 'agent';
  label: string;
  /** Secondary text (task type and status, agent state). */
  sub?: string;
  /** Index of the task (in `Model.tasks`) this row belongs to. */
  task?: number;
  bar?: Bar;
  marks?: Mark[];
  /** Phase band behind the phase row and its agent rows. */
  band?: Span;
  /** Request → ACK pairs (record indexes) drawn as links on the Control lane. */
  links?: Array<[number, number]>;
}

/** One violation from the checker, placed on the record of its line. */
export interface PlacedViolation {
  f: number;
  line: number;
  rule: string;
  message: string;
}

/** Per task: its id, the record of its notification, and of its last late row (frames after the notification). */
export interface TaskInfo {
  id: string;
  notify?: number;
  lateEnd?: number;
}

/** Everything the page draws; serialised as JSON into the report. */
export interface Model {
  title: string;
  input: InputKind;
  axis: 'time' | 'order';
  /** Per record: [line, dir, time, label, mark kind]. */
  recs: Array<[number, string, number, string, MarkKind]>;
  /** Per record: the frame object (or the raw line / event) shown in the detail panel. */
  frames: unknown[];
  rows: Row[];
  tasks: TaskInfo[];
  violations: PlacedViolation[];
  checked: boolean;
}

const isObj = (v: unknown): v is Frame => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const TERMINAL_AGENT = new Set(['done', 'error', 'cached']);
const TERMINAL_TASK = new Set(['completed', 'failed', 'killed', 'stopped']);
const WORKFLOW_TYPES = new Set(['local_workflow', 'workflow', 'Workflow']);

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
  const type = str(f['type']) ?? '?';
  const sub = str(f['subtype']);
  const req = isObj(f['request']) ? f['request'] : undefined;
  const res = isObj(f['response']) ? f['response'] : undefined;
  const from = r.dir === 'in' ? 'host → CLI' : 'CLI → host';
  switch (type) {
    case 'control_request':
      return { label: `control_request ${str(req?.['subtype']) ?? '?'}${req?.['tool_name'] !== undefined ? ' ' + String(req['tool_name']) : ''} (${str(f['request_id']) ?? '?'}, ${from})`, kind: 'ctl-req' };
    case 'control_response': {
      const bad = res?.['subtype'] === 'error';
      return { label: `${bad ? 'error response' : 'ACK'} ${str(res?.['request_id']) ?? '?'} (${from})`, kind: bad ? 'ctl-err' : 'ctl-ack' };
    }
    case 'control_cancel_request':
      return { label: `control_cancel_request ${str(f['request_id']) ?? '?'} (${from})`, kind: 'ctl-req' };
    case 'result':
      return { label: `result ${sub ?? '?'}${f['is_error'] === true ? ' (error)' : ''}`, kind: f['is_error'] === true ? 'result-error' : 'result' };
    case 'user':
      if (r.dir === 'in') return { label: 'prompt (user message)', kind: 'prompt' };
      break;
    case 'system': {
      if (sub === 'init') return { label: 'turn start (system/init)', kind: 'turn' };
      const id = str(f['task_id']);
      if (id !== undefined) {
        if (sub === 'task_started') return { label: `task_started ${str(f['task_type']) ?? ''}`.trim(), kind: 'started' };
        if (sub === 'task_updated') {
          const st = isObj(f['patch']) ? str(f['patch']['status']) : undefined;
          return { label: `task_updated → ${st ?? '(no status)'}`, kind: 'updated' };
        }
        if (sub === 'task_notification') return { label: `task_notification ${str(f['status']) ?? '?'}`, kind: 'notify' };
        if (sub === 'task_progress') return { label: 'task_progress', kind: 'progress' };
      }
      break;
    }
  }
  return { label: `${type}${sub !== undefined ? '/' + sub : ''}${r.dir === 'in' ? ' (host → CLI)' : ''}`, kind: 'msg' };
}

interface AgentAcc {
  index: number;
  label: string;
  phaseIndex?: number;
  phaseTitle?: string;
  firstI: number;
  lastI: number;
  startedAt?: number;
  endedAt?: number;
  state: string;
  terminalI?: number;
  note?: string;
}

interface TaskAcc {
  id: string;
  startI: number;
  type?: string;
  description?: string;
  workflowName?: string;
  status?: string;
  endTime?: number;
  terminalI?: number;
  notifyI?: number;
  notifyStatus?: string;
  marks: Mark[];
  phases: Map<number, string>;
  agents: Map<number, AgentAcc>;
  workflow: boolean;
}

function applySnapshot(task: TaskAcc, rows: unknown[], i: number): void {
  for (const row of rows) {
    if (!isObj(row) || typeof row['index'] !== 'number') continue;
    if (row['type'] === 'workflow_phase') {
      task.phases.set(row['index'], str(row['title']) ?? `phase ${row['index']}`);
      continue;
    }
    if (row['type'] !== 'workflow_agent') continue; // other row types are tolerated (seed 000 §8)
    const idx = row['index'];
    let a = task.agents.get(idx);
    if (!a) {
      a = { index: idx, label: '', firstI: i, lastI: i, state: 'start' };
      task.agents.set(idx, a);
    }
    a.label = str(row['label']) ?? str(row['agentId']) ?? `agent ${idx}`;
    if (typeof row['phaseIndex'] === 'number') a.phaseIndex = row['phaseIndex'];
    if (typeof row['phaseTitle'] === 'string') a.phaseTitle = row['phaseTitle'];
    a.lastI = i;
    a.startedAt ??= num(row['startedAt']);
    const state = str(row['state']) ?? 'start';
    if (a.terminalI === undefined) {
      a.state = state; // a terminal state is final (seed 000 §5.2); later contradictions are the checker's business
      if (TERMINAL_AGENT.has(state)) a.terminalI = i;
    }
    if (a.terminalI !== undefined) {
      a.endedAt ??= num(row['endedAt']);
      a.note ??= str(row['error']) ?? str(row['resultPreview']);
    }
  }
}

const taskState = (status: string | undefined): BarState =>
  status === 'completed' ? 'done' : status === 'failed' ? 'error' : status === 'killed' || status === 'stopped' ? 'aborted' : 'running';

/** Builds the picture's model from the records (and the checker's violations, when `--check` was given). */
export function buildModel(kind: InputKind, recs: Rec[], opts: { title: string; violations?: Array<{ line: number; rule: string; message: string }> }): Model {
  const { axis, t } = recordTimes(recs);
  const lastI = Math.max(0, recs.length - 1);
  const tEnd = t[lastI] ?? 0;
  const turns: Mark[] = [];
  const control: Mark[] = [];
  const messages: Mark[] = [];
  const links: Array<[number, number]> = [];
  const openRequests = new Map<string, number>();
  const tasks = new Map<string, TaskAcc>();
  const described = recs.map(describeRecord);

  for (const r of recs) {
    const d = described[r.i] as { label: string; kind: MarkKind };
    const f = r.frame;
    const id = f && r.dir === 'out' && f['type'] === 'system' ? str(f['task_id']) : undefined;
    if (f && id !== undefined && d.kind !== 'msg') {
      let task = tasks.get(id);
      if (!task) {
        task = { id, startI: r.i, marks: [], phases: new Map(), agents: new Map(), workflow: false };
        tasks.set(id, task);
      }
      const mark: Mark = { f: r.i, k: d.kind };
      if (task.notifyI !== undefined) mark.late = 1;
      task.marks.push(mark);
      if (d.kind === 'started') {
        task.type ??= str(f['task_type']);
        task.description ??= str(f['description']);
        task.workflowName ??= str(f['workflow_name']);
        if (task.type !== undefined && WORKFLOW_TYPES.has(task.type)) task.workflow = true;
      } else if (d.kind === 'progress') {
        if (Array.isArray(f['workflow_progress'])) {
          task.workflow = true;
          applySnapshot(task, f['workflow_progress'], r.i);
        }
        task.description ??= str(f['description']);
      } else if (d.kind === 'updated' && isObj(f['patch'])) {
        const st = str(f['patch']['status']);
        if (st !== undefined) task.status = st;
        if (st !== undefined && TERMINAL_TASK.has(st) && task.terminalI === undefined) {
          task.terminalI = r.i;
          task.endTime = num(f['patch']['end_time']);
        }
      } else if (d.kind === 'notify') {
        task.notifyI ??= r.i;
        task.notifyStatus = str(f['status']);
      }
      continue;
    }
    const mark: Mark = { f: r.i, k: d.kind };
    if (d.kind === 'turn' || d.kind === 'result' || d.kind === 'result-error' || d.kind === 'prompt') turns.push(mark);
    else if (d.kind === 'ctl-req' || d.kind === 'ctl-ack' || d.kind === 'ctl-err') {
      control.push(mark);
      if (f && f['type'] === 'control_request' && typeof f['request_id'] === 'string') openRequests.set(`${r.dir}:${f['request_id']}`, r.i);
      if (f && f['type'] === 'control_response' && isObj(f['response'])) {
        // the ACK travels the other way: a response written by the CLI answers a request the host sent
        const key = `${r.dir === 'out' ? 'in' : 'out'}:${String(f['response']['request_id'])}`;
        const req = openRequests.get(key);
        if (req !== undefined) {
          links.push([req, r.i]);
          openRequests.delete(key);
        }
      }
    } else messages.push(mark);
  }

  const rows: Row[] = [
    { kind: 'lane', label: 'Turns', sub: 'starts · prompts · results', marks: turns },
    { kind: 'lane', label: 'Control', sub: 'requests · ACKs', marks: control, links },
    { kind: 'lane', label: 'Messages', sub: 'other frames', marks: messages },
  ];
  const placed: PlacedViolation[] = [];
  if (opts.violations) {
    for (const v of opts.violations) placed.push({ f: recordAtLine(recs, v.line), line: v.line, rule: v.rule, message: v.message });
    rows.push({ kind: 'lane', label: 'Check', sub: `${placed.length} violation(s)`, marks: placed.map((v) => ({ f: v.f, k: 'violation' as const })) });
  }

  const taskInfos: TaskInfo[] = [];
  for (const task of [...tasks.values()].sort((a, b) => a.startI - b.startI)) {
    const ti = taskInfos.length;
    const lastLate = task.marks.filter((m) => m.late).at(-1);
    taskInfos.push({ id: task.id, ...(task.notifyI !== undefined ? { notify: task.notifyI } : {}), ...(lastLate ? { lateEnd: lastLate.f } : {}) });
    const endI = task.terminalI ?? task.notifyI;
    const name = task.workflow ? `workflow ${task.workflowName ?? task.description ?? task.id}` : `${task.type ?? 'task'}: ${task.description ?? task.id}`;
    const status = task.status ?? task.notifyStatus ?? 'running';
    rows.push({
      kind: 'task',
      label: name,
      sub: `${status}${task.notifyStatus !== undefined ? ` · notified: ${task.notifyStatus}` : ''}`,
      task: ti,
      marks: task.marks,
      bar: {
        t0: t[task.startI] ?? 0,
        t1: task.endTime ?? (endI !== undefined ? (t[endI] ?? tEnd) : tEnd),
        i0: task.startI,
        i1: endI ?? lastI,
        state: taskState(task.status ?? task.notifyStatus),
        f: endI ?? task.startI,
        ...(endI === undefined ? { open: 1 as const } : {}),
      },
    });
    if (!task.workflow) continue;
    const agents = [...task.agents.values()].sort((a, b) => a.index - b.index);
    const bars = new Map<AgentAcc, Bar>();
    for (const a of agents) {
      let state: BarState = a.terminalI === undefined ? 'running' : (a.state as BarState);
      if (state === 'error' && ((task.notifyI !== undefined && (a.terminalI as number) > task.notifyI) || /subagent aborted/i.test(a.note ?? ''))) state = 'aborted';
      bars.set(a, {
        t0: a.startedAt ?? t[a.firstI] ?? 0,
        t1: a.endedAt ?? (a.terminalI !== undefined ? (t[a.terminalI] ?? tEnd) : tEnd),
        i0: a.firstI,
        i1: a.terminalI ?? lastI,
        state,
        f: a.terminalI ?? a.lastI,
        ...(a.note !== undefined ? { note: a.note } : {}),
        ...(a.terminalI === undefined ? { open: 1 as const } : {}),
      });
    }
    const agentRow = (a: AgentAcc, band?: Span): Row => {
      const bar = bars.get(a) as Bar;
      return { kind: 'agent', label: a.label, sub: bar.state, task: ti, bar, ...(band ? { band } : {}) };
    };
    for (const a of agents.filter((x) => x.phaseIndex === undefined)) rows.push(agentRow(a));
    const phaseIdx = new Set<number>([...task.phases.keys(), ...agents.flatMap((a) => (a.phaseIndex !== undefined ? [a.phaseIndex] : []))]);
    for (const p of [...phaseIdx].sort((a, b) => a - b)) {
      const members = agents.filter((a) => a.phaseIndex === p);
      const title = task.phases.get(p) ?? members[0]?.phaseTitle ?? `phase ${p}`;
      const spans = members.map((a) => bars.get(a) as Bar);
      const band: Span | undefined = spans.length
        ? { t0: Math.min(...spans.map((s) => s.t0)), t1: Math.max(...spans.map((s) => s.t1)), i0: Math.min(...spans.map((s) => s.i0)), i1: Math.max(...spans.map((s) => s.i1)) }
        : undefined;
      rows.push({ kind: 'phase', label: `${p}. ${title}`, sub: `${members.length} agent${members.length === 1 ? '' : 's'}`, task: ti, ...(band ? { band } : {}) });
      for (const a of members) rows.push(agentRow(a, band));
    }
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
    tasks: taskInfos,
    violations: placed,
    checked: opts.violations !== undefined,
  };
}
