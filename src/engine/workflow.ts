import { notificationStatus, type NotificationStatus, type TerminalTaskStatus } from '../protocol/vocabulary.js';
import type { AgentT, WorkflowT } from '../scenario/schema.js';
import { canonicalOf } from './agent-canonical.js';
import { PRIO, type Scheduler, type Timer } from './clock.js';
import { ROW_LAYOUT, type AgentRow, type EngineEvent, type PhaseRow, type RunStatus, type TaskInfo, type TaskRun, type TaskUsage, type TimelineRow } from './events.js';
import { announceEnd, announceStart } from './lifecycle.js';
import type { Random } from './random.js';

/** What a workflow run needs from its session. */
export interface WorkflowHost {
  scheduler: Scheduler;
  rng: Random;
  emit(ev: EngineEvent): void;
  /** Live (non-terminal) tasks of the session, for background_tasks_changed. */
  liveTasks(): TaskInfo[];
  agentId(canonical: string): string;
  model: string;
  /** Profile behaviour switches that change which events exist. */
  lateAbortRows: boolean;
  stopSnapshot: boolean;
  abortError(reason: string): string;
  summary(status: NotificationStatus, error?: string): string;
  /** Window in which aborted agents report after an interrupt (seed 000 §6). */
  lateRows: { min: number; max: number };
  /** Writes the output file; returns nothing, reports its own failures. */
  writeOutput(task: TaskInfo, text: string): void;
  /** Called once when the run reaches a terminal state (after its notification). */
  onTerminal(run: WorkflowRun, status: NotificationStatus): void;
  /** Asks the host to approve a plan (ExitPlanMode) before a phase with `approval: plan` (issue #10). */
  approvePlan(phaseTitle: string, agents: readonly string[], onWait: () => void, done: (ok: boolean, reason?: string) => void): void;
}

const DEFAULT_AGENT_MS = 1000;
const PHASE_START_DELAY = 50; // launch -> first agents (captures: ~60 ms)

/**
 * One workflow run on the virtual clock (seed 000 §5, §6). Phases run in order; the agents of a
 * phase run concurrently. Every timeline change at one instant is coalesced into one task_progress
 * carrying the full snapshot; terminal events are task_updated then exactly one task_notification.
 */
export class WorkflowRun implements TaskRun {
  private readonly rows: TimelineRow[] = [];
  private readonly agents: AgentRow[] = [];
  private readonly phases: PhaseRow[] = [];
  private timers: Timer[] = [];
  private dirty = false;
  private last: AgentRow | undefined;
  /** See stages(). */
  private stageList: ReadonlyArray<{ phase: PhaseRow | undefined; agents: AgentT[] }> | undefined;
  status: RunStatus = 'running';
  /** The failure message of a failed run. */
  failure: string | undefined;

  constructor(
    readonly info: TaskInfo,
    private readonly spec: WorkflowT,
    private readonly host: WorkflowHost,
  ) {
    const phases = spec.phases ?? [];
    phases.forEach((p, i) => this.phases.push({ type: 'workflow_phase', index: i + 1, title: p.title }));
    this.rows.push(...this.phases); // declared phases are announced up front
  }

  get terminal(): boolean {
    return this.status !== 'running';
  }

  /** Emits task_started and schedules the phases. */
  start(): void {
    announceStart(this.host, this.info);
    this.schedule(PHASE_START_DELAY, () => this.runStage(0));
  }

  /**
   * The stages in order, made at the first call: each stage of a run used to make the list anew, and a list of one
   * shape or the other (map's or a literal's) sent V8's optimised code back to the interpreter (issue #21).
   */
  private stages(): ReadonlyArray<{ phase: PhaseRow | undefined; agents: AgentT[] }> {
    if (this.stageList !== undefined) return this.stageList;
    const list: Array<{ phase: PhaseRow | undefined; agents: AgentT[] }> = [];
    if (this.spec.phases) this.spec.phases.forEach((p, i) => list.push({ phase: this.phases[i]!, agents: p.agents }));
    else if (this.spec.agents && this.spec.agents.length > 0) list.push({ phase: undefined, agents: this.spec.agents });
    return (this.stageList = list);
  }

  private runStage(i: number, approved = false): void {
    if (this.terminal) return;
    const stage = this.stages()[i];
    if (!stage) return this.finish();
    if (!approved && this.spec.phases?.[i]?.approval === 'plan') {
      // seed 000 §5.3 lists `paused`: the run waits for the host's plan approval, then resumes or fails
      const h = this.host;
      let paused = false;
      const wait = () => {
        this.flush(); // the snapshot of the finished phase comes before the pause
        paused = true;
        h.emit({ kind: 'task_updated', task: this.info, patch: { status: 'paused' } });
      };
      h.approvePlan(stage.phase?.title ?? '', stage.agents.map((a) => a.label), wait, (ok, reason) => {
        if (this.terminal) return;
        if (!ok) {
          this.flush();
          return this.end('failed', `Plan for phase "${stage.phase?.title ?? ''}" was rejected${reason ? `: ${reason}` : ''}`);
        }
        if (paused) h.emit({ kind: 'task_updated', task: this.info, patch: { status: 'running' } });
        this.runStage(i, true);
      });
      return;
    }
    const now = this.host.scheduler.now();
    let pending = 0;
    for (const a of stage.agents) {
      const row = this.addAgent(a, stage.phase, now);
      if (row.state === 'cached') continue;
      pending++;
      const duration = a.duration ?? DEFAULT_AGENT_MS;
      const timer = this.host.scheduler.after(duration, () => end(a));
      const end = (how: AgentT) => {
        timer.cancel();
        this.live.delete(row);
        this.endAgent(row, how);
        if (--pending === 0) this.runStage(i + 1);
      };
      this.timers.push(timer);
      this.live.set(row, (error) => end({ ...a, fail: error }));
    }
    if (pending === 0) this.schedule(0, () => this.runStage(i + 1));
  }

  private addAgent(a: AgentT, phase: PhaseRow | undefined, now: number): AgentRow {
    const prompt = a.prompt ?? `${a.label}`;
    const canonical = canonicalOf(a, this.info.workflowName ?? '', phase?.title ?? null, prompt);
    const row: AgentRow = {
      type: 'workflow_agent',
      index: this.agents.length + 1,
      label: a.label,
      phaseIndex: phase?.index,
      phaseTitle: phase?.title,
      agentId: this.host.agentId(canonical),
      model: a.model ?? this.host.model,
      prompt,
      state: a.cached ? 'cached' : 'start',
      queuedAt: now,
      startedAt: now,
      lastProgressAt: now,
      tokens: a.cached ? (a.tokens ?? 0) : 0,
      toolCalls: a.cached ? (a.tool_uses ?? 0) : 0,
      durationMs: a.cached ? 0 : undefined,
      endedAt: a.cached ? now : undefined,
      resultPreview: a.cached ? (a.result ?? '') : undefined,
      rev: 0,
    };
    this.agents.push(row);
    this.rows.push(row);
    this.changed(row);
    return row;
  }

  private endAgent(row: AgentRow, a: AgentT): void {
    const now = this.host.scheduler.now();
    row.state = a.fail !== undefined ? 'error' : 'done';
    row.endedAt = now;
    row.lastProgressAt = now;
    row.durationMs = now - row.startedAt;
    row.tokens = a.tokens ?? 0;
    row.toolCalls = a.tool_uses ?? 0;
    if (a.fail !== undefined) row.error = a.fail;
    else row.resultPreview = a.result ?? '';
    row.rev += 1;
    this.changed(row);
  }

  private changed(row: AgentRow): void {
    this.last = row;
    if (this.dirty) return;
    this.dirty = true;
    // coalesce every change at this instant into one snapshot (Claude batches on a 16 ms timer)
    this.host.scheduler.after(0, () => this.flush(), PRIO.flush);
  }

  private flush(): void {
    if (!this.dirty) return;
    this.dirty = false;
    if (this.terminal && !this.aborting) return;
    this.host.emit({ kind: 'task_progress', task: this.info, usage: this.usage(), rows: this.snapshot(), last: this.last });
  }

  private aborting = false;
  /** Running agents and how to end each early (the control server's stop/fail agent, issue #19). */
  private readonly live = new Map<AgentRow, (error: string) => void>();

  /** Ends a running agent now, as failed with `error` (found by label or agent id); false when none runs. */
  endAgentNow(agent: string, error: string): boolean {
    for (const [row, end] of this.live) {
      if (row.label !== agent && row.agentId !== agent) continue;
      end(error);
      return true;
    }
    return false;
  }

  /** Ends the run now (the control server, issue #19): completed, or failed with `error`. False once terminal. */
  endNow(status: 'completed' | 'failed', error?: string): boolean {
    if (this.terminal) return false;
    this.flush();
    this.end(status, error);
    return true;
  }

  /**
   * The full current timeline: the live rows, not a copy. The event is encoded into frames at once
   * (profile encoders read the rows' values synchronously and keep none of them), so a later change
   * cannot alter an emitted frame; a copy per snapshot was work no consumer could observe (issue #21).
   */
  private snapshot(): readonly TimelineRow[] {
    return this.rows;
  }

  private usage(): TaskUsage {
    let tokens = 0;
    let tools = 0;
    for (const r of this.agents) {
      tokens += r.tokens;
      tools += r.toolCalls;
    }
    return { total_tokens: tokens, tool_uses: tools, duration_ms: this.host.scheduler.now() - this.info.startedAt };
  }

  private finish(): void {
    if (this.terminal) return;
    const failed = this.spec.outcome === 'failed';
    this.flush();
    this.end(failed ? 'failed' : 'completed', failed ? this.spec.error : undefined);
  }

  private end(status: TerminalTaskStatus, error?: string): void {
    const h = this.host;
    const now = h.scheduler.now();
    this.status = status;
    this.failure = error;
    this.cancelTimers();
    // the last snapshot is out: the encoders' layouts of the rows are not needed any more (a late row lays out anew)
    for (const r of this.rows) if (r[ROW_LAYOUT] !== undefined) r[ROW_LAYOUT] = undefined;
    const notifyStatus = notificationStatus(status);
    announceEnd(h, this.info, {
      status,
      endTime: now,
      error,
      notification: { summary: h.summary(notifyStatus, error), usage: this.usage() },
      writeOutputs: () => h.writeOutput(this.info, this.outputText(notifyStatus, error)),
    });
    h.onTerminal(this, notifyStatus);
  }

  /**
   * Stops the run (interrupt or stop_task). Seed 000 §4.3: task_updated killed, one notification
   * stopped, then (cbc) late task_progress frames flipping each in-flight agent start -> error,
   * spread over the grace window. Claude 2.1.328 instead sends one final snapshot before killed.
   * No-op once the run is terminal.
   */
  kill(reason: string): boolean {
    if (this.terminal) return false;
    const h = this.host;
    this.cancelTimers();
    this.dirty = false;
    const inflight = this.agents.filter((r) => r.state === 'start');
    if (h.stopSnapshot) {
      const rows = this.rows.map((r) =>
        r.type === 'workflow_agent' && r.state === 'start'
          ? { ...r, state: 'error' as const, error: h.abortError(reason), endedWithRun: 'stopped' as const, durationMs: undefined }
          : { ...r },
      );
      h.emit({ kind: 'task_progress', task: this.info, usage: this.usage(), rows, final: true });
    }
    this.end('killed');
    if (h.lateAbortRows && inflight.length > 0) {
      const rng = h.rng;
      const delays = inflight.map(() => rng.int(h.lateRows.min, h.lateRows.max));
      inflight.forEach((row, i) => {
        h.scheduler.after(
          delays[i]!,
          () => {
            const t = h.scheduler.now();
            row.state = 'error';
            row.error = h.abortError(reason);
            row.aborted = true;
            row.endedAt = t;
            row.lastProgressAt = t;
            row.durationMs = t - row.startedAt;
            row.rev += 1;
            this.aborting = true;
            this.last = row;
            h.emit({ kind: 'task_progress', task: this.info, usage: this.usage(), rows: this.snapshot(), last: row });
            this.aborting = false;
          },
          PRIO.late,
        );
      });
    }
    return true;
  }

  private outputText(status: string, error?: string): string {
    const agents = this.agents.map((r) => ({
      label: r.label,
      phase: r.phaseTitle ?? null,
      state: r.state,
      ...(r.resultPreview !== undefined ? { result: r.resultPreview } : {}),
      ...(r.error !== undefined ? { error: r.error } : {}),
    }));
    return JSON.stringify({ workflow: this.info.workflowName, status, ...(error !== undefined ? { error } : {}), agents }, null, 2) + '\n';
  }

  private schedule(delay: number, fn: () => void): void {
    this.timers.push(this.host.scheduler.after(delay, fn));
  }

  private cancelTimers(): void {
    for (const t of this.timers) t.cancel();
    this.timers = [];
    this.live.clear();
  }
}
