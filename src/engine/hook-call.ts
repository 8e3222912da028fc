import type { HostRequestBody } from './events.js';
import type { HostAnswer } from './host.js';
import { isCommandHook, runCommandHook } from './command-hooks.js';
import type { TurnHost } from './turn-host.js';

/** Sends one hook_callback and waits for its answer (or `timeoutMs`); `done` also gets the request's id. */
export function callHook(s: TurnHost, body: HostRequestBody, timeoutMs: number, done: (a: HostAnswer, requestId: string) => void): void {
  // a settings command hook runs here instead of asking the host (command-hooks.ts)
  if (body.subtype === 'hook_callback' && isCommandHook(body.callbackId)) return runCommandHook(s, body, (a) => done(a, ''));
  const requestId = s.p.ids.hostRequestId('hook', s.o.scheduler.now(), ++s.hostSeq, s.o.rng);
  s.host.send(requestId, body, timeoutMs, (a) => {
    if (a.kind === 'error' && body.subtype === 'hook_callback') {
      const ev = { kind: 'hook_failed', hookEvent: body.hookEvent, callbackId: body.callbackId } as const;
      // a prompt's hooks run before its turn opens: their notice follows the turn's system/init (measured: req_hook_callback_prompt_error)
      if (body.hookEvent === 'UserPromptSubmit' && s.active) (s.active.afterInit ??= []).push(ev);
      else s.emit(ev);
    }
    done(a, requestId);
  });
}
