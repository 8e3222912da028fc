import { join } from 'node:path';
import { EMU_PREFIX } from '../errors.js';
import { homeDir } from '../env.js';
import { dashedCwd } from '../protocol/paths.js';
import { str, type RawFrame } from '../protocol/raw-frame.js';
import { pickTurn } from './offered.js';
import { promptHooks } from './prompt-hooks.js';
import { sessionStartHooks } from './session-start-hooks.js';
import { endBlankPrompt } from './blank-prompt.js';
import { writeTaskOutput } from '../store/paths.js';
import type { ControlFacts, ControlPayload, EngineEvent, ResultBudget, TaskRun, TurnStats } from './events.js';
import { HostRequests } from './host.js';
import { cancelQueued, commandQueued, commandsEnded, commandsStarted, isReply, nextTurn, replied, replyUuids, takeEcho, userOrigin, type UserLine } from './commands.js';
import { endOverBudget, overBudget, spendTurn, turnLimitReached } from './limits.js';
import { liveRuns, liveTasks } from './lifecycle.js';
import { reportState } from './session-state.js';
import { connectSdkServers, connectSetServers, initializeSdkServers, sdkServers } from './mcp.js';
import { configSdkServers, configuredMcpServers, mcpFacts, type McpServerInfo } from './mcp-servers.js';
import { adoptInitializeSchema, sessionStateNow, sessionTools } from './init-tools.js';
import type { EncodeContext, Profile } from './profile.js';
import { controlFacts } from './control-facts.js';
import { resumesWithNewModel, sessionRefusal, setModel, setPermissionMode, stopTask } from './set-model.js';
import { SessionSpend } from './spend.js';
import { playTurn } from './turn.js';
import { unstructuredEnd } from './structured.js';
import { messagesOf, Unanswered } from './unanswered.js';
import { controlInterrupt } from './interrupt-soon.js';
import { stopTasksOnInterrupt } from './interrupt-tasks.js';
import { answerHost } from './host-response.js';
import { RequestIds } from './request-ids.js';
import { StreamTail } from './stream-tail.js';
import { HeldResults } from './held-results.js';
import { initialRules, permissionFacts, RuleBook } from './rule-book.js';
import { SettingsView } from './settings-view.js';
import { hookTable, settingsSessionStartHooks } from './command-hooks.js';
import { MODEL_LATENCY, type ActiveTurn, type PendingTurn, type SessionOptions, type TurnHost } from './turn-host.js';

/**
 * One emulated CLI session: reads inbound frames, runs scenario turns on the virtual clock, answers
 * control requests at once (never blocked by a running turn), and keeps the background workflows.
 * It composes the turn steps (turn.ts, asks.ts, launch.ts, mcp.ts) through the TurnHost port.
 */
export class Session implements TurnHost {
  // ---- the TurnHost port (turn-host.ts): state the turn steps read and advance --------------
  readonly o: SessionOptions;
  readonly p: Profile;
  readonly queue: PendingTurn[] = [];
  active: ActiveTurn | undefined;
  readonly runs: TaskRun[] = [];
  readonly host: HostRequests;
  hooks: unknown;
  hostAgents: unknown; // the initialize request's `agents`
  hostSeq = 0;
  readonly sdkMcpServers = new Set<string>();
  readonly mcpServers: McpServerInfo[];
  readonly mcpReady = new Set<string>();
  /** The session served: the bound one, until a cbc prompt hook's continue:false starts a new one (prompt-hooks.ts). */
  sessionId: string;
  /** Changed by set_permission_mode / set_model. */
  permissionMode: string;
  readonly rules: RuleBook;
  model: string;
  modelChosen: string | undefined;

  /** is_error of the last result (decides the exit code after EOF); undefined until a result was written. */
  lastResultError: boolean | undefined = undefined;
  readonly spent = { inputTokens: 0, outputTokens: 0 };
  initialized = false; // an initialize request was answered (a CLI that dies by a signal while starting up serves from then on)
  /** Where the scenario script stands: the index after the last turn played. */
  private cursor: number;
  private turnsDone: number; // turns finished in this session, across resumed processes
  private initCount = 0; // initialize requests answered
  resultCount = 0; // results written (blank-beside.ts reads it)
  private readonly pastResults: Array<{ model: string; result: Extract<EngineEvent, { kind: 'result' }> }> = [];
  readonly unanswered = new Unanswered();
  private readonly settingsView: SettingsView; // get_settings' sources
  private readonly requestIds: RequestIds;
  private refusal: string | undefined;
  /** Messages of the conversation, across resumes (TurnStats.messages). */
  messages: number; // blank-beside.ts adds a joined prompt's
  private toolList: string[]; // computed once (and again when initialize brings a jsonSchema), not for every frame
  readonly transcriptPath: string;
  private dequeueWaiters: Array<() => void> = []; // who waits for a turn to take a queued prompt (stdin backpressure)

  constructor(opts: SessionOptions) {
    this.o = opts;
    this.p = opts.profile;
    this.rules = new RuleBook(initialRules(opts));
    this.settingsView = new SettingsView(opts.settingsLayers ?? [], this.rules);
    this.hooks = hookTable(this, undefined);
    this.host = new HostRequests(
      opts.scheduler,
      (ev) => this.emit(ev),
      (requestId, subtype, state) => opts.trace?.('host_request', { request_id: requestId, subtype, state }),
      (message) => {
        // the real CLIs say nothing on stderr about host answers they drop (captures in_ctl_response_unknown)
        opts.log.info(message);
        opts.trace?.('warning', { message });
      },
    );
    this.sessionId = opts.sessionId;
    [this.spend, this.tail] = [new SessionSpend(opts.scheduler.now()), new StreamTail(this.p.behavior, opts.partialMessages === true)];
    this.requestIds = new RequestIds(this.p.behavior.requestIdDropsOnReentry === true, opts.rng);
    this.permissionMode = opts.permissionMode;
    this.model = this.p.behavior.resolveModel(opts.model);
    this.modelChosen = opts.modelChosen;
    this.toolList = sessionTools(opts, this.p, this.model, this.rules);
    this.mcpServers = configuredMcpServers(opts.cliFlags, opts.cwd, opts.env);
    this.transcriptPath = join((this.userHome = opts.env['HOME'] || homeDir()), this.p.behavior.settingsDir, 'projects', (this.p.behavior.projectFolder ?? dashedCwd)(opts.cwd), `${opts.sessionId}.jsonl`);
    this.cursor = opts.resume?.cursor ?? 0;
    this.turnsDone = opts.resume?.turns ?? 0;
    this.messages = opts.resume?.messages ?? 0;
    this.unanswered.restore(opts.resume?.said);
  }

  /** True when nothing is running, queued or pending. */
  get quiet(): boolean {
    return !this.active && this.queue.length === 0 && liveRuns(this.runs).length === 0;
  }
  private readonly userHome: string; // the run's HOME (its env's): a run in memory shares the process, not its HOME
  private readonly spend: SessionSpend;
  private readonly tail: StreamTail; // a streamed tool call's last frames held for its permission request
  readonly held = new HeldResults(); // results held back while background work runs (serve.ts writes the rest at the end)

  // ---- output ------------------------------------------------------------------------------

  ctx(): EncodeContext {
    return {
      sessionId: this.sessionId,
      cwd: this.o.cwd,
      model: this.active?.model ?? this.model, // a running turn keeps the model it started with (captures ctl_set_model_mid_turn_h2)
      permissionMode: this.permissionMode,
      pid: this.o.pid,
      now: this.o.scheduler.now(),
      rng: this.o.rng,
      tools: this.rules.changed('tools') ? (this.toolList = sessionTools(this.o, this.p, this.model, this.rules)) : this.toolList,
      turnRequestId: this.requestIds.turn,
      streamRequestId: this.requestIds.stream,
      transcriptPath: this.transcriptPath,
      userHome: this.userHome,
      env: this.o.env,
      resumed: this.o.resume !== undefined,
      cliFlags: this.o.cliFlags, hostAgents: this.hostAgents, mcpServers: this.mcpServers, // one literal, no spread: ~50,000 a run (#21)
      spend: this.spend,
      userMessageUuids: replyUuids(this.active),
      announcedBeforeReply: this.active?.announced === true && this.active.replied !== true,
      pastResults: this.pastResults,
      restoredSpend: this.o.resume?.spent, restoredSaid: this.o.resume?.said,
    };
  }

  /** Emits one engine event as the profile's frames (none when this CLI has no such frame). */
  emit(ev: EngineEvent): void {
    if (ev.kind === 'control_success' && ev.payload.kind === 'initialize') this.initialized = true;
    this.messages += messagesOf(ev);
    this.spend.heard(ev);
    this.unanswered.heard(ev);
    if (ev.kind === 'structured_reprompt') this.messages += ev.messages;
    ev = this.requestIds.before(ev, this.active);
    for (const echo of takeEcho(this.active, ev)) this.emit(echo);
    const out = this.p.encode(ev, this.ctx());
    if (out === undefined) return;
    for (const f of this.held.pass(this, ev, this.tail.order(ev, Array.isArray(out) ? out : [out]))) this.o.write(f);
    this.requestIds.after(ev, this.active);
    if (this.active && isReply(ev)) replied(this, this.active);
    if (this.active && ev.kind === 'call_started') this.active.announced = true;
    if (this.active && ev.kind === 'result') this.pastResults.push({ model: this.active.model, result: ev });
  }

  // ---- inbound -----------------------------------------------------------------------------
  // start-up notices, the settings' SessionStart command hooks (command-hooks.ts), then the config's SDK MCP servers connect (mcp.ts)
  open = (): void => void (this.emit({ kind: 'session_open' }), settingsSessionStartHooks(this, () => undefined), connectSdkServers(this, configSdkServers(this.mcpServers)));
  /** Handles a user message (its prompt text, and its content as sent): queues a turn. */
  userMessage(prompt: string, content: unknown = prompt, line: UserLine = {}): void {
    const midTool = this.active !== undefined && (this.host.waiting('can_use_tool') || this.host.waiting('hook_callback')); // fold.ts
    this.queue.push({ prompt, content, origin: userOrigin(line), ...(midTool ? { midTool } : {}) });
    commandQueued(this, line.uuid);
    this.pump();
  }

  /** Characters of prompt text queued behind the running turn (the drop-in stops reading stdin past a limit). */
  get queuedInputChars(): number {
    return this.queue.reduce((n, t) => n + t.prompt.length, 0);
  }

  /** Wakes whoever waits for a queued prompt to be taken (a turn started, or the running turn took it: fold.ts). */
  dequeued(): void {
    for (const w of this.dequeueWaiters.splice(0)) w();
  }

  /** Resolves when the next queued turn starts. */
  whenDequeued(): Promise<void> {
    return new Promise((resolve) => this.dequeueWaiters.push(resolve));
  }

  /** stdin JSON cbc cannot read: an empty turn, then a new session (captures in_json_array, in_unknown_type). */
  blankTurn(empty?: true): void {
    this.queue.push({ prompt: '', origin: { kind: 'blank', empty } });
    this.pump();
  }

  /** Handles a control_request from the host (one without request_id is answered without one). */
  control(requestId: string | undefined, request: RawFrame): void {
    // a missing or odd subtype is named as JavaScript prints it (captures in_ctl_no_subtype: "undefined")
    const subtype = str(request, 'subtype') ?? JSON.stringify(request['subtype']) ?? 'undefined';
    const b = this.p.behavior;
    if (!b.controlSubtypes.has(subtype)) {
      this.emit({ kind: 'control_error', requestId, subtype, reason: 'unsupported' });
      return;
    }
    const idle = this.resultCount === 0 && !this.active;
    const refusal = sessionRefusal(b, subtype, request, idle, this.sessionId);
    if (refusal !== undefined) return this.emit({ kind: 'control_error', requestId, subtype, reason: 'invalid', ...refusal });
    const ok = (payload: ControlPayload) => this.emit({ kind: 'control_success', requestId, payload });
    switch (subtype) {
      case 'initialize': {
        // Claude takes an initialize after a prompt as a re-initialize too (print.ts; capture ctl_initialize_mid_first_turn_h6)
        const repeat = this.initCount++ > 0 || this.resultCount > 0 || this.active !== undefined || this.queue.length > 0;
        const takes = repeat ? (b.reinitialize ?? 'all') : 'all';
        if (takes !== 'ignored') [this.hooks, this.hostAgents] = [request['hooks'] !== undefined ? hookTable(this, request['hooks']) : this.hooks, takes === 'all' ? (request['agents'] ?? this.hostAgents) : this.hostAgents];
        if (takes === 'all' && adoptInitializeSchema(this, request)) this.toolList = sessionTools(this.o, this.p, this.model, this.rules);
        // claude-code-cli.md §3 / captures claude-code-2.1.328/text3: a repeated initialize is followed by the task list
        const answer = () => (ok({ kind: 'initialize', request, repeat, state: sessionStateNow(this), waiting: this.host.waitingRequests('can_use_tool') }), repeat && this.emit({ kind: 'bg_tasks_changed', at: 'reinitialize', tasks: liveTasks(this) }));
        return initializeSdkServers(this, sdkServers(request), answer, repeat && b.reinitialize !== undefined);
      }
      case 'interrupt':
        return controlInterrupt(this, request, ok);
      case 'set_permission_mode':
        setPermissionMode(this, b, requestId, request, idle, this.o.cliFlags);
        return;
      case 'set_model':
        setModel(this, b, requestId, request, idle);
        if (this.active && resumesWithNewModel(this.host, b)) this.active.model = this.model;
        return;
      case 'stop_task':
        return stopTask(this, b, requestId, request);
      case 'set_max_thinking_tokens':
      case 'mcp_status':
      case 'get_available_modes':
      case 'get_available_models':
        ok({ kind: subtype });
        return;
    }
    const facts: ControlFacts | undefined = this.settingsView.facts(subtype, request) ?? controlFacts(subtype, request, this.o.cwd, this.runs, this.model, this.active !== undefined) ?? mcpFacts(subtype, request, this.mcpServers, this.o.cwd, this.o.env) ?? permissionFacts(subtype, this.rules) ?? cancelQueued(this, subtype, request);
    if (facts?.model) this.model = facts.model.resolved = b.resolveModel(facts.model.requested);
    return void (ok({ kind: 'canned', subtype, request, facts }), connectSetServers(this, subtype, request));
  }

  /** A control_response from the host: the answer to one of our requests (host-response.ts). */
  hostResponse = (response: RawFrame): void => answerHost(this, response);

  /** The session cannot start (an unknown --resume id): the CLI's error frame (unless `announce` is false), then no turn ever runs. */
  refuseStart(message: string, announce = true): void {
    [this.refusal, this.lastResultError] = [message, true]; // refusal: what every prompt gets if the run still serves (behavior.refusedSessionServes)
    if (announce) this.emit({ kind: 'session_error', message });
  }

  /** stdin closed: nobody can answer any more, so pending requests are cancelled (measured on cbc 2.117.0: "SDK disconnected"). */
  stdinClosed = (): void => this.host.disconnect();

  /** Session-level interrupt (protocol.md): stops the live tasks the profile stops (interrupt-tasks.ts) and the running turn; client and scripted alike. */
  interrupt(reason: string): void {
    this.host.cancelAll('interrupted');
    stopTasksOnInterrupt(this, reason);
    const t = this.active;
    if (!t) return;
    for (const timer of t.timers) timer.cancel();
    const partial = this.p.behavior.interruptWritesPartial === true ? t.partial : undefined;
    t.unwritten = this.p.behavior.unansweredTextFirstTurnOnly === true && t.stats.resultIndex > 0;
    t.stats.cutCall = partial !== undefined; // Claude 2.1.328 still counts the cut call's usage
    this.emit({ kind: 'interrupted_user', messageId: this.p.ids.messageId(this.o.rng), partial, unwritten: t.unwritten, repeats: t.interrupting, quiet: t.nowAbort, beforePrompt: t.beforePrompt });
    if (this.p.behavior.interruptedTurnSucceeds) this.endTurn(true, t.unwritten || this.p.behavior.interruptRepeatsLastReply === true ? this.unanswered.lastReply : '', [], true);
    else this.endTurn(false, '', [...this.p.behavior.interruptedErrors], true);
  }

  // ---- turns -------------------------------------------------------------------------------

  /** Starts the next queued turn unless one is running. */
  pump(): void {
    if (this.active || this.queue.length === 0) return;
    const next = nextTurn(this.queue, this.p.behavior.batchesQueuedPrompts === true);
    this.dequeued();
    if (this.refusal !== undefined) return void (this.emit({ kind: 'session_error', message: this.refusal }), this.pump());
    const stats: TurnStats = {
      startedAt: this.o.scheduler.now(),
      endedAt: 0,
      apiMs: 0,
      numTurns: 0,
      messages: 0,
      inputTokens: 0,
      outputTokens: 0,
      origin: next.origin,
      resultIndex: this.resultCount,
      permissionDenials: this.p.behavior.denialsSessionWide === true ? this.spend.denials : [],
    };
    this.active = { stats, timers: [], waiting: new Set(), model: this.model };
    this.messages += 1; // the prompt (or the task notification the follow-up turn answers)
    if (next.origin.kind === 'user') this.spend.prompted(next.prompt);
    this.requestIds.start(next.origin.kind === 'blank');
    reportState(this, 'running'); // before the prompt's hooks (env_session_state_prompt_block)
    if (!endBlankPrompt(this, next)) sessionStartHooks(this, () => promptHooks(this, next.origin.kind === 'user' ? next.prompt : undefined, () => this.runTurn(next)));
  }

  /** Schedules `fn` as part of the running turn (cancelled by an interrupt). */
  at(delay: number, fn: () => void): void {
    const t = this.active;
    if (!t) return;
    t.timers.push(this.o.scheduler.after(delay, fn));
  }

  /** Opens a turn (preamble frames) and plays the follow-up, the scenario turn the prompt selects, the fallback turn, or the unmatched policy. */
  private runTurn(pt: PendingTurn): void {
    const o = this.o;
    commandsStarted(this, pt.origin);
    if (pt.origin.empty !== true) this.emit({ kind: 'turn_init' });
    for (const ev of this.active?.afterInit?.splice(0) ?? []) this.emit(ev);
    if (o.replayUserMessages && pt.origin.kind === 'user' && this.active) this.active.echo = { kind: 'user_replay', content: pt.content, uuid: pt.origin.uuids?.at(-1) };
    if (pt.origin.kind === 'blank') {
      this.emit({ kind: 'blank_init' });
      this.endTurn(true, '', []); // the session stays: cbc 2.117.0 renders it and posts the next line to it (fs: re-captures)
      this.messages = 0; // the next turn's num_turns counts from its own prompt (measured: in_json_array, in_json_number)
      return;
    }
    const firstMessageId = this.p.ids.messageId(o.rng);
    this.emit({ kind: 'turn_preamble', messageId: firstMessageId, prompt: pt.prompt });

    if (pt.origin.kind === 'task-notification') {
      this.emit({ kind: 'call_started' });
      const [text, end] = [pt.followupText ?? 'Acknowledged.', unstructuredEnd(this, {}, true)]; // --json-schema reminds here too (opt_json_schema_bg_task_fa)
      this.at(MODEL_LATENCY, () => (end ? end(text, firstMessageId) : this.say(text, firstMessageId, () => this.endTurn(true, text, []))));
      return;
    }

    if (overBudget(this)) return endOverBudget(this, false);
    this.emit({ kind: 'call_started' });
    const asked = this.unanswered.ask(pt.prompt, this.cursor, this.p.behavior.unansweredPromptsCarry === true);
    const sel = pickTurn(o.scenario, asked.from, asked.text, { disallowed: o.disallowedTools ?? [], cliFlags: o.cliFlags, ignoreCase: this.p.behavior.allowRulesAsGiven, listed: this.toolList, workflowsOff: o.disableWorkflows && this.p.behavior.workflowsOffPlays !== true });
    if (!sel) {
      if (o.scenario.fallback) return playTurn(this, o.scenario.fallback, pt.prompt, firstMessageId); // the cursor stays
      if ((o.scenario.unmatched ?? 'echo') === 'error') {
        const msg = `${EMU_PREFIX} no scenario turn matches the prompt ${JSON.stringify(pt.prompt.slice(0, 200))} (scenario ${o.scenario.name ?? 'unnamed'}, unmatched: error)`;
        this.at(MODEL_LATENCY, () => this.say(msg, firstMessageId, () => this.endTurn(false, '', [msg])));
      } else {
        const text = pt.prompt;
        this.at(MODEL_LATENCY, () => this.say(text, firstMessageId, () => this.endTurn(true, text, [])));
      }
      return;
    }
    this.cursor = Math.max(this.cursor, sel.index + 1); // a keyword turn from earlier in the list never rewinds the script
    playTurn(this, sel.turn, pt.prompt, firstMessageId);
  }

  /** One assistant text message of the running turn, then `next`. */
  say(text: string, messageId: string, next: () => void): void {
    const t = this.active;
    if (!t) return;
    this.count(t);
    this.emit(this.o.partialMessages && t.apiError !== true ? { kind: 'assistant_stream', messageId, text } : { kind: 'assistant_text', messageId, text, apiError: t.apiError });
    next();
  }

  /** Counts one model call of the turn. */
  count(t: ActiveTurn): void {
    this.spend.call(t.stats, t.model, t.apiError === true);
  }

  /** Writes a task's output file inside the profile's output root (else the home), never through a link; a failure is only logged. */
  writeOutput(file: string, text: string): void {
    const root = this.p.behavior.outputRoot?.(this.o.home, this.o.env) ?? this.o.home;
    writeTaskOutput(root, file, text, (err) => this.o.log.error({ err, file }, 'cannot write task output file'));
  }

  atTurnLimit(): boolean {
    return turnLimitReached(this);
  }

  /** Ends the running turn with its result, records it, and starts the next queued turn. */
  endTurn(ok: boolean, text: string, errors: string[], interrupted = false, structured?: { value: unknown }, maxTurns?: number, budget?: ResultBudget): void {
    const t = this.active;
    if (!t) return;
    if (budget === undefined && spendTurn(this, t.stats, ok && !interrupted)) return;
    for (const timer of t.timers) timer.cancel();
    t.stats.endedAt = this.o.scheduler.now();
    if (t.stats.numTurns === 0 && t.stats.blocked !== true) t.stats.numTurns = 1;
    if (interrupted && t.nowAbort !== true) t.stats.numTurns += 1; // the marker line a `now` abort leaves out counted
    t.stats.messages = this.messages;
    this.emit({ kind: 'result', ok, text, errors, stats: t.stats, interrupted, structured, maxTurns, apiError: t.apiError, budget, requestId: t.unwritten === true || t.resumed === 'deny' ? this.requestIds.turn : undefined });
    if (t.unwritten === true) this.messages += 1; // the text not written joins the conversation now
    this.resultCount += 1;
    this.turnsDone += 1;
    this.lastResultError = !ok;
    const spent = [{ model: t.model, input: t.stats.inputTokens, output: t.stats.outputTokens }];
    this.o.persist?.({ cursor: this.cursor, turns: this.turnsDone, messages: this.messages, said: this.spend.takeSaid(), spent });
    this.active = undefined;
    commandsEnded(this, t.stats.origin, ok && !interrupted && t.apiError !== true);
    reportState(this, 'idle');
    this.o.scheduler.after(0, () => this.pump());
  }
}

