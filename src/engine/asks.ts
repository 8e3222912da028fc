import { str } from '../protocol/raw-frame.js';
import { askOutput } from './command-output.js';
import type { AskT } from '../scenario/schema.js';
import type { AllowRule } from './events.js';
import { denyReason, DISCONNECTED, interruptsTurn, isAllow, updatedInput } from './host.js';
import { hookIds } from './hook-match.js';
import { CBC_READING, decide, denyCovers, matchingRule, REJECTED_TEXT, ruleMatches, type Decision } from './permissions.js';
import { callMcpTool, mcpTool } from './mcp.js';
import { callHook } from './hook-call.js';
import { runPostToolHooks } from './post-tool-hooks.js';
import { afterToolBatch } from './post-tool-batch.js';
import { permissionHookWaiting, permissionRequestHooks } from './permission-request-hooks.js';
import { hooksAgainAfterAllow, refuseByHook, runPreToolHooks } from './pre-tool-hooks.js';
import type { PermissionFailure } from './profile.js';
import { budgetStopsAtCall } from './limits.js';
import type { SourcedRule } from './rule-book.js';
import { MODEL_LATENCY, type TurnHost } from './turn-host.js';
import { abortedByNow, NOW_ABORT } from './stdin-now.js';
import { asksPromptTool, promptToolMissing } from './prompt-tool.js';
import { reportState } from './session-state.js';

/*
 * The steps of a turn that ask the host (issue #10): Stop hooks at the end of a turn, a gated tool
 * call with its PreToolUse / PostToolUse hooks and permission request, and plan approval before a
 * workflow phase. Each request is correlated by a fresh request_id (seed 004).
 */

/** Whether an interrupt leaves the session alone because a can_use_tool request waits (ProfileBehavior.interruptAtPermission). */
export function interruptHeld(s: TurnHost): boolean {
  return s.p.behavior.interruptAtPermission === 'ignore' && (s.host.waiting('can_use_tool') || permissionHookWaiting(s));
}

/** Ends a turn that reached its final text: Stop hooks first (issue #10), then the result. */
export function completeTurn(s: TurnHost, text: string): void {
  const ids = hookIds(s.hooks, 'Stop', undefined, s.p.behavior.hookMatcher);
  let stopActive = false;
  const fire = (i: number): void => {
    const id = ids[i];
    if (id === undefined) return s.endTurn(true, text, []);
    callHook(s, { subtype: 'hook_callback', callbackId: id, hookEvent: 'Stop', stopActive, lastMessage: text }, 60_000, (a) => {
      // a Stop hook that blocks makes the model go on with the hook's reason as feedback, then asks the hooks again
      // (Claude; measured: req_hook_callback_stop_block: the scripted model answers the feedback as it answered the turn)
      const body = a.kind === 'response' ? a.body : {};
      // continue: false ends the turn as it stands (measured: req_hook_callback_stop_continue_false_fv: terminal_reason stop_hook_prevented)
      if (body['continue'] === false && s.active) s.active.stats.stopHookPrevented = true;
      if (body['decision'] === 'block' && body['continue'] !== false && s.active && s.p.behavior.stopHookBlocks) {
        s.emit({ kind: 'stop_feedback', reason: str(body, 'reason') ?? '' });
        stopActive = true;
        s.at(MODEL_LATENCY, () => s.say(text, s.p.ids.messageId(s.o.rng), () => fire(0)));
      } else fire(i + 1);
    });
  };
  fire(0);
}

/**
 * A session_state_changed frame when the environment asks for them: Claude waits in `requires_action` while a
 * can_use_tool request is out and is `running` again once the host answered (measured: env_session_state_permission_h3).
 */
function sessionState(s: TurnHost, state: 'requires_action' | 'running'): void {
  reportState(s, state);
}

/**
 * What an allow answer's updatedPermissions change for the rest of the session: the mode (setMode; measured on Claude:
 * req_can_use_tool_set_mode) and, where the profile applies them (Claude), the rules and directories (rule-book.ts).
 */
function applyUpdates(s: TurnHost, body: Record<string, unknown>): void {
  const updates = body['updatedPermissions'];
  if (!Array.isArray(updates)) return;
  for (const u of updates as unknown[]) {
    const isSetMode = u !== null && typeof u === 'object' && (u as Record<string, unknown>)['type'] === 'setMode';
    if (!isSetMode && s.p.behavior.hostAddsRules !== true) continue;
    const mode = s.rules.apply(u);
    // a mode set_permission_mode would refuse is not taken either (bypassPermissions in a session not launched able to
    // bypass: measured on both Claude versions, req_can_use_tool_set_mode_bypass_then_bg_fv)
    if (mode === undefined || mode === s.permissionMode || s.p.behavior.rejectPermissionMode(mode, s.o.cliFlags) !== undefined) continue;
    s.permissionMode = mode;
    s.emit({ kind: 'mode_changed', mode });
  }
}

/** The permission decision for one tool call, before any hook or host is asked (mode, rules, who can be asked). */
function decideFor(s: TurnHost, tool: string, input: Record<string, unknown>): Decision {
  const b = s.p.behavior;
  return decide({ mode: s.permissionMode, ...ruleLists(s), canAsk: canAskHost(s), modeAllows: modeAllows(s), rulesAsGiven: b.allowRulesAsGiven }, tool, input);
}

/**
 * A deny or ask rule overrides a PreToolUse hook's allow (Claude Code's code: "… but deny rule overrides"; measured:
 * req_hook_callback_pre_allow_deny_rule_fv); undefined when no rule covers the call or no hook allowed it.
 */
function overridden(s: TurnHost, forced: 'allow' | undefined, tool: string, input: Record<string, unknown>): Decision | undefined {
  if (forced !== 'allow' || s.p.behavior.preToolHook.allowYieldsToRules !== true) return undefined;
  if (ruleCovering(s, 'deny', tool, input) !== undefined) return 'deny';
  if (ruleCovering(s, 'ask', tool, input) !== undefined) return canAskHost(s) ? 'ask' : 'deny';
  return undefined;
}

/** Whether the session may ask the host: cbc 2.117.0 asks over stdio by itself, except in -p mode (unaskedRefusal). */
function canAskHost(s: TurnHost): boolean {
  const b = s.p.behavior;
  return (b.asksHostWithoutPromptTool && !(s.o.singleShot && b.unaskedRefusal !== undefined)) || s.o.permissionPromptStdio === true || asksPromptTool(s);
}

/** What the session's mode allows beyond the edit tools, per profile (ProfileBehavior.acceptEditsShell). */
function modeAllows(s: TurnHost): (tool: string, input: Record<string, unknown>) => boolean {
  return (tool, input) => tool === 'Bash' && s.p.behavior.acceptEditsShell?.(input, s.o.cwd, s.permissionMode) === true;
}

/** Why the rules and mode refused a call: a disallow rule, dontAsk mode, or nobody to ask (`unasked`). */
function deniedHow(s: TurnHost, tool: string, input: Record<string, unknown>): 'rule' | 'mode' | 'unasked' {
  if (ruleCovering(s, 'deny', tool, input) !== undefined) return 'rule';
  if (s.permissionMode === 'dontAsk') return 'mode';
  return needsAsking(s, tool, input) ? 'unasked' : 'rule';
}

/** Would the call have gone to the host, had there been one to ask (a refusal for want of a permission prompt tool)? */
function needsAsking(s: TurnHost, tool: string, input: Record<string, unknown>, mode = s.permissionMode): boolean {
  return decide({ mode, ...ruleLists(s), canAsk: true, modeAllows: modeAllows(s), rulesAsGiven: s.p.behavior.allowRulesAsGiven }, tool, input) === 'ask';
}

/** The CLI's own refusal text for a call nobody may be asked about (behavior.unaskedRefusal), or undefined. */
function unaskedText(s: TurnHost, tool: string, input: Record<string, unknown>): string | undefined {
  const r = s.p.behavior.unaskedRefusal;
  if (r === undefined || !needsAsking(s, tool, input, s.permissionMode === 'dontAsk' ? 'default' : s.permissionMode)) return undefined;
  if (s.o.singleShot) return r.printMode(tool);
  return s.permissionMode === 'dontAsk' ? r.dontAsk(tool) : undefined;
}

/**
 * cbc 2.117.0 under bypassPermissions: a call an ask rule covers (and no allow rule) goes to its approval step, which the
 * mode approves without the host; the run then resumes as after an answer (ActiveTurn.resumed: the next frames carry no
 * _requestId; capture opt_settings_ask_pattern_bypass_g2).
 */
function modeApproves(s: TurnHost, tool: string, input: Record<string, unknown>): void {
  const cbc = s.p.behavior.allowRulesAsGiven === true && s.permissionMode === 'bypassPermissions';
  if (cbc && s.active && ruleCovering(s, 'ask', tool, input) !== undefined && needsAsking(s, tool, input, 'default')) s.active.resumed = 'allow';
}

/** The CLI's own refusal text for a call a deny rule covers (behavior.unaskedRefusal.byRule: no error, no permission_denials entry), or undefined. */
function ruleRefusal(s: TurnHost, tool: string, input: Record<string, unknown>): string | undefined {
  const byRule = s.p.behavior.unaskedRefusal?.byRule;
  return byRule !== undefined && ruleCovering(s, 'deny', tool, input) !== undefined ? byRule(tool, input) : undefined;
}

/** What an allowed call returns instead of the scenario's output (cbc 2.117.0's refused background shell: launch.ts). */
export type ToolOutcome = (input: Record<string, unknown>) => { content: string; toolError?: { error: string; code: string } };

/**
 * A tool call that needs permission (issue #10): PreToolUse hooks, then the permission decision
 * (mode, rules, or the host's can_use_tool answer), then the tool_result and PostToolUse hooks. A
 * denial lands in permission_denials and as an is_error tool_result; `on_deny: error` ends the turn.
 */
export function askTool(s: TurnHost, ask: AskT, messageId: string, next: () => void, outcome?: ToolOutcome): void {
  const o = s.o;
  const t = s.active;
  if (!t) return;
  const toolUseId = s.p.ids.toolUseId(o.rng);
  let input: Record<string, unknown> = ask.input ?? {};
  let [stopAfter, askedBy]: [boolean, { reason: string | undefined } | undefined] = [false, undefined]; // askedBy: a PreToolUse hook asked the host
  const timeout = ask.timeout ?? 60_000;
  s.count(t);
  // the call as the model made it, whatever a hook or the host rewrote since (measured: req_hook_callback_pre_updated_input)
  const called = input;
  let shown = false;
  const showCall = () => void (!shown && ((shown = true), s.emit({ kind: 'assistant_tool_use', messageId, toolUseId, name: ask.tool, input: called })));
  // Claude shows the call before its PreToolUse hooks, cbc once its first hook request is out (ProfileBehavior.toolUseBeforeHooks)
  const callFirst = s.p.behavior.toolUseBeforeHooks;
  if (callFirst && (showCall(), budgetStopsAtCall(s))) return;
  const deny = (reason: string | undefined, deniedBy: 'rule' | 'unasked' | 'mode' | 'host' | 'failed', counted = true, overHook = false) => {
    if (!s.active) return;
    if (counted) t.stats.permissionDenials.push({ tool_name: ask.tool, tool_use_id: toolUseId, tool_input: input });
    s.emit({ kind: 'tool_result', toolUseId, content: reason ?? REJECTED_TEXT, isError: true, deniedBy, ran: { name: ask.tool, input }, denyRule: deniedBy === 'rule' ? ruleCovering(s, 'deny', ask.tool, input) : undefined, overHook: overHook || undefined });
    if (ask.on_deny === 'error') s.at(MODEL_LATENCY, () => s.endTurn(false, '', [deniedText(ask.tool)]));
    else next();
  };
  // nobody may be asked (behavior.unaskedRefusal): the CLI's explanation, no error, no permission_denials entry
  const refuse = (text: string, deniedBy: 'unasked' | 'rule' = 'unasked') => void (s.active && (s.emit({ kind: 'tool_result', toolUseId, content: text, isError: false, deniedBy }), next()));
  // the host denied with interrupt: true (`counted` in permission_denials; an interrupted hook's is not): the turn ends at this call
  const denyAndStop = (counted = true) => {
    if (!s.active) return;
    if (counted) t.stats.permissionDenials.push({ tool_name: ask.tool, tool_use_id: toolUseId, tool_input: input });
    const how = s.p.behavior.denyInterrupt;
    if (how.shows === 'result') return s.at(MODEL_LATENCY, () => s.endTurn(false, '', [deniedText(ask.tool)]));
    s.emit({ kind: 'tool_result', toolUseId, content: REJECTED_TEXT.trimEnd(), isError: true, deniedBy: 'host-interrupt', ran: { name: ask.tool, input } });
    s.emit({ kind: 'interrupted_user', messageId: s.p.ids.messageId(o.rng), forToolUse: true });
    t.stats.abortedAtTool = true;
    t.stats.numTurns += 1; // the refused call's round counts as a turn (measured: num_turns 3 for one model call)
    s.endTurn(false, '', [...how.errors], true);
  };
  const allow = (allowedBy?: 'rule' | 'host' | 'hook', allowRule?: AllowRule) => {
    if (!s.active) return;
    // a tool of an SDK MCP server the host registered runs in the host: mcp_message (issue #10)
    const mcp = mcpTool(ask.tool);
    if (mcp && s.sdkMcpServers.has(mcp.server)) {
      callMcpTool(s, mcp.server, mcp.tool, input, timeout, (r) => {
        if (!s.active) return;
        afterTool(r.text, () => s.emit({ kind: 'tool_result', toolUseId, content: r.text, isError: !r.ok }));
      });
      return;
    }
    const ran = outcome?.(input);
    const output = ran?.content ?? askOutput(ask, input);
    afterTool(output, () => s.emit({ kind: 'tool_result', toolUseId, content: output, isError: false, ran: { name: ask.tool, input }, allowedBy, allowRule, toolError: ran?.toolError }));
  };
  // the PostToolUse hooks run before the tool_result is written (measured on both CLIs: req_hook_callback_post_context)
  const afterTool = (output: string, written: () => void) =>
    runPostToolHooks(s, { tool: ask.tool, toolUseId, input, output, timeout }, (post) => {
      if (!s.active) return;
      written();
      for (const note of post.notes) s.emit(note);
      // a PreToolUse (or PostToolUse) hook's continue: false ends the turn after the call (Claude; measured: req_hook_callback_pre_continue_false)
      if (stopAfter || post.stop) return void ((t.stats.hookStopped = true), (t.stats.numTurns += 1), s.endTurn(true, '', []));
      afterToolBatch(s, [{ tool_name: ask.tool, tool_input: input, tool_use_id: toolUseId, tool_response: output }], next);
    });
  // the request failed instead of being answered: refused as the profile says, and the turn goes on
  const failed = (f: PermissionFailure) => {
    const how = s.p.behavior.permissionFailure(f);
    deny(how.text, 'failed', how.counted);
  };
  const permission = (forced?: 'allow', hooked = false) => {
    if (!callFirst) showCall();
    if (!callFirst && budgetStopsAtCall(s)) return;
    const rules = overridden(s, forced, ask.tool, input) ?? forced ?? decideFor(s, ask.tool, input);
    const d = askedBy !== undefined && rules === 'allow' && canAskHost(s) ? 'ask' : rules;
    if (d === 'allow') return s.at(MODEL_LATENCY, () => (forced ?? modeApproves(s, ask.tool, input), allow(forced ? 'hook' : 'rule', forced ? undefined : allowRuleOf(s, ask.tool, input))));
    const refusal = forced === undefined && d === 'deny' ? unaskedText(s, ask.tool, input) : undefined;
    if (refusal !== undefined) return s.at(MODEL_LATENCY, () => refuse(refusal));
    const byRule = d === 'deny' ? ruleRefusal(s, ask.tool, input) : undefined;
    if (d === 'deny') return s.at(MODEL_LATENCY, () => (byRule !== undefined ? refuse(byRule, 'rule') : deny(undefined, deniedHow(s, ask.tool, input), true, forced === 'allow')));
    if (!hooked) return void (promptToolMissing(s, { tool: ask.tool, toolUseId, input }) || permissionRequestHooks(s, { tool: ask.tool, toolUseId, input }, () => (t.heldInterrupt === true ? deny(undefined, 'host', false) : permission(forced, true))));
    const requestId = s.p.ids.hostRequestId('perm', o.scheduler.now(), ++s.hostSeq, o.rng);
    const wait = ask.timeout ?? (s.p.behavior.permissionWaitsForever === true ? undefined : timeout);
    sessionState(s, 'requires_action');
    s.host.send(requestId, { subtype: 'can_use_tool', toolName: ask.tool, input, toolUseId, askedBy, askRule: ruleCovering(s, 'ask', ask.tool, input) }, wait, (a) => {
      sessionState(s, 'running'); // answered, or cancelled by an interrupt (measured: env_session_state_interrupt_pending)
      const invalid = a.kind === 'response' ? s.p.behavior.invalidPermissionAnswer?.(a.body) : undefined;
      if (invalid !== undefined) return failed({ kind: 'invalid', text: invalid });
      // cbc refuses a call the host allows after an interrupt it held (capture req_can_use_tool_answer_after_interrupt)
      if (a.kind === 'response' && t.heldInterrupt === true) return deny(undefined, 'host', false);
      if (a.kind === 'response' && isAllow(a.body, s.p.behavior.hostAllowsByAllowedOnly)) {
        input = updatedInput(a.body) ?? input;
        applyUpdates(s, a.body);
        return hooksAgainAfterAllow(s, { tool: ask.tool, toolUseId, input, timeout }, next, (again) => ((input = again), allow('host')));
      }
      if (a.kind === 'timeout') s.emit({ kind: 'host_cancel', requestId });
      if (a.kind === 'cancelled' && a.reason === NOW_ABORT) return abortedByNow(s, { tool: ask.tool, toolUseId, input });
      if (a.kind === 'cancelled' && a.reason === 'interrupted') {
        // the interrupt ends the turn: at this call (Claude), or by itself (cbc)
        if (s.p.behavior.interruptAtPermission === 'refuse-call') denyAndStop();
        return;
      }
      if (a.kind === 'response' && interruptsTurn(a.body, s.p.behavior.hostAllowsByAllowedOnly)) return denyAndStop();
      if (a.kind === 'cancelled' && a.reason === DISCONNECTED) return failed({ kind: 'closed' });
      if (a.kind === 'error') return failed({ kind: 'error', message: a.message });
      const shown = a.kind === 'response' && s.p.behavior.hostDenyTextFixed !== true ? denyReason(a.body) : undefined;
      deny(shown, 'host');
    });
  };
  runPreToolHooks(s, { tool: ask.tool, toolUseId, input, timeout }, (o) => {
    if (o.kind === 'interrupted' || o.kind === 'now') return void (o.kind === 'now' ? abortedByNow(s, { tool: ask.tool, toolUseId, input }, o.text) : s.p.behavior.interruptAtPermission === 'refuse-call' && denyAndStop(false)); // an interrupt: as at a permission prompt (sig_int_pending_hook_callback_fu)
    if (o.kind === 'deny') return refuseByHook(s, { tool: ask.tool, toolUseId, input, text: o.text, timedOut: o.timedOut, cancelled: o.cancelled }, callFirst ? undefined : showCall, next);
    ({ input, stopAfter, askedBy } = o);
    permission(o.forced);
  }, callFirst ? undefined : showCall);
}

/**
 * Plan approval before a workflow phase (issue #10): the same can_use_tool request, for ExitPlanMode.
 * bypassPermissions approves without asking; a timeout or a cancel rejects.
 */
export function approvePlan(s: TurnHost, phaseTitle: string, agents: readonly string[], onWait: () => void, done: (ok: boolean, reason?: string) => void): void {
  const o = s.o;
  const input = { plan: `Phase "${phaseTitle}": run ${agents.join(', ')}` };
  const d = decideFor(s, 'ExitPlanMode', input);
  if (d !== 'ask') return done(d === 'allow', d === 'deny' ? 'denied by the permission rules' : undefined);
  onWait();
  const requestId = s.p.ids.hostRequestId('perm', o.scheduler.now(), ++s.hostSeq, o.rng);
  sessionState(s, 'requires_action');
  s.host.send(requestId, { subtype: 'can_use_tool', toolName: 'ExitPlanMode', input, toolUseId: s.p.ids.toolUseId(o.rng) }, 60_000, (a) => {
    if (a.kind === 'response' || a.kind === 'error') sessionState(s, 'running');
    if (a.kind === 'timeout') s.emit({ kind: 'host_cancel', requestId });
    if (a.kind === 'cancelled' && a.reason === 'interrupted') return;
    if (a.kind === 'response' && isAllow(a.body, s.p.behavior.hostAllowsByAllowedOnly)) return done(true);
    done(false, a.kind === 'response' ? denyReason(a.body) : a.kind === 'error' ? a.message : a.kind === 'timeout' ? 'no answer in time' : a.reason);
  });
}

/** The error of a turn a denied tool ended (cbc 2.117.0's createErrorResultMessage text). */
const deniedText = (tool: string) => `Permission denied for tool(s): ${tool}`;

/** The allow rule that covers a call, and whether the command line gave it (undefined: the mode or a read-only tool allowed it). */
export function allowRuleOf(s: TurnHost, tool: string, input: Record<string, unknown>): AllowRule | undefined {
  if (ruleCovering(s, 'deny', tool, input) !== undefined) return undefined;
  // bypassPermissions allows by the mode before any rule (Claude 2.1.328: source "config", reason_type "mode";
  // captures opt_permission_mode_bypass_sandbox_stream_ff, opt_dangerously_skip_permissions_sandbox_ff)
  if (s.permissionMode === 'bypassPermissions') return { mode: s.permissionMode };
  const rule = matchingRule(s.rules.list('allow'), tool, input);
  if (rule === undefined) return modeAllows(s)(tool, input) ? { mode: s.permissionMode } : undefined;
  // a rule an answer added: for the session ("user_temporary"), or to a settings file ("user_permanent"; req_can_use_tool_local_rule_then_call_fc)
  // apply_flag_settings' rules count as the command line's (ctl_apply_flag_settings_allow_bash_fd)
  if (!(s.o.allowedTools ?? []).includes(rule)) {
    const source = s.rules.rules.find((r) => r.behavior === 'allow' && r.rule === rule)?.source;
    return source === 'session' ? { rule, fromCli: false, session: true } : { rule, fromCli: source === 'flagSettings' };
  }
  return { rule, fromCli: (s.o.cliAllowedTools ?? []).includes(rule) };
}

/** The first deny or ask rule (with its source) that covers a call, as decide() reads it (a deny rule by any subcommand). */
export function ruleCovering(s: TurnHost, behavior: 'deny' | 'ask', tool: string, input: Record<string, unknown>): SourcedRule | undefined {
  const asGiven = s.p.behavior.allowRulesAsGiven === true;
  const covers = asGiven ? (r: string) => denyCovers(r, tool, input, CBC_READING) : behavior === 'deny' ? (r: string) => denyCovers(r, tool, input) : (r: string) => ruleMatches(r, tool, input);
  return s.rules.rules.find((r) => r.behavior === behavior && covers(r.rule));
}

/** The session's allow, deny and ask rules as the permission decision reads them (rule-book.ts). */
function ruleLists(s: TurnHost): { allowed: string[]; disallowed: string[]; asked: string[] } {
  return { allowed: s.rules.list('allow'), disallowed: s.rules.list('deny'), asked: s.rules.list('ask') };
}
