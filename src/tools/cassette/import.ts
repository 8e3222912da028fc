import { stringify } from 'yaml';
import type { Cassette } from './format.js';

type Frame = Record<string, any>;

/**
 * Turns a recording into an editable scenario (issue #7): one turn per recorded user message, with
 * its reply and result texts, the workflows it launched (phases and agents rebuilt from the last
 * workflow_progress snapshot: durations, tokens, tool uses, results, failures, cached agents) and its
 * background shell/agent tasks. Returns the scenario object and warnings for what could not be kept.
 */
export function importCassette(c: Cassette, name = 'imported'): { scenario: Record<string, unknown>; warnings: string[] } {
  const warnings: string[] = [];
  const turns: Array<Record<string, unknown>> = [];
  let turn: { prompt: string; texts: string[]; result?: string; error?: string; workflows: Map<string, Frame>; bg: Map<string, Frame>; resultSeen: boolean; order: string[] } | undefined;
  const tasks = new Map<string, { started: Frame; t0: number; last?: Frame; snapshots: Frame[]; updated?: Frame; notification?: Frame; afterResult: boolean; turn: NonNullable<typeof turn> }>();
  /** Workflow tool inputs by tool_use_id (the script path a cbc Workflow call names). */
  const toolInputs = new Map<string, Frame>();
  const flush = () => {
    if (turn) turns.push(buildTurn(turn, tasks, warnings));
  };
  for (const e of c.entries) {
    const f = e.frame as Frame | undefined;
    if (!f || typeof f !== 'object') continue;
    if (e.dir === 'in') {
      if (f['type'] === 'user') {
        flush();
        turn = { prompt: promptOf(f), texts: [], workflows: new Map(), bg: new Map(), resultSeen: false, order: [] };
      } else if (f['type'] === 'control_request' && f['request']?.['subtype'] === 'interrupt') {
        warnings.push(`a client interrupt at ${e.t} ms is not part of a scenario; replay the cassette to reproduce it`);
      }
      continue;
    }
    if (e.dir !== 'out' || !turn) continue;
    if (f['type'] === 'assistant' && !f['parent_tool_use_id']) {
      for (const b of f['message']?.['content'] ?? []) {
        if (b?.type === 'text' && typeof b.text === 'string' && !turn.resultSeen) turn.texts.push(b.text);
        if (b?.type === 'tool_use' && typeof b.id === 'string') toolInputs.set(b.id, b.input ?? {});
      }
    } else if (f['type'] === 'result' && !turn.resultSeen) {
      turn.resultSeen = true;
      if (f['is_error'] && Array.isArray(f['errors'])) turn.error = f['errors'].join('; ');
      else if (typeof f['result'] === 'string') turn.result = f['result'];
    } else if (f['type'] === 'system' && typeof f['task_id'] === 'string') {
      const id = f['task_id'] as string;
      if (f['subtype'] === 'task_started') {
        tasks.set(id, { started: { ...f, toolInput: toolInputs.get(f['tool_use_id']) }, t0: e.t, snapshots: [], afterResult: false, turn });
        turn.order.push(id);
      }
      const t = tasks.get(id);
      if (!t) continue;
      if (f['subtype'] === 'task_progress') {
        t.last = f;
        t.snapshots.push(f);
      }
      if (f['subtype'] === 'task_updated' && ['completed', 'failed', 'killed'].includes(f['patch']?.['status'])) {
        t.updated = { ...f, t: e.t };
        t.afterResult = t.turn.resultSeen;
      }
      if (f['subtype'] === 'task_notification') t.notification = f;
    }
  }
  flush();
  return { scenario: { name, unmatched: 'echo', turns }, warnings };
}

/** The scenario YAML text of an imported cassette, with a header comment. */
export function importCassetteYaml(c: Cassette, name?: string): { yaml: string; warnings: string[] } {
  const { scenario, warnings } = importCassette(c, name);
  const head = `# Imported from a cassette recorded ${c.header.recorded_at} (${c.header.command} ${c.header.argv.join(' ')}).\n` + warnings.map((w) => `# note: ${w}\n`).join('');
  return { yaml: head + stringify(scenario, { lineWidth: 0 }), warnings };
}

function buildTurn(turn: { prompt: string; texts: string[]; result?: string; error?: string; order: string[] }, tasks: Map<string, any>, warnings: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { match: { exact: turn.prompt.trim() } };
  const [first] = turn.texts;
  const workflows: Array<Record<string, unknown>> = [];
  const background: Array<Record<string, unknown>> = [];
  for (const id of turn.order) {
    const t = tasks.get(id);
    if (!t) continue;
    const type = String(t.started['task_type']);
    if (type === 'local_workflow' || type === 'Workflow') workflows.push(workflowOf(t, warnings));
    else background.push(backgroundOf(t, type));
  }
  if (first !== undefined && (workflows.length > 0 || background.length > 0 || turn.texts.length > 1)) out['reply'] = first;
  if (turn.error !== undefined) out['error'] = turn.error;
  else out['result'] = turn.result ?? turn.texts.at(-1) ?? '';
  if (workflows.length === 1) out['workflow'] = workflows[0];
  else if (workflows.length > 1) out['workflows'] = workflows;
  if (background.length > 0) out['background'] = background;
  return out;
}

function workflowOf(t: any, warnings: string[]): Record<string, unknown> {
  const started = t.started as Frame;
  const rows: Frame[] = t.last?.['workflow_progress'] ?? [];
  const name = String(started['workflow_name'] ?? 'workflow');
  const wf: Record<string, unknown> = name.startsWith('path:') ? { script: name.slice(5) } : { name };
  const scriptPath = started['toolInput']?.['scriptPath'];
  if (typeof scriptPath === 'string' && !name.startsWith('path:')) wf['script'] = scriptPath;
  const toolUses = toolUsesByAgent(t.snapshots);
  if (started['description'] !== undefined) wf['description'] = started['description'];
  const phases = rows.filter((r) => r['type'] === 'workflow_phase');
  const agents = rows.filter((r) => r['type'] === 'workflow_agent');
  const agentOf = (r: Frame): Record<string, unknown> => {
    const a: Record<string, unknown> = { label: r['label'] };
    const cached = r['state'] === 'cached' || r['cached'] === true;
    if (cached) a['cached'] = true;
    else {
      const d = typeof r['durationMs'] === 'number' ? r['durationMs'] : typeof r['endedAt'] === 'number' && typeof r['startedAt'] === 'number' ? r['endedAt'] - r['startedAt'] : undefined;
      if (d !== undefined) a['duration'] = d;
    }
    if (typeof r['tokens'] === 'number' && r['tokens'] > 0) a['tokens'] = r['tokens'];
    const calls = typeof r['toolCalls'] === 'number' ? r['toolCalls'] : toolUses.get(r['index']);
    if (calls !== undefined && calls > 0) a['tool_uses'] = calls;
    if (r['state'] === 'error' && typeof r['error'] === 'string' && !/subagent aborted|Stopped because/.test(r['error'])) a['fail'] = r['error'];
    else if (typeof r['resultPreview'] === 'string') a['result'] = r['resultPreview'];
    return a;
  };
  if (phases.length > 0) {
    wf['phases'] = phases.map((p) => ({ title: p['title'], agents: agents.filter((a) => a['phaseIndex'] === p['index']).map(agentOf) }));
    const empty = (wf['phases'] as Array<{ agents: unknown[] }>).filter((p) => p.agents.length === 0).length;
    if (empty > 0) {
      warnings.push(`workflow ${name}: ${empty} phase(s) never started an agent in the recording; they were dropped`);
      wf['phases'] = (wf['phases'] as Array<{ agents: unknown[] }>).filter((p) => p.agents.length > 0);
    }
  } else if (agents.length > 0) wf['agents'] = agents.map(agentOf);
  const status = t.updated?.['patch']?.['status'];
  if (status === 'failed') {
    wf['outcome'] = 'failed';
    wf['error'] = t.updated?.['patch']?.['error'] ?? t.notification?.['summary'] ?? 'failed';
  }
  if (status === 'killed') warnings.push(`workflow ${name} was stopped in the recording; add "interrupt: { after: ... }" to replay that`);
  if (t.updated && !t.afterResult) wf['wait'] = true;
  return wf;
}

/**
 * Tool uses per agent when the rows do not carry them (cbc rows have no toolCalls): the growth of
 * usage.tool_uses between snapshots, credited to the agents that ended in that snapshot.
 */
function toolUsesByAgent(snapshots: Frame[]): Map<number, number> {
  const out = new Map<number, number>();
  let prev = 0;
  const ended = new Set<number>();
  for (const s of snapshots) {
    const total = Number(s['usage']?.['tool_uses'] ?? 0);
    const now = (s['workflow_progress'] ?? []).filter((r: Frame) => r['type'] === 'workflow_agent' && r['state'] !== 'start' && !ended.has(r['index']));
    if (now.length > 0 && total > prev) {
      const share = Math.floor((total - prev) / now.length);
      now.forEach((r: Frame, i: number) => out.set(r['index'], share + (i === 0 ? total - prev - share * now.length : 0)));
    }
    for (const r of now) ended.add(r['index']);
    prev = Math.max(prev, total);
  }
  return out;
}

function backgroundOf(t: any, type: string): Record<string, unknown> {
  const started = t.started as Frame;
  const kind = /agent/i.test(type) ? 'agent' : /powershell/i.test(type) ? 'powershell' : 'bash';
  const b: Record<string, unknown> = { kind, description: started['description'] };
  if (t.updated) b['duration'] = Math.max(0, t.updated['t'] - t.t0);
  const summary = String(t.notification?.['summary'] ?? '');
  const code = /exit code (\d+)/.exec(summary)?.[1];
  if (kind !== 'agent' && code !== undefined && code !== '0') b['exit_code'] = Number(code);
  if (t.updated?.['patch']?.['status'] === 'killed') b['end'] = 'killed';
  if (t.updated && !t.notification) b['notify'] = false;
  if (kind === 'agent' && t.notification?.['usage']?.['total_tokens']) b['tokens'] = t.notification['usage']['total_tokens'];
  return b;
}

function promptOf(f: Frame): string {
  const c = f['message']?.['content'];
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.filter((b) => b?.type === 'text').map((b) => b.text).join('\n');
  return '';
}
