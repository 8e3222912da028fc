// The requests the emulated CLI sends to the host (can_use_tool, mcp_message, hook_callback): engine-side, typed;
// profiles encode them (profiles/shared/host.ts). Split from events.ts, which re-exports it, to keep that file under 400 lines.

/** A request the emulated CLI sends to the host (issue #10); profiles encode it. */
export type HostRequestBody =
  /** `askedBy`: a PreToolUse hook answered permissionDecision "ask" (with its reason; measured: req_hook_callback_pre_ask); `askRule`: an ask rule covers the call. */
  | { subtype: 'can_use_tool'; toolName: string; input: Record<string, unknown>; toolUseId: string; askedBy?: { reason: string | undefined } | undefined; askRule?: { source: string } | undefined }
  | { subtype: 'mcp_message'; serverName: string; message: Record<string, unknown> }
  | {
      subtype: 'hook_callback';
      callbackId: string;
      hookEvent: 'PreToolUse' | 'PostToolUse' | 'Stop' | 'UserPromptSubmit' | 'PermissionRequest' | 'SessionStart' | 'PostToolBatch' | 'SubagentStart' | 'SubagentStop';
      /** PostToolBatch: the round's calls with their results. */
      toolCalls?: ReadonlyArray<{ tool_name: string; tool_input: Record<string, unknown>; tool_use_id: string; tool_response: unknown }> | undefined;
      /** SessionStart: how the session came to be (startup, resume). */
      source?: string | undefined;
      /** cbc's SDK permission path asks PermissionRequest hooks with an empty transcript_path (permission-request-hooks.ts). */
      bridged?: boolean | undefined;
      /** UserPromptSubmit: the prompt text. */
      prompt?: string | undefined;
      toolName?: string | undefined;
      toolInput?: Record<string, unknown> | undefined;
      toolResponse?: unknown;
      toolUseId?: string | undefined;
      /** One id for all the hooks of one prompt (Claude's request tool_use_id; measured: req_hook_callback_prompt_two_hooks). */
      roundId?: string | undefined;
      /** Stop: a Stop hook already made the turn go on (stop_hook_active), and the turn's last assistant text. */
      stopActive?: boolean | undefined;
      lastMessage?: string | undefined;
      /** SubagentStart / SubagentStop: the sub-agent (its task id and type), its own transcript, the live tasks (engine/subagent-hooks.ts). */
      agent?: { id: string; type: string; transcriptPath?: string; backgroundTasks?: ReadonlyArray<Record<string, unknown>> } | undefined;
    };
