import { join } from 'node:path';
import type { ControlPayload } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { withApplied } from '../shared/control.js';
import { clone, profileData } from '../data.js';
import type { ClaudeSpec } from './spec.js';

/** The payload of a successful control reply (claude-code-cli.md §3, §8). */
export function claudeControlPayload(spec: ClaudeSpec, p: ControlPayload, ctx: EncodeContext): Record<string, unknown> {
  switch (p.kind) {
    case 'initialize':
      return initializeReply(spec, p.request, ctx);
    case 'interrupt':
      return { still_queued: [] }; // claude-code-cli.md §8
    case 'mcp_status':
      return { mcpServers: [] };
    case 'set_permission_mode':
    case 'set_model':
    case 'set_max_thinking_tokens':
    case 'stop_task':
    case 'get_available_modes':
    case 'get_available_models':
      return {};
  }
}

/** The captured initialize reply with this session's facts. */
function initializeReply(spec: ClaudeSpec, request: Record<string, unknown>, ctx: EncodeContext): Record<string, unknown> {
  const r = clone(profileData(spec.name).initializeResponse);
  r['pid'] = ctx.pid;
  if (spec.v328) {
    r['current_permission_mode'] = ctx.permissionMode;
    r['user_output_styles_dir'] = join(ctx.userHome, '.claude', 'output-styles');
  }
  const out = withApplied(r, request);
  // measured (capture init_fields, issue #5): hooks_applied sits right before hook_on_failure_supported
  if (!('hooks_applied' in out && 'hook_on_failure_supported' in out)) return out;
  return Object.fromEntries(
    Object.entries(out).flatMap(([k, x]): Array<[string, unknown]> =>
      k === 'hooks_applied' ? [] : k === 'hook_on_failure_supported' ? [['hooks_applied', true], [k, x]] : [[k, x]],
    ),
  );
}
