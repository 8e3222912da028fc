import { notificationStatus, type NotificationStatus, type TerminalTaskStatus } from '../protocol/vocabulary.js';
import type { BackgroundTaskT } from '../scenario/schema.js';
import type { Scheduler, Timer } from './clock.js';
import type { AgentShutdown, EngineEvent, RunStatus, TaskEndDetail, TaskInfo, TaskRun, TaskUsage } from './events.js';
import { announceEnd, announceStart } from './lifecycle.js';

/** What a background task needs from its session. */
export interface BackgroundHost {
  scheduler: Scheduler;
  emit(ev: EngineEvent): void;
  liveTasks(): TaskInfo[];
  newMessageId(): string;
  summary(status: NotificationStatus, detail: TaskEndDetail): string;
  writeOutput(file: string, text: string): void;
  onTerminal(run: BackgroundRun, status: NotificationStatus, notified: boolean): void;
  /** Runs before a sub-agent's scripted ending, once its last message is out (SubagentStop hooks: engine/subagent-hooks.ts). */
  beforeAgentEnd?(lastMessage: string, done: () => void): void;
}

const DEFAULT_MS = 1000;

/**
 * One background shell or sub-agent task (seed 002 §8): task_started; for agents one task_progress
 * per completed tool use with cumulative usage and last_tool_name (shells send none); at the end a
 * task_updated with the terminal patch and, unless `notify: false`, exactly one task_notification.
 */
export class BackgroundRun implements TaskRun {
  private timers: Timer[] = [];
  private toolUses = 0;
  private tokens = 0;
  status: RunStatus = 'running';
  exitCode: number | undefined;

  constructor(
    readonly info: TaskInfo,
    private readonly spec: BackgroundTaskT,
    private readonly host: BackgroundHost,
  ) {}

  get terminal(): boolean {
    return this.status !== 'running';
  }

  /** Emits task_started and schedules progress and the end. */
  start(): void {
    const h = this.host;
    announceStart(h, this.info);
    const duration = this.spec.duration ?? DEFAULT_MS;
    const tools = this.spec.kind === 'agent' ? this.spec.tools ?? [] : [];
    const total = this.spec.tokens ?? 0;
    tools.forEach((tool, i) => {
      this.schedule(Math.floor((duration * (i + 1)) / (tools.length + 1)), () => {
        this.toolUses = i + 1;
        this.tokens = Math.round((total * (i + 1)) / tools.length);
        h.emit({ kind: 'task_progress', task: this.info, usage: this.usage(), rows: [], lastToolName: tool });
      });
    });
    this.schedule(duration, () => this.finish());
  }

  private usage(): TaskUsage {
    return { total_tokens: this.tokens, tool_uses: this.toolUses, duration_ms: this.host.scheduler.now() - this.info.startedAt };
  }

  private finish(): void {
    const s = this.spec;
    if (s.kind === 'agent') {
      this.tokens = s.tokens ?? 0;
      this.toolUses = s.tools?.length ?? 0;
      if (s.result !== undefined) this.host.emit({ kind: 'subagent_text', messageId: this.host.newMessageId(), text: s.result, task: this.info });
    }
    const end = s.end ?? ((s.exit_code ?? 0) !== 0 ? 'failed' : 'completed');
    const ending = () => void (!this.terminal && this.end(end)); // a stop while the hooks were asked ended it already
    if (s.kind === 'agent' && this.host.beforeAgentEnd) this.host.beforeAgentEnd(s.result ?? '', ending);
    else ending();
  }

  /**
   * Ends the task now (the control server, issue #19): `completed` plays its scripted ending at once
   * (which may be a failure, as its exit code says), `failed` fails it with `error`. False once terminal.
   */
  endNow(status: 'completed' | 'failed', error?: string): boolean {
    if (this.terminal) return false;
    if (status === 'completed') this.finish();
    else this.end('failed', error);
    return true;
  }

  private end(status: TerminalTaskStatus, forcedError?: string, shutdown: boolean | AgentShutdown = false): void {
    const h = this.host;
    const s = this.spec;
    this.status = status;
    for (const t of this.timers) t.cancel();
    this.timers = [];
    const now = h.scheduler.now();
    const notify = s.notify !== false;
    const notifyStatus = notificationStatus(status);
    const error = forcedError ?? (status === 'failed' && s.kind === 'agent' ? s.result ?? 'agent failed' : undefined);
    const detail: TaskEndDetail = { exitCode: s.kind === 'agent' ? undefined : s.exit_code ?? 0, result: s.result, error };
    this.exitCode = status === 'killed' ? undefined : detail.exitCode;
    announceEnd(h, this.info, {
      status,
      endTime: now,
      error,
      shutdown,
      // seed 002 §8: usage on sub-agent notifications only, shells omit it; notify: false ends with the update alone
      notification: notify ? { summary: h.summary(notifyStatus, detail), usage: s.kind === 'agent' ? this.usage() : undefined } : undefined,
      writeOutputs: () => {
        h.writeOutput(this.info.outputFile, s.kind === 'agent' ? (s.result ?? '') + '\n' : s.output ?? '');
        if (this.info.stderrFile) h.writeOutput(this.info.stderrFile, s.stderr ?? '');
      },
    });
    h.onTerminal(this, notifyStatus, notify);
  }

  /** Stops the task: task_updated killed, then (unless notify: false) one notification stopped. */
  kill(_reason: string): boolean {
    if (this.terminal) return false;
    this.end('killed');
    return true;
  }

  /** Stops the task as the CLI shuts down: the notification first, then task_updated killed (see TaskEnd.shutdown). */
  shutdown(agent?: AgentShutdown): boolean {
    if (this.terminal) return false;
    this.end('killed', undefined, this.spec.kind === 'agent' ? agent ?? true : true);
    return true;
  }

  private schedule(delay: number, fn: () => void): void {
    this.timers.push(this.host.scheduler.after(delay, fn));
  }
}
