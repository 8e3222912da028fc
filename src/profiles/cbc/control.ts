import type { ControlPayload } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { withApplied } from '../shared/control.js';
import { clone, profileData } from '../data.js';

/** The payload of a successful control reply (or undefined for a reply without payload). */
export function cbcControlPayload(p: ControlPayload, ctx: EncodeContext, strict: boolean): Record<string, unknown> | undefined {
  const data = profileData('cbc');
  switch (p.kind) {
    case 'initialize': {
      const r = clone(data.initializeResponse);
      r['account'] = account(ctx.env) ?? r['account'];
      r['currentModelId'] = ctx.model;
      // cbc 2.117.0 confirms none of what initialize carried (captures init_fields, req_hook_callback: no hooks_applied)
      return strict ? r : withApplied(r, p.request);
    }
    case 'interrupt':
      // seed 000 §4.3.1: the ACK has no payload; cbc 2.117.0 really answers with {session_id, interrupted, reason}
      return strict ? { session_id: p.sessionId, interrupted: true, reason: p.requested ?? 'SDK request' } : undefined;
    // cbc 2.117.0 (measured) has no plan_file_path / previous_model, which the seeds' replies show
    case 'set_permission_mode':
      return { session_id: p.sessionId, mode: p.mode, previous_mode: p.previous, plan_file_path: strict ? undefined : null };
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
