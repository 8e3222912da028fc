// What the report must show for a transcript, computed straight from the frames (issue #11 brief):
// an independent reading the browser test compares the drawn rows, bars and marks against.
type F = Record<string, any>;

/** One expected row of the picture. */
export interface ExpectedRow {
  kind: 'lane' | 'task' | 'phase' | 'agent';
  label: string;
  /** Bar colour for task and agent rows. */
  state?: string;
  /** Frames marked on this row, in order, with their mark kind and whether they are late rows. */
  marks: Array<{ f: number; kind: string; late: boolean }>;
}

const TASK_SUBTYPES: Record<string, string> = { task_started: 'started', task_progress: 'progress', task_updated: 'updated', task_notification: 'notify' };

/** Mark kind of a frame outside any task (Turns / Control / Messages lanes). */
function laneKind(f: F, dir: string): [string, string] {
  if (f['type'] === 'system' && f['subtype'] === 'init') return ['Turns', 'turn'];
  if (f['type'] === 'result') return ['Turns', f['is_error'] === true ? 'result-error' : 'result'];
  if (f['type'] === 'user' && dir === 'in') return ['Turns', 'prompt'];
  if (f['type'] === 'control_request' || f['type'] === 'control_cancel_request') return ['Control', 'ctl-req'];
  if (f['type'] === 'control_response') return ['Control', f['response']?.['subtype'] === 'error' ? 'ctl-err' : 'ctl-ack'];
  return ['Messages', 'msg'];
}

/** Reads a transcript (`dir` always out), journal or cassette (docs/cassettes.md) into records: frame and direction. */
export function records(text: string): Array<{ frame: F; dir: string }> {
  const out: Array<{ frame: F; dir: string }> = [];
  let cassette = false;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const v = JSON.parse(line) as F;
    if (out.length === 0 && typeof v['cassette'] === 'string') {
      cassette = true; // the header: no record
      continue;
    }
    if (cassette) {
      if (v['frame'] && (v['dir'] === 'in' || v['dir'] === 'out')) out.push({ frame: v['frame'], dir: v['dir'] });
      else out.push({ frame: v, dir: 'meta' }); // eof, exit, stderr lines
    } else if (typeof v['seq'] === 'number' && typeof v['dir'] === 'string') {
      if (v['frame'] && typeof v['frame'] === 'object') out.push({ frame: v['frame'], dir: v['dir'] });
      else out.push({ frame: v, dir: 'meta' });
    } else out.push({ frame: v, dir: 'out' });
  }
  return out;
}

/** Rows the report must draw, in order: the lanes, then per task its header, phase-less agents, phases with their agents. */
export function expectedRows(recs: Array<{ frame: F; dir: string }>, checked: boolean): ExpectedRow[] {
  const lanes: Record<string, ExpectedRow> = {
    Turns: { kind: 'lane', label: 'Turns', marks: [] },
    Control: { kind: 'lane', label: 'Control', marks: [] },
    Messages: { kind: 'lane', label: 'Messages', marks: [] },
  };
  interface T { first: number; frames: number[]; notify?: number }
  const tasks = new Map<string, T>();
  recs.forEach(({ frame: f, dir }, i) => {
    const sub = TASK_SUBTYPES[String(f['subtype'])];
    if (dir === 'out' && f['type'] === 'system' && typeof f['task_id'] === 'string' && sub) {
      const t = tasks.get(f['task_id']) ?? { first: i, frames: [] };
      tasks.set(f['task_id'], t);
      t.frames.push(i);
      if (sub === 'notify' && t.notify === undefined) t.notify = i;
      return;
    }
    const [lane, kind] = dir === 'meta' ? ['Messages', 'meta'] : laneKind(f, dir);
    (lanes[lane] as ExpectedRow).marks.push({ f: i, kind, late: false });
  });
  const rows: ExpectedRow[] = [lanes['Turns'] as ExpectedRow, lanes['Control'] as ExpectedRow, lanes['Messages'] as ExpectedRow];
  if (checked) rows.push({ kind: 'lane', label: 'Check', marks: [] });
  for (const [id, t] of [...tasks].sort((a, b) => a[1].first - b[1].first)) {
    const fs = t.frames.map((i) => (recs[i] as { frame: F }).frame);
    const started = fs.find((f) => f['subtype'] === 'task_started') ?? {};
    const workflow = started['task_type'] === 'local_workflow' || fs.some((f) => Array.isArray(f['workflow_progress']));
    const statuses = fs.filter((f) => f['subtype'] === 'task_updated' && f['patch']?.['status']).map((f) => f['patch']['status'] as string);
    const status = statuses.at(-1) ?? fs.find((f) => f['subtype'] === 'task_notification')?.['status'];
    const state = status === 'completed' ? 'done' : status === 'failed' ? 'error' : status === 'killed' || status === 'stopped' ? 'aborted' : 'running';
    rows.push({
      kind: 'task',
      label: workflow ? `workflow ${started['workflow_name'] ?? started['description'] ?? id}` : `${started['task_type']}: ${started['description']}`,
      state,
      marks: t.frames.map((i) => ({ f: i, kind: TASK_SUBTYPES[String(recs[i]?.frame['subtype'])] as string, late: t.notify !== undefined && i > t.notify })),
    });
    if (!workflow) continue;
    // agents: the first terminal state is final (seed 000 §5.2); aborted = error after the notification or "subagent aborted"
    interface A { label: string; phase?: number; state: string; at?: number; error?: string }
    const agents = new Map<number, A>();
    const phases = new Map<number, string>();
    for (const i of t.frames) {
      for (const r of (recs[i] as { frame: F }).frame['workflow_progress'] ?? []) {
        if (r.type === 'workflow_phase') phases.set(r.index, r.title);
        if (r.type !== 'workflow_agent') continue;
        const a: A = agents.get(r.index) ?? { label: r.label, state: 'start' };
        agents.set(r.index, a);
        a.label = r.label;
        if (typeof r.phaseIndex === 'number') a.phase = r.phaseIndex;
        if (a.at === undefined) {
          a.state = r.state;
          if (['done', 'error', 'cached'].includes(r.state)) {
            a.at = i;
            a.error = r.error;
          }
        }
      }
    }
    const agentRow = (a: { label: string; state: string; at?: number; error?: string }): ExpectedRow => {
      let s = a.at === undefined ? 'running' : a.state;
      if (s === 'error' && ((t.notify !== undefined && (a.at as number) > t.notify) || /subagent aborted/.test(a.error ?? ''))) s = 'aborted';
      return { kind: 'agent', label: a.label, state: s, marks: [] };
    };
    const sorted = [...agents].sort((x, y) => x[0] - y[0]).map(([, a]) => a);
    for (const a of sorted.filter((x) => x.phase === undefined)) rows.push(agentRow(a));
    const pIdx = [...new Set([...phases.keys(), ...sorted.flatMap((a) => (a.phase !== undefined ? [a.phase] : []))])].sort((x, y) => x - y);
    for (const p of pIdx) {
      rows.push({ kind: 'phase', label: `${p}. ${phases.get(p)}`, marks: [] });
      for (const a of sorted.filter((x) => x.phase === p)) rows.push(agentRow(a));
    }
  }
  return rows;
}
