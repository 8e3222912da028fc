import type { ControlPayload } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { withApplied } from '../shared/control.js';
import { clone, profileData } from '../data.js';
import { withMediaCommandEntries } from './media-commands.js';
import { planFilePath } from './plan-file.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { CONTROL_REQUEST } from '../../protocol/frames/control.js';

/** The environment variable naming cbc 2.117.0's model (measured: env_model_cbc_other / _unknown / _flag; ANTHROPIC_MODEL is not read). */
export const CBC_MODEL_ENV = 'CODEBUDDY_MODEL';

/** The payload of a successful control reply (or undefined for a reply without payload). */
export function cbcControlPayload(p: ControlPayload, ctx: EncodeContext, strict: boolean): Record<string, unknown> | undefined {
  const data = profileData('cbc');
  switch (p.kind) {
    case 'initialize': {
      const r = clone(data.initializeResponse);
      r['account'] = account(ctx.env) ?? r['account'];
      if (Array.isArray(r['commands'])) r['commands'] = withMediaCommandEntries(r['commands'] as Array<{ name: string }>, ctx.env);
      // the settings' model, which CODEBUDDY_MODEL sets, even where --model picks the session's (captures
      // env_model_with_flag_stream_h4: init and the replies name --model's, initialize the variable's)
      r['currentModelId'] = ctx.env[CBC_MODEL_ENV] || ctx.model;
      // cbc 2.117.0 confirms none of what initialize carried (captures init_fields, req_hook_callback: no hooks_applied)
      return strict ? r : withApplied(r, p.request);
    }
    case 'interrupt':
      // seed 000 §4.3.1: the ACK has no payload; cbc 2.117.0 really answers with {session_id, interrupted, reason}
      return strict ? { session_id: p.sessionId, interrupted: true, reason: p.requested ?? 'SDK request' } : undefined;
    // cbc 2.117.0 (measured) names a plan file only when a running session switches to plan (plan-file.ts); the seeds' replies show null
    case 'set_permission_mode':
      return { session_id: p.sessionId, mode: p.mode, previous_mode: p.previous, plan_file_path: strict ? planPath(p, ctx) : null };
    // cbc 2.117.0 (measured: ctl_set_model_twice, ctl_set_model_after_flag): previous_model is the model last named
    // (--model, an earlier set_model), absent while none was
    case 'set_model':
      return { session_id: p.sessionId, model: p.model, previous_model: strict ? p.previousChosen : p.previous };
    case 'get_available_modes':
      return clone(data.availableModes ?? {});
    case 'get_available_models': {
      // the agent's model list without url/apiKey (the bundle's handler); measured whole (ctl_get_available_models_idle)
      const models = data.models ?? (data.initializeResponse['models'] as Array<Record<string, unknown>> | undefined) ?? [];
      const listed = models.map((m) => ({ modelId: m['id'], name: m['name'] ?? m['id'], description: m['description'] }));
      return { availableModels: listed, rawModels: clone(models) };
    }
    case 'mcp_status':
      return { mcpServers: [] };
    case 'set_max_thinking_tokens':
    case 'stop_task':
    case 'canned': // encoded by cannedReply
      return undefined;
  }
}

/**
 * The account an API key signs in (measured on cbc 2.117.0 with CODEBUDDY_API_KEY set: an anonymous
 * personal account named after the key, which it echoes as the token); none without a key.
 */
function account(env: EncodeContext['env']): Record<string, string> | undefined {
  const key = env['CODEBUDDY_API_KEY'];
  if (!key) return undefined;
  const name = `anonymous_${key}`;
  return { uid: name, nickname: name, type: 'personal', userId: name, userName: name, userNickname: name, token: key };
}

/** The settings cbc 2.117.0's set_config handler takes (its bundle's list); any other key is reported in `errors`. */
const CONFIG_KEYS = new Set([
  'model', 'theme', 'autoCompactEnabled', 'alwaysThinkingEnabled', 'includeCoAuthoredBy', 'showTokensCounter', 'language', 'cleanupPeriodDays',
  'ignoreGitIgnore', 'autoUpdates', 'enablePasteImageFromClipboard', 'enableTerminalProgressBar', 'fileCheckpointingEnabled',
  'promptSuggestionEnabled', 'deferToolLoading', 'imageHistoryRetainRounds', 'reasoningEffort', 'hookOutputCollapsed', 'outputStyle',
]);

/** A string setting as cbc 2.117.0 stores it: "true" / "false" as booleans, a number's text as the number, other text as given. */
function configValue(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  return v.trim() === '' || Number.isNaN(Number(v)) ? v : Number(v);
}

/**
 * cbc 2.117.0's set_config reply (its bundle; captures ctl_set_config, ctl_set_config_sid_cbc): the request's session_id
 * ("" when none), the settings it stored, and `errors` naming the keys it does not take; `{error}` when it fails.
 */
export function setConfigReply(request: Readonly<Record<string, unknown>>): Record<string, unknown> | { error: string } {
  const sessionId = request['session_id'];
  const config = request['config'];
  // its handler reads Object.keys(config): no config fails with V8's TypeError text (capture ctl_set_config_mid_turn_fe),
  // a string's characters are keys of no setting
  if (config === undefined || config === null) return { error: 'Cannot convert undefined or null to object' };
  const updated: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [k, v] of Object.entries(Object(config) as Record<string, unknown>)) {
    if (CONFIG_KEYS.has(k)) updated[k] = configValue(v);
    else errors[k] = `"${k}" is not a configurable key`;
  }
  return { session_id: sessionId !== undefined && sessionId !== null && sessionId !== '' && sessionId !== false && sessionId !== 0 ? sessionId : '', updated, ...(Object.keys(errors).length > 0 ? { errors } : {}) };
}

/**
 * cbc 2.117.0's subscribe / unsubscribe to a channel other than `commands` (its SubscribeHandler: any other channel,
 * `elicitation` included, is unknown there; capture ctl_subscribe_elicitation_cbc): not subscribed, the channel as
 * given (absent when the request has none). Undefined for the `commands` channel (the canned reply answers it).
 */
export function otherChannelReply(subtype: string, request: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  if ((subtype !== 'subscribe' && subtype !== 'unsubscribe') || request['channel'] === 'commands') return undefined;
  return { [subtype === 'subscribe' ? 'subscribed' : 'unsubscribed']: false, channel: request['channel'] };
}

const authCallbacks = new WeakMap<object, number>();

/**
 * cbc 2.117.0's authenticate (its AuthenticateHandler): the login it starts cannot finish here (no browser, no account),
 * so before its reply it sends the SDK an auth_result_callback request naming the failure, its id
 * `auth_result_<ms>_<n>` counted per process (capture ctl_authenticate_bad_method_fe; the session's rng keys the count).
 */
export function authResultCallback(ctx: EncodeContext, failure: Record<string, unknown> | undefined): FrameOf<typeof CONTROL_REQUEST> {
  const n = (authCallbacks.get(ctx.rng) ?? 0) + 1;
  authCallbacks.set(ctx.rng, n);
  return build(CONTROL_REQUEST, 'cbc', { type: 'control_request', request_id: `auth_result_${ctx.now}_${n}`, request: { subtype: 'auth_result_callback', success: false, error: failure } });
}

/** A set_permission_mode reply's plan file: plan mode set on a running session (one named ahead of its start has no previous mode and none). */
function planPath(p: Extract<ControlPayload, { kind: 'set_permission_mode' }>, ctx: EncodeContext): string | undefined {
  return p.mode === 'plan' && p.previous !== undefined ? planFilePath(ctx.userHome, p.sessionId) : undefined;
}
