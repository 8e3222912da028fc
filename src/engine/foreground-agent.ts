import { notificationStatus, type TerminalTaskStatus } from '../protocol/vocabulary.js';
import type { BackgroundTaskT } from '../scenario/schema.js';
import type { Timer } from './clock.js';
import type { TaskInfo, TaskRun } from './events.js';
import { announceEnd, announceStart } from './lifecycle.js';
import { allowRuleOf } from './asks.js';
import { CALL_INPUT_TOKENS, CALL_OUTPUT_TOKENS } from './spend.js';
import type { TurnHost } from './turn-host.js';

const DEFAULT_MS = 1000;

/**
 * A sub-agent the turn runs in the foreground and waits for (ProfileBehavior.foregroundAgentTask; measured on Claude:
 * env_disable_bg_agent_fm): task_started, the sub-agent's prompt, then at its end task_updated, its output file and
 * task_notification, and the report handed back as the call's tool_result; no background task list. Its tokens are
 * its model calls' (one per tool use and one for the report). An interrupt stops it like a background task.
 */
export class ForegroundAgentRun implements TaskRun {
  private timer: Timer | undefined;
  private status: 'running' | TerminalTaskStatus = 'running';

  constructor(
    private readonly s: TurnHost,
    readonly info: TaskInfo,
    private readonly spec: BackgroundTaskT,
    private readonly input: Record<string, unknown>,
    private readonly next: () => void,
  ) {}

  get terminal(): boolean {
    return this.status !== 'running';
  }

  start(): void {
    announceStart({ emit: (ev) => this.s.emit(ev), liveTasks: () => [] }, this.info);
    this.s.emit({ kind: 'subagent_prompt', task: this.info, text: this.info.prompt ?? this.info.description });
    this.timer = this.s.o.scheduler.after(this.spec.duration ?? DEFAULT_MS, () => this.end(this.spec.end === 'failed' ? 'failed' : 'completed'));
  }

  kill(): boolean {
    if (this.terminal) return false;
    this.timer?.cancel();
    this.end('killed');
    return true;
  }

  private end(status: TerminalTaskStatus): void {
    this.status = status;
    const s = this.s;
    const toolUses = this.spec.tools?.length ?? 0;
    const durationMs = s.o.scheduler.now() - this.info.startedAt;
    const result = this.spec.result ?? '';
    const error = status === 'failed' ? result || 'agent failed' : undefined;
    const summary = s.p.behavior.summary(this.info, notificationStatus(status), { exitCode: undefined, result, error });
    announceEnd({ emit: (ev) => s.emit(ev), liveTasks: () => [] }, this.info, {
      status,
      endTime: s.o.scheduler.now(),
      error,
      notification: this.spec.notify === false ? undefined : { summary, usage: { total_tokens: this.spec.tokens ?? 0, tool_uses: toolUses, duration_ms: durationMs } },
      writeOutputs: () => s.writeOutput(this.info.outputFile, result + '\n'),
    });
    if (status === 'killed') return; // the interrupt that stopped it ends the turn
    const tokens = (toolUses + 1) * (CALL_INPUT_TOKENS + CALL_OUTPUT_TOKENS);
    s.emit({ kind: 'tool_result', toolUseId: this.info.toolUseId, content: result, isError: status === 'failed', ran: { name: 'Agent', input: this.input }, allowedBy: 'rule', allowRule: allowRuleOf(s, 'Agent', this.input), handBack: { task: this.info, status, durationMs, tokens, toolUses } });
    this.next();
  }
}
