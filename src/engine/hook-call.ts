import type { HostRequestBody } from './events.js';
import type { HostAnswer } from './host.js';
import { isCommandHook, runCommandHook } from './command-hooks.js';
import type { TurnHost } from './turn-host.js';

/** Sends one hook_callback and waits for its answer (or `timeoutMs`); `done` also gets the request's id. */
export function callHook(s: TurnHost, body: HostRequestBody, timeoutMs: number, done: (a: HostAnswer, requestId: string) => void): void {
  // a settings command hook runs here instead of asking the host (command-hooks.ts)
  if (body.subtype === 'hook_callback' && isCommandHook(body.callbackId)) return runCommandHook(s, body, (a) => done(a, ''));
  const requestId = s.p.ids.hostRequestId('hook', s.o.scheduler.now(), ++s.hostSeq, s.o.rng);
  s.host.send(requestId, body, timeoutMs, (a) => done(a, requestId));
}
