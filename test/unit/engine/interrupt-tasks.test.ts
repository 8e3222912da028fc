// Issue #16 (helper FD): which tasks an interrupt stops. Claude Code leaves background shell commands running and
// stops agents and workflows (captures ctl_interrupt_bg_task_h7, ctl_interrupt_bg_agent_fd, ctl_interrupt_workflow_fd);
// profiles without behavior.interruptTasks stop every live task. Stopped agents count as killed by the system.
import { describe, expect, it } from 'vitest';
import { AgentStats } from '../../../src/engine/agent-stats.js';
import type { TaskInfo, TaskRun } from '../../../src/engine/events.js';
import { stopTasksOnInterrupt } from '../../../src/engine/interrupt-tasks.js';
import type { ProfileBehavior } from '../../../src/engine/profile.js';
import { getProfile } from '../../../src/profiles/index.js';
import type { TaskKind } from '../../../src/protocol/vocabulary.js';

class FakeRun implements TaskRun {
  terminal = false;
  readonly info: TaskInfo;
  constructor(kind: TaskKind, ended = false) {
    this.info = { taskId: `t-${kind}`, toolUseId: `u-${kind}`, kind, description: kind, startedAt: 0, outputFile: '/dev/null' } as TaskInfo;
    this.terminal = ended;
  }
  kill(): boolean {
    if (this.terminal) return false;
    this.terminal = true;
    return true;
  }
}

const session = (behavior: Partial<ProfileBehavior>, runs: TaskRun[]) => ({ runs, p: { behavior: behavior as ProfileBehavior } });

describe('stopTasksOnInterrupt (#16)', () => {
  it('Claude (both versions): background shell commands run on, agents and workflows stop', () => {
    for (const name of ['claude-2.1.220', 'claude-2.1.328']) {
      const runs = [new FakeRun('bash'), new FakeRun('agent'), new FakeRun('workflow')];
      const stopped = stopTasksOnInterrupt({ runs, p: getProfile(name) }, 'user cancel');
      expect(stopped.map((t) => t.kind)).toEqual(['agent', 'workflow']);
      expect(runs.map((r) => r.terminal)).toEqual([false, true, true]);
      expect(runs[1]!.info.stoppedByInterrupt).toBe(true);
      expect(runs[0]!.info.stoppedByInterrupt).toBeUndefined();
    }
  });

  it('without interruptTasks every live task stops; ended ones are not reported', () => {
    const runs = [new FakeRun('bash'), new FakeRun('agent', true), new FakeRun('workflow')];
    expect(stopTasksOnInterrupt(session({}, runs), 'x').map((t) => t.kind)).toEqual(['bash', 'workflow']);
    expect(runs.every((r) => r.terminal)).toBe(true);
  });

  it('an agent an interrupt stopped counts as killed by the system; stop_task\'s as killed by the user', () => {
    const stats = new AgentStats();
    const byInterrupt = { taskId: 'a1', toolUseId: 'u1', kind: 'agent', description: 'd', stoppedByInterrupt: true } as TaskInfo;
    const byStopTask = { taskId: 'a2', toolUseId: 'u2', kind: 'agent', description: 'd' } as TaskInfo;
    stats.heard({ kind: 'task_notification', task: byInterrupt, status: 'stopped', summary: '' });
    stats.heard({ kind: 'task_notification', task: byStopTask, status: 'stopped', summary: '' });
    expect(stats.killed).toEqual({ parent: 0, user: 1, system: 1 });
  });
});
