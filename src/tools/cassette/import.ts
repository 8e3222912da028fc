import { stringify } from 'yaml';
import { isRawFrame, num, obj, str, type RawFrame } from '../../protocol/raw-frame.js';
import { rowsOfType, taskEvent, TaskStates, type IndexedRow, type TaskState } from '../../protocol/task-state.js';
import type { Cassette } from './format.js';

type Obj = Record<string, unknown>;

/** One recorded turn: its prompt, the assistant texts before its result, its result or error, the tasks it started. */
interface Turn {
  prompt: string;
  texts: string[];
  result?: string;
  error?: string;
  resultSeen: boolean;
  order: string[];
}

/** What the import needs of a task beyond what its frames say (TaskStates): its turn, its start time, every progress frame, the tool input that launched it. */
interface Launch {
  turn: Turn;
  t0: number;
  progress: RawFrame[];
  /** Its terminal task_updated came after the turn's result (a background run). */
  afterResult: boolean;
  /** The Workflow tool input (a cbc Workflow call names the script path there). */
  toolInput?: RawFrame;
}

/** The tasks of a recording: their states (time as position) and their launches. */
interface Tasks {
  states: TaskStates;
  launches: Map<string, Launch>;
}

/**
 * Turns a recording into an editable scenario (issue #7): one turn per recorded user message, with
 * its reply and result texts, the workflows it launched (phases and agents rebuilt from the last
 * workflow_progress snapshot: durations, tokens, tool uses, results, failures, cached agents) and its
 * background shell/agent tasks. Returns the scenario object and warnings for what could not be kept.
 */
export function importCassette(c: Cassette, name = 'imported'): { scenario: Obj; warnings: string[] } {
  const warnings: string[] = [];
  const turns: Obj[] = [];
  const tasks: Tasks = { states: new TaskStates({ startedOnly: true }), launches: new Map() };
  /** Tool inputs by tool_use_id. */
  const toolInputs = new Map<string, RawFrame>();
  let turn: Turn | undefined;
  for (const e of c.entries) {
    const f = e.frame;
    if (!isRawFrame(f)) continue;
    if (e.dir === 'in') {
      if (f['type'] === 'user') {
        if (turn) turns.push(buildTurn(turn, tasks, warnings));
        turn = { prompt: promptOf(f), texts: [], resultSeen: false, order: [] };
      } else if (f['type'] === 'control_request' && obj(f, 'request')?.['subtype'] === 'interrupt') {
        warnings.push(`a client interrupt at ${e.t} ms is not part of a scenario; replay the cassette to reproduce it`);
      }
      continue;
    }
    if (e.dir !== 'out' || !turn) continue;
    if (f['type'] === 'assistant' && !f['parent_tool_use_id']) readAssistant(turn, f, toolInputs);
    else if (f['type'] === 'result' && !turn.resultSeen) readResult(turn, f);
    else readTask(tasks, turn, f, e.t, toolInputs);
  }
  if (turn) turns.push(buildTurn(turn, tasks, warnings));
  return { scenario: { name, unmatched: 'echo', turns }, warnings };
}

/** The content blocks of a frame's message. */
const blocks = (f: RawFrame): RawFrame[] => {
  const c = obj(f, 'message')?.['content'];
  return Array.isArray(c) ? c.filter(isRawFrame) : [];
};

function readAssistant(turn: Turn, f: RawFrame, toolInputs: Map<string, RawFrame>): void {
  for (const b of blocks(f)) {
    const text = str(b, 'text');
    const id = str(b, 'id');
    if (b['type'] === 'text' && text !== undefined && !turn.resultSeen) turn.texts.push(text);
    if (b['type'] === 'tool_use' && id !== undefined) toolInputs.set(id, obj(b, 'input') ?? {});
  }
}

function readResult(turn: Turn, f: RawFrame): void {
  turn.resultSeen = true;
  const errors = f['errors'];
  const result = str(f, 'result');
  if (f['is_error'] && Array.isArray(errors)) turn.error = errors.join('; ');
  else if (result !== undefined) turn.result = result;
}

function readTask(tasks: Tasks, turn: Turn, f: RawFrame, t: number, toolInputs: Map<string, RawFrame>): void {
  const ev = taskEvent(f);
  if (!ev) return;
  const ended = tasks.states.get(ev.id)?.terminal !== undefined;
  const state = tasks.states.apply(f, t);
  if (!state) return;
  if (ev.subtype === 'task_started' && !tasks.launches.has(ev.id)) {
    const toolInput = toolInputs.get(str(f, 'tool_use_id') ?? '');
    tasks.launches.set(ev.id, { turn, t0: t, progress: [], afterResult: false, ...(toolInput ? { toolInput } : {}) });
    turn.order.push(ev.id);
  }
  const launch = tasks.launches.get(ev.id);
  if (!launch) return;
  if (ev.subtype === 'task_progress') launch.progress.push(f);
  if (!ended && state.terminal) launch.afterResult = launch.turn.resultSeen;
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
    if (t.kind === 'workflow') workflows.push(workflowOf(t, launch, warnings));
    else background.push(backgroundOf(t, launch));
  }
  if (first !== undefined && (workflows.length > 0 || background.length > 0 || turn.texts.length > 1)) out['reply'] = first;
  if (turn.error !== undefined) out['error'] = turn.error;
  else out['result'] = turn.result ?? turn.texts.at(-1) ?? '';
  if (workflows.length === 1) out['workflow'] = workflows[0];
  else if (workflows.length > 1) out['workflows'] = workflows;
  if (background.length > 0) out['background'] = background;
  return out;
}

/** One scenario agent from its last workflow_agent row. */
function agentOf(r: IndexedRow, toolUses: Map<number, number>): Obj {
  const a: Obj = { label: r['label'] };
  if (r['state'] === 'cached' || r['cached'] === true) a['cached'] = true;
  else {
    const ended = num(r, 'endedAt');
    const started = num(r, 'startedAt');
    const d = num(r, 'durationMs') ?? (ended !== undefined && started !== undefined ? ended - started : undefined);
    if (d !== undefined) a['duration'] = d;
  }
  const tokens = num(r, 'tokens');
  if (tokens !== undefined && tokens > 0) a['tokens'] = tokens;
  const calls = num(r, 'toolCalls') ?? toolUses.get(r.index);
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
  const toolUses = toolUsesByAgent(launch.progress);
  if (started?.['description'] !== undefined) wf['description'] = started['description'];
  const phases = rowsOfType(t.snapshot, 'workflow_phase');
  const agents = rowsOfType(t.snapshot, 'workflow_agent');
  if (phases.length > 0) {
    const all = phases.map((p) => ({ title: p['title'], agents: agents.filter((a) => a['phaseIndex'] === p.index).map((a) => agentOf(a, toolUses)) }));
    const kept = all.filter((p) => p.agents.length > 0);
    if (kept.length < all.length) warnings.push(`workflow ${name}: ${all.length - kept.length} phase(s) never started an agent in the recording; they were dropped`);
    wf['phases'] = kept;
  } else if (agents.length > 0) wf['agents'] = agents.map((a) => agentOf(a, toolUses));
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
 * Tool uses per agent when the rows do not carry them (cbc rows have no toolCalls): the growth of
 * usage.tool_uses between snapshots, credited to the agents that ended in that snapshot.
 */
function toolUsesByAgent(progress: RawFrame[]): Map<number, number> {
  const out = new Map<number, number>();
  let prev = 0;
  const ended = new Set<number>();
  for (const s of progress) {
    const total = Number(obj(s, 'usage')?.['tool_uses'] ?? 0);
    const now = rowsOfType(s, 'workflow_agent').filter((r) => r['state'] !== 'start' && !ended.has(r.index));
    if (now.length > 0 && total > prev) {
      const share = Math.floor((total - prev) / now.length);
      now.forEach((r, i) => out.set(r.index, share + (i === 0 ? total - prev - share * now.length : 0)));
    }
    for (const r of now) ended.add(r.index);
    prev = Math.max(prev, total);
  }
  return out;
}

function backgroundOf(t: TaskState, launch: Launch): Obj {
  const kind = t.kind ?? 'bash';
  const b: Obj = { kind, description: t.started?.frame['description'] };
  if (t.terminal) b['duration'] = Math.max(0, t.terminal.at - launch.t0);
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
