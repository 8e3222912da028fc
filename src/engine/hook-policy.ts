/** What the profiles say about the host's hook answers (ProfileBehavior.preToolHook and .promptHookStops; engine/profile.ts). */

/**
 * What a PreToolUse hook's answer does (ProfileBehavior.preToolHook; engine/pre-tool-hooks.ts): `block` (decision "block")
 * refuses the call or is ignored; `stop` (continue: false) refuses it, or lets it run and ends the turn after it.
 */
export interface PreToolHookPolicy {
  block: 'deny' | 'ignore';
  stop: 'deny' | 'after-tool';
  /** The refused call's tool_result text. */
  denyText(tool: string, reason: string | undefined): string;
  /** A refusal is an is_error result counted in permission_denials (Claude), or a plain result (cbc 2.117.0). */
  denialIsError: boolean;
  /**
   * A hook that did not answer within its matcher's `timeout`: the request is withdrawn and the call refused with this text
   * (Claude), or, undefined, the call goes on (cbc 2.117.0). Measured: req_hook_callback_pre_timeout.
   */
  timeoutText: string | undefined;
  /**
   * stdin closed while the hook's request waited: the call is cancelled with this text, not counted as a denial (Claude's
   * cancel message), or, undefined, the call goes on (cbc 2.117.0). Measured: eof_pending_hook_callback_h5.
   */
  disconnectText: string | undefined;
  /**
   * The call's PreToolUse hooks are asked once more when it runs after the host allowed it (cbc 2.117.0: its needsApproval
   * caches the hooks' result under the call id, which the call resumed after an approval no longer finds, so
   * executeToolWithHooks fires them again; measured: req_hook_callback_pre_ask, req_hook_callback_pre_then_can_use_tool_h6).
   */
  againAfterHostAllow?: boolean;
  /** Every callback of the call is asked at once, the answers read in order (cbc 2.117.0: its hook manager's Promise.allSettled; req_hook_callback_pre_two_ids_allow_fb). */
  parallel?: boolean;
  /** A deny or ask rule covering the call overrides the hook's allow (Claude Code's code: "… but deny rule overrides"). */
  allowYieldsToRules?: boolean;
  /** A PostToolUse hook's continue: false ends the turn after the call's result (Claude: terminal_reason hook_stopped). */
  postStops?: boolean;
  /** The CLI fires PostToolBatch hooks once a round's tool results are in, before the next model call (Claude: post-tool-batch.ts). */
  postToolBatch?: boolean;
  /** The CLI fires SubagentStart / SubagentStop hooks around a background sub-agent (Claude: engine/subagent-hooks.ts). */
  subagentHooks?: boolean;
}

/** What a stopping UserPromptSubmit hook answer does (ProfileBehavior.promptHookStops). */
export type PromptStop = 'result' | 'ignore' | 'new-session';
