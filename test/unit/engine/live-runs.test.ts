// Issue #21 (emission): liveTasks keeps each session's live runs instead of filtering every run the session ever had
// at each task start and end (quadratic over a long run). It must list exactly what that filter listed, in order.
import { describe, expect, it } from 'vitest';
import type { TaskInfo, TaskRun } from '../../../dist/engine/events.js';
import { liveRuns, liveTasks } from '../../../dist/engine/lifecycle.js';
import { Random } from '../../../dist/engine/random.js';

interface FakeRun extends TaskRun {
  terminal: boolean;
}
const run = (i: number, foreground: boolean): FakeRun =>
  ({ info: { taskId: `t${i}`, toolUseId: `u${i}`, kind: 'agent', description: `d${i}`, outputFile: '', startedAt: i, ...(foreground ? { foreground: true } : {}) } as TaskInfo, terminal: false, kill: () => false }) as FakeRun;
/** What liveTasks was: the filter over every run. */
const naive = (runs: readonly FakeRun[]) => runs.filter((r) => !r.terminal && r.info.foreground !== true).map((r) => r.info);

describe('liveTasks over the live runs only (#21)', () => {
  it('lists what filtering every run lists, in start order, through random starts and ends', () => {
    for (let seed = 0; seed < 20; seed++) {
      const rng = new Random(`live-${seed}`);
      const s = { runs: [] as FakeRun[] };
      for (let step = 0; step < 300; step++) {
        const roll = rng.int(0, 9);
        if (roll < 4) s.runs.push(run(step, rng.int(0, 4) === 0));
        else if (roll < 8 && s.runs.length > 0) s.runs[rng.int(0, s.runs.length - 1)]!.terminal = true;
        // asked at random moments, as tasks start and end: each answer is the full filter's
        if (rng.int(0, 2) === 0) expect(liveTasks(s)).toEqual(naive(s.runs));
        if (rng.int(0, 5) === 0) expect(liveRuns(s.runs)).toEqual(s.runs.filter((r) => !r.terminal));
      }
      expect(liveTasks(s)).toEqual(naive(s.runs));
    }
  });
  it('a list that shrank is taken afresh', () => {
    const s = { runs: [run(1, false), run(2, false)] };
    expect(liveTasks(s).map((t) => t.taskId)).toEqual(['t1', 't2']);
    s.runs.length = 0;
    s.runs.push(run(3, false));
    expect(liveTasks(s).map((t) => t.taskId)).toEqual(['t3']);
  });
});
