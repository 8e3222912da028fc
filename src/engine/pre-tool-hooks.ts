import { obj, type RawFrame, str } from '../protocol/raw-frame.js';
import { BLOCKING_ERROR } from './command-hooks.js';
import { callHook } from './hook-call.js';
import { DISCONNECTED, type HostAnswer } from './host.js';
import { permissionRequestHooks } from './permission-request-hooks.js';
import { hookIds, hookTimeoutMs } from './hook-match.js';
import type { PreToolHookPolicy } from './hook-policy.js';
import { MODEL_LATENCY, type TurnHost } from './turn-host.js';

/*
 * What a PreToolUse hook's answer does to its tool call (issue #16; measured on both CLIs: req_hook_callback_pre_deny,
 * _pre_block, _pre_continue_false, _pre_updated_input, _pre_allow_gated, _pre_ask). The SDKs' HookJSONOutput:
 * `hookSpecificOutput.permissionDecision` allow / deny / ask (with `permissionDecisionReason`, and `updatedInput`),
 * the older `decision` approve / block (with `reason`), and `continue: false` (with `stopReason`).
 */

/** The outcome of one PreToolUse answer. */
export type PreToolVerdict =
  /** The call goes on: `allow` skips the permission prompt; `input` replaces the call's input. */
  | { kind: 'go'; allow: boolean; input: RawFrame | undefined; ask?: { reason: string | undefined } }
  /** The call is refused with the CLI's text. */
  | { kind: 'deny'; text: string }
  /** The call runs, then the turn ends (Claude: terminal_reason hook_stopped). */
  | { kind: 'stop-after'; input: RawFrame | undefined };

/** Reads one PreToolUse hook answer as the profile's policy says. */
export function preToolVerdict(policy: PreToolHookPolicy, tool: string, body: RawFrame): PreToolVerdict {
  const blocking = body[BLOCKING_ERROR]; // a settings command hook's exit 2: its own text (command-hooks.ts)
  if (typeof blocking === 'string') return { kind: 'deny', text: blocking };
  const specific = obj(body, 'hookSpecificOutput');
  const decision = str(specific, 'permissionDecision');
  const input = obj(specific, 'updatedInput');
  const reason = str(specific, 'permissionDecisionReason') ?? str(body, 'reason');
  if (body['continue'] === false) {
    if (policy.stop === 'deny') return { kind: 'deny', text: policy.denyText(tool, str(body, 'stopReason')) };
    return { kind: 'stop-after', input };
  }
  if (decision === 'deny') return { kind: 'deny', text: policy.denyText(tool, reason) };
  if (body['decision'] === 'block' && policy.block === 'deny') return { kind: 'deny', text: policy.denyText(tool, reason) };
  if (decision === 'ask') return { kind: 'go', allow: false, input, ask: { reason } };
  return { kind: 'go', allow: decision === 'allow' || body['decision'] === 'approve', input };
}

/** What a call's PreToolUse hooks decided together: refused (by an answer, or a hook's own timeout), or go on as they said. */
export type PreHooksOutcome =
  | { kind: 'deny'; text: string; timedOut: boolean; cancelled?: boolean }
  /** An interrupt cancelled a hook's request: the turn ends (asks.ts plays it as the profile's interruptAtPermission). */
  | { kind: 'interrupted' }
  | { kind: 'go'; input: Record<string, unknown>; forced: 'allow' | undefined; stopAfter: boolean; askedBy: { reason: string | undefined } | undefined };

/** One hook request's answer, given before or after someone takes it (parallel hooks are read in order). */
function slot(): { put: (a: HostAnswer, requestId: string) => void; take: (cb: (a: HostAnswer, requestId: string) => void) => void } {
  let got: [HostAnswer, string] | undefined;
  let waiting: ((a: HostAnswer, requestId: string) => void) | undefined;
  return { put: (a, r) => (waiting ? waiting(a, r) : (got = [a, r])), take: (cb) => (got ? cb(got[0], got[1]) : (waiting = cb)) };
}

/**
 * Asks the call's PreToolUse hooks (each with its matcher's timeout, else `timeout`): one after the other, or all at once
 * where the profile does (PreToolHookPolicy.parallel), their answers read in order; `done` once with the outcome; `asked`
 * once the first request (all of them, in parallel) is out.
 */
export function runPreToolHooks(
  s: TurnHost,
  call: { tool: string; toolUseId: string; input: Record<string, unknown>; timeout: number },
  done: (o: PreHooksOutcome) => void,
  asked?: () => void,
): void {
  const policy = s.p.behavior.preToolHook;
  const ids = hookIds(s.hooks, 'PreToolUse', call.tool, s.p.behavior.hookMatcher);
  const state: Extract<PreHooksOutcome, { kind: 'go' }> = { kind: 'go', input: call.input, forced: undefined, stopAfter: false, askedBy: undefined };
  const send = (id: string, put: (a: HostAnswer, requestId: string) => void): void => {
    const body = { subtype: 'hook_callback', callbackId: id, hookEvent: 'PreToolUse', toolName: call.tool, toolInput: state.input, toolUseId: call.toolUseId } as const;
    callHook(s, body, hookTimeoutMs(s.hooks, 'PreToolUse', id) ?? call.timeout, put);
  };
  const sent = policy.parallel === true ? ids.map((id) => ((sl) => (send(id, sl.put), sl))(slot())) : undefined;
  let over = false;
  const finish = (o: PreHooksOutcome): void => void (!over && ((over = true), done(o)));
  const fire = (i: number): void => {
    const id = ids[i];
    if (id === undefined) return finish(state);
    const own = hookTimeoutMs(s.hooks, 'PreToolUse', id);
    const answered = (a: HostAnswer, requestId: string): void => {
      if (over) return;
      if (a.kind === 'cancelled' && a.reason === 'interrupted') return finish({ kind: 'interrupted' });
      // a hook that missed its own timeout: Claude withdraws the request and refuses the call (req_hook_callback_pre_timeout)
      if (a.kind === 'timeout' && own !== undefined && policy.timeoutText !== undefined) {
        s.emit({ kind: 'host_cancel', requestId });
        return finish({ kind: 'deny', text: policy.timeoutText, timedOut: true });
      }
      // stdin closed before the answer: Claude cancels the call (eof_pending_hook_callback_h5); cbc runs it
      if (a.kind === 'cancelled' && a.reason === DISCONNECTED && policy.disconnectText !== undefined) {
        return finish({ kind: 'deny', text: policy.disconnectText, timedOut: false, cancelled: true });
      }
      const v = preToolVerdict(policy, call.tool, a.kind === 'response' ? a.body : {});
      if (v.kind === 'deny') return finish({ kind: 'deny', text: v.text, timedOut: false });
      state.input = v.input ?? state.input;
      if (v.kind === 'stop-after') state.stopAfter = true;
      if (v.kind === 'go' && v.ask) state.askedBy = v.ask;
      if (v.kind === 'go' && v.allow) state.forced = 'allow';
      fire(i + 1);
    };
    if (sent) return sent[i]!.take(answered);
    send(id, answered);
    if (i === 0) asked?.();
  };
  if (sent && sent.length > 0) asked?.();
  fire(0);
}

/**
 * A call the host allowed, as it runs: its PreToolUse hooks once more where the profile asks them again
 * (PreToolHookPolicy.againAfterHostAllow; a refusal there still stops the call), then `run` with the input they leave.
 */
export function hooksAgainAfterAllow(
  s: TurnHost,
  call: { tool: string; toolUseId: string; input: Record<string, unknown>; timeout: number },
  next: () => void,
  run: (input: Record<string, unknown>) => void,
): void {
  if (s.active) s.active.resumed = 'allow'; // the run goes on after the host's answer (ActiveTurn.resumed)
  if (s.p.behavior.preToolHook.againAfterHostAllow !== true) return run(call.input);
  runPreToolHooks(s, call, (o) => {
    if (o.kind === 'interrupted') return;
    if (o.kind === 'deny') return refuseByHook(s, { ...call, text: o.text, timedOut: o.timedOut, cancelled: o.cancelled }, undefined, next);
    permissionRequestHooks(s, { ...call, input: o.input }, () => run(o.input), true);
  });
}

/**
 * A call a PreToolUse hook refused: its text as the tool_result, an error counted in permission_denials or a plain result
 * as the profile says (a timeout's refusal is an error, not counted); `show` writes the call first where the CLI shows it late.
 */
export function refuseByHook(
  s: TurnHost,
  r: { tool: string; toolUseId: string; input: Record<string, unknown>; text: string; timedOut: boolean; cancelled?: boolean | undefined },
  show: (() => void) | undefined,
  next: () => void,
): void {
  const t = s.active;
  if (!t) return;
  show?.();
  const isError = s.p.behavior.preToolHook.denialIsError || r.timedOut || r.cancelled === true;
  if (isError && !r.timedOut && r.cancelled !== true) t.stats.permissionDenials.push({ tool_name: r.tool, tool_use_id: r.toolUseId, tool_input: r.input });
  s.at(MODEL_LATENCY, () => {
    if (!s.active) return;
    s.emit({ kind: 'tool_result', toolUseId: r.toolUseId, content: r.text, isError, deniedBy: r.cancelled === true ? 'hook-cancel' : r.timedOut ? 'hook-timeout' : 'hook', ran: { name: r.tool, input: r.input } });
    next();
  });
}
