import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { SESSION_TITLE_CHANGED, UI_INVALIDATE } from '../../protocol/frames/system.js';
import { flagText } from './flags.js';
import type { ClaudeSpec } from './spec.js';

/** 2.1.328's frames before anything else: the --name title, the --safe-mode UI notice (measured: opt_name_*, opt_safe_mode*). */
export function sessionNotices(spec: ClaudeSpec, ctx: EncodeContext): Array<FrameOf<typeof SESSION_TITLE_CHANGED> | FrameOf<typeof UI_INVALIDATE>> {
  if (!spec.v328) return [];
  const title = flagText(ctx.cliFlags, 'name');
  const out: Array<FrameOf<typeof SESSION_TITLE_CHANGED> | FrameOf<typeof UI_INVALIDATE>> = [];
  if (title !== undefined && title !== '') out.push(build(SESSION_TITLE_CHANGED, spec.wire, { type: 'system', subtype: 'session_title_changed', title, uuid: ctx.rng.uuid(), session_id: ctx.sessionId }));
  // the notice comes with --safe-mode, and with CLAUDE_CODE_SIMPLE set in the environment, not with --bare, which sets it
  // later (captures opt_safe_mode*, env_simple_stream_ff, env_simple_p_ff; opt_bare has none)
  const simpleEnv = ['1', 'true', 'yes', 'on'].includes((ctx.env['CLAUDE_CODE_SIMPLE'] ?? '').trim().toLowerCase());
  if (ctx.cliFlags?.has('safe-mode') === true || simpleEnv) out.push(build(UI_INVALIDATE, spec.wire, { type: 'system', subtype: 'ui_invalidate', event: 'ui.render', uuid: ctx.rng.uuid(), session_id: ctx.sessionId }));
  return out;
}
