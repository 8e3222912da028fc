import type { EngineEvent, HostRequestBody } from './events.js';
import type { HostAnswer } from './host.js';
import { hookDisplayName, isCommandHook, runCommandHook } from './command-hooks.js';
import type { TurnHost } from './turn-host.js';

/** Sends one hook_callback and waits for its answer (or `timeoutMs`); `done` also gets the request's id. */
export function callHook(s: TurnHost, body: HostRequestBody, timeoutMs: number, done: (a: HostAnswer, requestId: string) => void): void {
  // a settings command hook runs here instead of asking the host (command-hooks.ts)
  if (body.subtype === 'hook_callback' && isCommandHook(body.callbackId)) return runCommandHook(s, body, (a) => (shown(s, body, a), done(a, '')));
  const requestId = s.p.ids.hostRequestId('hook', s.o.scheduler.now(), ++s.hostSeq, s.o.rng);
  s.host.send(requestId, body, timeoutMs, (answer) => {
    // an answer the CLI's hook-output schema refuses counts as empty, as an error answer does (hookAnswerInvalid)
    const invalid = answer.kind === 'response' && body.subtype === 'hook_callback' && s.p.behavior.hookOutputChecked === true && hookAnswerInvalid(answer.body);
    const a: HostAnswer = invalid ? { kind: 'error', message: 'invalid hook output' } : answer;
    if (a.kind === 'error' && body.subtype === 'hook_callback') {
      const ev = { kind: 'hook_failed', hookEvent: body.hookEvent, callbackId: body.callbackId } as const;
      // a prompt's hooks run before its turn opens: their notice follows the turn's system/init (measured: req_hook_callback_prompt_error)
      if (body.hookEvent === 'UserPromptSubmit' && s.active) (s.active.afterInit ??= []).push(ev);
      else s.emit(ev);
    }
    shown(s, body, a);
    done(a, requestId);
  });
}

/** A hook answer's systemMessage as the notice the CLI shows (undefined when it carries none). */
export function hookMessageOf(body: HostRequestBody, a: HostAnswer): Extract<EngineEvent, { kind: 'hook_message' }> | undefined {
  const text = a.kind === 'response' && body.subtype === 'hook_callback' ? a.body['systemMessage'] : undefined;
  return typeof text === 'string' && text !== '' && body.subtype === 'hook_callback' ? { kind: 'hook_message', hookName: hookDisplayName(body), text } : undefined;
}

/**
 * Shows a hook answer's systemMessage at once; a PostToolUse hook's comes after the tool result (asks.ts writes it there),
 * a prompt's after the turn's system/init (measured on 2.1.328: req_hook_callback_prompt_system_message_fv).
 */
function shown(s: TurnHost, body: HostRequestBody, a: HostAnswer): void {
  const ev = body.subtype === 'hook_callback' && body.hookEvent !== 'PostToolUse' ? hookMessageOf(body, a) : undefined;
  if (ev && body.subtype === 'hook_callback' && body.hookEvent === 'UserPromptSubmit' && s.active) (s.active.afterInit ??= []).push(ev);
  else if (ev) s.emit(ev);
}

/**
 * Whether Claude Code's hook-output schema refuses an answer (read from 2.1.328's schema; measured on both versions:
 * req_hook_callback_pre_invalid_fd, req_hook_callback_pre_decision_bogus_fd): hookSpecificOutput not an object, a
 * permissionDecision outside allow / deny / ask, a decision outside approve / block.
 */
function hookAnswerInvalid(body: Record<string, unknown>): boolean {
  const specific = body['hookSpecificOutput'];
  if (specific !== undefined && (specific === null || typeof specific !== 'object' || Array.isArray(specific))) return true;
  const outside = (v: unknown, allowed: readonly string[]) => v !== undefined && (typeof v !== 'string' || !allowed.includes(v));
  const decision = specific === undefined ? undefined : (specific as Record<string, unknown>)['permissionDecision'];
  return outside(decision, ['allow', 'deny', 'ask']) || outside(body['decision'], ['approve', 'block']);
}
