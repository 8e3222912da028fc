import type { ModelSpend } from '../../engine/spend-view.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { MODEL_USAGE } from '../../protocol/frames/result.js';
import { profileData } from '../data.js';
import { isPre5Model, isUnrecognizedModel, PRE5_MAX_OUTPUT_TOKENS, type ClaudeSpec } from './spec.js';
import { apiModel } from './turn.js';

/**
 * USD per input / output token of `model`: the list price its entry in the initialize reply's `models` states
 * ("$5/$25 per Mtok"), else the default model's (spec.price). Measured: get_usage costs 100/20 tokens at it.
 */
export function priceOf(spec: ClaudeSpec, model: string): { input: number; output: number } {
  const models = (profileData(spec.name).initializeResponse['models'] ?? []) as Array<{ resolvedModel?: string; description?: string }>;
  const entry = models.find((m) => m.resolvedModel === model);
  const m = /\$([\d.]+)\/\$([\d.]+) per Mtok/.exec(entry?.description ?? '');
  return m ? { input: Number(m[1]) / 1e6, output: Number(m[2]) / 1e6 } : spec.price;
}

/** What `input` / `output` tokens of `model` cost. */
export function costOf(spec: ClaudeSpec, model: string, input: number, output: number): number {
  const p = priceOf(spec, model);
  return input * p.input + output * p.output;
}

/** One model's usage entry (result modelUsage, get_usage model_usage), at that model's price. */
export function modelUsageOf(spec: ClaudeSpec, model: string, input: number, output: number): FrameOf<typeof MODEL_USAGE> {
  const v328 = spec.v328;
  return build(MODEL_USAGE, spec.wire, {
      inputTokens: input,
      outputTokens: output,
      cacheReadInputTokens: 0,
      cacheCreationInputTokens: 0,
      webSearchRequests: 0,
      costUSD: costOf(spec, model, input, output),
      contextWindow: 1000000,
      maxOutputTokens: spec.maxOutputTokensOf?.[model] ?? (isPre5Model(model) || isUnrecognizedModel(model) ? PRE5_MAX_OUTPUT_TOKENS : spec.maxOutputTokens),
      thinkingTokens: v328 ? 0 : undefined,
      cacheCreationEphemeral5mInputTokens: v328 ? 0 : undefined,
      cacheCreationEphemeral1hInputTokens: v328 ? 0 : undefined,
      canonicalModel: apiModel(model).replace(/-\d{8}$/, ''), // a dated id's canonical name drops the date (measured)
      provider: 'firstParty',
      costBasis: v328 ? (isUnrecognizedModel(model) ? 'unknown' : 'list') : undefined,
  });
}

/** The session's per-model spend with its cost (the model calls counted so far). */
function spent(spec: ClaudeSpec, ctx: EncodeContext): Array<ModelSpend & { model: string; cost: number }> {
  const byModel = ctx.spend?.byModel ?? new Map<string, ModelSpend>();
  return [...byModel].map(([model, s]) => ({ model, ...s, cost: costOf(spec, model, s.inputTokens, s.outputTokens) }));
}

/** get_usage (measured on both versions, captures ctl_get_usage_*): the session's totals; no account, so no rate limits. */
export function usageReply(spec: ClaudeSpec, ctx: EncodeContext): Record<string, unknown> {
  const rows = spent(spec, ctx);
  return {
    session: {
      total_cost_usd: rows.reduce((n, r) => n + r.cost, 0),
      total_api_duration_ms: rows.reduce((n, r) => n + r.apiMs, 0),
      total_duration_ms: ctx.now - (ctx.spend?.startedAt ?? ctx.now),
      total_lines_added: 0,
      total_lines_removed: 0,
      model_usage: Object.fromEntries(rows.map((r) => [r.model, modelUsageOf(spec, r.model, r.inputTokens, r.outputTokens)])),
    },
    subscription_type: null,
    rate_limits_available: false,
    rate_limits: null,
    behaviors: null,
  };
}

/** Whole seconds, or minutes and seconds from a minute on (the /cost text's durations). */
function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`;
}

/**
 * get_session_cost: the /cost text (measured on both versions, captures ctl_get_session_cost_*). Labels are
 * padded to 23 columns, model names right-aligned to 21; 2.1.328 says "Estimated cost" and adds a prompt cache line.
 */
export function sessionCostText(spec: ClaudeSpec, ctx: EncodeContext): string {
  const rows = spent(spec, ctx);
  const usd = (n: number) => `$${n.toFixed(4)}`;
  const label = (s: string) => s.padEnd(23);
  const apiMs = rows.reduce((n, r) => n + r.apiMs, 0);
  const lines = [
    label(spec.v328 ? 'Estimated cost:' : 'Total cost:') + usd(rows.reduce((n, r) => n + r.cost, 0)),
    label('Total duration (API):') + duration(apiMs),
    label('Total duration (wall):') + duration(ctx.now - (ctx.spend?.startedAt ?? ctx.now)),
    label('Total code changes:') + '0 lines added, 0 lines removed',
  ];
  const tokens = (i: number, o: number) => `${i} input, ${o} output, 0 cache read, 0 cache write`;
  if (rows.length === 0) return [...lines, label('Usage:') + tokens(0, 0)].join('\n');
  lines.push('Usage by model:', ...rows.map((r) => `${`${apiModel(r.model)}:`.padStart(21)}  ${tokens(r.inputTokens, r.outputTokens)} (${usd(r.cost)})`));
  if (spec.v328) {
    const n = rows.reduce((k, r) => k + r.requests, 0);
    lines.push(`${label('Prompt cache (main):')}${n} request${n === 1 ? '' : 's'} · 0% of input tokens from cache · no misses · no prompt caching reported by the API`);
  }
  return lines.join('\n');
}
