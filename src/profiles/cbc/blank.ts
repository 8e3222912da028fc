import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { SYSTEM_INIT } from '../../protocol/frames/system.js';
import { iso } from '../../protocol/shape.js';
import { profileData } from '../data.js';

/**
 * The second system/init of cbc 2.117.0's blank turn (stdin JSON it cannot read as a frame): the session
 * with nothing loaded, no tools, model "unknown", no _requestId (captures in_json_array, in_unknown_type).
 */
export function blankInit(_ev: unknown, ctx: EncodeContext): FrameOf<typeof SYSTEM_INIT> {
  const tpl = profileData('cbc').systemInit;
  return build(SYSTEM_INIT, 'cbc', {
    type: 'system',
    subtype: 'init',
    uuid: ctx.sessionId,
    session_id: ctx.sessionId,
    apiKeySource: tpl.apiKeySource,
    cwd: ctx.cwd,
    tools: [],
    mcp_servers: [],
    model: 'unknown',
    permissionMode: 'default',
    slash_commands: [],
    output_style: tpl.output_style,
    __timestamp: iso(ctx.now),
  });
}
