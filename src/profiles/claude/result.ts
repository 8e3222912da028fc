import type { EngineEvent } from '../../engine/events.js';
import type { AgentCounts } from '../../engine/spend-view.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { BLANK_RESULT, BLOCKED_RESULT, FAILED_RESULT, type MODEL_USAGE, MODEL_USAGE_RESTORED_328, ORIGIN, PERMISSION_DENIAL, RESULT, RESULT_USAGE, RESULT_USAGE_ZEROED, SUBAGENT_STATS } from '../../protocol/frames/result.js';
import { CALL_INPUT_TOKENS } from '../../engine/spend.js';
import { INFORMATIONAL, NOTIFICATION, PROMPT_SUBMIT_OUTCOME } from '../../protocol/frames/system.js';
import type { ClaudeSpec } from './spec.js';
import { apiErrorOf, interruptedUser } from './turn.js';
import { costOf, modelUsageOf } from './usage.js';

/**
 * Claude Code's `result` frame (captures; claude-code-cli.md §8, §10). An error or interrupt result
 * reports zero tokens; 2.1.328 adds sub-agent stats, timing fields and the usage since the last result.
 */
export function result(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'result' }>, ctx: EncodeContext): FrameOf<typeof RESULT> {
  const { v328, wire: W } = spec;
  const s = ev.stats;
  const limited = ev.maxTurns !== undefined;
  const zero = zeroed(ev);
  const input = zero ? 0 : s.inputTokens;
  const output = zero ? 0 : s.outputTokens;
  // a budget stop zeroes the usage but names the model's tokens and their cost (measured: opt_max_budget_usd_small)
  const budget = ev.budget;
  const mu = Object.fromEntries(reportedByModel(spec, ev, ctx.model).filter(([, t]) => t.input > 0 || t.output > 0).map(([m, t]) => [m, modelUsageOf(spec, m, t.input, t.output)]));
  // modelUsage and total_cost_usd are the session's running totals per model (measured: ctl_set_model_mid_turn_twice)
  const sums = totals(spec, [...(ctx.pastResults ?? []), { model: ctx.model, result: ev }], spec.v328 ? ctx.restoredSpend : undefined);
  const running = Object.fromEntries([...sums].filter(([, t]) => t.input > 0 || t.output > 0).map(([m, t]) => [m, modelUsageOf(spec, m, t.input, t.output)]));
  // the session's totals come back from the transcript on resume (their key order with them); the since-last counters do not
  // a model only the transcript names (not called by this process) comes back without its canonicalModel, provider and
  // costBasis (measured: ses_resume_api_error_h5)
  const live = totals(spec, [...(ctx.pastResults ?? []), { model: ctx.model, result: ev }], undefined);
  const restoredOnly = (m: string) => !((live.get(m)?.input ?? 0) > 0 || (live.get(m)?.output ?? 0) > 0);
  // only a model the transcript holds usage of comes back in its restored order: a session whose only turn was
  // interrupted before any call restores none (measured: ses_resume_after_interrupt_stream_fx)
  const restored = (m: string) => (ctx.restoredSpend ?? []).some((r) => r.model === m && (r.input > 0 || r.output > 0));
  const total = spec.v328 && ctx.resumed === true ? Object.fromEntries(Object.entries(running).map(([m, u]) => [m, restored(m) ? restoredOrder(restoredOnly(m) ? transcriptOnly(u) : u) : u])) : running;
  if (s.blocked !== undefined && s.blocked !== false) return blockedResult(spec, ev, ctx, total);
  const ttft = Math.max(1, s.apiMs - 5);
  // the scenario's error is the model API's: Claude Code ends such a turn with an is_error success (capture ses_api_error)
  const api = ev.apiError === true && !ev.ok && !ev.interrupted ? { text: ev.errors[0] ?? '', ...apiErrorOf(ev.errors[0] ?? '') } : undefined;
  return build<typeof RESULT | typeof FAILED_RESULT>(ev.ok || api ? RESULT : FAILED_RESULT, W, {
    duration_api_ms: zero ? 0 : s.apiMs,
    stop_reason: ev.ok ? (ev.structured || s.hookStopped === true || s.abortedAtTool === true ? 'tool_use' : 'end_turn') : api ? 'stop_sequence' : limited || s.abortedAtTool === true ? 'tool_use' : budget?.called === true ? (budget.atTool === true ? 'tool_use' : 'end_turn') : null,
    session_id: ctx.sessionId,
    total_cost_usd: [...sums].reduce((sum, [m, t]) => sum + costOf(spec, m, t.input, t.output), 0),
    usage: usage(spec, input, output, zero),
    modelUsage: total,
    // the Agent tool is recorded by its former name (read from its denial record; measured: req_hook_callback_pre_deny_bg_agent_fv)
    permission_denials: s.permissionDenials.map((d) => build(PERMISSION_DENIAL, W, { ...d, tool_name: d.tool_name === 'Agent' ? 'Task' : d.tool_name })),
    terminal_reason: s.hookStopped === true ? 'hook_stopped' : ev.ok ? (s.abortedAtTool === true ? 'aborted_tools' : s.stopHookPrevented === true ? 'stop_hook_prevented' : 'completed') : api ? 'api_error' : limited ? 'max_turns' : budget ? 'budget_exhausted' : s.abortedAtTool === true ? 'aborted_tools' : ev.interrupted ? 'aborted_streaming' : 'turn_setup_failed',
    fast_mode_state: 'off',
    fast_mode_disabled_reason: 'sdk_opt_in_required',
    origin:
      s.origin.kind === 'task-notification'
        ? build(ORIGIN, W, { kind: 'task-notification', producer: v328 ? 'session-task' : undefined, runId: v328 ? s.origin.runId : undefined })
        : v328 && s.origin.synthetic === true
          ? build(ORIGIN, W, { kind: 'unclassified' }) // a turn an isSynthetic line started (measured: in_user_synthetic)
          : undefined,
    subagent_stats: v328 ? subagentStats(ctx.spend?.agents) : undefined,
    safety_stops: v328 ? 0 : undefined,
    is_error: !ev.ok,
    num_turns: s.numTurns,
    subtype: ev.ok || api ? 'success' : limited ? 'error_max_turns' : budget ? 'error_max_budget_usd' : 'error_during_execution',
    api_error_status: api ? (api.status ?? null) : ev.ok ? null : undefined,
    api_error_type: api && v328 ? api.type : undefined,
    result: ev.ok ? ev.text : api?.text,
    structured_output: ev.structured?.value,
    ttft_ms: ev.ok ? ttft : undefined,
    ttft_stream_ms: ev.ok ? ttft - 1 : undefined,
    time_to_request_ms: ev.ok ? Math.max(0, ttft - 20) : undefined,
    first_content_frame_ms: ev.ok && v328 ? ttft : undefined,
    ...clientEcho(spec, ev, Math.max(0, ttft - 20)),
    errors: ev.ok || api ? undefined : ev.errors,
    type: 'result',
    duration_ms: s.endedAt - s.startedAt,
    uuid: ctx.rng.uuid(),
    queued_turn_count: v328 ? 0 : undefined,
    result_index: v328 ? s.resultIndex : undefined,
    // a turn the budget stopped before its model call used nothing since the last result (measured: opt_max_budget_usd_stream)
    model_usage_since_last_result: v328 ? (budget?.called === false ? {} : mu) : undefined,
  });
}

/** Input tokens of a call an interrupt cut: the prompt the fake API counts (test/capture/fake-anthropic.mjs). */
const CUT_INPUT_TOKENS = 100;

/** The result's usage; a zeroed one has its own key order in 2.1.328. */
export function usage(spec: ClaudeSpec, input: number, output: number, zero: boolean): FrameOf<typeof RESULT_USAGE> {
  const v328 = spec.v328;
  return build<typeof RESULT_USAGE | typeof RESULT_USAGE_ZEROED>(zero ? RESULT_USAGE_ZEROED : RESULT_USAGE, spec.wire, {
    input_tokens: input,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: output,
    output_tokens_details: v328 ? { thinking_tokens: 0 } : undefined,
    server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
    service_tier: 'standard',
    cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
    inference_geo: '',
    iterations: [],
    speed: 'standard',
    fallback_credit: v328 ? null : undefined,
  });
}


/**
 * A failed turn's result reports no tokens, except a max-turns stop (captures ses_max_turns) and a turn ended at a
 * refused tool call (the model calls it made; captures req_can_use_tool_deny_interrupt_h2).
 */
const zeroed = (ev: Extract<EngineEvent, { kind: 'result' }>): boolean => !ev.ok && ev.maxTurns === undefined && ev.stats.abortedAtTool !== true;

/** The tokens a result reports for its turn: a budget stop names the model's, other failures none (captures ses_max_turns, opt_max_budget_usd_small). */
function reported(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'result' }>): { input: number; output: number } {
  if (ev.budget) return { input: ev.budget.inputTokens, output: ev.budget.outputTokens };
  const zero = zeroed(ev);
  // 2.1.328 counts a call an interrupt cut mid-reply in modelUsage though not in usage (measured: int_mid)
  if (zero && spec.v328 && ev.stats.cutCall === true) return { input: CUT_INPUT_TOKENS, output: 1 };
  return zero ? { input: 0, output: 0 } : { input: ev.stats.inputTokens, output: ev.stats.outputTokens };
}

/** The session's tokens per model over its results, in the order the models were first used. */
function totals(spec: ClaudeSpec, results: NonNullable<EncodeContext['pastResults']>, restored: EncodeContext['restoredSpend']): Map<string, { input: number; output: number }> {
  const sums = new Map<string, { input: number; output: number }>();
  // 2.1.328 starts a resumed session's totals from its transcript (measured: ses_resume_api_error_h5, ses_resume)
  for (const r of restored ?? []) {
    const t = sums.get(r.model) ?? { input: 0, output: 0 };
    sums.set(r.model, { input: t.input + r.input, output: t.output + r.output });
  }
  for (const { model, result } of results) {
    for (const [m, r] of reportedByModel(spec, result, model)) {
      const t = sums.get(m) ?? { input: 0, output: 0 };
      sums.set(m, { input: t.input + r.input, output: t.output + r.output });
    }
  }
  return sums;
}

/**
 * The tokens a result reports, per model: a turn whose calls ran under two models (set_model while a permission
 * prompt waited) lists each call under its own, in call order (measured: ctl_set_model_pending_permission_h7);
 * a stopped or failed turn's tokens stay under the session's model.
 */
function reportedByModel(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'result' }>, model: string): Array<[string, { input: number; output: number }]> {
  const r = reported(spec, ev);
  const per = ev.stats.byModel;
  if (per === undefined || per.size < 2 || ev.budget !== undefined || zeroed(ev)) return [[model, r]];
  return [...per];
}

/** 2.1.328's key order of a resumed session's per-model usage (MODEL_USAGE_RESTORED_328 first). */
/** A modelUsage entry as the transcript restores it: without the keys a live call adds. */
function transcriptOnly<T extends object>(usage: T): T {
  return Object.fromEntries(Object.entries(usage).filter(([k]) => k !== 'canonicalModel' && k !== 'provider' && k !== 'costBasis')) as T;
}

function restoredOrder<T extends object>(usage: T): T {
  const first: readonly string[] = MODEL_USAGE_RESTORED_328;
  const entries = Object.entries(usage);
  const head = first.flatMap((k) => entries.filter(([key]) => key === k));
  return Object.fromEntries([...head, ...entries.filter(([k]) => !first.includes(k))]) as T;
}

/** 2.1.328's sub-agent counters (all zero: the emulator's sub-agents are not counted). */
function subagentStats(a: AgentCounts | undefined): FrameOf<typeof SUBAGENT_STATS> {
  return build(SUBAGENT_STATS, 'claude-2.1.328', {
    spawned: a?.spawned ?? 0,
    requested: { background: a?.requested.background ?? 0, foreground: a?.requested.foreground ?? 0, unset: a?.requested.unset ?? 0 },
    started_in_background: a?.startedInBackground ?? 0,
    max_depth: a?.maxDepth ?? 0,
    spawned_by_subagents: 0,
    completed: a?.completed ?? 0,
    failed: a?.failed ?? 0,
    killed: { parent: a?.killed.parent ?? 0, user: a?.killed.user ?? 0, system: a?.killed.system ?? 0 },
    refused: { depth_limit: 0, concurrency_limit: 0, budget: 0 },
    by_type: Object.fromEntries(a?.byType ?? []),
  });
}

/**
 * The client uuids of the turn's user lines (engine/commands.ts; measured: in_user_uuid_h2, in_user_uuid_*): 2.1.328
 * echoes them on every result, the last one alone too, and on a successful one when the first model request went out
 * and its tokens; 2.1.220 echoes the last one and the request time on a successful result only.
 */
function clientEcho(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'result' }>, toRequest: number) {
  const uuids = ev.stats.origin.uuids;
  // uuids only of lines taken in while a tool call waited: 2.1.328 names them without the first request's figures, 2.1.220 not at all
  const own = uuids?.some((u) => !(ev.stats.origin.folded ?? []).includes(u)) === true;
  if (!uuids?.length || (!spec.v328 && (!ev.ok || !own))) return {};
  if (!own) return { user_message_uuid: uuids.at(-1), user_message_uuids: [...uuids] };
  const sent = ev.ok ? { request_sent_wall_ms: ev.stats.startedAt + toRequest } : {};
  if (!spec.v328) return { user_message_uuid: uuids.at(-1), ...sent };
  const first = ev.ok ? { first_request_input_tokens: CALL_INPUT_TOKENS, first_request_cache_read_input_tokens: 0 } : {};
  return { user_message_uuid: uuids.at(-1), user_message_uuids: [...uuids], ...sent, ...first };
}

/**
 * The result of a prompt a UserPromptSubmit hook stopped: no model call, num_turns 0, the notice as its text, zero usage,
 * no terminal_reason (measured: req_hook_callback_prompt_block, req_hook_callback_prompt_continue_false).
 */
function blockedResult(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'result' }>, ctx: EncodeContext, total: Record<string, FrameOf<typeof MODEL_USAGE>>): FrameOf<typeof RESULT> {
  const { v328, wire: W } = spec;
  const s = ev.stats;
  return build(s.blocked === 'blank' ? BLANK_RESULT : BLOCKED_RESULT, W, {
    is_error: false,
    duration_api_ms: 0,
    num_turns: 0,
    stop_reason: null,
    session_id: ctx.sessionId,
    total_cost_usd: Object.values(total).reduce((sum, u) => sum + u.costUSD, 0),
    usage: usage(spec, 0, 0, true),
    modelUsage: total,
    permission_denials: [],
    fast_mode_state: 'off',
    fast_mode_disabled_reason: 'sdk_opt_in_required',
    subagent_stats: v328 ? subagentStats(ctx.spend?.agents) : undefined,
    safety_stops: v328 ? 0 : undefined,
    subtype: 'success',
    result: ev.text,
    type: 'result',
    duration_ms: s.endedAt - s.startedAt,
    uuid: ctx.rng.uuid(),
    ...(v328 && s.origin.uuids?.length ? { user_message_uuid: s.origin.uuids.at(-1), user_message_uuids: [...s.origin.uuids] } : {}),
    queued_turn_count: v328 ? 0 : undefined,
    result_index: v328 ? s.resultIndex : undefined,
    model_usage_since_last_result: v328 ? {} : undefined,
  });
}

/** Claude's notice of a prompt a UserPromptSubmit hook stopped (2.1.328 adds what became of the prompt). */
export function promptBlocked(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'prompt_blocked' }>, ctx: EncodeContext): FrameOf<typeof INFORMATIONAL> {
  const outcome = spec.v328
    ? build(PROMPT_SUBMIT_OUTCOME, spec.wire, { kind: ev.how === 'block' ? 'blocked_by_hook' : 'stopped_by_hook', prompt_kept: ev.how === 'stop', reason: ev.reason })
    : undefined;
  return build(INFORMATIONAL, spec.wire, {
    type: 'system',
    subtype: 'informational',
    content: ev.text,
    level: 'warning',
    prevent_continuation: true,
    prompt_submit_outcome: outcome,
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
  });
}

/** 2.1.328's notice of a prompt of whitespace only (measured: in_content_whitespace_h6). */
export function blankPrompt(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'blank_prompt' }>, ctx: EncodeContext): FrameOf<typeof INFORMATIONAL> {
  return build(INFORMATIONAL, spec.wire, { type: 'system', subtype: 'informational', content: ev.text, level: 'warning', uuid: ctx.rng.uuid(), session_id: ctx.sessionId });
}

/** 2.1.328's notice of a hook callback the host answered with an error (measured: req_hook_callback_pre_error_fd, req_hook_callback_prompt_error). */
export function hookFailed(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'hook_failed' }>, ctx: EncodeContext): FrameOf<typeof INFORMATIONAL> {
  const content = `${ev.hookEvent}: Hook callback ${ev.callbackId} failed: the SDK host replied with an error or an invalid answer. Its answer was treated as empty.`;
  return build(INFORMATIONAL, spec.wire, { type: 'system', subtype: 'informational', content, level: 'warning', tag: 'hook_callback_failed', uuid: ctx.rng.uuid(), session_id: ctx.sessionId });
}

/**
 * 2.1.328's notice of a hook answer's systemMessage: each line prefixed with the hook's name (read from its code: the
 * hook_system_message attachment; measured: req_hook_callback_{pre,post,stop}_system_message_fv). 2.1.220 shows none.
 */
export function hookMessage(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'hook_message' }>, ctx: EncodeContext): FrameOf<typeof INFORMATIONAL> {
  const content = ev.text.split('\n').map((line) => `${ev.hookName} says: ${line}`).join('\n');
  return build(INFORMATIONAL, spec.wire, { type: 'system', subtype: 'informational', content, level: 'notice', uuid: ctx.rng.uuid(), session_id: ctx.sessionId });
}

/** A Stop hook's block: its reason as the CLI's own user message, then a notice (measured: req_hook_callback_stop_block). */
export function stopFeedback(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'stop_feedback' }>, ctx: EncodeContext): [ReturnType<typeof interruptedUser>, FrameOf<typeof NOTIFICATION>] {
  const note = () =>
    build(NOTIFICATION, spec.wire, { type: 'system', subtype: 'notification', key: 'stop-hook-error', text: spec.v328 ? 'stop hook reported a problem · ctrl+o to see' : 'Stop hook error occurred · ctrl+o to see', priority: 'immediate', session_id: ctx.sessionId, uuid: ctx.rng.uuid() });
  const user = interruptedUser(spec, ctx, { text: `Stop hook feedback:\n${ev.reason}`, synthetic: true });
  return [user, note()];
}
