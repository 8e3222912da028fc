// Issue #21 (emission): a workflow snapshot's rows are laid out and serialised once per revision of the engine's row
// and reused by later snapshots (src/profiles/shared/rows.ts, frameJson in src/protocol/shape.ts). Every change of a
// row must reach the wire: each task_progress written from the reused rows must equal the same event encoded from
// fresh copies of its rows (copies carry no laid-out row), on every path that changes rows (agents ending, failing,
// stopped by endAgentNow, cached agents, a killed run's late rows on cbc, Claude 2.1.328's stop snapshot).
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../../../src/engine/clock.js';
import { ROW_LAYOUT, type EngineEvent, type TimelineRow } from '../../../../src/engine/events.js';
import type { EncodeContext } from '../../../../src/engine/profile.js';
import { Random } from '../../../../src/engine/random.js';
import { WorkflowRun, type WorkflowHost } from '../../../../src/engine/workflow.js';
import { getProfile } from '../../../../src/profiles/index.js';
import { snapshotRows } from '../../../../src/profiles/shared/rows.js';
import { frameJson, type Obj } from '../../../../src/protocol/shape.js';
import type { WorkflowT } from '../../../../src/scenario/schema.js';

const agent = (label: string, duration: number, extra: Record<string, unknown> = {}) => ({ label, duration, tokens: 10, tool_uses: 1, result: `r ${label}`, ...extra });
const SPEC = {
  name: 'wf',
  description: 'rows',
  phases: [
    { title: 'A', agents: [agent('a1', 100), agent('a2', 200, { fail: 'boom' }), agent('a3', 0, { cached: true, duration: undefined })] },
    { title: 'B', agents: [agent('b1', 100), agent('b2', 5000), agent('b3', 5000)] },
  ],
} as unknown as WorkflowT;

/** Plays SPEC on `profile` until `stopAt` (virtual ms after start: then b2 is failed by endAgentNow and the run killed, if given). */
async function play(profile: string, stopAt?: number): Promise<{ wrote: string[]; fresh: string[]; rows: readonly TimelineRow[] }> {
  const p = getProfile(profile);
  const scheduler = new Scheduler(1_700_000_000_000, 0);
  const ctx = { rng: { uuid: () => 'uuid' }, sessionId: 'session' } as unknown as EncodeContext;
  const wrote: string[] = [];
  const fresh: string[] = [];
  let rows: readonly TimelineRow[] = [];
  const host: WorkflowHost = {
    scheduler,
    rng: new Random('rows'),
    emit: (ev: EngineEvent) => {
      if (ev.kind !== 'task_progress') return;
      rows = ev.rows;
      const frame = p.encode(ev, ctx) as Obj | undefined;
      if (frame === undefined) return;
      wrote.push(frameJson(frame));
      // the same event from copies of its rows: laid out from scratch
      fresh.push(JSON.stringify(p.encode({ ...ev, rows: ev.rows.map((r) => ({ ...r })) }, ctx)));
    },
    liveTasks: () => [],
    agentId: (c) => `id-${c.length}`,
    model: 'm',
    lateAbortRows: p.behavior.lateAbortRows,
    stopSnapshot: p.behavior.stopSnapshot,
    abortError: (why) => `aborted: ${why}`,
    summary: (s) => s,
    lateRows: { min: 10, max: 50 },
    writeOutput: () => undefined,
    onTerminal: () => undefined,
    approvePlan: (_t, _a, _w, done) => done(true),
  };
  const run = new WorkflowRun({ taskId: 't', toolUseId: 'u', kind: 'workflow', description: 'rows', workflowName: 'wf', startedAt: scheduler.now(), outputFile: '/dev/null' } as never, SPEC, host);
  scheduler.start();
  run.start();
  if (stopAt !== undefined) {
    scheduler.after(stopAt, () => {
      run.endAgentNow('b2', 'stopped by hand');
      scheduler.after(0, () => run.kill('user cancel'));
    });
  }
  await scheduler.whenIdle();
  scheduler.stop();
  return { wrote, fresh, rows };
}

describe('workflow snapshots from reused rows (#21)', () => {
  for (const profile of ['cbc-2.117.0', 'claude-2.1.220', 'claude-2.1.328']) {
    it(`${profile}: every snapshot is the one fresh rows give, to the run's end and after a kill`, async () => {
      for (const stopAt of [undefined, 400]) {
        const { wrote, fresh } = await play(profile, stopAt);
        expect(wrote.length).toBeGreaterThan(3);
        expect(wrote).toEqual(fresh);
        // the snapshots do change: done, error and cached rows all reach the wire
        const states = new Set(wrote.flatMap((w) => ((JSON.parse(w) as { workflow_progress: Array<{ state?: string }> }).workflow_progress ?? []).map((r) => r.state)));
        expect([...states].sort()).toEqual(expect.arrayContaining(['error', 'start']));
      }
    });

    it(`${profile}: a run that ended keeps no layout of its rows (the session keeps its runs)`, async () => {
      const { rows } = await play(profile);
      expect(rows.length).toBe(8);
      expect(rows.filter((r) => r[ROW_LAYOUT] !== undefined)).toEqual([]);
    });
  }

  it('a row is laid out once per revision, for one layout; a copy of the row is laid out anew', () => {
    let calls = 0;
    const layout = (r: TimelineRow) => (calls++, { type: r.type, index: r.index, state: r.type === 'workflow_agent' ? r.state : undefined });
    const row = { type: 'workflow_agent', index: 1, label: 'a', agentId: 'x', model: 'm', prompt: 'p', state: 'start', queuedAt: 0, startedAt: 0, lastProgressAt: 0, tokens: 0, toolCalls: 0, rev: 0 } as TimelineRow & { state: string; rev: number };
    const phase: TimelineRow = { type: 'workflow_phase', index: 1, title: 'P' };
    const first = snapshotRows([phase, row], layout);
    expect(JSON.stringify(first)).toBe('[{"type":"workflow_phase","index":1},{"type":"workflow_agent","index":1,"state":"start"}]');
    expect(frameJson({ workflow_progress: first })).toBe(`{"workflow_progress":${JSON.stringify(first)}}`);
    snapshotRows([phase, row], layout);
    expect(calls).toBe(2);
    row.state = 'done';
    row.rev += 1;
    const second = snapshotRows([phase, row], layout);
    expect(calls).toBe(3);
    expect(second[1]).toEqual({ type: 'workflow_agent', index: 1, state: 'done' });
    snapshotRows([{ ...phase }, row], layout);
    expect(calls).toBe(4);
    snapshotRows([phase, row], (r) => layout(r));
    expect(calls).toBe(6);
  });
});
