import type { EngineEvent } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { type MODEL_USAGE, MODEL_USAGE_RESTORED_328, ORIGIN, PERMISSION_DENIAL, RESULT, RESULT_USAGE, RESULT_USAGE_ZEROED, SUBAGENT_STATS } from '../../protocol/frames/result.js';
import type { ClaudeSpec } from './spec.js';
import { apiErrorOf } from './turn.js';
import { costOf, modelUsageOf } from './usage.js';

/**
 * Claude Code's `result` frame (captures; claude-code-cli.md §8, §10). An error or interrupt result
 * reports zero tokens; 2.1.328 adds sub-agent stats, timing fields and the usage since the last result.
 */
export function result(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'result' }>, ctx: EncodeContext): FrameOf<typeof RESULT> {
  const { v328, wire: W } = spec;
  const s = ev.stats;
  // a max-turns stop reports the turn's tokens; other errors and interrupts report none (captures ses_max_turns)
  const limited = ev.maxTurns !== undefined;
  // a turn ended at a refused tool call reports the model calls it made (captures req_can_use_tool_deny_interrupt_h2)
  const zero = !ev.ok && !limited && s.abortedAtTool !== true;
  const input = zero ? 0 : s.inputTokens;
  const output = zero ? 0 : s.outputTokens;
  // a budget stop zeroes the usage but names the model's tokens and their cost (measured: opt_max_budget_usd_small)
  const budget = ev.budget;
  // 2.1.328 counts a call an interrupt cut mid-reply in modelUsage though not in usage (measured: int_mid)
  const cut = zero && v328 && s.cutCall === true;
  const mu = budget ? modelUsage(spec, ctx.model, budget.inputTokens, budget.outputTokens) : cut ? modelUsage(spec, ctx.model, CUT_INPUT_TOKENS, 1) : modelUsage(spec, ctx.model, input, output);
  // the session's totals come back from the transcript on resume (their key order with them); the since-last counters do not
  const total = spec.v328 && ctx.resumed === true ? Object.fromEntries(Object.entries(mu).map(([m, u]) => [m, restoredOrder(u)])) : mu;
  const ttft = Math.max(1, s.apiMs - 5);
  // the scenario's error is the model API's: Claude Code ends such a turn with an is_error success (capture ses_api_error)
  const api = ev.apiError === true && !ev.ok && !ev.interrupted ? { text: ev.errors[0] ?? '', ...apiErrorOf(ev.errors[0] ?? '') } : undefined;
  return build(RESULT, W, {
    duration_api_ms: zero ? 0 : s.apiMs,
    stop_reason: ev.ok ? (ev.structured ? 'tool_use' : 'end_turn') : api ? 'stop_sequence' : limited || s.abortedAtTool === true ? 'tool_use' : budget?.called === true ? 'end_turn' : null,
    session_id: ctx.sessionId,
    total_cost_usd: budget ? costOf(spec, ctx.model, budget.inputTokens, budget.outputTokens) : costOf(spec, ctx.model, input, output),
    usage: usage(spec, input, output, zero),
    modelUsage: total,
    permission_denials: s.permissionDenials.map((d) => build(PERMISSION_DENIAL, W, { ...d })),
    terminal_reason: ev.ok ? 'completed' : api ? 'api_error' : limited ? 'max_turns' : budget ? 'budget_exhausted' : s.abortedAtTool === true ? 'aborted_tools' : ev.interrupted ? 'aborted_streaming' : 'turn_setup_failed',
    fast_mode_state: 'off',
    fast_mode_disabled_reason: 'sdk_opt_in_required',
    origin:
      s.origin.kind === 'task-notification'
        ? build(ORIGIN, W, { kind: 'task-notification', producer: v328 ? 'session-task' : undefined, runId: v328 ? s.origin.runId : undefined })
        : undefined,
    subagent_stats: v328 ? subagentStats() : undefined,
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


/** Per-model usage: empty when the turn used no tokens. */
function modelUsage(spec: ClaudeSpec, model: string, input: number, output: number): Record<string, FrameOf<typeof MODEL_USAGE>> {
  if (input === 0 && output === 0) return {};
  return { [model]: modelUsageOf(spec, model, input, output) };
}

/** 2.1.328's key order of a resumed session's per-model usage (MODEL_USAGE_RESTORED_328 first). */
function restoredOrder<T extends object>(usage: T): T {
  const first: readonly string[] = MODEL_USAGE_RESTORED_328;
  const entries = Object.entries(usage);
  const head = first.flatMap((k) => entries.filter(([key]) => key === k));
  return Object.fromEntries([...head, ...entries.filter(([k]) => !first.includes(k))]) as T;
}

/** 2.1.328's sub-agent counters (all zero: the emulator's sub-agents are not counted). */
function subagentStats(): FrameOf<typeof SUBAGENT_STATS> {
  return build(SUBAGENT_STATS, 'claude-2.1.328', {
    spawned: 0,
    requested: { background: 0, foreground: 0, unset: 0 },
    started_in_background: 0,
    max_depth: 0,
    spawned_by_subagents: 0,
    completed: 0,
    failed: 0,
    killed: { parent: 0, user: 0, system: 0 },
    refused: { depth_limit: 0, concurrency_limit: 0, budget: 0 },
    by_type: {},
  });
}
