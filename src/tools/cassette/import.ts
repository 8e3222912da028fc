import { stringify } from 'yaml';
import { isRawFrame, num, obj, str, type RawFrame } from '../../protocol/raw-frame.js';
import { rowsOfType, taskEvent, TaskStates, type IndexedRow, type TaskState } from '../../protocol/task-state.js';
import { isStoppedStatus } from '../../protocol/vocabulary.js';
import type { Cassette } from './format.js';

type Obj = Record<string, unknown>;

/** One recorded turn: its prompt, the assistant texts before its result, its result or error, the tasks it started. */
interface Turn {
  prompt: string;
  texts: string[];
  /** Its first text came before its first tool call (the scenario's `reply`). */
  replyFirst: boolean;
  result?: string;
  error?: string;
  resultSeen: boolean;
  order: string[];
}

/**
 * The CLI's output from the start of a turn to its result, kept until the result says whose turn it was
 * (a user prompt's, or the follow-up turn a task notification started).
 */
interface Segment {
  frames: RawFrame[];
  /** Tasks started inside it. */
  started: string[];
  done: boolean;
}

/** What the import needs of a task beyond what its frames say (TaskStates): its turn, its start time, every progress frame, the tool input that launched it. */
interface Launch {
  seg: Segment;
  t0: number;
  progress: RawFrame[];
  /** Its terminal task_updated came after the turn's result (a background run). */
  afterResult: boolean;
  /** The Workflow tool input (a cbc Workflow call names the script path there). */
  toolInput?: RawFrame;
}

/** The tasks of a recording: their states (time as position), their launches and the reply of the follow-up turn each started. */
interface Tasks {
  states: TaskStates;
  launches: Map<string, Launch>;
  /** Task id -> the follow-up turn's reply; `false`: its notification started none. */
  followups: Map<string, string | false>;
}

/**
 * What the CLI will answer next, in its own order: user prompts as they are read, and a follow-up turn
 * for each task notification that starts one (the engine queues both in one FIFO, engine/launch.ts).
 */
type Pending = { kind: 'prompt'; turn: Turn } | { kind: 'followup'; taskId: string };

/** The frames that open a turn (a turn's own output; task events and control replies are not). */
const opensTurn = (f: RawFrame): boolean => f['type'] === 'assistant' || f['type'] === 'result' || (f['type'] === 'system' && f['subtype'] === 'init');

/**
 * Turns a recording into an editable scenario (issue #7): one turn per recorded user message, with
 * its reply and result texts, the workflows it launched (phases and agents rebuilt from the last
 * workflow_progress snapshot: durations, tokens, tool uses, results, failures, cached agents), its
 * background shell/agent tasks and the reply of each follow-up turn a notification started (issue #20).
 * Returns the scenario object and warnings for what could not be kept.
 */
export function importCassette(c: Cassette, name = 'imported'): { scenario: Obj; warnings: string[] } {
  const warnings: string[] = [];
  const turns: Turn[] = [];
  const tasks: Tasks = { states: new TaskStates({ startedOnly: true }), launches: new Map(), followups: new Map() };
  /** Tool inputs by tool_use_id. */
  const toolInputs = new Map<string, RawFrame>();
  const pending: Pending[] = [];
  let seg: Segment | undefined;
  for (const e of c.entries) {
    const f = e.frame;
    if (!isRawFrame(f)) continue;
    if (e.dir === 'in') {
      if (f['type'] === 'user') {
        const turn: Turn = { prompt: promptOf(f), texts: [], replyFirst: false, resultSeen: false, order: [] };
        turns.push(turn);
        pending.push({ kind: 'prompt', turn });
      } else if (f['type'] === 'control_request' && obj(f, 'request')?.['subtype'] === 'interrupt') {
        warnings.push(`a client interrupt at ${e.t} ms is not part of a scenario; replay the cassette to reproduce it`);
      }
      continue;
    }
    if (e.dir !== 'out') continue;
    if (f['type'] === 'assistant') for (const b of blocks(f)) if (b['type'] === 'tool_use' && str(b, 'id') !== undefined) toolInputs.set(str(b, 'id')!, obj(b, 'input') ?? {});
    if (taskEvent(f)) {
      readTask(tasks, seg, f, e.t, toolInputs, pending);
      continue;
    }
    if (!seg && opensTurn(f)) seg = { frames: [], started: [], done: false };
    if (!seg) continue;
    if (!f['parent_tool_use_id']) seg.frames.push(f);
    if (f['type'] === 'result') {
      seg.done = true;
      settle(seg, pending, tasks);
      seg = undefined;
    }
  }
  for (const p of pending) if (p.kind === 'followup') tasks.followups.set(p.taskId, false);
  return { scenario: { name, unmatched: 'echo', turns: turns.map((t) => buildTurn(t, tasks, warnings)) }, warnings };
}

/** Whether a finished segment is a follow-up turn: one that only talks, or a result that says so (Claude's `origin`). */
function isFollowup(seg: Segment): boolean {
  const origin = str(obj(seg.frames.at(-1), 'origin'), 'kind');
  if (origin !== undefined) return origin === 'task-notification';
  return seg.started.length === 0 && !seg.frames.some((f) => blocks(f).some((b) => b['type'] === 'tool_use'));
}

/** Gives a finished segment to whom it answered: the follow-up of the next queued notification, or the next prompt. */
function settle(seg: Segment, pending: Pending[], tasks: Tasks): void {
  const texts = (): string[] => seg.frames.filter((f) => f['type'] === 'assistant').flatMap((f) => blocks(f).filter((b) => b['type'] === 'text').map((b) => str(b, 'text') ?? ''));
  if (isFollowup(seg)) {
    const i = pending.findIndex((p) => p.kind === 'followup');
    const p = pending[i];
    if (p?.kind === 'followup') {
      pending.splice(i, 1);
      tasks.followups.set(p.taskId, texts().join('\n'));
      return;
    }
  }
  // a notification whose follow-up turn did not come before this prompt's turn started none
  let p = pending.shift();
  for (; p?.kind === 'followup'; p = pending.shift()) tasks.followups.set(p.taskId, false);
  if (p?.kind !== 'prompt') return;
  const turn = p.turn;
  turn.texts.push(...texts());
  const firstText = seg.frames.findIndex((f) => blocks(f).some((b) => b['type'] === 'text'));
  const firstTool = seg.frames.findIndex((f) => blocks(f).some((b) => b['type'] === 'tool_use'));
  turn.replyFirst = firstText >= 0 && (firstTool < 0 || firstText < firstTool);
  const result = seg.frames.at(-1);
  if (result) readResult(turn, result);
  for (const id of seg.started) turn.order.push(id);
}

/** The content blocks of a frame's message. */
const blocks = (f: RawFrame | undefined): RawFrame[] => {
  const c = obj(f, 'message')?.['content'];
  return Array.isArray(c) ? c.filter(isRawFrame) : [];
};

function readResult(turn: Turn, f: RawFrame): void {
  turn.resultSeen = true;
  const errors = f['errors'];
  const result = str(f, 'result');
  if (f['is_error'] && Array.isArray(errors)) turn.error = errors.join('; ');
  else if (result !== undefined) turn.result = result;
}

function readTask(tasks: Tasks, seg: Segment | undefined, f: RawFrame, t: number, toolInputs: Map<string, RawFrame>, pending: Pending[]): void {
  const ev = taskEvent(f);
  if (!ev) return;
  const ended = tasks.states.get(ev.id)?.terminal !== undefined;
  const state = tasks.states.apply(f, t);
  if (!state) return;
  if (ev.subtype === 'task_started' && !tasks.launches.has(ev.id) && seg) {
    const toolInput = toolInputs.get(str(f, 'tool_use_id') ?? '');
    tasks.launches.set(ev.id, { seg, t0: t, progress: [], afterResult: false, ...(toolInput ? { toolInput } : {}) });
    seg.started.push(ev.id);
  }
  const launch = tasks.launches.get(ev.id);
  if (!launch) return;
  if (ev.subtype === 'task_progress') launch.progress.push(f);
  if (!ended && state.terminal) launch.afterResult = launch.seg.done;
  // engine/launch.ts: a notified background task, or a background workflow, queues a follow-up turn unless it was stopped
  if (ev.subtype === 'task_notification' && !isStoppedStatus(f['status']) && (state.kind !== 'workflow' || launch.afterResult)) pending.push({ kind: 'followup', taskId: ev.id });
}

/**
 * One YAML comment line. Recorded text (a prompt, a workflow name) may hold line breaks: escaped as in
 * JSON, they cannot end the comment and inject YAML into the scenario (issue #18).
 */
function comment(text: string): string {
  return `# ${JSON.stringify(text).slice(1, -1)}\n`;
}

/** The scenario YAML text of an imported cassette, with a header comment. */
export function importCassetteYaml(c: Cassette, name?: string): { yaml: string; warnings: string[] } {
  const { scenario, warnings } = importCassette(c, name);
  const head = comment(`Imported from a cassette recorded ${c.header.recorded_at} (${c.header.command} ${c.header.argv.join(' ')}).`) + warnings.map((w) => comment(`note: ${w}`)).join('');
  return { yaml: head + stringify(scenario, { lineWidth: 0 }), warnings };
}

function buildTurn(turn: Turn, tasks: Tasks, warnings: string[]): Obj {
  const out: Obj = { match: { exact: turn.prompt.trim() } };
  const [first] = turn.texts;
  const workflows: Obj[] = [];
  const background: Obj[] = [];
  for (const id of turn.order) {
    const t = tasks.states.get(id);
    const launch = tasks.launches.get(id);
    if (!t || !launch) continue;
    const followup = tasks.followups.get(id);
    if (t.kind === 'workflow') workflows.push(withFollowup(workflowOf(t, launch, warnings), followup, `The workflow "${str(t.started?.frame, 'workflow_name') ?? ''}" ${t.notified?.status ?? ''}.`));
    else background.push(withFollowup(backgroundOf(t, launch), followup, `The background task "${str(t.started?.frame, 'description') ?? ''}" ${t.notified?.status ?? ''}.`));
  }
  if (first !== undefined && turn.replyFirst && (workflows.length > 0 || background.length > 0 || turn.texts.length > 1)) out['reply'] = first;
  if (turn.error !== undefined) out['error'] = turn.error;
  else out['result'] = turn.result ?? turn.texts.at(-1) ?? '';
  if (workflows.length === 1) out['workflow'] = workflows[0];
  else if (workflows.length > 1) out['workflows'] = workflows;
  if (background.length > 0) out['background'] = background;
  return out;
}

/** A workflow or background task with the reply of the follow-up turn it started, when that is not the default one (engine/launch.ts). */
function withFollowup(spec: Obj, followup: string | false | undefined, fallback: string): Obj {
  if (followup === false || (followup !== undefined && followup !== fallback)) spec['followup'] = followup;
  return spec;
}

/** What the snapshots say of each agent beyond its row: tool uses and tokens credited from the usage totals. */
interface Credited {
  toolUses: Map<number, number>;
  tokens: Map<number, number>;
}

/** One scenario agent from its last workflow_agent row. */
function agentOf(r: IndexedRow, credited: Credited): Obj {
  const a: Obj = { label: r['label'] };
  if (r['state'] === 'cached' || r['cached'] === true) a['cached'] = true;
  else {
    const ended = num(r, 'endedAt');
    const started = num(r, 'startedAt');
    const d = num(r, 'durationMs') ?? (ended !== undefined && started !== undefined ? ended - started : undefined);
    if (d !== undefined) a['duration'] = d;
  }
  const tokens = num(r, 'tokens') ?? credited.tokens.get(r.index);
  if (tokens !== undefined && tokens > 0) a['tokens'] = tokens;
  const calls = num(r, 'toolCalls') ?? credited.toolUses.get(r.index);
  if (calls !== undefined && calls > 0) a['tool_uses'] = calls;
  const error = str(r, 'error');
  const preview = str(r, 'resultPreview');
  if (r['state'] === 'error' && error !== undefined && !/subagent aborted|Stopped because/.test(error)) a['fail'] = error;
  else if (preview !== undefined) a['result'] = preview;
  return a;
}

function workflowOf(t: TaskState, launch: Launch, warnings: string[]): Obj {
  const started = t.started?.frame;
  const name = str(started, 'workflow_name') ?? 'workflow';
  const wf: Obj = name.startsWith('path:') ? { script: name.slice(5) } : { name };
  const scriptPath = str(launch.toolInput, 'scriptPath');
  if (scriptPath !== undefined && !name.startsWith('path:')) wf['script'] = scriptPath;
  const credited: Credited = { toolUses: creditByAgent(launch.progress, 'tool_uses', 'toolCalls'), tokens: creditByAgent(launch.progress, 'total_tokens', 'tokens') };
  if (started?.['description'] !== undefined) wf['description'] = started['description'];
  const phases = rowsOfType(t.snapshot, 'workflow_phase');
  const agents = rowsOfType(t.snapshot, 'workflow_agent');
  if (phases.length > 0) {
    const all = phases.map((p) => ({ title: p['title'], agents: agents.filter((a) => a['phaseIndex'] === p.index).map((a) => agentOf(a, credited)) }));
    const kept = all.filter((p) => p.agents.length > 0);
    if (kept.length < all.length) warnings.push(`workflow ${name}: ${all.length - kept.length} phase(s) never started an agent in the recording; they were dropped`);
    wf['phases'] = kept;
  } else if (agents.length > 0) wf['agents'] = agents.map((a) => agentOf(a, credited));
  const status = t.terminal?.status;
  if (status === 'failed') {
    wf['outcome'] = 'failed';
    wf['error'] = obj(t.terminal?.frame, 'patch')?.['error'] ?? t.notified?.frame['summary'] ?? 'failed';
  }
  if (status === 'killed') warnings.push(`workflow ${name} was stopped in the recording; add "interrupt: { after: ... }" to replay that`);
  if (t.terminal && !launch.afterResult) wf['wait'] = true;
  return wf;
}

/**
 * A count per agent for the agents whose rows do not carry it (cbc rows have no toolCalls; cbc's cached
 * rows have no tokens): the growth of `usage[total]` between snapshots, less what the rows that ended
 * there carry themselves (`rows[own]`), credited to the other agents that ended in that snapshot.
 */
function creditByAgent(progress: RawFrame[], total: 'tool_uses' | 'total_tokens', own: 'toolCalls' | 'tokens'): Map<number, number> {
  const out = new Map<number, number>();
  let prev = 0;
  const ended = new Set<number>();
  for (const s of progress) {
    const now = Number(obj(s, 'usage')?.[total] ?? 0);
    const endedNow = rowsOfType(s, 'workflow_agent').filter((r) => r['state'] !== 'start' && !ended.has(r.index));
    const carried = endedNow.reduce((sum, r) => sum + (num(r, own) ?? 0), 0);
    const bare = endedNow.filter((r) => num(r, own) === undefined);
    const left = now - prev - carried;
    if (bare.length > 0 && left > 0) {
      const share = Math.floor(left / bare.length);
      bare.forEach((r, i) => out.set(r.index, share + (i === 0 ? left - share * bare.length : 0)));
    }
    for (const r of endedNow) ended.add(r.index);
    prev = Math.max(prev, now);
  }
  return out;
}

function backgroundOf(t: TaskState, launch: Launch): Obj {
  const kind = t.kind ?? 'bash';
  const b: Obj = { kind, description: t.started?.frame['description'] };
  // the notification's usage.duration_ms is virtual time; the recording's own clock is only a fallback (it ran at some speed)
  const ms = num(obj(t.notified?.frame, 'usage'), 'duration_ms');
  if (ms !== undefined) b['duration'] = ms;
  else if (t.terminal) b['duration'] = Math.max(0, t.terminal.at - launch.t0);
  const summary = str(t.notified?.frame, 'summary') ?? '';
  const code = /exit code (\d+)/.exec(summary)?.[1];
  if (kind !== 'agent' && code !== undefined && code !== '0') b['exit_code'] = Number(code);
  if (t.terminal?.status === 'killed') b['end'] = 'killed';
  if (t.terminal && !t.notified) b['notify'] = false;
  const total = obj(t.notified?.frame, 'usage')?.['total_tokens'];
  if (kind === 'agent' && total) b['tokens'] = total;
  return b;
}

function promptOf(f: RawFrame): string {
  const c = obj(f, 'message')?.['content'];
  if (typeof c === 'string') return c;
  return blocks(f).filter((b) => b['type'] === 'text').map((b) => str(b, 'text') ?? '').join('\n');
}
