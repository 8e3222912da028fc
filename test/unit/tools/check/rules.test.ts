// The temporal rules behind the property test and the golden self-check (seed 000 §6, §8; seed 002 §8).
// Each rule gets a passing and a failing transcript.
import { describe, expect, it } from 'vitest';
import { checkTranscript } from '../../../../dist/tools/check/rules.js';

const nd = (...f: object[]) => f.map((x) => JSON.stringify(x) + '\n').join('');
const started = { type: 'system', subtype: 'task_started', task_id: 't1', task_type: 'local_workflow' };
const agent = (index: number, state: string, extra: object = {}) => ({ type: 'workflow_agent', index, label: `a${index}`, state, ...extra });
const progress = (...rows: object[]) => ({ type: 'system', subtype: 'task_progress', task_id: 't1', workflow_progress: rows });
const updated = (status: string, end_time = 1000) => ({ type: 'system', subtype: 'task_updated', task_id: 't1', patch: { status, end_time } });
const notified = (status: string) => ({ type: 'system', subtype: 'task_notification', task_id: 't1', status });
// These frames carry only the keys the temporal rules read, so the schema rule is left out here; full
// frames per rule live in test/fixtures/check (fixtures.test.ts).
const rules = (t: string) => checkTranscript(t).filter((v) => v.rule !== 'frame.schema').map((v) => v.rule);

describe('check rules', () => {
  it('passes a complete run', () => {
    expect(rules(nd(started, progress(agent(1, 'start')), progress(agent(1, 'done')), updated('completed'), notified('completed')))).toEqual([]);
  });
  it('task.notification.once: a second notification', () => {
    expect(rules(nd(started, updated('completed'), notified('completed'), notified('completed')))).toEqual(['task.notification.once']);
  });
  it('task.started.first: progress before task_started', () => {
    expect(rules(nd(progress(agent(1, 'start')), started, updated('completed'), notified('completed')))).toEqual(['task.started.first']);
  });
  it('workflow.agents.terminal-before-task-terminal: completed with an agent still in start', () => {
    expect(rules(nd(started, progress(agent(1, 'start')), updated('completed'), notified('completed')))).toEqual(['workflow.agents.terminal-before-task-terminal']);
  });
  it('the interrupt path may end with agents in start, then flip them late', () => {
    const t = nd(started, progress(agent(1, 'start')), updated('killed', 1000), notified('stopped'), progress(agent(1, 'error', { endedAt: 2500, error: 'subagent aborted: x' })));
    expect(rules(t)).toEqual([]);
  });
  it('interrupt.late-rows.only-start-to-error: a late done row', () => {
    const t = nd(started, progress(agent(1, 'start')), updated('killed'), notified('stopped'), progress(agent(1, 'done')));
    expect(rules(t)).toEqual(['interrupt.late-rows.only-start-to-error']);
  });
  it('interrupt.late-rows.within-grace: a late row after the window', () => {
    const t = nd(started, progress(agent(1, 'start')), updated('killed', 1000), notified('stopped'), progress(agent(1, 'error', { endedAt: 9000 })));
    expect(rules(t)).toEqual(['interrupt.late-rows.within-grace']);
  });
  it('task.progress.after-terminal: progress after a completed notification', () => {
    const t = nd(started, progress(agent(1, 'done')), updated('completed'), notified('completed'), progress(agent(1, 'done')));
    expect(rules(t)).toEqual(['task.progress.after-terminal']);
  });
  it('terminal-only task_updated is legal for a background task (seed 002 §8)', () => {
    expect(rules(nd({ ...started, task_type: 'Bash' }, updated('completed')))).toEqual([]);
    expect(rules(nd({ ...started, task_type: 'local_bash' }, updated('killed')))).toEqual([]);
  });
  it('workflow.terminal.notified: a workflow that ended without its notification', () => {
    expect(rules(nd(started, updated('completed')))).toEqual(['workflow.terminal.notified']);
    expect(rules(nd(started, progress(agent(1, 'start')), updated('killed')))).toEqual(['workflow.terminal.notified']);
  });
  it('end-of-stream rules are skipped for a cut-off stream (partial)', () => {
    const cut = nd({ type: 'system', subtype: 'init' }, started, updated('completed'));
    expect(rules(cut)).toEqual(['turn.one-result', 'workflow.terminal.notified']);
    expect(checkTranscript(cut, { partial: true }).filter((v) => v.rule !== 'frame.schema')).toEqual([]);
  });
  it('task.terminal.reached: a task that never ends', () => {
    expect(rules(nd(started, progress(agent(1, 'start'))))).toEqual(['task.terminal.reached']);
  });
  it('result.error-has-errors and turn.one-result', () => {
    const init = { type: 'system', subtype: 'init' };
    expect(rules(nd(init, { type: 'result', subtype: 'error_during_execution', is_error: true }))).toEqual(['result.error-has-errors']);
    expect(rules(nd(init, { type: 'result', subtype: 'success' }, { type: 'result', subtype: 'success' }))).toEqual(['turn.one-result']);
    expect(rules(nd(init, { type: 'result', subtype: 'success' }, init))).toEqual(['turn.one-result']);
  });
  it('tolerance.unknown: a JSON object without a type is no unknown frame (a JSON log line)', () => {
    expect(rules(nd({ level: 30, msg: 'ready' }, { type: 7 }))).toEqual(['tolerance.unknown', 'tolerance.unknown']);
  });
  it('stdout.no-foreign-bytes and frame.one-json-per-line: foreign bytes and torn lines', () => {
    expect(rules('hello\n{"type":"system"}\n')).toEqual(['stdout.no-foreign-bytes']);
    expect(rules('[INFO] ready\n"starting"\n[1,2]\n{"type":"system"}\n')).toEqual(['stdout.no-foreign-bytes', 'stdout.no-foreign-bytes', 'stdout.no-foreign-bytes']);
    expect(rules('{"type":"system"}')).toEqual(['frame.one-json-per-line']);
    expect(rules('{"type":"system"}{"type":"system"}\n{"type":"system"}\n')).toEqual(['frame.one-json-per-line']);
  });
  it('workflow.snapshot.replaces: a row disappears from a later snapshot', () => {
    const t = nd(started, progress(agent(1, 'done'), agent(2, 'done')), progress(agent(1, 'done')), updated('completed'), notified('completed'));
    expect(rules(t)).toEqual(['workflow.snapshot.replaces']);
  });
  it('task.status.transitions: a terminal status is final', () => {
    const running = { type: 'system', subtype: 'task_updated', task_id: 't1', patch: { status: 'running' } };
    expect(rules(nd(started, running, updated('completed'), notified('completed')))).toEqual([]);
    expect(rules(nd(started, updated('completed'), running, notified('completed')))).toEqual(['task.status.transitions']);
  });
  it('tolerates unknown frames, fields and row types (seed 000 §8)', () => {
    const t = nd({ type: 'brand_new' }, started, progress({ type: 'workflow_log', text: 'x' }, agent(1, 'done', { future: 1 })), updated('completed'), notified('completed'));
    expect(rules(t)).toEqual([]);
  });
});
