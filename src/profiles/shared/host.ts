import type { EngineEvent, HostRequestBody } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf, type Wire } from '../../protocol/frames/index.js';
import { CAN_USE_TOOL, CONTROL_CANCEL_REQUEST, CONTROL_REQUEST, HOOK_CALLBACK, HOOK_INPUT, MCP_MESSAGE } from '../../protocol/frames/control.js';

/**
 * Requests the CLI sends the host (issue #10) and their cancel. `claude` adds what only Claude Code
 * sends (permission_suggestions; the hook input's prompt_id, permission_mode, effort and stop_hook_active).
 */
export function hostRequest(
  ev: Extract<EngineEvent, { kind: 'host_request' }>,
  ctx: EncodeContext,
  wire: Wire,
  claude: ClaudeHookFields | undefined,
  toolResponse: ToolResponse,
): FrameOf<typeof CONTROL_REQUEST> {
  return build(CONTROL_REQUEST, wire, { type: 'control_request', request_id: ev.requestId, request: body(ev.request, ctx, wire, claude, toolResponse) });
}

/** A PostToolUse input's tool_response: the CLI's record of the run (Claude: the tool_use_result, cbc: the raw response). */
export type ToolResponse = (toolName: string | undefined, output: unknown) => unknown;

/**
 * What only Claude Code's requests carry: its hooks' effort level (measured: 2.1.220 `high`, 2.1.328 `medium`), and
 * a can_use_tool's permission suggestions and blocked path (src/profiles/claude/permission.ts).
 */
export interface ClaudeHookFields {
  effort: string;
  permission(toolName: string, input: Record<string, unknown>, cwd: string): { suggestions: unknown[]; blockedPath?: string | undefined };
  /** Whether a hook's "ask" names its event and source, an ask rule its source (decision_reason_hook_event / _source / _rule_source: 2.1.328). */
  hookAskSource: boolean;
}

/** The CLI withdraws a request (the host's answer is no longer wanted). */
export function hostCancel(ev: Extract<EngineEvent, { kind: 'host_cancel' }>, wire: Wire): FrameOf<typeof CONTROL_CANCEL_REQUEST> {
  return build(CONTROL_CANCEL_REQUEST, wire, { type: 'control_cancel_request', request_id: ev.requestId });
}

function body(r: HostRequestBody, ctx: EncodeContext, wire: Wire, claude: ClaudeHookFields | undefined, toolResponse: ToolResponse): FrameOf<typeof CONTROL_REQUEST>['request'] {
  const claudeFields = claude !== undefined;
  if (r.subtype === 'mcp_message') return build(MCP_MESSAGE, wire, { subtype: r.subtype, server_name: r.serverName, message: r.message });
  if (r.subtype === 'can_use_tool') {
    const extras = r.askedBy === undefined && r.askRule === undefined ? claude?.permission(r.toolName, r.input, ctx.cwd) : undefined;
    const ruled = claude !== undefined && r.askedBy === undefined && r.askRule !== undefined;
    const hooked = claude !== undefined && r.askedBy !== undefined;
    const description = r.input['description'];
    return build(CAN_USE_TOOL, wire, {
      subtype: r.subtype,
      tool_name: r.toolName,
      display_name: claudeFields ? r.toolName : undefined,
      input: r.input,
      description: claudeFields && typeof description === 'string' ? description : undefined,
      permission_suggestions: extras?.suggestions,
      blocked_path: extras?.blockedPath,
      decision_reason: hooked ? r.askedBy?.reason : undefined,
      decision_reason_type: hooked ? 'hook' : ruled ? 'rule' : undefined,
      decision_reason_rule_source: ruled && claude.hookAskSource ? r.askRule?.source : undefined,
      server_policy_ask_only: ruled && claude.hookAskSource ? false : undefined,
      decision_reason_hook_event: hooked && claude.hookAskSource ? 'PreToolUse' : undefined,
      decision_reason_hook_source: hooked && claude.hookAskSource ? 'settings' : undefined,
      tool_use_id: r.toolUseId,
    });
  }
  return build(HOOK_CALLBACK, wire, {
    subtype: r.subtype,
    callback_id: r.callbackId,
    input: build(HOOK_INPUT, wire, {
      session_id: ctx.sessionId,
      transcript_path: r.bridged === true ? '' : ctx.transcriptPath,
      cwd: ctx.cwd,
      prompt_id: claudeFields && ctx.turnRequestId !== undefined ? uuidOf(ctx.turnRequestId) : undefined,
      // measured (req_hook_callback_subagent_start_bg_agent_fv): a SubagentStart input names neither mode nor effort
      permission_mode: claudeFields && r.hookEvent !== 'SubagentStart' ? ctx.permissionMode : undefined,
      agent_id: r.agent?.id,
      agent_type: r.agent?.type,
      // measured (req_hook_callback_prompt_submit_h3): a UserPromptSubmit input names no effort on either version
      effort: claude && r.hookEvent !== 'UserPromptSubmit' && r.hookEvent !== 'SubagentStart' ? { level: claude.effort } : undefined,
      hook_event_name: r.hookEvent,
      source: r.source,
      prompt: r.prompt,
      tool_name: r.toolName,
      tool_input: r.toolInput,
      // measured: req_hook_callback_post_context (both CLIs)
      tool_response: r.toolResponse === undefined ? undefined : toolResponse(r.toolName, r.toolResponse),
      // measured: cbc 2.117.0's tool hook inputs name no tool_use_id (the request does; captures req_hook_callback, req_hook_callback_post_context)
      tool_use_id: claudeFields ? r.toolUseId : undefined,
      duration_ms: claudeFields && r.hookEvent === 'PostToolUse' ? 0 : undefined,
      // measured (req_hook_callback_stop_block): both CLIs say whether a Stop hook already made the turn go on; Claude adds the last text
      stop_hook_active: r.hookEvent === 'Stop' || r.hookEvent === 'SubagentStop' ? r.stopActive === true : undefined,
      agent_transcript_path: r.agent?.transcriptPath,
      last_assistant_message: claudeFields && (r.hookEvent === 'Stop' || r.hookEvent === 'SubagentStop') ? r.lastMessage : undefined,
      background_tasks: claudeFields && (r.hookEvent === 'Stop' || r.hookEvent === 'SubagentStop') ? (r.agent?.backgroundTasks ?? []).map((t) => ({ ...t })) : undefined,
      session_crons: claudeFields && (r.hookEvent === 'Stop' || r.hookEvent === 'SubagentStop') ? [] : undefined,
      tool_calls: r.toolCalls === undefined ? undefined : r.toolCalls.map((c) => ({ ...c })),
    }),
    // measured (req_hook_callback_prompt_submit_h3): Claude gives a prompt's hook a fresh id of its own, cbc none
    // a PostToolBatch hook's: "hook-" and a fresh uuid (measured: req_hook_callback_post_tool_batch_fv)
    tool_use_id: r.toolUseId ?? (claudeFields && ['UserPromptSubmit', 'Stop', 'SubagentStart', 'SubagentStop'].includes(r.hookEvent) ? (r.roundId ?? ctx.rng.uuid()) : r.hookEvent === 'PostToolBatch' ? `hook-${ctx.rng.uuid()}` : undefined),
  });
}

/** The prompt's id in uuid form, from the turn's 32-hex request id (one id per prompt, as Claude Code's prompt_id). */
function uuidOf(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16] ?? '0', 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
