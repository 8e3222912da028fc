import { obj, type RawFrame, str } from '../protocol/raw-frame.js';
import type { PreToolHookPolicy } from './profile.js';

/*
 * What a PreToolUse hook's answer does to its tool call (issue #16; measured on both CLIs: req_hook_callback_pre_deny,
 * _pre_block, _pre_continue_false, _pre_updated_input, _pre_allow_gated, _pre_ask). The SDKs' HookJSONOutput:
 * `hookSpecificOutput.permissionDecision` allow / deny / ask (with `permissionDecisionReason`, and `updatedInput`),
 * the older `decision` approve / block (with `reason`), and `continue: false` (with `stopReason`).
 */

/** The outcome of one PreToolUse answer. */
export type PreToolVerdict =
  /** The call goes on: `allow` skips the permission prompt; `input` replaces the call's input. */
  | { kind: 'go'; allow: boolean; input: RawFrame | undefined; ask?: { reason: string | undefined } }
  /** The call is refused with the CLI's text. */
  | { kind: 'deny'; text: string }
  /** The call runs, then the turn ends (Claude: terminal_reason hook_stopped). */
  | { kind: 'stop-after'; input: RawFrame | undefined };

/** Reads one PreToolUse hook answer as the profile's policy says. */
export function preToolVerdict(policy: PreToolHookPolicy, tool: string, body: RawFrame): PreToolVerdict {
  const specific = obj(body, 'hookSpecificOutput');
  const decision = str(specific, 'permissionDecision');
  const input = obj(specific, 'updatedInput');
  const reason = str(specific, 'permissionDecisionReason') ?? str(body, 'reason');
  if (body['continue'] === false) {
    if (policy.stop === 'deny') return { kind: 'deny', text: policy.denyText(tool, str(body, 'stopReason')) };
    return { kind: 'stop-after', input };
  }
  if (decision === 'deny') return { kind: 'deny', text: policy.denyText(tool, reason) };
  if (body['decision'] === 'block' && policy.block === 'deny') return { kind: 'deny', text: policy.denyText(tool, reason) };
  if (decision === 'ask') return { kind: 'go', allow: false, input, ask: { reason } };
  return { kind: 'go', allow: decision === 'allow' || body['decision'] === 'approve', input };
}
