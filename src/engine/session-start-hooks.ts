import { callHook } from './hook-call.js';
import { hookTimeoutMs } from './permissions.js';
import type { TurnHost } from './turn-host.js';

/*
 * SessionStart hooks registered in initialize (issue #16; read from cbc 2.117.0's bundle, measured:
 * req_hook_callback_session_start). cbc's session middleware emits SessionStart once per session, as its first request
 * opens it: source "startup" for a new session, "resume" for a stored one it found (--resume / --continue); the request
 * comes before the turn's system/init and its model call waits for the answer (the emulator holds the whole turn). A matcher
 * is matched against the source (req_hook_callback_session_start_matcher_fb: "startup" fires).
 */

const started = new WeakSet<TurnHost>();

/** Its hook manager's matchesTool: no pattern matches anything; a pattern is a regular expression searched in the source (or the same text when it is no regular expression). */
function matches(matcher: unknown, source: string): boolean {
  if (typeof matcher !== 'string' || matcher === '') return true;
  try {
    return new RegExp(matcher).test(source);
  } catch {
    return matcher === source;
  }
}

/** The session's SessionStart hooks the first time it runs a turn (ProfileBehavior.sessionStartHooks), then `then`. */
export function sessionStartHooks(s: TurnHost, then: () => void): void {
  if (s.p.behavior.sessionStartHooks !== true || started.has(s)) return then();
  started.add(s);
  const source = s.o.resume !== undefined ? 'resume' : 'startup';
  const list = s.hooks && typeof s.hooks === 'object' ? (s.hooks as Record<string, unknown>)['SessionStart'] : undefined;
  const ids = (Array.isArray(list) ? list : []).flatMap((m: unknown) => {
    if (!m || typeof m !== 'object') return [];
    const { matcher, hookCallbackIds } = m as Record<string, unknown>;
    if (!matches(matcher, source)) return [];
    return Array.isArray(hookCallbackIds) ? hookCallbackIds.filter((id): id is string => typeof id === 'string') : [];
  });
  const fire = (i: number): void => {
    const id = ids[i];
    if (id === undefined) return then();
    // cbc's default hook timeout is 60 s; whatever the answer, the session goes on
    callHook(s, { subtype: 'hook_callback', callbackId: id, hookEvent: 'SessionStart', source }, hookTimeoutMs(s.hooks, 'SessionStart', id) ?? 60_000, () => fire(i + 1));
  };
  fire(0);
}
