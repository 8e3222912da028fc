import type { TurnStats } from './events.js';
import type { TurnHost } from './turn-host.js';

/**
 * Whether --max-turns reaches the running turn: every turn, or the process's first request only (cbc 2.117.0 under
 * stream-json input: later requests ran unlimited, a later turn as the run resumed after a host's can_use_tool answer;
 * captures opt_max_turns_zero_stream_fb, opt_max_turns_one_stream_hi_then_tool_fb, req_can_use_tool_allow_max_turns_one_h8).
 */
export function turnLimitApplies(s: TurnHost): boolean {
  const t = s.active;
  return t !== undefined && s.o.maxTurns !== undefined && (s.p.behavior.maxTurnsFirstTurnOnly !== true || (t.stats.resultIndex === 0 && t.resumed === undefined));
}

/** --max-turns: past the limit the next model call is refused (still counted) and the turn ends with the CLI's error (ses_max_turns). */
export function turnLimitReached(s: TurnHost): boolean {
  const t = s.active;
  const limit = s.o.maxTurns;
  // the next call is number numTurns + 1, refused when above the limit (cbc: `_currentTurn > _maxTurns`, a limit of 1.5 allows one)
  if (!t || limit === undefined || !turnLimitApplies(s) || t.stats.numTurns + 1 <= limit) return false;
  const text = s.p.behavior.maxTurnsError(limit);
  s.emit({ kind: 'max_turns', messageId: s.p.ids.messageId(s.o.rng), text });
  t.stats.numTurns += 1;
  s.endTurn(false, '', [text], false, undefined, limit);
  return true;
}

/** --max-budget-usd: the session's model tokens so far cost at least its budget (at the profile's prices). */
export function overBudget(s: TurnHost): boolean {
  const limit = s.o.maxBudgetUsd;
  const b = s.p.behavior.budget;
  return limit !== undefined && b !== undefined && b.costUsd(s.model, s.spent.inputTokens, s.spent.outputTokens) >= limit;
}

/**
 * Ends the running turn with the budget error: after its model call (`called`: the result reports the turn's tokens),
 * or before any when the budget was spent already (the session's tokens so far). Measured: opt_max_budget_usd_stream.
 */
export function endOverBudget(s: TurnHost, called: boolean): void {
  const t = s.active;
  const limit = s.o.maxBudgetUsd;
  const b = s.p.behavior.budget;
  if (!t || limit === undefined || !b) return;
  const tokens = called ? { inputTokens: t.stats.inputTokens, outputTokens: t.stats.outputTokens } : s.spent;
  s.endTurn(false, '', [b.error(limit)], false, undefined, undefined, { limit, called, ...tokens });
}

/**
 * --max-budget-usd after a model call that asked for a tool: Claude Code checks the budget after every model response,
 * so a call that spent it ends the turn there, before the tool runs (stop_reason tool_use; capture
 * opt_max_budget_usd_tool_h4). True when the turn ended.
 */
export function budgetStopsAtCall(s: TurnHost): boolean {
  const t = s.active;
  const limit = s.o.maxBudgetUsd;
  const b = s.p.behavior.budget;
  if (!t || limit === undefined || !b) return false;
  const { inputTokens, outputTokens } = t.stats;
  if (b.costUsd(s.model, s.spent.inputTokens + inputTokens, s.spent.outputTokens + outputTokens) < limit) return false;
  s.spent.inputTokens += inputTokens;
  s.spent.outputTokens += outputTokens;
  s.endTurn(false, '', [b.error(limit)], false, undefined, undefined, { limit, called: true, atTool: true, inputTokens, outputTokens });
  return true;
}

/**
 * Adds a finished turn's tokens to the session's; Claude Code checks the budget once a turn is done, so a turn (`ok`: not
 * failed or interrupted) that spent it ends with the budget error instead of its result: true then (opt_max_budget_usd_small).
 */
export function spendTurn(s: TurnHost, stats: TurnStats, ok: boolean): boolean {
  s.spent.inputTokens += stats.inputTokens;
  s.spent.outputTokens += stats.outputTokens;
  if (!ok || !overBudget(s)) return false;
  endOverBudget(s, true);
  return true;
}
