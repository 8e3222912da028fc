import type { EngineEvent } from './events.js';
import type { AgentCounts } from './spend-view.js';

/**
 * The session's sub-agent counts (Claude 2.1.328's result.subagent_stats; measured: bg_agent, ses_p_bg_agent_fq,
 * env_disable_bg_agent_fm): every Agent call counts as spawned at depth 1 under its subagent_type; how it was
 * requested is the run_in_background the call ran with (a background task started: background; false: foreground;
 * else unset, which is also what a run_in_background: true call counts as when background tasks are off and it ran
 * in the foreground); it completes or fails with its result (foreground, a task or not) or its notification (background).
 */
export class AgentStats implements AgentCounts {
  spawned = 0;
  readonly requested = { background: 0, foreground: 0, unset: 0 };
  startedInBackground = 0;
  maxDepth = 0;
  completed = 0;
  failed = 0;
  /** A background agent stopped: by stop_task, user; by an interrupt, system (measured: ctl_interrupt_mid_turn_bg_agent_fd on 2.1.328). */
  readonly killed = { parent: 0, user: 0, system: 0 };
  readonly byType = new Map<string, number>();
  /** Agent calls not yet started in the background nor answered: their run_in_background. */
  private readonly pending = new Map<string, unknown>();

  heard(ev: EngineEvent): void {
    if (ev.kind === 'assistant_tool_use' && ev.name === 'Agent') {
      this.spawned += 1;
      this.maxDepth = Math.max(this.maxDepth, 1);
      const type = typeof ev.input['subagent_type'] === 'string' ? ev.input['subagent_type'] : 'general-purpose';
      this.byType.set(type, (this.byType.get(type) ?? 0) + 1);
      this.pending.set(ev.toolUseId, ev.input['run_in_background']);
    } else if (ev.kind === 'task_started' && ev.task.kind === 'agent' && ev.task.foreground !== true && this.pending.delete(ev.task.toolUseId)) {
      this.requested.background += 1;
      this.startedInBackground += 1;
    } else if (ev.kind === 'tool_result' && ev.deniedBy !== undefined && this.pending.has(ev.toolUseId)) {
      // a refused call spawned nothing (measured on 2.1.328: req_hook_callback_pre_deny_bg_agent_fv)
      this.pending.delete(ev.toolUseId);
      this.spawned -= 1;
      this.maxDepth = this.spawned > 0 ? this.maxDepth : 0;
      const type = typeof ev.ran?.input['subagent_type'] === 'string' ? ev.ran.input['subagent_type'] : 'general-purpose';
      const left = (this.byType.get(type) ?? 1) - 1;
      if (left > 0) this.byType.set(type, left);
      else this.byType.delete(type);
    } else if (ev.kind === 'tool_result' && ev.task === undefined && this.pending.has(ev.toolUseId)) {
      const asked = this.pending.get(ev.toolUseId);
      this.pending.delete(ev.toolUseId);
      this.requested[asked === false ? 'foreground' : 'unset'] += 1;
      if (ev.isError) this.failed += 1;
      else this.completed += 1;
    } else if (ev.kind === 'task_notification' && ev.task.kind === 'agent' && ev.task.foreground !== true) {
      if (ev.status === 'completed') this.completed += 1;
      else if (ev.status === 'failed') this.failed += 1;
      else this.killed[ev.task.stoppedByInterrupt === true ? 'system' : 'user'] += 1;
    }
  }
}
