import { basename } from 'node:path';
import { truthy } from '../env.js';
import type { BackgroundTaskT, WorkflowT } from '../scenario/schema.js';
import { allowRuleOf, approvePlan, askTool, ruleCovering } from './asks.js';
import { REJECTED_TEXT } from './permissions.js';
import { BackgroundRun } from './background.js';
import { ForegroundAgentRun } from './foreground-agent.js';
import type { EngineEvent, TaskInfo } from './events.js';
import { liveTasks } from './lifecycle.js';
import { isStoppedStatus, notificationStatus, type NotificationStatus } from '../protocol/vocabulary.js';
import { budgetStopsAtCall } from './limits.js';
import { hookIds } from './hook-match.js';
import { refuseByHook, runPreToolHooks } from './pre-tool-hooks.js';
import { MODEL_LATENCY, type SessionOptions, type TurnHost } from './turn-host.js';
import { WorkflowRun, type WorkflowHost } from './workflow.js';
import { subagentStarted, subagentStopping } from './subagent-hooks.js';
import { memberReports } from './team-members.js';

/*
 * The steps of a turn that start tasks: a workflow (seed 000 §5; in the background unless `wait`) and
 * a background shell command or sub-agent (seed 002 §8), and the follow-up turn a finished task queues.
 */

/** The profile's switch (CODEBUDDY_/CLAUDE_CODE_DISABLE_BACKGROUND_TASKS=1) turns background work off. */
function backgroundDisabled(s: TurnHost): boolean {
  return truthy(s.o.env[s.p.behavior.backgroundOff.env]);
}

/** Starts a workflow (a Workflow tool call and its task); the turn goes on at once unless the run holds it. */
export function launchWorkflow(s: TurnHost, wf: WorkflowT, messageId: string, next: () => void): void {
  const o = s.o;
  const t = s.active;
  if (!t) return;
  const toolUseId = s.p.ids.toolUseId(o.rng);
  const name = wf.name ?? (wf.script ? `path:${basename(wf.script)}` : 'path:workflow.js');
  const description = wf.description ?? wf.name ?? name;
  const source = wf.source ?? scriptText(wf, name, description);
  s.count(t);
  const callDescription = wf.call_description ?? description;
  const input = wf.script !== undefined && s.p.behavior.workflowInputNamesScriptPath ? { scriptPath: wf.script, description: callDescription } : { script: source, description: callDescription };
  s.emit({ kind: 'assistant_tool_use', messageId, toolUseId, name: 'Workflow', input });
  if (budgetStopsAtCall(s)) return;
  const now = o.scheduler.now();
  const taskId = s.p.ids.taskId('workflow', o.rng);
  const info: TaskInfo = {
    taskId,
    runId: s.p.ids.runId?.(now, o.rng),
    toolUseId,
    kind: 'workflow',
    description,
    workflowName: name,
    workflowRun: s.p.ids.workflowRun?.(o.rng, s.transcriptPath, name),
    prompt: s.p.behavior.workflowPromptInTaskStarted ? source : undefined,
    outputFile: s.p.behavior.outputFile(o.home, o.cwd, s.sessionId, taskId, o.env),
    startedAt: now,
  };
  // a cbc -p single shot ends with its first result (seed 002 §8), and the env switch removes background
  // runs: the workflow then runs in the foreground, its events before the turn's result
  const wait = wf.wait === true || backgroundDisabled(s) || (o.singleShot && s.p.behavior.backgroundInPrint === 'error');
  const start = () => {
    const run = new WorkflowRun(info, wf, workflowHost(s, wf, info, wait));
    s.runs.push(run);
    run.start();
    if (wf.interrupt) {
      const reason = wf.interrupt.reason ?? 'user cancel';
      o.scheduler.after(wf.interrupt.after, () => {
        if (!run.terminal) s.interrupt(reason);
      });
    }
    if (wait) {
      t.waiting.add(run);
      t.onWorkflowsDone = () => {
        const status = run.status === 'running' ? 'completed' : notificationStatus(run.status); // called once the run is terminal
        s.emit({ kind: 'tool_result', toolUseId, content: s.p.behavior.summary(info, status, { error: run.failure }), isError: run.status !== 'completed' });
        next();
      };
    } else {
      s.emit({ kind: 'tool_result', toolUseId, content: s.p.behavior.launchedText(info), isError: false, task: info, ran: { name: 'Workflow', input }, allowedBy: 'rule', allowRule: allowRuleOf(s, 'Workflow', input) });
      next();
    }
  };
  // a PreToolUse hook is asked for the call first, as for any call (measured on both Claude versions: req_hook_callback_pre_deny_workflow_fv)
  beforeLaunch(s, { tool: 'Workflow', toolUseId, input }, next, (then) => ((next = then), wf.start_after ? s.at(wf.start_after, start) : start()));
}

/** What a workflow run needs from the session; `wait` runs hold the turn until they end. */
function workflowHost(s: TurnHost, wf: WorkflowT, info: TaskInfo, wait: boolean): WorkflowHost {
  const o = s.o;
  const b = s.p.behavior;
  const grace = o.scenario.late_rows ?? { min: 1000, max: 3000 };
  return {
    scheduler: o.scheduler,
    rng: o.rng,
    emit: (ev: EngineEvent) => s.emit(ev),
    liveTasks: () => liveTasks(s),
    agentId: (canonical: string) => s.p.ids.agentId(canonical, o.rng),
    model: s.model,
    lateAbortRows: b.lateAbortRows,
    stopSnapshot: b.stopSnapshot,
    abortError: (reason: string) => b.abortError(reason),
    summary: (status: NotificationStatus, error?: string) => b.summary(info, status, { error }),
    lateRows: grace,
    writeOutput: (task: TaskInfo, text: string) => s.writeOutput(task.outputFile, text),
    approvePlan: (phaseTitle: string, agents: readonly string[], onWait: () => void, done: (ok: boolean, reason?: string) => void) =>
      approvePlan(s, phaseTitle, agents, onWait, done),
    onTerminal: (run: WorkflowRun, status: NotificationStatus) => {
      const t = s.active;
      if (wait && t && t.waiting.delete(run)) {
        if (t.waiting.size === 0 && !isStoppedStatus(status)) t.onWorkflowsDone?.(); // an interrupt ends the turn itself
        return;
      }
      if (!wait) followUp(s, status, wf.followup, run.info, `The workflow "${info.workflowName}" ${status}.`);
    },
  };
}


/**
 * A finished background task starts a follow-up turn (cli.md §9; cbc 2.117.0 queues a task
 * notification turn); not after a stop, as after stop_task in the captures, except a background agent that
 * stop_task stopped where the profile says so (behavior.interruptTasks.stopTaskFollowsUp).
 */
function followUp(s: TurnHost, status: NotificationStatus, followup: string | false | undefined, info: TaskInfo, fallback: string): void {
  const agentStopped = s.p.behavior.interruptTasks?.stopTaskFollowsUp === true && info.kind === 'agent' && info.stoppedByInterrupt !== true;
  if ((isStoppedStatus(status) && !agentStopped) || followup === false) return;
  s.queue.push({ prompt: '', origin: { kind: 'task-notification', runId: info.runId }, followupText: followup ?? fallback });
  s.o.scheduler.after(MODEL_LATENCY, () => s.pump());
}

/** A background shell or agent task (seed 002 §8). */
export function launchBackground(s: TurnHost, spec: BackgroundTaskT, messageId: string, next: () => void): void {
  const o = s.o;
  const t = s.active;
  if (!t) return;
  const b = s.p.behavior;
  if (b.headlessBackground && spec.kind !== 'powershell') return headlessBackground(s, b.headlessBackground, spec, messageId, next);
  const toolUseId = s.p.ids.toolUseId(o.rng);
  const off = backgroundDisabled(s);
  const invalid = off && spec.kind !== 'agent' && b.backgroundOff.shell === 'invalid-input';
  const foreground = off && !invalid;
  const tool = spec.kind === 'bash' ? 'Bash' : spec.kind === 'powershell' ? 'PowerShell' : 'Agent';
  const command = spec.command ?? spec.description;
  const prompt = spec.prompt ?? spec.description;
  const subagentType = spec.kind === 'agent' ? spec.subagent_type ?? 'general-purpose' : undefined;
  // the model asks for the background whatever the switch (captures env_disable_bg_bash_h3): the CLI decides
  const input: Record<string, unknown> =
    spec.kind === 'agent'
      ? { description: spec.description, prompt, subagent_type: subagentType, run_in_background: true }
      : { command, description: spec.description, run_in_background: true };
  s.count(t);
  s.emit({ kind: 'assistant_tool_use', messageId, toolUseId, name: tool, input });
  if (budgetStopsAtCall(s)) return;
  if (invalid) {
    // the model still sends run_in_background (capture env_disable_bg_bash_h3): the call fails validation, nothing runs
    const content = `${tool} failed: an unexpected parameter \`run_in_background\` was provided`;
    s.emit({ kind: 'tool_result', toolUseId, content, isError: true, ran: { name: tool, input }, unexpected: ['run_in_background'] });
    next();
    return;
  }
  // a PreToolUse hook is asked for the call before it runs, as for any call (capture req_hook_callback_pre_bg_bash_h8)
  beforeLaunch(s, { tool, toolUseId, input }, next, (then) => launchChecked(s, spec, { tool, toolUseId, input, subagentType, foreground }, then));
}

/** A background launch the PreToolUse hooks let through: in the foreground (the switch is off), or as a task. */
function launchChecked(
  s: TurnHost,
  spec: BackgroundTaskT,
  call: { tool: string; toolUseId: string; input: Record<string, unknown>; subagentType: string | undefined; foreground: boolean },
  next: () => void,
): void {
  const o = s.o;
  const b = s.p.behavior;
  const { tool, toolUseId, input, subagentType, foreground } = call;
  // a deny rule refuses a background call as any call (capture opt_disallowedTools_sleep_pattern_stream_bgbash_g1)
  const denyRule = s.p.behavior.headlessBackground === undefined ? ruleCovering(s, 'deny', tool, input) : undefined;
  if (denyRule !== undefined && s.active) {
    s.active.stats.permissionDenials.push({ tool_name: tool, tool_use_id: toolUseId, tool_input: input });
    s.emit({ kind: 'tool_result', toolUseId, content: REJECTED_TEXT, isError: true, deniedBy: 'rule', ran: { name: tool, input }, denyRule });
    return next();
  }
  if (foreground && spec.kind === 'agent' && b.foregroundAgentTask === true) return foregroundAgent(s, spec, toolUseId, input, subagentType, next);
  if (foreground) {
    // seed 002 §8: with CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS=1 run_in_background is ignored: the request runs in
    // the foreground, no task events
    s.at(spec.duration ?? 1000, () => {
      const failed = (spec.exit_code ?? 0) !== 0 || spec.end === 'failed';
      const content = spec.kind === 'agent' ? spec.result ?? '' : [spec.output ?? '', spec.stderr ?? ''].filter((x) => x !== '').join('\n');
      s.emit({ kind: 'tool_result', toolUseId, content: failed && spec.kind !== 'agent' ? `Exit code ${spec.exit_code ?? 1}\n${content}` : content, isError: failed, foreground: true });
      next();
    });
    return;
  }
  if (o.singleShot && b.backgroundInPrint === 'error') {
    // seed 002 §8: a pure -p single shot does not support background tasks and returns a clear error
    const msg = `Background tasks are not supported in single-shot --print mode: ${tool} "${spec.description}" was not started. Use --input-format stream-json (a long-lived session) to receive its task_notification, or set CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS=1 to run it in the foreground.`;
    s.emit({ kind: 'tool_result', toolUseId, content: msg, isError: true });
    s.at(MODEL_LATENCY, () => s.say(msg, s.p.ids.messageId(o.rng), () => s.endTurn(false, '', [msg])));
    return;
  }
  const info = taskInfoOf(s, spec, toolUseId, subagentType);
  const run = new BackgroundRun(info, spec, {
    scheduler: o.scheduler,
    emit: (ev) => s.emit(ev),
    liveTasks: () => liveTasks(s),
    newMessageId: () => s.p.ids.messageId(o.rng),
    summary: (status, detail) => b.summary(info, status, detail),
    writeOutput: (file, text) => s.writeOutput(file, text),
    onTerminal: (_run, status, notified) => {
      if (notified) followUp(s, status, spec.followup, info, `The background task "${spec.description}" ${status}.`);
    },
    beforeAgentEnd: (lastMessage, done) => subagentStopping(s, info, lastMessage, done),
  });
  s.runs.push(run);
  run.start();
  // the rule that let the launch run (an --allowedTools rule: "config"; measured: req_can_use_tool_deny_interrupt_bg_agent_fd)
  subagentStarted(s, info, () => {
    s.emit({ kind: 'tool_result', toolUseId, content: b.launchedText(info), isError: false, task: info, ran: { name: tool, input }, allowedBy: 'rule', allowRule: allowRuleOf(s, tool, input) });
    next();
  });
}

/**
 * The session's PreToolUse hooks for a background launch (pre-tool-hooks.ts): a refusal refuses the call, an interrupt
 * or a `now` line ends the turn (the turn's own end runs), anything else launches it.
 */
function beforeLaunch(s: TurnHost, call: { tool: string; toolUseId: string; input: Record<string, unknown> }, next: () => void, launch: (then: () => void) => void): void {
  if (hookIds(s.hooks, 'PreToolUse', call.tool, s.p.behavior.hookMatcher).length === 0) return launch(next);
  runPreToolHooks(s, { ...call, timeout: 60_000 }, (outcome) => {
    const t = s.active;
    if (!t) return;
    if (outcome.kind === 'deny') return refuseByHook(s, { ...call, text: outcome.text, timedOut: outcome.timedOut, cancelled: outcome.cancelled }, undefined, next);
    // continue: false launches it, then ends the turn (measured on both Claude versions: req_hook_callback_pre_continue_false_bg_agent_fv)
    if (outcome.kind === 'go') launch(outcome.stopAfter ? () => void ((t.stats.hookStopped = true), (t.stats.numTurns += 1), s.endTurn(true, '', [])) : next);
  });
}

/** How many background agents of each type a session has spawned as team members (their names count them). */
const spawned = new WeakMap<SessionOptions, Map<string, number>>();

/**
 * behavior.headlessBackground (cbc 2.117.0): a background shell call is asked for as any shell call (mode, rules, the
 * host's can_use_tool: captures ses_p_bg_bash_default_mode_fq, req_can_use_tool_bg_bash_fq) and, once allowed, refused
 * at once; a background agent (a tool that asks nobody: req_can_use_tool_bg_agent_fq) joins the session's team, named
 * `<type>-<n>`, n counting that type's agents (ses_bg_agent_twice_fq). Neither starts a task the host sees.
 */
function headlessBackground(s: TurnHost, hb: NonNullable<TurnHost['p']['behavior']['headlessBackground']>, spec: BackgroundTaskT, messageId: string, next: () => void): void {
  if (spec.kind !== 'agent') {
    const input = { command: spec.command ?? spec.description, description: spec.description, run_in_background: true };
    askTool(s, { tool: 'Bash', input }, messageId, next, (called) => {
      const r = hb.shellRefusal(typeof called['command'] === 'string' ? called['command'] : input.command);
      return { content: r.content, toolError: { error: r.error, code: r.code } };
    });
    return;
  }
  const t = s.active;
  if (!t) return;
  const toolUseId = s.p.ids.toolUseId(s.o.rng);
  const type = spec.subagent_type ?? 'general-purpose';
  const input = { description: spec.description, prompt: spec.prompt ?? spec.description, subagent_type: type, run_in_background: true };
  s.count(t);
  s.emit({ kind: 'assistant_tool_use', messageId, toolUseId, name: 'Agent', input });
  if (budgetStopsAtCall(s)) return;
  const counts = spawned.get(s.o) ?? new Map<string, number>();
  spawned.set(s.o, counts);
  const n = (counts.get(type) ?? 0) + 1;
  counts.set(type, n);
  const content = hb.agentSpawned({ name: `${type}-${n}`, sessionId: s.sessionId, taskId: hb.memberTaskId(s.o.rng) });
  s.emit({ kind: 'tool_result', toolUseId, content, isError: false, ran: { name: 'Agent', input }, allowedBy: 'rule' });
  memberReports(s, spec.duration ?? 1000);
  next();
}

/**
 * A workflow script text equivalent to the scenario's workflow (Claude sends it as task_started.prompt). Made once per
 * workflow of the scenario (issue #21: a turn that launches it again gets the same text; `name` and `description` are
 * the workflow's own, launchWorkflow derives them from it).
 */
function scriptText(wf: WorkflowT, name: string, description: string): string {
  let text = scripts.get(wf);
  if (text === undefined) scripts.set(wf, (text = makeScriptText(wf, name, description)));
  return text;
}
const scripts = new WeakMap<WorkflowT, string>();

function makeScriptText(wf: WorkflowT, name: string, description: string): string {
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

/** A sub-agent run in the foreground as a task the turn waits for (ProfileBehavior.foregroundAgentTask). */
function foregroundAgent(s: TurnHost, spec: BackgroundTaskT, toolUseId: string, input: Record<string, unknown>, subagentType: string | undefined, next: () => void): void {
  const run = new ForegroundAgentRun(s, { ...taskInfoOf(s, spec, toolUseId, subagentType), foreground: true }, spec, input, next);
  s.runs.push(run);
  run.start();
}

/** A background or foreground task's facts as it starts: its ids (task id, then run id, from the session's seed) and files. */
function taskInfoOf(s: TurnHost, spec: BackgroundTaskT, toolUseId: string, subagentType: string | undefined): TaskInfo {
  const o = s.o;
  const now = o.scheduler.now();
  const taskId = s.p.ids.taskId(spec.kind, o.rng);
  const outputFile = s.p.behavior.outputFile(o.home, o.cwd, s.sessionId, taskId, o.env);
  const agent = spec.kind === 'agent';
  return {
    taskId,
    runId: s.p.ids.runId?.(now, o.rng),
    toolUseId,
    kind: spec.kind,
    description: spec.description,
    prompt: agent ? (spec.prompt ?? spec.description) : undefined,
    subagentType,
    command: agent ? undefined : (spec.command ?? spec.description),
    outputFile,
    stderrFile: agent ? undefined : s.p.behavior.shellStderrFile(outputFile),
    startedAt: now,
  };
}
