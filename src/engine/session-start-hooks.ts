import { callHook } from './hook-call.js';
import { hookIds, hookTimeoutMs, sessionStartSource } from './hook-match.js';
import type { TurnHost } from './turn-host.js';

/*
 * SessionStart hooks registered in initialize (issue #16; read from cbc 2.117.0's bundle, measured:
 * req_hook_callback_session_start). cbc's session middleware emits SessionStart once per session, as its first request
 * opens it: source "startup" for a new session, "resume" for a stored one it found (--resume / --continue); the request
 * comes before the turn's system/init and its model call waits for the answer (the emulator holds the whole turn). A matcher
 * is matched against the source (req_hook_callback_session_start_matcher_fb: "startup" fires).
 */

const started = new WeakSet<TurnHost>();

/** The session's SessionStart hooks the first time it runs a turn (ProfileBehavior.sessionStartHooks), then `then`. */
export function sessionStartHooks(s: TurnHost, then: () => void): void {
  if (s.p.behavior.sessionStartHooks !== true || started.has(s)) return then();
  started.add(s);
  const source = sessionStartSource(s.o);
  const ids = hookIds(s.hooks, 'SessionStart', source, s.p.behavior.hookMatcher);
  const fire = (i: number): void => {
    const id = ids[i];
    if (id === undefined) return then();
    // cbc's default hook timeout is 60 s; whatever the answer, the session goes on
    callHook(s, { subtype: 'hook_callback', callbackId: id, hookEvent: 'SessionStart', source }, hookTimeoutMs(s.hooks, 'SessionStart', id) ?? 60_000, () => fire(i + 1));
  };
  fire(0);
}
