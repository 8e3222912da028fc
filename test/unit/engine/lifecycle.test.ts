import { describe, expect, it } from 'vitest';
import type { EngineEvent, TaskInfo } from '../../../dist/engine/events.js';
import { announceEnd } from '../../../dist/engine/lifecycle.js';

const task: TaskInfo = { taskId: 't1', toolUseId: 'tu1', kind: 'agent', description: 'slow helper', outputFile: '/tmp/out/t1.output', startedAt: 0 };
const end = (shutdown: boolean | 'notification' | 'silent' | undefined) => {
  const events: EngineEvent[] = [];
  let wrote = 0;
  announceEnd({ emit: (e) => events.push(e), liveTasks: () => [task] }, task, {
    status: 'killed',
    endTime: 5,
    shutdown,
    notification: { summary: 'slow helper' },
    writeOutputs: () => void wrote++,
  });
  return { kinds: events.map((e) => e.kind), events, wrote };
};

// issue #16: the frames a task writes when the CLI shuts down on a signal (captures sig_term_bg_task_running_fm for a
// shell; sig_int_bg_slow_agent_running_h8 and sig_{term,hup}_bg_slow_agent_running_l9 for an agent on each Claude version)
describe('announceEnd at a signal shutdown (#16)', () => {
  it('a stop (not a shutdown): list, update, output files, notification, list', () => {
    expect(end(undefined)).toMatchObject({ kinds: ['bg_tasks_changed', 'task_updated', 'task_notification', 'bg_tasks_changed'], wrote: 1 });
  });
  it('a shell: the notification first, naming no output file, then the update', () => {
    const r = end(true);
    expect(r.kinds).toEqual(['task_notification', 'bg_tasks_changed', 'task_updated', 'bg_tasks_changed']);
    expect(r.events[0]).toMatchObject({ kind: 'task_notification', status: 'stopped', task: { outputFile: '' } });
  });
  it('an agent on Claude 2.1.220: its notification alone; on 2.1.328: nothing', () => {
    const n = end('notification');
    expect(n.kinds).toEqual(['task_notification']);
    expect(n.events[0]).toMatchObject({ task: { outputFile: '' } });
    expect(end('silent')).toEqual({ kinds: [], events: [], wrote: 0 });
  });
});
