import type { EngineEvent } from '../../engine/events.js';
import { SUBCOMMANDS } from '../../engine/permissions.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import { PERMISSION_DECISION, TOOL_RESULT_META } from '../../protocol/frames/message.js';

type Ev<K extends EngineEvent['kind']> = Extract<EngineEvent, { kind: K }>;

/**
 * 2.1.328's record of how the call was allowed (measured): by the host's can_use_tool answer ("user_temporary"), by a
 * --allowedTools rule ("config"), by a rule the host's answer added for the session ("user_temporary",
 * reason_type "rule": req_can_use_tool_allow_then_second_call_h5), by a settings rule or the mode ("user_permanent"); a rule with a pattern that allows
 * a compound command allows it by its subcommands (captures opt_allowedTools_bash_call_h2, opt_allowedTools_pattern_bash_call).
 */
export function permissionMeta(ev: Ev<'tool_result'>, by: 'rule' | 'host' | 'hook'): FrameOf<typeof TOOL_RESULT_META> {
  // a PreToolUse hook's allow (measured: req_hook_callback_pre_allow_gated, req_hook_callback_pre_updated_input)
  if (by === 'hook') return build(TOOL_RESULT_META, 'claude-2.1.328', { id: ev.toolUseId, permission_decision: build(PERMISSION_DECISION, 'claude-2.1.328', { decision: 'accept', source: 'hook', reason_type: 'hook' }) });
  const rule = ev.allowRule;
  const command = ev.ran?.input['command'];
  const compound = typeof command === 'string' && SUBCOMMANDS.test(command);
  // no rule and no mode: a call that needed no asking (an Agent launch; a read-only compound command by its subcommands):
  // "config" (measured: opt_permission_mode_{dontask_bg_agent,plan_bg_bash_stream}_fv)
  if (by === 'rule' && rule === undefined) return build(TOOL_RESULT_META, 'claude-2.1.328', { id: ev.toolUseId, permission_decision: build(PERMISSION_DECISION, 'claude-2.1.328', { decision: 'accept', source: 'config', reason_type: compound ? 'subcommandResults' : undefined }) });
  const byMode = rule !== undefined && 'mode' in rule;
  const bypass = byMode && (rule.mode === 'bypassPermissions' || rule.mode === 'auto'); // the mode decides the whole line (opt_permission_mode_auto_p_fgbash_fy)
  const fromCli = rule !== undefined && 'fromCli' in rule && rule.fromCli;
  const bySession = rule !== undefined && 'rule' in rule && rule.session === true; // a rule an earlier answer added
  const pattern = rule !== undefined && ('mode' in rule || rule.rule.includes('('));
  const decision = build(PERMISSION_DECISION, 'claude-2.1.328', {
    decision: 'accept',
    // a pattern rule that allows a compound command by its subcommands: "config" whoever added it (req_can_use_tool_prefix_rule_then_call_fc)
    source: by === 'host' ? 'user_temporary' : pattern && compound && !byMode ? 'config' : bySession ? 'user_temporary' : fromCli || byMode ? 'config' : 'user_permanent',
    reason_type: by === 'host' ? undefined : pattern && compound && !bypass ? 'subcommandResults' : byMode ? 'mode' : 'rule',
  });
  return build(TOOL_RESULT_META, 'claude-2.1.328', { id: ev.toolUseId, permission_decision: decision });
}
