// Writes test/fixtures/check/<rule-id>/{pass,fail}.ndjson (+ optional `args`, `fail-<case>.ndjson`): one legal
// and one or more violating transcripts per rule of docs/rules.md, built from cbc-profile frames (seed 000 §5,
// seed 002 §8) so that each failing one breaks exactly its rule. Run: node test/tools/make-check-fixtures.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = new URL('../fixtures/check/', import.meta.url).pathname;
const S = 'f0f0f0f0-0000-4000-8000-000000000001';
let u = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++u).padStart(12, '0')}`;
const ts = '2026-01-01T00:00:00.000Z';
const init = () => ({ type: 'system', subtype: 'init', uuid: uuid(), session_id: S, apiKeySource: 'none', cwd: '/work', tools: ['Workflow'], mcp_servers: [], model: 'default-model', permissionMode: 'default', slash_commands: [], output_style: 'default', __timestamp: ts });
const result = (extra = {}) => ({ type: 'result', subtype: 'success', is_error: false, result: 'ok', uuid: uuid(), session_id: S, duration_ms: 5, duration_api_ms: 3, num_turns: 1, total_cost_usd: 0, usage: {}, permission_denials: [], ...extra, __timestamp: ts });
const bgStarted = (id = 'b1') => ({ type: 'system', subtype: 'task_started', task_id: id, tool_use_id: 'toolu_2', description: 'sleep 1', task_type: 'Bash', uuid: uuid(), session_id: S });
const started = (id = 't1') => ({ type: 'system', subtype: 'task_started', task_id: id, tool_use_id: 'toolu_1', description: 'research', task_type: 'local_workflow', workflow_name: 'deep-research', uuid: uuid(), session_id: S });
const agent = (index, state, extra = {}) => ({ type: 'workflow_agent', index, label: `agent-${index}`, agentId: `v2:${index}`, state, startedAt: 1000, ...extra });
const phase = (index) => ({ type: 'workflow_phase', index, title: `phase ${index}` });
const progress = (rows, id = 't1') => ({ type: 'system', subtype: 'task_progress', task_id: id, tool_use_id: 'toolu_1', description: 'research', usage: { total_tokens: 0, tool_uses: 0, duration_ms: 0 }, workflow_progress: rows, uuid: uuid(), session_id: S });
const updated = (status, end_time = 2000, id = 't1') => ({ type: 'system', subtype: 'task_updated', task_id: id, patch: end_time === null ? { status } : { status, end_time }, uuid: uuid(), session_id: S });
const notified = (status, id = 't1') => ({ type: 'system', subtype: 'task_notification', task_id: id, tool_use_id: 'toolu_1', status, summary: `Workflow "deep-research" ${status}`, output_file: '/tmp/t1.log', session_id: S });
const ack = (id) => ({ type: 'control_response', response: { subtype: 'success', request_id: id } });
const req = (id, subtype) => ({ type: 'control_request', request_id: id, request: { subtype } });
const user = (text) => ({ type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' });

/** A complete, legal workflow run inside one turn. */
const run = () => [init(), started(), progress([phase(1), agent(1, 'start')]), progress([phase(1), agent(1, 'done', { endedAt: 1500 })]), updated('completed'), notified('completed'), result()];
const nd = (frames) => frames.map((f) => (typeof f === 'string' ? f : JSON.stringify(f)) + '\n').join('');
/** A journal: [dir, frame] pairs become `{seq, vt, rt, dir, frame}` lines (src/transport/journal.ts). */
const journal = (entries) => nd(entries.map(([dir, f], i) => (dir === 'meta' ? { seq: i + 1, vt: 1000 + i, rt: i, dir, event: f } : { seq: i + 1, vt: 1000 + i, rt: i, dir, frame: f })));
const killedRun = (late) => [init(), started(), progress([phase(1), agent(1, 'start')]), updated('killed', 1000), notified('stopped'), result(), progress([phase(1), late])];

const F = {
  'frame.one-json-per-line': { pass: nd(run()), fail: nd([...run().slice(0, 2), JSON.stringify(progress([agent(1, 'start')])) + JSON.stringify(progress([agent(1, 'done')])), ...run().slice(4)]) },
  'stdout.no-foreign-bytes': ((pass, frames) => ({
    pass,
    fail: nd(frames.with(1, 'Loading configuration from ~/.codebuddy ...')),
    // log lines that start like JSON values but are no frames
    'fail-bracket': nd(frames.with(1, '[INFO] connected to model')),
    'fail-string': nd(frames.with(1, '"warming up"')),
  }))(nd(run()), [init(), '', ...run().slice(1)]),
  'frame.schema': { pass: nd(run()), fail: nd([...run().slice(0, 5), (({ summary, ...n }) => n)(notified('completed')), result()]) },
  'frame.schema.keys': { args: ['--strict'], pass: nd(run()), fail: nd([init(), { ...started(), owner: 'someone' }, ...run().slice(2)]) },
  'tolerance.unknown': {
    pass: nd([init(), { type: 'brand_new_frame', payload: 1 }, { type: 'system', subtype: 'future_subtype', x: 1, uuid: uuid(), session_id: S }, { ...started(), future_field: true },
      progress([phase(1), { type: 'workflow_log', index: 1, text: 'hello' }, agent(1, 'start', { future: 1 })]), progress([phase(1), { type: 'workflow_log', index: 1, text: 'hello' }, agent(1, 'done', { future: 2 })]),
      updated('completed'), notified('completed'), result()]),
    // tolerance covers what has an unknown type; an object with no type (a JSON log line) is no frame
    fail: nd([init(), started(), { level: 30, time: 1767225600000, msg: 'loading plugins' }, progress([phase(1), { type: 'workflow_log', index: 2, text: 'x' }, agent(1, 'done')]), updated('completed'), notified('completed'), result()]),
  },
  'turn.one-result': ((pass, frames) => ({ pass, fail: nd(frames), 'fail-missing': nd(frames.slice(0, 6)) }))(nd([...run(), init(), result()]), [...run(), result()]),
  'result.error-has-errors': {
    pass: nd([init(), result({ subtype: 'error_during_execution', is_error: true, errors: ['boom'] })]),
    fail: nd([init(), result({ subtype: 'error_during_execution', is_error: true })]),
  },
  'control.response.per-request': {
    pass: journal([['in', req('req_1', 'initialize')], ['out', ack('req_1')], ['in', user('hi')], ['out', init()], ['out', result()], ['meta', 'eof'], ['meta', 'exit']]),
    fail: journal([['in', req('req_1', 'initialize')], ['out', ack('req_1')], ['in', user('hi')], ['out', init()], ['in', req('req_2', 'set_model')], ['out', result()], ['out', ack('req_1')], ['meta', 'eof'], ['meta', 'exit']]),
  },
  'task.started.first': { pass: nd(run()), fail: nd([init(), progress([agent(1, 'start')]), ...run().slice(1)]) },
  'task.started.once': { pass: nd([...run().slice(0, 6), started('t2'), updated('completed', 2000, 't2'), notified('completed', 't2'), result()]), fail: nd([...run().slice(0, 2), started(), ...run().slice(2)]) },
  'task.status.transitions': {
    pass: nd([init(), started(), updated('pending', null), updated('running', null), progress([agent(1, 'done')]), updated('completed'), notified('completed'), result()]),
    fail: nd([...run().slice(0, 5), updated('running', null), notified('completed'), result()]),
  },
  'task.updated.terminal-end-time': { pass: nd(run()), fail: nd([...run().slice(0, 4), updated('completed', null), ...run().slice(5)]) },
  'task.progress.after-terminal': { pass: nd(run()), fail: nd([...run(), progress([phase(1), agent(1, 'done', { endedAt: 1500 })])]) },
  'task.notification.once': { pass: nd(run()), fail: nd([...run().slice(0, 6), notified('completed'), result()]) },
  'task.notification.after-terminal-update': { pass: nd(run()), fail: nd([...run().slice(0, 4), notified('completed'), updated('completed'), result()]) },
  'task.notification.status': { pass: nd(killedRun(agent(1, 'error', { endedAt: 1200, error: 'subagent aborted: user cancel' }))), fail: nd([...run().slice(0, 5), notified('failed'), result()]) },
  'task.terminal.reached': { pass: nd([init(), bgStarted(), result(), updated('completed', 2000, 'b1')]), fail: nd([init(), started(), progress([agent(1, 'start')]), result()]) },
  'workflow.snapshot.replaces': {
    pass: nd([init(), started(), progress([phase(1), agent(1, 'start')]), progress([phase(1), agent(1, 'done'), phase(2), agent(2, 'start')]), progress([phase(1), agent(1, 'done'), phase(2), agent(2, 'done')]), updated('completed'), notified('completed'), result()]),
    fail: nd([init(), started(), progress([phase(1), agent(1, 'done'), agent(2, 'done')]), progress([phase(1), agent(1, 'done')]), updated('completed'), notified('completed'), result()]),
  },
  'workflow.agent.terminal-is-final': {
    pass: nd([init(), started(), progress([agent(1, 'done')]), progress([agent(1, 'done', { cached: true })]), updated('completed'), notified('completed'), result()]),
    fail: nd([init(), started(), progress([agent(1, 'done')]), progress([agent(1, 'start')]), progress([agent(1, 'done')]), updated('completed'), notified('completed'), result()]),
  },
  'workflow.agents.terminal-before-task-terminal': {
    pass: nd([init(), started(), progress([agent(1, 'start'), agent(2, 'cached')]), progress([agent(1, 'error', { error: 'x' }), agent(2, 'cached')]), updated('failed'), notified('failed'), result()]),
    fail: nd([init(), started(), progress([agent(1, 'start')]), updated('completed'), notified('completed'), result()]),
  },
  'interrupt.ack.before-killed': {
    pass: journal([['in', req('req_1', 'initialize')], ['out', ack('req_1')], ['in', user('go')], ['out', init()], ['out', started()], ['out', progress([agent(1, 'start')])], ['in', req('req_int', 'interrupt')], ['out', ack('req_int')], ['out', updated('killed', 1000)], ['out', notified('stopped')], ['out', result()], ['meta', 'exit']]),
    fail: journal([['in', req('req_1', 'initialize')], ['out', ack('req_1')], ['in', user('go')], ['out', init()], ['out', started()], ['out', progress([agent(1, 'start')])], ['in', req('req_int', 'interrupt')], ['out', updated('killed', 1000)], ['out', ack('req_int')], ['out', notified('stopped')], ['out', result()], ['meta', 'exit']]),
  },
  'interrupt.late-rows.only-start-to-error': {
    pass: nd(killedRun(agent(1, 'error', { endedAt: 2500, error: 'subagent aborted: user cancel' }))),
    fail: nd(killedRun(agent(1, 'done', { endedAt: 2500 }))),
  },
  'interrupt.late-rows.within-grace': {
    pass: nd(killedRun(agent(1, 'error', { endedAt: 5900, error: 'subagent aborted: user cancel' }))),
    fail: nd(killedRun(agent(1, 'error', { endedAt: 9000, error: 'subagent aborted: user cancel' }))),
  },
  'workflow.terminal.notified': {
    // a background task may end with task_updated alone (seed 002 §8, scenario notify: false); a workflow may not
    pass: nd([init(), bgStarted(), ...run().slice(1, 6), updated('completed', 2000, 'b1'), result()]),
    fail: nd([...run().slice(0, 5), result()]),
  },
};

for (const [id, f] of Object.entries(F)) {
  const d = join(DIR, id);
  mkdirSync(d, { recursive: true });
  writeFileSync(join(d, 'pass.ndjson'), f.pass);
  writeFileSync(join(d, 'fail.ndjson'), f.fail);
  if (f.args) writeFileSync(join(d, 'args'), f.args.join(' ') + '\n');
  for (const [k, text] of Object.entries(f)) if (k.startsWith('fail-')) writeFileSync(join(d, `${k}.ndjson`), text);
}
console.log(`wrote ${Object.keys(F).length} rule fixtures under ${DIR}`);
