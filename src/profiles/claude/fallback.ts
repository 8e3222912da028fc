import type { EngineEvent } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { MODEL_FALLBACK } from '../../protocol/frames/system.js';
import { apiRequestId } from '../shared/ids.js';
import { isPre5Model, type ClaudeSpec } from './spec.js';
import { apiErrorOf } from './turn.js';

/*
 * --fallback-model (issue #16): when a model call fails, Claude Code's retry loop may switch to the fallback model and
 * say so in a system/model_fallback frame before it calls again. The rules below are read from its retry loop
 * (FallbackTriggeredError in 2.1.220 and 2.1.328); capture opt_fallback_model_api_error_h6 measured the 400 case.
 */

/** Statuses whose errors never switch models: authentication, proxy, rate limits, not found, forbidden, too large. */
const NO_FALLBACK = new Set([401, 407, 429, 404, 403, 413]);
/** Statuses the retry loop retries on the same model (then gives up without switching). */
const RETRIED = new Set([408, 409]);

/**
 * Why a failed call switches to the fallback model, or undefined when it does not: a 529 (overloaded, after its
 * retries), a 404/403 naming the model (model_not_found / permission_denied), any other 5xx at once (server_error),
 * and a non-retryable error with a status the lists above leave (last_resort). The fallback must differ from the model
 * (except for overload). An error without an HTTP status (a connection failure) never switches.
 */
export function fallbackTrigger(error: string, original: string, fallback: string): string | undefined {
  const api = apiErrorOf(error);
  if (api === undefined) return undefined;
  const { status } = api;
  if (status === 529) return 'overloaded';
  if (original === fallback) return undefined;
  const message = error.replace(/^API Error: \d{3}\s*/, '');
  if (status === 404 && message.includes('model:')) return 'model_not_found';
  if (status === 403 && message.includes('model:')) return 'permission_denied';
  if (status >= 500 && status < 600) return 'server_error';
  return NO_FALLBACK.has(status) || RETRIED.has(status) ? undefined : 'last_resort';
}

/**
 * A model's display name as the CLI words it (`claude-haiku-4-5-20251001` → `Haiku 4.5`); another name as given. A
 * `[1m]` model is named "(1M context)" where its catalogue entry allows the suffix: Opus, not Sonnet (2.1.220:
 * opt_fallback_model_default_api_error_fa, opt_fallback_model_1m_api_error_fa).
 */
export function modelLabel(model: string): string {
  const m = /^claude-([a-z]+)-(\d+(?:-\d{1,2})?)(?:-\d{8})?(\[1m\])?$/.exec(model);
  if (!m) return model;
  const family = m[1] ?? '';
  return `${family.charAt(0).toUpperCase()}${family.slice(1)} ${(m[2] ?? '').replace(/-/g, '.')}${m[3] && family === 'opus' ? ' (1M context)' : ''}`;
}

/** The API error's message as the Anthropic SDK words it: `<status> <the error body's JSON>`. */
function apiErrorMessage(error: string, ctx: EncodeContext): string {
  const api = apiErrorOf(error);
  if (api === undefined) return error;
  const message = error.replace(/^API Error: \d{3}\s*/, '');
  const body = { type: 'error', error: { type: api.type ?? 'api_error', message }, request_id: apiRequestId(ctx.rng) };
  return `${api.status} ${JSON.stringify(body)}`;
}

/**
 * A model's context window as the CLI counts it (the modelUsage contextWindow of the captures): on 2.1.220 1M for a
 * `[1m]` model, else 200K; on 2.1.328 200K for a model before the 5 family, else 1M.
 */
function contextWindow(spec: ClaudeSpec, model: string): number {
  return spec.v328 ? (isPre5Model(model) ? 200_000 : 1_000_000) : model.endsWith('[1m]') ? 1_000_000 : 200_000;
}

/** A token count as the CLI words it: 1M, 200K. */
const tokens = (n: number): string => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}K` : String(n));

/**
 * 2.1.328 tells a switch to a smaller window: ` · context window 1M → 200K tokens` (capture
 * opt_fallback_model_full_id_api_error_fa; read from its fallback notice).
 */
function windowSuffix(spec: ClaudeSpec, from: string, to: string): string {
  if (!spec.v328) return '';
  const [a, b] = [contextWindow(spec, from), contextWindow(spec, to)];
  return b >= a ? '' : ` \u00b7 context window ${tokens(a)} \u2192 ${tokens(b)} tokens`;
}

/** The notice's text per trigger (the CLI's own wording; an error text longer than 300 characters is cut with `…`). */
function fallbackText(ev: Extract<EngineEvent, { kind: 'model_fallback' }>, ctx: EncodeContext): string {
  // the models as the session names them, a 1M-context one with its `[1m]` (opt_fallback_model_default_api_error_fa)
  const to = modelLabel(ev.fallback);
  const from = modelLabel(ev.original);
  const full = apiErrorMessage(ev.error, ctx);
  const cut = full.length > 300 ? `${full.slice(0, 300)}\u2026` : full;
  const detail = cut === '' ? '' : ` (${cut})`;
  switch (ev.trigger) {
    case 'overloaded':
    case 'server_error':
      return `Switched to ${to} due to high demand for ${from}`;
    case 'last_resort':
      return `Switched to ${to} because ${from} returned an error that could not be retried${detail}`;
    default:
      // model_not_found, permission_denied, model_blocked (2.1.328 adds the error only to a model_not_found that is no
      // 404 naming the model, which fallbackTrigger never calls model_not_found)
      return `Switched to ${to} because ${from} is not available`;
  }
}

/** The system/model_fallback frame (measured: opt_fallback_model_api_error_h6 on 2.1.220 and 2.1.328). */
export function modelFallback(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'model_fallback' }>, ctx: EncodeContext): FrameOf<typeof MODEL_FALLBACK> {
  return build(MODEL_FALLBACK, spec.wire, {
    type: 'system',
    subtype: 'model_fallback',
    uuid: ctx.rng.uuid(),
    trigger: ev.trigger,
    original_model: ev.original,
    fallback_model: ev.fallback,
    content: fallbackText(ev, ctx) + windowSuffix(spec, ev.original, ev.fallback),
    session_id: ctx.sessionId,
  });
}
