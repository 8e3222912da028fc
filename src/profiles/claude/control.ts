import { join } from 'node:path';
import type { ControlPayload } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { USER_MESSAGE, USER_REPLAY } from '../../protocol/frames/message.js';
import { SESSION_TITLE_CHANGED, SYSTEM_STATUS } from '../../protocol/frames/system.js';
import { iso } from '../../protocol/shape.js';
import { withApplied } from '../shared/control.js';
import { clone, profileData } from '../data.js';
import { customAgents, type CustomAgent } from './flags.js';
import { isPre5Model, type ClaudeSpec } from './spec.js';
import { withSessionModel } from './models.js';
import { statusMcpServers } from './mcp-servers.js';
import { withoutWorkflowSkills, workflowsOff } from './workflows-off.js';
import { agentNames } from './turn.js';

type User = FrameOf<typeof USER_REPLAY>;
type Status = FrameOf<typeof SYSTEM_STATUS>;
type Title = FrameOf<typeof SESSION_TITLE_CHANGED>;

/** The payload of a successful control reply (claude-code-cli.md §3, §8). */
export function claudeControlPayload(spec: ClaudeSpec, p: ControlPayload, ctx: EncodeContext): Record<string, unknown> | undefined {
  switch (p.kind) {
    case 'initialize':
      return initializeReply(spec, p.request, ctx, p.state);
    case 'interrupt':
      // claude-code-cli.md §8; cancel_queued (the SDK's Stop) adds the uuids of the prompts it dropped (measured: ctl_interrupt_cancel_queued_h3)
      return p.cancelQueued ? { still_queued: [], cancelled: [...(p.cancelled ?? [])] } : { still_queued: [] };
    case 'mcp_status':
      return { mcpServers: statusMcpServers(spec, ctx.mcpServers) };
    // measured on 2.1.220 / 2.1.328 (surface captures ctl_set_*)
    case 'set_permission_mode':
      return { mode: p.mode };
    case 'set_model':
      return spec.v328 ? { model: p.model } : undefined;
    case 'set_max_thinking_tokens':
    case 'canned': // encoded by cannedReply
      return undefined;
    case 'stop_task':
    case 'get_available_modes':
    case 'get_available_models':
      return {};
  }
}

/**
 * The frames around a control reply (measured): set_model that changes the model writes its
 * `<local-command-stdout>` user frame first (2.1.328: once the session has a prompt); set_permission_mode that changes the mode is followed by a system/status naming it.
 */
export function controlSideFrames(spec: ClaudeSpec, p: ControlPayload, ctx: EncodeContext): { before?: User | Title; after?: Status } {
  // 2.1.328 announces an initialize's title (trimmed) before the reply, as rename_session does; 2.1.220 writes nothing
  // (capture ctl_initialize_title_h6; print.ts takes it before the re-initialize check, so a repeated one too)
  const title = p.kind === 'initialize' && typeof p.request['title'] === 'string' ? p.request['title'].trim() : '';
  if (spec.v328 && title !== '') return { before: build(SESSION_TITLE_CHANGED, spec.wire, { type: 'system', subtype: 'session_title_changed', title, uuid: ctx.rng.uuid(), session_id: ctx.sessionId }) };
  // 2.1.328 writes none before the first prompt of a fresh session (measured: ctl_set_model_then_turn_h2; 2.1.220 does)
  const fresh = (ctx.spend?.prompts.length ?? 0) === 0 && ctx.resumed !== true;
  if (p.kind === 'set_model' && p.model !== p.previous && !(spec.v328 && fresh)) {
    const named = p.model === p.requested ? p.requested : `${p.requested} (${p.model})`;
    const said = spec.v328 ? `\`${named}\`` : named;
    return { before: localCommandOutput(spec, ctx, `Set model to ${said}`) };
  }
  // no status frame when the mode stays what it was (measured: ctl_set_permission_mode_default_h2)
  if (p.kind === 'set_permission_mode' && p.mode !== p.previous) return { after: modeStatus(spec, p.mode, ctx) };
  return {};
}

/** The system/status that names a new permission mode (set_permission_mode, or a can_use_tool answer's setMode: req_can_use_tool_set_mode). */
export function modeStatus(spec: ClaudeSpec, mode: string, ctx: EncodeContext): Status {
  return build(SYSTEM_STATUS, spec.wire, { type: 'system', subtype: 'status', status: null, permissionMode: mode, uuid: ctx.rng.uuid(), session_id: ctx.sessionId });
}

/** The `<local-command-stdout>` user frame a slash-command-like control request writes (set_model, apply_flag_settings). */
export function localCommandOutput(spec: ClaudeSpec, ctx: EncodeContext, text: string): User {
  return build(USER_REPLAY, spec.wire, {
    type: 'user',
    message: build(USER_MESSAGE, spec.wire, { role: 'user', content: `<local-command-stdout>${text}</local-command-stdout>` }),
    session_id: ctx.sessionId,
    parent_tool_use_id: null,
    uuid: ctx.rng.uuid(),
    timestamp: iso(ctx.now),
    isReplay: true,
  });
}

/** The captured initialize reply with this session's facts. */
function initializeReply(spec: ClaudeSpec, request: Record<string, unknown>, ctx: EncodeContext, state: string | undefined): Record<string, unknown> {
  const r = clone(profileData(spec.name).initializeResponse);
  r['pid'] = ctx.pid;
  // the session's state when the request came (2.1.328; capture ctl_initialize_mid_first_turn_h6: "running" mid-turn)
  if ('session_state' in r && state !== undefined) r['session_state'] = state;
  if (Array.isArray(r['models'])) r['models'] = withSessionModel(spec, r['models'] as Array<Record<string, unknown>>, ctx.model);
  if (spec.v328) {
    r['current_permission_mode'] = ctx.permissionMode;
    r['user_output_styles_dir'] = join(ctx.userHome, '.claude', 'output-styles');
  }
  // --disable-slash-commands lists no commands; --safe-mode drops the plugin agent, --agents adds its own (measured: opt_*_stream)
  if (ctx.cliFlags?.has('disable-slash-commands') === true) r['commands'] = [];
  else if (Array.isArray(r['commands'])) {
    const kept = withoutWorkflowSkills(r['commands'] as Array<Record<string, unknown>>, ctx.env);
    r['commands'] = isPre5Model(ctx.model) || workflowsOff(ctx.env) ? kept.map(withoutUltracode) : kept; // env_claude_disable_workflows_workflow_fy
  }
  if (Array.isArray(r['agents'])) r['agents'] = replyAgents(r['agents'] as Array<{ name: string }>, ctx.cliFlags, ctx.hostAgents, spec.v328);
  const out = withApplied(r, request);
  // measured (capture init_fields, #16): 2.1.220 confirms no hooks (neither key), 2.1.328 does
  if (!spec.v328) {
    delete out['hooks_applied'];
    delete out['hook_on_failure_supported'];
  }
  // measured (capture init_fields, issue #5): hooks_applied sits right before hook_on_failure_supported
  if (!('hooks_applied' in out && 'hook_on_failure_supported' in out)) return out;
  return Object.fromEntries(
    Object.entries(out).flatMap(([k, x]): Array<[string, unknown]> =>
      k === 'hooks_applied' ? [] : k === 'hook_on_failure_supported' ? [['hooks_applied', true], [k, x]] : [[k, x]],
    ),
  );
}

/** The initialize reply's agents: the captured ones named by agentNames(), --agents' and the host's own as `{name, description, model?}`. */
function replyAgents(captured: ReadonlyArray<{ name: string }>, flags: EncodeContext['cliFlags'], hostAgents: unknown, showsInherit: boolean): unknown[] {
  // 2.1.220 names no model for an agent that inherits the session's, as for its own Explore and Plan (capture
  // opt_agents_two_stream_h4: `"model":"inherit"` shown by 2.1.328 only)
  const shown = (a: CustomAgent): CustomAgent => (showsInherit || a.model !== 'inherit' ? a : { name: a.name, description: a.description });
  const own = new Map<string, unknown>(customAgents(flags, hostAgents).map((a) => [a.name, shown(a)]));
  const known = new Map<string, unknown>(captured.map((a) => [a.name, a]));
  return agentNames(captured.map((a) => a.name), flags, hostAgents).map((n) => own.get(n) ?? known.get(n));
}

/** A pre-5 model has no `ultracode` effort level: the /effort command's hint leaves it out (measured: env_model_stream). */
function withoutUltracode(c: Record<string, unknown>): Record<string, unknown> {
  const hint = c['argumentHint'];
  return c['name'] === 'effort' && typeof hint === 'string' ? { ...c, argumentHint: hint.replace(/\|ultracode(?: \[on\|off\])?/, '') } : c;
}
