import type { MatchT, ScenarioT, TurnT } from './schema.js';

/** True when `prompt` satisfies every test in `m` (an absent matcher matches everything). */
export function matches(m: MatchT | undefined, prompt: string): boolean {
  if (!m) return true;
  if (m.contains !== undefined && !prompt.includes(m.contains)) return false;
  if (m.exact !== undefined && prompt.trim() !== m.exact) return false;
  if (m.regex !== undefined && !new RegExp(m.regex).test(prompt)) return false;
  if (m.glob !== undefined && !globToRegExp(m.glob).test(prompt.trim())) return false;
  return true;
}

/** By hand, not picomatch: prompts are text, not paths, so `*` must cross `/` and newlines. */
function globToRegExp(glob: string): RegExp {
  let re = '';
  for (const ch of glob) {
    if (ch === '*') re += '[\\s\\S]*';
    else if (ch === '?') re += '[\\s\\S]';
    else re += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/**
 * Chooses the turn for a prompt. Turns are tried from the cursor (the turn after the last one
 * used) to the end, and the first whose match holds wins, so match-less turns play in order; then
 * turns that carry a `match` are tried from the start again, so keyword turns can fire any number
 * of times. Match-less turns behind the cursor are never tried. The caller moves the cursor to
 * `index + 1` of the chosen turn (src/engine/session.ts), so a keyword turn picked from behind the
 * cursor moves it back to just after that turn. No turn: undefined (the `unmatched` policy applies).
 */
export function selectTurn(s: ScenarioT, cursor: number, prompt: string): { index: number; turn: TurnT } | undefined {
  for (let i = cursor; i < s.turns.length; i++) {
    const t = s.turns[i]!;
    if (matches(t.match, prompt)) return { index: i, turn: t };
  }
  for (let i = 0; i < Math.min(cursor, s.turns.length); i++) {
    const t = s.turns[i]!;
    if (t.match && matches(t.match, prompt)) return { index: i, turn: t };
  }
  return undefined;
}

/**
 * Replaces `{{name}}` (and `{{ name }}`) in scenario text with `vars[name]`; unknown names stay as
 * written. Only own keys count: `{{constructor}}` must not pick up Object.prototype members.
 */
export function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, k: string) => (Object.hasOwn(vars, k) ? String(vars[k]) : all));
}
