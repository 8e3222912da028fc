import type { MatchT, ScenarioT, TurnT } from './schema.js';

/** True when `prompt` satisfies every test in `m` (an absent matcher matches everything). */
export function matches(m: MatchT | undefined, prompt: string): boolean {
  if (!m) return true;
  if (m.contains !== undefined && !prompt.includes(m.contains)) return false;
  if (m.exact !== undefined && prompt.trim() !== m.exact) return false;
  if (m.regex !== undefined && !new RegExp(m.regex).test(prompt)) return false;
  if (m.glob !== undefined && !globMatches(m.glob, prompt.trim())) return false;
  return true;
}

/**
 * True when the whole `text` matches `glob` (`*` any run of characters, newlines and `/` included;
 * `?` one UTF-16 unit, as the regex this replaced). By hand, not picomatch: prompts are text, not
 * paths. No backtracking: the parts between stars are found leftmost-first, one after the other
 * (the leftmost match never loses a solution), so a match costs at most |text| × |glob| steps —
 * `*a*a*a*a*a*ab` on a long prompt stays fast where the regex took minutes (issue #18).
 */
export function globMatches(glob: string, text: string): boolean {
  const parts = glob.split('*');
  const first = parts[0]!;
  if (parts.length === 1) return text.length === glob.length && partAt(glob, text, 0);
  const last = parts[parts.length - 1]!;
  const end = text.length - last.length;
  if (first.length > end || !partAt(first, text, 0) || !partAt(last, text, end)) return false;
  let pos = first.length;
  for (const part of parts.slice(1, -1)) {
    const at = findPart(part, text, pos, end);
    if (at < 0) return false;
    pos = at + part.length;
  }
  return true;
}

/** True when `part` (with `?` wildcards) matches `text` at `at`. */
function partAt(part: string, text: string, at: number): boolean {
  for (let i = 0; i < part.length; i++) {
    const c = part.charCodeAt(i);
    if (c !== QUESTION && c !== text.charCodeAt(at + i)) return false;
  }
  return true;
}

/** The leftmost index in [from, end - |part|] where `part` matches, or -1. */
function findPart(part: string, text: string, from: number, end: number): number {
  if (!part.includes('?')) {
    const i = text.indexOf(part, from);
    return i >= 0 && i + part.length <= end ? i : -1;
  }
  for (let i = from; i + part.length <= end; i++) if (partAt(part, text, i)) return i;
  return -1;
}

const QUESTION = 0x3f;

/**
 * Chooses the turn for a prompt. Turns are tried from the cursor (the turn after the last one
 * used) to the end, and the first whose match holds wins, so match-less turns play in order; then
 * turns that carry a `match` are tried from the start again, so keyword turns can fire any number
 * of times. Match-less turns behind the cursor are never tried. The caller moves the cursor to
 * `index + 1` of the chosen turn (src/engine/session.ts), so a keyword turn picked from behind the
 * cursor moves it back to just after that turn. `usable` passes over turns the session cannot play (a turn that
 * calls a tool the model is not offered). No turn: undefined (the scenario's `fallback` turn plays, else its `unmatched` policy applies).
 */
export function selectTurn(s: ScenarioT, cursor: number, prompt: string, usable: (t: TurnT) => boolean = () => true): { index: number; turn: TurnT } | undefined {
  for (let i = cursor; i < s.turns.length; i++) {
    const t = s.turns[i]!;
    if (matches(t.match, prompt) && usable(t)) return { index: i, turn: t };
  }
  for (let i = 0; i < Math.min(cursor, s.turns.length); i++) {
    const t = s.turns[i]!;
    if (t.match && matches(t.match, prompt) && usable(t)) return { index: i, turn: t };
  }
  return undefined;
}

/** Longest text interpolation makes: ten `{{prompt}}` of a 60 MB prompt must not become a 600 MB string (issue #18). */
export const MAX_INTERPOLATED_CHARS = 16 * 1024 * 1024;

/**
 * Replaces `{{name}}` (and `{{ name }}`) in scenario text with `vars[name]`; unknown names stay as
 * written. Only own keys count: `{{constructor}}` must not pick up Object.prototype members.
 * Substituted values are cut so the result stays within MAX_INTERPOLATED_CHARS.
 */
export function interpolate(text: string, vars: Record<string, string>): string {
  let room = MAX_INTERPOLATED_CHARS - text.length;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, k: string) => {
    if (!Object.hasOwn(vars, k)) return all;
    const v = String(vars[k]).slice(0, Math.max(0, room));
    room -= v.length;
    return v;
  });
}
