import type { TaskInfo, TaskRun } from './events.js';
import type { ProfileBehavior } from './profile.js';
import { stopMembers } from './team-members.js';

/*
 * Which tasks an interrupt stops (issue #16). Without behavior.interruptTasks every live task stops (the seed's rule,
 * cbc). Claude Code (measured on 2.1.220 and 2.1.328: ctl_interrupt_bg_task_h7, ctl_interrupt_bg_agent_fd,
 * ctl_interrupt_workflow_fd, ctl_interrupt_mid_turn_bg_agent_fd, ctl_interrupt_mid_turn_bg_bash_fd): background shell
 * commands run on to their end, background agents and workflows stop; their end frames come before the interrupt's
 * reply, and each stopped agent then writes its own interrupted message.
 */

/** What the session offers this module. */
interface Stopping {
  readonly runs: readonly TaskRun[];
  readonly p: { readonly behavior: ProfileBehavior };
}

/** Stops the live tasks an interrupt stops; returns the ones it stopped. */
export function stopTasksOnInterrupt(s: Stopping, reason: string): TaskInfo[] {
  stopMembers(s); // cbc's team members (team-members.ts)
  const spared = s.p.behavior.interruptTasks?.spares ?? [];
  const stopping = s.runs.filter((run) => !spared.includes(run.info.kind) && !run.terminal);
  for (const run of stopping) run.info.stoppedByInterrupt = true;
  return stopping.filter((run) => run.kill(reason)).map((run) => run.info);
}
