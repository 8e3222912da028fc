/*
 * Which hook callbacks registered in `initialize` fire for an event (issue #16). One walk over
 * `hooks[event] → {matcher, hookCallbackIds, timeout}` serves every hook event; the profile says how a matcher is
 * tested against the event's subject (ProfileBehavior.hookMatcher), since the two CLIs differ (measured: captures
 * req_hook_callback_matcher_{star,prefix,anchor}_l9):
 * - `anchored` (Claude Code): no matcher, "" and "*" match anything; otherwise the tool name equals the matcher or
 *   matches it as a whole regular expression ("Bas" misses Bash). An event without a subject matches any matcher.
 * - `search` (cbc 2.117.0, its hook manager's matchesSdkMatcher, read from the bundle): no matcher matches anything;
 *   an event without a subject matches none; otherwise the matcher is a regular expression searched in the subject
 *   ("Bas" hits Bash), and a pattern that is no regular expression ("*") only matches its own text.
 */

/** How a hook matcher is tested against the event's subject. */
export type HookMatcherRule = 'anchored' | 'search';

/** The subject cbc 2.117.0 matches an event's hooks against (getMatchValue in its bundle); Claude's events with no tool have none. */
export type HookSubject = string | undefined;

/** The SessionStart hooks' subject: "resume" for a stored session the run found (--resume / --continue), else "startup" (both CLIs). */
export const sessionStartSource = (o: { resume?: unknown }): 'resume' | 'startup' => (o.resume !== undefined ? 'resume' : 'startup');

function matches(rule: HookMatcherRule, matcher: unknown, subject: HookSubject): boolean {
  if (rule === 'search') {
    if (typeof matcher !== 'string' || matcher === '') return true;
    if (subject === undefined || subject === '') return false;
    try {
      return new RegExp(matcher).test(subject);
    } catch {
      return matcher === subject;
    }
  }
  if (typeof matcher !== 'string' || matcher === '' || matcher === '*' || subject === undefined) return true;
  if (matcher === subject) return true;
  try {
    return new RegExp(`^(?:${matcher})$`).test(subject);
  } catch {
    return false;
  }
}

/** The registered matcher entries of `event`, as objects. */
function entries(hooks: unknown, event: string): Array<Record<string, unknown>> {
  const list = hooks && typeof hooks === 'object' ? (hooks as Record<string, unknown>)[event] : undefined;
  return Array.isArray(list) ? list.filter((m): m is Record<string, unknown> => !!m && typeof m === 'object') : [];
}

/** The hook callback ids registered in `initialize` for `event` whose matcher takes `subject`, in registration order. */
export function hookIds(hooks: unknown, event: string, subject: HookSubject, rule: HookMatcherRule = 'anchored'): string[] {
  const out: string[] = [];
  for (const m of entries(hooks, event)) {
    const ids = m['hookCallbackIds'];
    if (!Array.isArray(ids) || !matches(rule, m['matcher'], subject)) continue;
    for (const id of ids) if (typeof id === 'string') out.push(id);
  }
  return out;
}

/** The `timeout` (seconds, as ms) of the matcher entry that registered callback `id` for `event`, if it gave one. */
export function hookTimeoutMs(hooks: unknown, event: string, id: string): number | undefined {
  for (const m of entries(hooks, event)) {
    const ids = m['hookCallbackIds'];
    const t = m['timeout'];
    if (Array.isArray(ids) && ids.includes(id) && typeof t === 'number' && t > 0) return t * 1000;
  }
  return undefined;
}

/** Every hook callback id registered for `event`, whatever its matcher (cbc's SDK permission path asks them all). */
export function registeredHookIds(hooks: unknown, event: string): string[] {
  return entries(hooks, event).flatMap((m) => {
    const ids = m['hookCallbackIds'];
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  });
}
