import type { EngineEvent } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { HOOK_RESPONSE, HOOK_STARTED } from '../../protocol/frames/system.js';
import type { ClaudeSpec } from './spec.js';

/**
 * A settings command hook's lifecycle frames (measured on both versions: opt_include_hook_events_settings_hook_ft,
 * opt_settings_hook_*_fc): hook_started before the command runs, hook_response after it with `output` (its stdout, then
 * its stderr), both streams, the exit code and "success" (exit 0) or "error".
 */
export function hookLifecycle(spec: ClaudeSpec, ev: Extract<EngineEvent, { kind: 'hook_lifecycle' }>, ctx: EncodeContext): FrameOf<typeof HOOK_STARTED> | FrameOf<typeof HOOK_RESPONSE> {
  const W = spec.wire;
  const head = { type: 'system', hook_id: ev.hookId, hook_name: ev.hookName, hook_event: ev.hookEvent } as const;
  if (ev.phase === 'started') return build(HOOK_STARTED, W, { ...head, subtype: 'hook_started', uuid: ctx.rng.uuid(), session_id: ctx.sessionId });
  const stdout = ev.stdout ?? '';
  const stderr = ev.stderr ?? '';
  return build(HOOK_RESPONSE, W, {
    ...head,
    subtype: 'hook_response',
    output: stdout + stderr,
    stdout,
    stderr,
    exit_code: ev.exitCode ?? 0,
    outcome: ev.outcome ?? 'success',
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
  });
}
