import { isAbsolute, join } from 'node:path';
import { SUBCOMMANDS } from '../../engine/permissions.js';

/**
 * What Claude Code adds to a can_use_tool request for a Bash command (capture req_can_use_tool_allow): rules the
 * host may add to allow it again, and, when the command writes a file, that file as `blocked_path` with the
 * suggestions to add the working directory and to switch to acceptEdits.
 */
export interface PermissionExtras {
  suggestions: unknown[];
  blockedPath?: string | undefined;
}

/** Commands whose operands name files they create or change (the last operand for cp/mv, every operand otherwise). */
const WRITERS: Readonly<Record<string, 'all' | 'last'>> = { touch: 'all', mkdir: 'all', tee: 'all', cp: 'last', mv: 'last', rm: 'all' };

/** The first path a shell command writes: a `>`/`>>` redirect target or a writer command's operand, or undefined. */
export function writtenPath(command: string): string | undefined {
  return firstWrite(command)?.path;
}

/** The first write of a shell command: its path, and the writer command when it is one (not a redirect). */
function firstWrite(command: string): { path: string; writer?: string } | undefined {
  for (const part of command.split(SUBCOMMANDS)) {
    const redirect = /(?:^|[^0-9&])>>?\s*([^\s;&|]+)/.exec(part)?.[1];
    if (redirect !== undefined && redirect !== '/dev/null') return { path: redirect };
    const words = part.trim().split(/\s+/).filter((w) => w !== '' && !w.startsWith('-'));
    const how = WRITERS[words[0] ?? ''];
    const operands = words.slice(1);
    const target = how === 'last' ? operands[operands.length - 1] : operands[0];
    if (how !== undefined && target !== undefined && operands.length >= (how === 'last' ? 2 : 1)) return { path: target, writer: words[0] };
  }
  return undefined;
}

/**
 * Why Claude Code refuses, with no one to ask, a Bash command that writes a file in the working directory (measured:
 * req_no_prompt_tool, req_no_prompt_tool_p); undefined for other calls (the generic refusal stands).
 */
export function writeRefusal(v328: boolean, toolName: string, input: Record<string, unknown>, cwd: string): string | undefined {
  const command = input['command'];
  const w = toolName === 'Bash' && typeof command === 'string' ? firstWrite(command) : undefined;
  if (w?.writer === undefined) return undefined;
  const path = isAbsolute(w.path) ? w.path : join(cwd, w.path);
  return v328
    ? `${w.writer} in '${path}' needs approval. The path is inside the working directories for this session ('${cwd}'), and Claude Code asks before a shell command creates, changes or removes files there.`
    : `${w.writer} in '${path}' was blocked. For security, Claude Code may only create or modify files in the allowed working directories for this session: '${cwd}'.`;
}

/** The extras of a can_use_tool request for `toolName` with `input`, in `cwd`. */
export function permissionExtras(toolName: string, input: Record<string, unknown>, cwd: string): PermissionExtras {
  const command = input['command'];
  if (toolName !== 'Bash' || typeof command !== 'string') return { suggestions: [] };
  const rule = { type: 'addRules', rules: [{ toolName, ruleContent: command }], behavior: 'allow', destination: 'localSettings' };
  const written = writtenPath(command);
  if (written === undefined) return { suggestions: [rule] };
  return {
    suggestions: [rule, { type: 'addDirectories', directories: [cwd], destination: 'session' }, { type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
    blockedPath: isAbsolute(written) ? written : join(cwd, written),
  };
}

/** Claude Code's refusal of a tool in dontAsk mode (measured on both versions: opt_permission_mode_dontask_bash_call). */
export function dontAskText(tool: string): string {
  return `Permission to use ${tool} has been denied because Claude Code is running in don't ask mode. IMPORTANT: You *may* attempt to accomplish this action using other tools that might naturally be used to accomplish this goal, e.g. using head instead of cat. But you *should not* attempt to work around this denial in malicious ways, e.g. do not use your ability to run tests to execute non-test actions. You should only try to work around this restriction in reasonable ways that do not attempt to bypass the intent behind this denial. If you believe this capability is essential to complete the user's request, STOP and explain to the user what you were trying to do and why you need this permission. Let the user decide how to proceed.`;
}

/** A deny rule's refusal of a call: the tool, and the rule that refused it (its text, e.g. `Bash(touch:*)`). */
interface RuledCall {
  ran?: { name: string; input: Record<string, unknown> } | undefined;
  denyRule?: { rule?: string | undefined } | undefined;
}

/** The Bash command a content rule (`Bash(<pattern>)`) refused, or undefined for a whole-tool rule or another tool. */
function ruledCommand(ev: RuledCall): string | undefined {
  const command = ev.ran?.input['command'];
  return ev.ran?.name === 'Bash' && ev.denyRule?.rule?.includes('(') === true && typeof command === 'string' ? command.trim() : undefined;
}

/**
 * A deny rule's refusal text: a whole-tool rule names the tool (req_can_use_tool_deny_rule_then_call_fc); Claude Code's
 * Bash checks refuse a content rule's match "with command <the command, trimmed>" (read from its code: every Bash
 * prefix/subcommand deny path builds that text; capture opt_disallowedTools_touch_pattern_stream_ask_h8).
 */
export function ruleRefusal(ev: RuledCall): string {
  const command = ruledCommand(ev);
  return command === undefined ? `Permission to use ${ev.ran?.name ?? ''} has been denied.` : `Permission to use Bash with command ${command} has been denied.`;
}

/**
 * Why a deny rule refused: "rule"; a content rule that matched one subcommand of a compound command decides by the
 * subcommands' results (its code: the compound check skips the whole line, then each part is judged: "subcommandResults").
 */
export function ruleReasonType(ev: RuledCall): 'rule' | 'subcommandResults' {
  const command = ruledCommand(ev);
  return command !== undefined && SUBCOMMANDS.test(command) ? 'subcommandResults' : 'rule';
}
