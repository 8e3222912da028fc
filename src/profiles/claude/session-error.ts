import type { EngineEvent } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { SESSION_ERROR_RESULT } from '../../protocol/frames/result.js';
import { usage } from './result.js';
import type { ClaudeSpec } from './spec.js';

/**
 * Claude Code's answer to a session that cannot start (an unknown --resume id): one zeroed
 * error_during_execution result with the refusal in `errors` (captures ses_resume_unknown, ses_resume_invalid).
 */
export function sessionError(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'session_error' }>, ctx: EncodeContext): FrameOf<typeof SESSION_ERROR_RESULT> {
  return build(SESSION_ERROR_RESULT, spec.wire, {
    type: 'result',
    subtype: 'error_during_execution',
    duration_ms: 0,
    duration_api_ms: 0,
    is_error: true,
    num_turns: 0,
    stop_reason: null,
    session_id: ctx.sessionId,
    total_cost_usd: 0,
    usage: usage(spec, 0, 0, true),
    modelUsage: {},
    permission_denials: [],
    uuid: ctx.rng.uuid(),
    errors: [ev.message],
    result_index: spec.v328 ? 0 : undefined,
  });
}
