// Issue #19: events go through the engine (the frames are those the engine writes for the same cause),
// the clock is held and advanced on the virtual clock, and the faults each do what they say. Driven by
// the library's startControlServer(); the drop-ins are the built bin/cbc.js.
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startControlServer, type ControlServerHandle, type ControlSession } from '../../dist/index.js';
import { kind, spawnDropin, user, type DropinProcess } from '../helpers/dropin-process.js';
import { ROOT } from '../helpers/run-bin.js';

const LATE = join(ROOT, 'test', 'fixtures', 'scenarios', 'late-build.yaml');
const RESEARCH = join(ROOT, 'scenarios', 'deep-research.yaml');
const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-control-ev-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let ctl: ControlServerHandle;
const procs: DropinProcess[] = [];
beforeEach(async () => {
  ctl = await startControlServer();
});
afterEach(async () => {
  for (const p of procs.splice(0)) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await ctl.close();
});

/** A drop-in registered with the server, its clock held before it reads a prompt. */
async function held(scenario: string, seed = 3): Promise<{ p: DropinProcess; s: ControlSession }> {
  const next = ctl.nextSession();
  const p = spawnDropin({ ...ctl.env, CBC_EMU_SCENARIO: scenario, CBC_EMU_SPEED: '0', CBC_EMU_SEED: String(seed), CBC_EMU_HOME: join(dir, 'home') });
  procs.push(p);
  const s = await next;
  await s.clock({ hold: true });
  return { p, s };
}

const frames = (s: ControlSession, type: string, subtype?: string) =>
  s.journal().filter((e) => e.dir === 'out' && (e.frame as { type?: string }).type === type && (subtype === undefined || (e.frame as { subtype?: string }).subtype === subtype));

describe('events (#19)', () => {
  it('finish_task ends a background task before its time, with its scripted ending; its notification starts the follow-up turn', async () => {
    const { p, s } = await held(LATE);
    p.send(user('build it'));
    await s.waitFor({ type: 'user', dir: 'in', afterSeq: 0 });
    const t0 = (await s.clock({ advance_ms: 1000 })).now; // the turn ends; the 3 s task runs on
    const [started] = frames(s, 'system', 'task_started');
    const taskId = (started!.frame as { task_id: string }).task_id;
    expect(frames(s, 'system', 'task_notification')).toEqual([]);
    await s.event({ kind: 'finish_task', task_id: taskId });
    const [note] = frames(s, 'system', 'task_notification');
    expect(note!.frame).toMatchObject({ task_id: taskId, status: 'completed' });
    expect(note!.vt).toBe(t0); // on the held clock: at once, not at the task's 3 s
    await s.clock({ advance_ms: 100 });
    expect(frames(s, 'result').map((e) => (e.frame as { result: string }).result)).toEqual(['Started.', 'The background task "npm run build" completed.']);
    await s.event({ kind: 'followup', text: 'one more turn' });
    await s.clock({ advance_ms: 100 });
    expect(frames(s, 'result').map((e) => (e.frame as { result: string }).result).at(-1)).toBe('one more turn');
    await expect(s.event({ kind: 'stop_task', task_id: taskId })).rejects.toThrow(`(409): task ${taskId} already ended`);
    await expect(s.event({ kind: 'stop_task', task_id: 'nope' })).rejects.toThrow('(404): no task with id nope');
  });

  it('fail_task fails it with the error; stop_task stops it as the stop_task request does (no follow-up)', async () => {
    const { p, s } = await held(LATE);
    p.send(user('build it'));
    await s.waitFor({ type: 'user', dir: 'in', afterSeq: 0 });
    await s.clock({ advance_ms: 1000 });
    const taskId = (frames(s, 'system', 'task_started')[0]!.frame as { task_id: string }).task_id;
    await s.event({ kind: 'fail_task', task_id: taskId, error: 'disk full' });
    expect(frames(s, 'system', 'task_updated').at(-1)!.frame).toMatchObject({ task_id: taskId, patch: { status: 'failed', error: 'disk full' } });
    expect(frames(s, 'system', 'task_notification').at(-1)!.frame).toMatchObject({ task_id: taskId, status: 'failed' });

    const seq = s.journal().at(-1)!.seq;
    p.send(user('build it'));
    await s.waitFor({ type: 'user', dir: 'in', afterSeq: seq });
    await s.clock({ advance_ms: 1000 });
    const second = (frames(s, 'system', 'task_started').at(-1)!.frame as { task_id: string }).task_id;
    const results = frames(s, 'result').length;
    await s.event({ kind: 'stop_task', task_id: second });
    expect(frames(s, 'system', 'task_notification').at(-1)!.frame).toMatchObject({ task_id: second, status: 'stopped' });
    await s.clock({ advance_ms: 5000 });
    expect(frames(s, 'result')).toHaveLength(results); // a stopped task starts no follow-up turn
  });

  it('fail_agent and stop_agent end one workflow agent; the run goes on', async () => {
    const { p, s } = await held(RESEARCH);
    p.send(user('cancel-me'));
    await s.waitFor({ type: 'user', dir: 'in', afterSeq: 0 });
    await s.clock({ advance_ms: 500 }); // agents a and b run (30 s each); the scripted interrupt is at 2 s
    const taskId = (frames(s, 'system', 'task_started')[0]!.frame as { task_id: string }).task_id;
    await s.event({ kind: 'fail_agent', task_id: taskId, agent: 'a', error: 'boom' });
    await s.clock({ advance_ms: 0 }); // the coalesced snapshot is written
    const rows = (e: { frame?: unknown }) => JSON.stringify(e.frame);
    expect(rows(frames(s, 'system', 'task_progress').at(-1)!)).toMatch(/"label":"a".*"error":"boom"|"error":"boom".*"label":"a"/);
    await s.event({ kind: 'stop_agent', task_id: taskId, agent: 'b' });
    await s.clock({ advance_ms: 100 });
    // both agents ended: the workflow completes on its own, before the scripted interrupt
    expect(frames(s, 'system', 'task_notification').at(-1)!.frame).toMatchObject({ task_id: taskId, status: 'completed' });
    await expect(s.event({ kind: 'fail_agent', task_id: taskId, agent: 'a' })).rejects.toThrow('(409)');
  });

  it('interrupt writes the frames a client interrupt request causes at the same moment', async () => {
    const viaEvent = await held(RESEARCH, 11);
    const viaRequest = await held(RESEARCH, 11);
    for (const d of [viaEvent, viaRequest]) {
      d.p.send(user('cancel-me'));
      await d.s.waitFor({ type: 'user', dir: 'in', afterSeq: 0 });
      await d.s.clock({ advance_ms: 500 });
    }
    await viaEvent.s.event({ kind: 'interrupt' });
    viaRequest.p.send({ type: 'control_request', request_id: 'int_1', request: { subtype: 'interrupt' } });
    await viaRequest.s.waitFor({ type: 'control_response', afterSeq: 0 });
    for (const d of [viaEvent, viaRequest]) {
      await d.s.clock({ advance_ms: 5000 }); // the late post-interrupt rows
      await d.s.fault({ kind: 'exit', code: 0 });
      await d.p.exited;
    }
    const out = (d: { p: DropinProcess }) => d.p.lines.map((l) => l.text).filter((l) => !kind('control_response')(l));
    expect(out(viaEvent).some(kind('result'))).toBe(true);
    expect(out(viaEvent).filter(kind('system', 'task_notification'))[0]).toContain('"status":"stopped"');
    expect(out(viaEvent)).toEqual(out(viaRequest));
  });
});

describe('clock and faults (#19)', () => {
  it('a held clock writes nothing due later; advancing writes what falls due', async () => {
    const { p, s } = await held(LATE);
    p.send(user('build it'));
    await s.waitFor({ type: 'user', dir: 'in', afterSeq: 0 });
    const { now } = await s.clock({ advance_ms: 0 });
    expect(frames(s, 'result')).toEqual([]); // the turn's reply is 40 virtual ms away
    const after = await s.clock({ advance_ms: 1000 });
    expect(after).toEqual({ now: now + 1000, held: true });
    expect(frames(s, 'result')).toHaveLength(1);
    expect(await s.clock({ hold: false })).toMatchObject({ held: false });
    await s.waitFor({ type: 'system', subtype: 'task_notification', afterSeq: 0 }); // released: the 3 s task ends
  });

  it('delay-control answers control requests no earlier than asked', async () => {
    const { p, s } = await held(LATE);
    await s.fault({ kind: 'delay-control', ms: 300 });
    const t0 = performance.now();
    p.send({ type: 'control_request', request_id: 'init_1', request: { subtype: 'initialize' } });
    const i = await p.line(kind('control_response'));
    expect(p.lines[i]!.at - t0).toBeGreaterThanOrEqual(300);
  });

  it('close-stdout ends the consumer stdout while the drop-in lives on', async () => {
    const { p, s } = await held(LATE);
    await s.clock({ hold: false });
    p.send(user('hello'));
    await p.line(kind('result'));
    await s.fault({ kind: 'close-stdout' });
    await p.stdoutEnded;
    expect(p.child.exitCode).toBeNull();
    expect(s.info().state).toBe('running');
    p.child.stdin.end();
    expect(await p.exited).toEqual({ code: 0, signal: null });
  });

  it('crash kills the drop-in by SIGKILL: no exit entry, listed as exited by SIGKILL', async () => {
    const { p, s } = await held(LATE);
    await s.fault({ kind: 'crash' });
    expect(await p.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(s.info()).toMatchObject({ state: 'exited', exit_code: null, signal: 'SIGKILL' });
    expect(s.journal().some((e) => e.event === 'exit')).toBe(false);
  });

  it('reset lets go of a held clock and a stall: the run ends by itself', async () => {
    const { p, s } = await held(LATE);
    await s.fault({ kind: 'stall', ms: 600_000 });
    p.send(user('hello'));
    p.child.stdin.end();
    await s.waitFor({ type: 'user', dir: 'in', afterSeq: 0 });
    expect(p.lines.some((l) => kind('result')(l.text))).toBe(false);
    const { api } = await import('../helpers/control-api.js');
    expect(await api(ctl.env['CBC_EMU_CONTROL']!, 'POST', '/v1/reset')).toMatchObject({ status: 200, json: { forgotten: 0 } });
    expect(await p.exited).toEqual({ code: 0, signal: null });
    expect(p.lines.filter((l) => kind('result')(l.text))).toHaveLength(1);
  });
});
