import { mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { EmuLogger as Logger } from '../log.js';
import type { EncodeContext, Profile } from './profile.js';
import { dashedCwd } from '../protocol/paths.js';
import type { Obj } from '../protocol/shape.js';
import { interpolate, selectTurn } from '../scenario/match.js';
import type { ScenarioT, TurnT } from '../scenario/schema.js';
import type { Scheduler } from './clock.js';
import type { ControlPayload, EngineEvent, TaskRun, TurnStats } from './events.js';
import type { Random } from './random.js';
import { checkJsonSchema } from './json-schema-lite.js';
import { HostRequests } from './host.js';
import { sdkServers } from './mcp.js';
import { askTool, completeTurn } from './asks.js';
import { launchBackground, launchWorkflow, liveTasks } from './launch.js';
import { MODEL_LATENCY, type ActiveTurn, type PendingTurn, type TurnHost } from './turn-host.js';

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


/**
 * One emulated CLI session: reads inbound frames, runs scenario turns on the virtual clock, answers
 * control requests at once (never blocked by a running turn), and keeps the background workflows.
 */
export class Session implements TurnHost {
  /** @internal */ readonly o: SessionOptions;
  /** @internal */ readonly p: Profile;
  /** @internal */ readonly queue: PendingTurn[] = [];
  /** @internal */ active: ActiveTurn | undefined;
  /** @internal */ readonly runs: TaskRun[] = [];
  private cursor = 0;
  private initCount = 0;
  private resultCount = 0;
  private turnRequestId: string | undefined;
  /** is_error of the last result (decides the exit code after EOF). */
  lastResultError = false;
  permissionMode: string;
  model: string;
  /** Hook callback ids the host registered in `initialize` (issue #10). */
  /** @internal */ hooks: unknown;
  /** @internal */ readonly host: HostRequests;
  /** @internal */ hostSeq = 0;
  /** @internal */ readonly sdkMcpServers = new Set<string>();
  /** @internal */ readonly mcpReady = new Set<string>();
  /** @internal */ mcpSeq = 0;

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
    this.toolList = this.p.behavior.tools.filter((t) => !(opts.disableWorkflows && t === 'Workflow'));
    this.transcriptPath = join(homedir(), this.p.behavior.settingsDir, 'projects', dashedCwd(opts.cwd), `${opts.sessionId}.jsonl`);
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
    return this.toolList;
  }

  /** Fixed for the session, so computed once rather than for every frame the session encodes. */
  private readonly toolList: string[];
  private readonly transcriptPath: string;
  private readonly userHome = homedir();

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
      tools: this.toolList,
      turnRequestId: this.turnRequestId,
      transcriptPath: this.transcriptPath,
      userHome: this.userHome,
      env: this.o.env,
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
        for (const name of sdkServers(request)) this.sdkMcpServers.add(name);
        ok({ kind: 'initialize', request, repeat });
        // claude-code-cli.md §3 / captures claude-code-2.1.328/text3: a repeated initialize is followed by the task list
        if (repeat) this.emit({ kind: 'bg_tasks_changed', at: 'reinitialize', tasks: liveTasks(this) });
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

  /** @internal */ pump(): void {
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

  /** @internal */ at(delay: number, fn: () => void): void {
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
      this.at(first, () => this.say(reply ?? resultText, firstMessageId, () => completeTurn(this, resultText)));
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
    for (const ask of asks) steps.push((next) => askTool(this, ask, nextId(), next));
    if (!this.o.disableWorkflows) for (const wf of workflows) steps.push((next) => launchWorkflow(this, wf, nextId(), next));
    for (const bg of background) steps.push((next) => launchBackground(this, bg, nextId(), next));
    steps.push((next) => this.say(resultText, nextId(), next));
    const run = (i: number) => {
      const s = steps[i];
      if (!s) return completeTurn(this, resultText);
      this.at(i === 0 ? first : MODEL_LATENCY, () => s(() => run(i + 1)));
    };
    run(0);
  }

  /** One assistant text message. */
  /** @internal */ say(text: string, messageId: string, next: () => void): void {
    const t = this.active;
    if (!t) return;
    this.count(t);
    this.emit({ kind: 'assistant_text', messageId, text });
    next();
  }

  /** Counts one model call of the turn. */
  /** @internal */ count(t: ActiveTurn): void {
    t.stats.numTurns += 1;
    t.stats.apiMs += MODEL_LATENCY;
    t.stats.inputTokens += 100;
    t.stats.outputTokens += 20;
  }

  /** @internal */ writeOutput(file: string, text: string): void {
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    } catch (err) {
      this.o.log.error({ err, file }, 'cannot write task output file');
    }
  }

  /** @internal */ endTurn(ok: boolean, text: string, errors: string[], interrupted = false, structured?: { value: unknown }): void {
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

