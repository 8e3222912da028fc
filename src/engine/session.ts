import { mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Logger } from 'pino';
import type { EncodeContext, Profile } from '../protocol/profiles/index.js';
import type { Obj } from '../protocol/shape.js';
import { interpolate, selectTurn } from '../scenario/match.js';
import type { AskT, ScenarioT, TurnT, WorkflowT } from '../scenario/schema.js';
import type { Scheduler, Timer } from './clock.js';
import type { BackgroundTaskT } from '../scenario/schema.js';
import { BackgroundRun } from './background.js';
import type { ControlPayload, EngineEvent, HostRequestBody, TaskInfo, TaskRun, TurnOrigin, TurnStats } from './events.js';
import type { Random } from './random.js';
import { checkJsonSchema } from './json-schema-lite.js';
import { denyReason, HostRequests, isAllow, updatedInput, type HostAnswer } from './host.js';
import { decide, hookIds, REJECTED_TEXT } from './permissions.js';
import { WorkflowRun } from './workflow.js';

/** Everything a session needs; wired by src/run.ts. */
export interface SessionOptions {
  profile: Profile;
  scenario: ScenarioT;
  scheduler: Scheduler;
  rng: Random;
  /** Writes one encoded frame (the transport frames it). */
  write(frame: Obj): void;
  /** Observers of typed engine events (tests, journal). */
  observe?: ((ev: EngineEvent) => void) | undefined;
  log: Logger;
  cwd: string;
  home: string;
  env: NodeJS.ProcessEnv;
  sessionId: string;
  model: string;
  permissionMode: string;
  disableWorkflows: boolean;
  /** `-p` single-shot (text input): the process ends after the prompt's work. */
  singleShot: boolean;
  /** Where a resumed session's script stands (--resume / --continue). */
  resume?: { cursor: number; turns: number } | undefined;
  /** Records a finished turn in the session store (absent with --no-session-persistence). */
  persist?: ((state: { cursor: number; turns: number }) => void) | undefined;
  /** The parsed `--json-schema`, when given: results then carry `structured_output` (seed 002 §9). */
  jsonSchema?: unknown;
  /** The pid the profile reports (seeded runs report a seeded one, so bytes stay identical). */
  pid: number;
  /** --allowedTools / --disallowedTools rules. */
  allowedTools?: readonly string[] | undefined;
  disallowedTools?: readonly string[] | undefined;
  /** `--permission-prompt-tool stdio`: Claude Code asks the host over stdio only then. */
  permissionPromptStdio?: boolean | undefined;
  /** Records protocol lifecycle facts (the journal): host request states, warnings. */
  trace?: ((event: string, data: Record<string, unknown>) => void) | undefined;
}

const MODEL_LATENCY = 40; // virtual ms per assistant message

/** A `permission_denials` entry of a result. */
export interface PermissionDenial {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
}

interface PendingTurn {
  prompt: string;
  origin: TurnOrigin;
  followupText?: string;
}

/** A turn in flight: its timers (cancelled by interrupt) and counters. */
interface ActiveTurn {
  stats: TurnStats;
  timers: Timer[];
  waiting: Set<TaskRun>;
  finishText?: string;
  onWorkflowsDone?: () => void;
}

/**
 * One emulated CLI session: reads inbound frames, runs scenario turns on the virtual clock, answers
 * control requests at once (never blocked by a running turn), and keeps the background workflows.
 */
export class Session {
  private readonly o: SessionOptions;
  private readonly p: Profile;
  private queue: PendingTurn[] = [];
  private active: ActiveTurn | undefined;
  private runs: TaskRun[] = [];
  private cursor = 0;
  private initCount = 0;
  private resultCount = 0;
  private turnRequestId: string | undefined;
  /** is_error of the last result (decides the exit code after EOF). */
  lastResultError = false;
  /** Non-zero when the session must end now (e.g. a malformed line under a Claude profile). */
  fatalExit: number | undefined;
  permissionMode: string;
  model: string;
  /** Hook callback ids the host registered in `initialize` (issue #10). */
  private hooks: unknown;
  private readonly host: HostRequests;
  private hostSeq = 0;

  constructor(opts: SessionOptions) {
    this.o = opts;
    this.p = opts.profile;
    this.host = new HostRequests(
      opts.scheduler,
      (ev) => this.emit(ev),
      (requestId, subtype, state) => opts.trace?.('host_request', { request_id: requestId, subtype, state }),
      (message) => {
        opts.log.warn(message);
        opts.trace?.('warning', { message });
      },
    );
    this.permissionMode = opts.permissionMode;
    this.model = opts.model;
    this.cursor = opts.resume?.cursor ?? 0;
    this.turnsDone = opts.resume?.turns ?? 0;
  }

  /** Turns finished in this session, across resumed processes. */
  private turnsDone = 0;

  get sessionId(): string {
    return this.o.sessionId;
  }

  /** True when nothing is running, queued or pending. */
  get quiet(): boolean {
    return !this.active && this.queue.length === 0 && this.runs.every((r) => r.terminal);
  }

  /** Tools listed in system/init. */
  tools(): string[] {
    return this.p.behavior.tools.filter((t) => !(this.o.disableWorkflows && t === 'Workflow'));
  }

  // ---- output ------------------------------------------------------------------------------

  private ctx(): EncodeContext {
    return {
      sessionId: this.o.sessionId,
      cwd: this.o.cwd,
      model: this.model,
      permissionMode: this.permissionMode,
      pid: this.o.pid,
      now: this.o.scheduler.now(),
      rng: this.o.rng,
      tools: this.tools(),
      turnRequestId: this.turnRequestId,
      sdkReadsSessionState: truthy(this.o.env['CLAUDE_CODE_SDK_READS_SESSION_STATE']),
      transcriptPath: join(homedir(), this.p.behavior.settingsDir, 'projects', this.o.cwd.replace(/[/.]/g, '-'), `${this.o.sessionId}.jsonl`),
    };
  }

  /** Emits one engine event: observers first, then the profile's bytes. */
  emit(ev: EngineEvent): void {
    this.o.observe?.(ev);
    const out = this.p.encode(ev, this.ctx());
    if (out === undefined) return;
    if (Array.isArray(out)) for (const f of out) this.o.write(f);
    else this.o.write(out);
  }

  // ---- inbound -----------------------------------------------------------------------------

  /** Handles a user message: queues a turn. */
  userMessage(prompt: string): void {
    this.queue.push({ prompt, origin: { kind: 'user' } });
    this.pump();
  }

  /** Handles a control_request from the host. */
  control(requestId: string, request: Record<string, unknown>): void {
    const subtype = typeof request['subtype'] === 'string' ? request['subtype'] : '';
    const b = this.p.behavior;
    if (!b.controlSubtypes.has(subtype)) {
      this.emit({ kind: 'control_error', requestId, subtype, reason: 'unsupported' });
      return;
    }
    if (b.sessionBoundBeforeFirstTurn?.has(subtype) && this.resultCount === 0 && !this.active) {
      const sid = typeof request['session_id'] === 'string' && request['session_id'] !== '' ? request['session_id'] : 'current';
      this.emit({ kind: 'control_error', requestId, subtype, reason: 'invalid', message: `Session not found: ${sid}` });
      return;
    }
    const ok = (payload: ControlPayload) => this.emit({ kind: 'control_success', requestId, payload });
    switch (subtype) {
      case 'initialize': {
        const repeat = this.initCount++ > 0;
        if (request['hooks'] !== undefined) this.hooks = request['hooks'];
        ok({ kind: 'initialize', request, repeat });
        // claude-code-cli.md §3 / captures claude-code-2.1.328/text3: a repeated initialize is followed by the task list
        if (repeat) this.emit({ kind: 'bg_tasks_changed', at: 'reinitialize', tasks: this.liveTasks() });
        return;
      }
      case 'interrupt': {
        const target = typeof request['session_id'] === 'string' && request['session_id'] !== '' ? request['session_id'] : undefined;
        const reason = typeof request['reason'] === 'string' && request['reason'] !== '' ? request['reason'] : 'user cancel';
        ok({ kind: 'interrupt', sessionId: this.o.sessionId, reason, requested: typeof request['reason'] === 'string' && request['reason'] !== '' ? request['reason'] : undefined });
        // seed 000 §4.2: an interrupt naming another session leaves this one untouched
        if (target === undefined || target === this.o.sessionId) this.interrupt(reason);
        return;
      }
      case 'set_permission_mode': {
        const previous = this.permissionMode;
        if (typeof request['mode'] === 'string') this.permissionMode = request['mode'];
        ok({ kind: 'set_permission_mode', mode: this.permissionMode, previous, sessionId: this.o.sessionId });
        return;
      }
      case 'set_model': {
        const previous = this.model;
        this.model = typeof request['model'] === 'string' && request['model'] !== '' ? request['model'] : this.p.behavior.defaultModel;
        ok({ kind: 'set_model', model: this.model, previous, sessionId: this.o.sessionId });
        return;
      }
      case 'stop_task': {
        const id = request['task_id'];
        const run = this.runs.find((r) => r.info.taskId === id);
        if (!run) {
          this.emit({ kind: 'control_error', requestId, subtype, reason: 'invalid', message: `No task found with ID: ${String(id)}` });
          return;
        }
        run.kill('stopped by stop_task');
        ok({ kind: 'stop_task' }); // claude-code-cli.md §8: the reply follows the task events
        return;
      }
      case 'set_max_thinking_tokens':
      case 'mcp_status':
      case 'get_available_modes':
      case 'get_available_models':
        ok({ kind: subtype });
        return;
    }
    this.emit({ kind: 'control_error', requestId, subtype, reason: 'unsupported' });
  }

  /** A control_response from the host: the answer to one of our requests (issue #10). */
  hostResponse(response: Record<string, unknown>): void {
    const id = response['request_id'];
    if (typeof id !== 'string') {
      this.o.log.warn({ response }, 'ignoring a control_response without request_id');
      return;
    }
    this.host.answer(id, response);
  }

  /** stdin closed: nobody can answer any more, so pending requests are cancelled (measured on cbc 2.117.0: "SDK disconnected"). */
  stdinClosed(): void {
    this.host.disconnect();
  }

  /**
   * Session-level interrupt (seed 000 §4.1): stops every live workflow and the running turn.
   * The same path serves a client's control_request and a scenario's scripted interrupt.
   */
  interrupt(reason: string): void {
    this.host.cancelAll('interrupted');
    for (const run of this.runs) run.kill(reason);
    const t = this.active;
    if (!t) return;
    for (const timer of t.timers) timer.cancel();
    this.emit({ kind: 'interrupted_user', messageId: this.p.ids.messageId(this.o.rng) });
    if (this.p.behavior.interruptedTurnSucceeds) this.endTurn(true, '', [], true);
    else this.endTurn(false, '', [...this.p.behavior.interruptedErrors], true);
  }

  // ---- turns -------------------------------------------------------------------------------

  private pump(): void {
    if (this.active || this.queue.length === 0) return;
    const next = this.queue.shift()!;
    const stats: TurnStats = {
      startedAt: this.o.scheduler.now(),
      endedAt: 0,
      apiMs: 0,
      numTurns: 0,
      inputTokens: 0,
      outputTokens: 0,
      origin: next.origin,
      resultIndex: this.resultCount,
      permissionDenials: [],
    };
    this.active = { stats, timers: [], waiting: new Set() };
    this.turnRequestId = this.o.rng.hex(32);
    this.runTurn(next);
  }

  private at(delay: number, fn: () => void): void {
    const t = this.active;
    if (!t) return;
    t.timers.push(this.o.scheduler.after(delay, fn));
  }

  private runTurn(pt: PendingTurn): void {
    const o = this.o;
    if (this.p.behavior.emitsSessionState(o.env)) this.emit({ kind: 'session_state', state: 'running' });
    this.emit({ kind: 'turn_init' });
    const firstMessageId = this.p.ids.messageId(o.rng);
    this.emit({ kind: 'turn_preamble', messageId: firstMessageId });

    if (pt.origin.kind === 'task-notification') {
      this.at(MODEL_LATENCY, () => this.say(pt.followupText ?? 'Acknowledged.', firstMessageId, () => this.endTurn(true, pt.followupText ?? 'Acknowledged.', [])));
      return;
    }

    const sel = selectTurn(o.scenario, this.cursor, pt.prompt);
    if (!sel) {
      if ((o.scenario.unmatched ?? 'echo') === 'error') {
        const msg = `cbc-emu: no scenario turn matches the prompt ${JSON.stringify(pt.prompt.slice(0, 200))} (scenario ${o.scenario.name ?? 'unnamed'}, unmatched: error)`;
        this.at(MODEL_LATENCY, () => this.say(msg, firstMessageId, () => this.endTurn(false, '', [msg])));
      } else {
        const text = pt.prompt;
        this.at(MODEL_LATENCY, () => this.say(text, firstMessageId, () => this.endTurn(true, text, [])));
      }
      return;
    }
    this.cursor = Math.max(this.cursor, sel.index + 1); // a keyword turn from earlier in the list never rewinds the script
    this.playTurn(sel.turn, pt.prompt, firstMessageId);
  }

  private playTurn(turn: TurnT, prompt: string, firstMessageId: string): void {
    const vars = { prompt, session_id: this.o.sessionId };
    const reply = turn.reply !== undefined ? interpolate(turn.reply, vars) : undefined;
    const workflows = turn.workflows ?? (turn.workflow ? [turn.workflow] : []);
    const background = turn.background ?? [];
    const asks = turn.ask === undefined ? [] : Array.isArray(turn.ask) ? turn.ask : [turn.ask];
    const names = workflows.map((w) => w.name ?? w.description ?? 'workflow').join('", "');
    const fallback =
      workflows.length > 0 ? `Started the workflow "${names}" in the background.` : background.length > 0 ? `Started ${background.length} background task${background.length === 1 ? '' : 's'}.` : '';
    const resultText = turn.result !== undefined ? interpolate(turn.result, vars) : reply ?? fallback;
    const first = turn.delay ?? MODEL_LATENCY;

    if (turn.error !== undefined) {
      const err = interpolate(turn.error, vars);
      this.at(first, () => this.say(reply ?? err, firstMessageId, () => this.endTurn(false, '', [err])));
      return;
    }
    if (this.o.jsonSchema !== undefined) {
      // seed 002 §9: --json-schema makes the result carry structured_output; the scenario supplies it
      const problems =
        turn.structured_output === undefined
          ? ['the scenario turn has no structured_output']
          : checkJsonSchema(this.o.jsonSchema, turn.structured_output);
      if (problems.length > 0) {
        const msg = `cbc-emu: scenario turn ${this.o.scenario.turns.indexOf(turn) + 1} does not satisfy --json-schema: ${problems.join('; ')}. Fix the turn's structured_output in the scenario.`;
        this.o.log.error(msg);
        this.at(first, () => this.say(msg, firstMessageId, () => this.endTurn(false, '', [msg])));
        return;
      }
      const value = turn.structured_output;
      this.at(first, () => {
        const t = this.active;
        if (!t) return;
        this.count(t); // the StructuredOutput tool call is one more model call (cli.md §7: num_turns 2)
        this.say(JSON.stringify(value), firstMessageId, () => this.endTurn(true, JSON.stringify(value), [], false, { value }));
      });
      return;
    }
    if (workflows.length === 0 && background.length === 0 && asks.length === 0) {
      this.at(first, () => this.say(reply ?? resultText, firstMessageId, () => this.completeTurn(resultText)));
      return;
    }
    if (workflows.length > 0 && this.o.disableWorkflows && background.length === 0) {
      const text = 'Workflows are disabled in this session (CODEBUDDY_DISABLE_WORKFLOWS=1 or disableWorkflows: true), so the workflow was not started.';
      this.at(first, () => this.say(text, firstMessageId, () => this.endTurn(true, text, [])));
      return;
    }
    const steps: Array<(next: () => void) => void> = [];
    let messageId = firstMessageId;
    let used = false;
    const nextId = () => {
      if (used) messageId = this.p.ids.messageId(this.o.rng);
      used = true;
      return messageId;
    };
    if (reply !== undefined) steps.push((next) => this.say(reply, nextId(), next));
    for (const ask of asks) steps.push((next) => this.askTool(ask, nextId(), next));
    if (!this.o.disableWorkflows) for (const wf of workflows) steps.push((next) => this.launchWorkflow(wf, nextId(), next));
    for (const bg of background) steps.push((next) => this.launchBackground(bg, nextId(), next));
    steps.push((next) => this.say(resultText, nextId(), next));
    const run = (i: number) => {
      const s = steps[i];
      if (!s) return this.completeTurn(resultText);
      this.at(i === 0 ? first : MODEL_LATENCY, () => s(() => run(i + 1)));
    };
    run(0);
  }

  /** Ends a turn that reached its final text: Stop hooks first (issue #10), then the result. */
  private completeTurn(text: string): void {
    const ids = hookIds(this.hooks, 'Stop', undefined);
    const fire = (i: number): void => {
      const id = ids[i];
      if (id === undefined) return this.endTurn(true, text, []);
      this.callHook(id, { subtype: 'hook_callback', callbackId: id, hookEvent: 'Stop' }, 60_000, (a) => {
        // a Stop hook that blocks makes the model go on once more with the hook's reason
        const body = a.kind === 'response' ? a.body : {};
        if (body['decision'] === 'block' && this.active) {
          const reason = typeof body['reason'] === 'string' ? body['reason'] : 'blocked by a Stop hook';
          this.at(MODEL_LATENCY, () => this.say(`Continuing: ${reason}`, this.p.ids.messageId(this.o.rng), () => fire(i + 1)));
        } else fire(i + 1);
      });
    };
    fire(0);
  }

  /** Sends one hook_callback and waits for its answer. */
  private callHook(id: string, body: HostRequestBody, timeoutMs: number, done: (a: HostAnswer) => void): void {
    const requestId = this.p.ids.hostRequestId('hook', this.o.scheduler.now(), ++this.hostSeq, this.o.rng);
    void id;
    this.host.send(requestId, body, timeoutMs, done);
  }

  /**
   * A tool call that needs permission (issue #10): PreToolUse hooks, then the permission decision
   * (mode, rules, or the host's can_use_tool answer), then the tool_result and PostToolUse hooks. A
   * denial lands in permission_denials and as an is_error tool_result; `on_deny: error` ends the turn.
   */
  private askTool(ask: AskT, messageId: string, next: () => void): void {
    const o = this.o;
    const t = this.active;
    if (!t) return;
    const toolUseId = this.p.ids.toolUseId(o.rng);
    let input: Record<string, unknown> = ask.input ?? {};
    const timeout = ask.timeout ?? 60_000;
    this.count(t);
    const showCall = () => this.emit({ kind: 'assistant_tool_use', messageId, toolUseId, name: ask.tool, input });
    // measured on cbc 2.117.0: can_use_tool goes out before the assistant frames of that response
    const callFirst = this.p.cli === 'claude';
    if (callFirst) showCall();
    const deny = (reason: string | undefined) => {
      if (!this.active) return;
      t.stats.permissionDenials.push({ tool_name: ask.tool, tool_use_id: toolUseId, tool_input: input });
      this.emit({ kind: 'tool_result', toolUseId, content: reason ?? REJECTED_TEXT, isError: true });
      if (ask.on_deny === 'error') {
        const msg = `Permission denied for tool(s): ${ask.tool}`; // cbc 2.117.0's createErrorResultMessage text
        this.at(MODEL_LATENCY, () => this.endTurn(false, '', [msg]));
      } else next();
    };
    const allow = () => {
      if (!this.active) return;
      const output = ask.output ?? 'ok';
      this.emit({ kind: 'tool_result', toolUseId, content: output, isError: false });
      const post = hookIds(this.hooks, 'PostToolUse', ask.tool);
      const fire = (i: number): void => {
        const id = post[i];
        if (id === undefined) return next();
        this.callHook(id, { subtype: 'hook_callback', callbackId: id, hookEvent: 'PostToolUse', toolName: ask.tool, toolInput: input, toolResponse: output, toolUseId }, timeout, () => fire(i + 1));
      };
      fire(0);
    };
    const permission = (forced?: 'allow' | 'deny' | undefined) => {
      const d = forced ?? decide({ mode: this.permissionMode, allowed: o.allowedTools ?? [], disallowed: o.disallowedTools ?? [], canAsk: this.p.cli === 'cbc' || o.permissionPromptStdio === true }, ask.tool, input);
      if (d === 'allow') {
        if (!callFirst) showCall();
        return this.at(MODEL_LATENCY, allow);
      }
      if (d === 'deny') {
        if (!callFirst) showCall();
        return this.at(MODEL_LATENCY, () => deny(undefined));
      }
      const requestId = this.p.ids.hostRequestId('perm', o.scheduler.now(), ++this.hostSeq, o.rng);
      this.host.send(requestId, { subtype: 'can_use_tool', toolName: ask.tool, input, toolUseId }, timeout, (a) => {
        if (a.kind === 'response' && isAllow(a.body)) {
          input = updatedInput(a.body) ?? input;
          return allow();
        }
        if (a.kind === 'timeout') this.emit({ kind: 'host_cancel', requestId });
        if (a.kind === 'cancelled' && a.reason === 'interrupted') return; // the interrupt ends the turn
        deny(a.kind === 'response' ? denyReason(a.body) : a.kind === 'error' ? a.message : undefined);
      });
      if (!callFirst) showCall();
    };
    const pre = hookIds(this.hooks, 'PreToolUse', ask.tool);
    const fire = (i: number, forced?: 'allow' | 'deny'): void => {
      const id = pre[i];
      if (id === undefined || forced === 'deny') return permission(forced);
      this.callHook(id, { subtype: 'hook_callback', callbackId: id, hookEvent: 'PreToolUse', toolName: ask.tool, toolInput: input, toolUseId }, timeout, (a) => {
        if (a.kind === 'cancelled' && a.reason === 'interrupted') return;
        const body = a.kind === 'response' ? a.body : {};
        const specific = (body['hookSpecificOutput'] ?? {}) as Record<string, unknown>;
        const decision = specific['permissionDecision'];
        if (body['continue'] === false || body['decision'] === 'block' || decision === 'deny') return fire(i + 1, 'deny');
        if (decision === 'allow' || body['decision'] === 'approve') return fire(i + 1, 'allow');
        fire(i + 1, forced);
      });
    };
    fire(0);
  }

  /**
   * Plan approval before a workflow phase (issue #10): the same can_use_tool request, for ExitPlanMode.
   * bypassPermissions approves without asking; a timeout or a cancel rejects.
   */
  private approvePlan(phaseTitle: string, agents: readonly string[], onWait: () => void, done: (ok: boolean, reason?: string) => void): void {
    const o = this.o;
    const input = { plan: `Phase "${phaseTitle}": run ${agents.join(', ')}` };
    const d = decide({ mode: this.permissionMode, allowed: o.allowedTools ?? [], disallowed: o.disallowedTools ?? [], canAsk: this.p.cli === 'cbc' || o.permissionPromptStdio === true }, 'ExitPlanMode', input);
    if (d !== 'ask') return done(d === 'allow', d === 'deny' ? 'denied by the permission rules' : undefined);
    onWait();
    const requestId = this.p.ids.hostRequestId('perm', o.scheduler.now(), ++this.hostSeq, o.rng);
    this.host.send(requestId, { subtype: 'can_use_tool', toolName: 'ExitPlanMode', input, toolUseId: this.p.ids.toolUseId(o.rng) }, 60_000, (a) => {
      if (a.kind === 'timeout') this.emit({ kind: 'host_cancel', requestId });
      if (a.kind === 'cancelled' && a.reason === 'interrupted') return;
      if (a.kind === 'response' && isAllow(a.body)) return done(true);
      done(false, a.kind === 'response' ? denyReason(a.body) : a.kind === 'error' ? a.message : a.kind === 'timeout' ? 'no answer in time' : a.reason);
    });
  }

  /** One assistant text message. */
  private say(text: string, messageId: string, next: () => void): void {
    const t = this.active;
    if (!t) return;
    this.count(t);
    this.emit({ kind: 'assistant_text', messageId, text });
    next();
  }

  /** Counts one model call of the turn. */
  private count(t: ActiveTurn): void {
    t.stats.numTurns += 1;
    t.stats.apiMs += MODEL_LATENCY;
    t.stats.inputTokens += 100;
    t.stats.outputTokens += 20;
  }

  /**
   * Whether background work of this turn must run in the foreground: -p single-shot on a profile
   * that waits (the turn holds), or CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS=1 (seed 002 §8).
   */
  private get backgroundDisabled(): boolean {
    return truthy(this.o.env['CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS']);
  }

  private launchWorkflow(wf: WorkflowT, messageId: string, next: () => void): void {
    const o = this.o;
    const t = this.active;
    if (!t) return;
    const toolUseId = this.p.ids.toolUseId(o.rng);
    const name = wf.name ?? (wf.script ? `path:${basename(wf.script)}` : 'path:workflow.js');
    const description = wf.description ?? wf.name ?? name;
    const source = scriptText(wf, name, description);
    this.count(t);
    this.emit({
      kind: 'assistant_tool_use',
      messageId,
      toolUseId,
      name: 'Workflow',
      input: wf.script !== undefined && this.p.cli === 'cbc' ? { scriptPath: wf.script, description } : { script: source, description },
    });
    const now = o.scheduler.now();
    const taskId = this.p.ids.taskId('workflow', o.rng);
    const info: TaskInfo = {
      taskId,
      runId: this.p.ids.runId?.(now, o.rng),
      toolUseId,
      kind: 'workflow',
      description,
      workflowName: name,
      prompt: this.p.cli === 'claude' ? source : undefined, // cbc omits task_started.prompt (seed 000 §5.1)
      outputFile: this.p.behavior.outputFile(o.home, o.cwd, o.sessionId, taskId),
      startedAt: now,
    };
    // a cbc -p single shot ends with its first result (seed 002 §8), and the env switch removes background
    // runs: the workflow then runs in the foreground, its events before the turn's result
    const wait = wf.wait === true || this.backgroundDisabled || (o.singleShot && this.p.behavior.backgroundInPrint === 'error');
    const start = () => {
      const run = new WorkflowRun(info, wf, this.workflowHost(wf, info, wait));
      this.runs.push(run);
      run.start();
      if (wf.interrupt) {
        const reason = wf.interrupt.reason ?? 'user cancel';
        o.scheduler.after(wf.interrupt.after, () => {
          if (!run.terminal) this.interrupt(reason);
        });
      }
      if (wait) {
        t.waiting.add(run);
        t.onWorkflowsDone = () => {
          const status = run.status === 'killed' ? 'stopped' : (run.status as 'completed' | 'failed');
          this.emit({ kind: 'tool_result', toolUseId, content: this.p.behavior.summary(info, status, { error: run.failure }), isError: run.status !== 'completed' });
          next();
        };
      } else {
        this.emit({ kind: 'tool_result', toolUseId, content: this.p.behavior.launchedText(info), isError: false, task: info });
        next();
      }
    };
    if (wf.start_after) this.at(wf.start_after, start);
    else start();
  }

  private workflowHost(wf: WorkflowT, info: TaskInfo, wait: boolean) {
    const o = this.o;
    const b = this.p.behavior;
    const grace = o.scenario.late_rows ?? { min: 1000, max: 3000 };
    return {
      scheduler: o.scheduler,
      rng: o.rng,
      emit: (ev: EngineEvent) => this.emit(ev),
      liveTasks: () => this.liveTasks(),
      agentId: (canonical: string) => this.p.ids.agentId(canonical, o.rng),
      model: this.model,
      lateAbortRows: b.lateAbortRows,
      stopSnapshot: b.stopSnapshot,
      abortError: (reason: string) => b.abortError(reason),
      summary: (status: 'completed' | 'failed' | 'stopped', error?: string) => b.summary(info, status, { error }),
      lateRows: grace,
      writeOutput: (task: TaskInfo, text: string) => this.writeOutput(task.outputFile, text),
      approvePlan: (phaseTitle: string, agents: readonly string[], onWait: () => void, done: (ok: boolean, reason?: string) => void) =>
        this.approvePlan(phaseTitle, agents, onWait, done),
      onTerminal: (run: WorkflowRun, status: 'completed' | 'failed' | 'stopped') => {
        const t = this.active;
        if (wait && t && t.waiting.delete(run)) {
          if (t.waiting.size === 0 && status !== 'stopped') t.onWorkflowsDone?.(); // an interrupt ends the turn itself
          return;
        }
        if (!wait) this.followUp(status, wf.followup, run.info, `The workflow "${info.workflowName}" ${status}.`);
      },
    };
  }

  /** Live (non-terminal) tasks, for background_tasks_changed. */
  private liveTasks(): TaskInfo[] {
    return this.runs.filter((r) => !r.terminal).map((r) => r.info);
  }

  /**
   * A finished background task starts a follow-up turn (cli.md §9; cbc 2.117.0 queues a task
   * notification turn); not after a stop, as after stop_task in the captures.
   */
  private followUp(status: 'completed' | 'failed' | 'stopped', followup: string | false | undefined, info: TaskInfo, fallback: string): void {
    if (status === 'stopped' || followup === false) return;
    this.queue.push({ prompt: '', origin: { kind: 'task-notification', runId: info.runId }, followupText: followup ?? fallback });
    this.o.scheduler.after(MODEL_LATENCY, () => this.pump());
  }

  /** A background shell or agent task (seed 002 §8). */
  private launchBackground(spec: BackgroundTaskT, messageId: string, next: () => void): void {
    const o = this.o;
    const t = this.active;
    if (!t) return;
    const b = this.p.behavior;
    const toolUseId = this.p.ids.toolUseId(o.rng);
    const foreground = this.backgroundDisabled;
    const tool = spec.kind === 'bash' ? 'Bash' : spec.kind === 'powershell' ? 'PowerShell' : 'Agent';
    const command = spec.command ?? spec.description;
    const prompt = spec.prompt ?? spec.description;
    const subagentType = spec.kind === 'agent' ? spec.subagent_type ?? 'general-purpose' : undefined;
    const input: Record<string, unknown> =
      spec.kind === 'agent'
        ? { description: spec.description, prompt, subagent_type: subagentType, ...(foreground ? {} : { run_in_background: true }) }
        : { command, description: spec.description, ...(foreground ? {} : { run_in_background: true }) };
    this.count(t);
    this.emit({ kind: 'assistant_tool_use', messageId, toolUseId, name: tool, input });
    if (foreground) {
      // seed 002 §8: with CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS=1 the request runs in the foreground, no task events
      this.at(spec.duration ?? 1000, () => {
        const failed = (spec.exit_code ?? 0) !== 0 || spec.end === 'failed';
        const content = spec.kind === 'agent' ? spec.result ?? '' : [spec.output ?? '', spec.stderr ?? ''].filter((x) => x !== '').join('\n');
        this.emit({ kind: 'tool_result', toolUseId, content: failed && spec.kind !== 'agent' ? `Exit code ${spec.exit_code ?? 1}\n${content}` : content, isError: failed, foreground: true });
        next();
      });
      return;
    }
    if (o.singleShot && b.backgroundInPrint === 'error') {
      // seed 002 §8: a pure -p single shot does not support background tasks and returns a clear error
      const msg = `Background tasks are not supported in single-shot --print mode: ${tool} "${spec.description}" was not started. Use --input-format stream-json (a long-lived session) to receive its task_notification, or set CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS=1 to run it in the foreground.`;
      this.emit({ kind: 'tool_result', toolUseId, content: msg, isError: true });
      this.at(MODEL_LATENCY, () => this.say(msg, this.p.ids.messageId(o.rng), () => this.endTurn(false, '', [msg])));
      return;
    }
    const now = o.scheduler.now();
    const taskId = this.p.ids.taskId(spec.kind, o.rng);
    const outputFile = b.outputFile(o.home, o.cwd, o.sessionId, taskId);
    const info: TaskInfo = {
      taskId,
      runId: this.p.ids.runId?.(now, o.rng),
      toolUseId,
      kind: spec.kind,
      description: spec.description,
      prompt: spec.kind === 'agent' ? prompt : undefined,
      subagentType,
      command: spec.kind === 'agent' ? undefined : command,
      outputFile,
      stderrFile: spec.kind !== 'agent' && this.p.cli === 'cbc' ? outputFile.replace(/\.stdout\.log$/, '.stderr.log') : undefined,
      startedAt: now,
    };
    const run = new BackgroundRun(info, spec, {
      scheduler: o.scheduler,
      emit: (ev) => this.emit(ev),
      liveTasks: () => this.liveTasks(),
      newMessageId: () => this.p.ids.messageId(o.rng),
      summary: (status, detail) => b.summary(info, status, detail),
      writeOutput: (file, text) => this.writeOutput(file, text),
      onTerminal: (_run, status, notified) => {
        if (notified) this.followUp(status, spec.followup, info, `The background task "${spec.description}" ${status}.`);
      },
    });
    this.runs.push(run);
    run.start();
    this.emit({ kind: 'tool_result', toolUseId, content: b.launchedText(info), isError: false, task: info });
    next();
  }

  private writeOutput(file: string, text: string): void {
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    } catch (err) {
      this.o.log.error({ err, file }, 'cannot write task output file');
    }
  }

  private endTurn(ok: boolean, text: string, errors: string[], interrupted = false, structured?: { value: unknown }): void {
    const t = this.active;
    if (!t) return;
    for (const timer of t.timers) timer.cancel();
    t.stats.endedAt = this.o.scheduler.now();
    if (t.stats.numTurns === 0) t.stats.numTurns = 1;
    if (interrupted) t.stats.numTurns += 1;
    this.emit({ kind: 'result', ok, text, errors, stats: t.stats, interrupted, structured });
    this.resultCount += 1;
    this.turnsDone += 1;
    this.lastResultError = !ok;
    this.o.persist?.({ cursor: this.cursor, turns: this.turnsDone });
    this.active = undefined;
    if (this.p.behavior.emitsSessionState(this.o.env)) this.emit({ kind: 'session_state', state: 'idle' });
    this.o.scheduler.after(0, () => this.pump());
  }
}

function truthy(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/** A workflow script text equivalent to the scenario's workflow (Claude sends it as task_started.prompt). */
function scriptText(wf: WorkflowT, name: string, description: string): string {
  const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  const lines = [`export const meta = {`, `  name: ${q(name)},`, `  description: ${q(description)},`];
  if (wf.phases) lines.push(`  phases: [${wf.phases.map((p) => `{ title: ${q(p.title)} }`).join(', ')}],`);
  lines.push('}');
  const agentCall = (a: { label: string; prompt?: string | undefined }) => `agent(${q(a.prompt ?? a.label)}, {label: ${q(a.label)}})`;
  for (const p of wf.phases ?? []) {
    lines.push(`phase(${q(p.title)})`);
    lines.push(`await parallel([${p.agents.map((a) => `\n  () => ${agentCall(a)},`).join('')}\n])`);
  }
  if (wf.agents) lines.push(`await parallel([${wf.agents.map((a) => `\n  () => ${agentCall(a)},`).join('')}\n])`);
  return lines.join('\n') + '\n';
}
