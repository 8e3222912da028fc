import { allowRuleCovers, ruleCoversCall } from './allow-rules.js';
import { simpleCommands } from './simple-commands.js';
import { textOf } from './host.js';

/**
 * Who decides whether a tool may run (issue #10): the permission mode, --allowedTools /
 * --disallowedTools rules, and whether the host can be asked at all.
 */
export type Decision = 'allow' | 'deny' | 'ask';

/** Tools that never need permission (read-only). */
const READ_ONLY = new Set(['Read', 'Glob', 'Grep', 'LS', 'WebSearch', 'WebFetch', 'TaskList', 'TaskGet', 'TaskOutput', 'ListMcpResources', 'ReadMcpResource']);
/** Tools acceptEdits allows without asking. */
const EDITS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

/** What a permission decision depends on besides the tool call itself. */
export interface PermissionContext {
  mode: string;
  allowed: readonly string[];
  disallowed: readonly string[];
  /** Ask rules: a call one covers is asked about whatever allows it, the mode included (Claude's order: deny, ask, mode, allow). */
  asked?: readonly string[] | undefined;
  /** False for Claude Code without `--permission-prompt-tool stdio`: nobody can be asked, so the tool is denied. */
  canAsk: boolean;
  /** Allow rules are read as src/engine/allow-rules.ts says (behavior.allowRulesAsGiven). */
  rulesAsGiven?: boolean | undefined;
  /** A call the mode allows beyond the edit tools (Claude's acceptEdits: a shell command writing inside the cwd). */
  modeAllows?: ((tool: string, input: Record<string, unknown>) => boolean) | undefined;
}

/** True when a rule like `Bash`, `Bash(npm test)` or `Bash(git:*)` covers this call. */
export function ruleMatches(rule: string, tool: string, input: Record<string, unknown>): boolean {
  const m = /^([^(]+)(?:\((.*)\))?$/.exec(rule.trim());
  if (!m || m[1] !== tool) return false;
  const pattern = m[2];
  if (pattern === undefined || pattern === '' || pattern === '*') return true;
  const subject = textOf(input['command'] ?? input['file_path'] ?? input['path'] ?? input['url'] ?? '');
  if (pattern.endsWith(':*')) return subject.startsWith(pattern.slice(0, -2));
  if (pattern.endsWith('*')) return subject.startsWith(pattern.slice(0, -1));
  return subject === pattern;
}

/** Where Claude Code cuts a Bash command line into the simple commands it checks one by one (its rules, its write check, its compound-command record). */
export const SUBCOMMANDS = /&&|\|\||;|\|/;
/** Simple commands Claude Code lets through as read-only inside a compound command (measured: echo, opt_allowedTools_pattern_bash_call). */
const READ_ONLY_COMMANDS = new Set(['echo']);

/**
 * True when allow rule `rule` covers this call. A rule with a pattern covers a compound Bash command by its
 * subcommands (Claude's reason_type "subcommandResults"): it must cover one and each other must be read-only, so
 * `Bash(touch:*)` allows `touch a && echo b` while a rule naming the whole line does not (measured:
 * opt_allowedTools_pattern_bash_call; req_can_use_tool_updated_permissions asks again for such a rule).
 */
export function allowCovers(rule: string, tool: string, input: Record<string, unknown>): boolean {
  const command = input['command'];
  if (tool !== 'Bash' || typeof command !== 'string' || !SUBCOMMANDS.test(command) || !rule.includes('(')) return ruleMatches(rule, tool, input);
  const parts = command
    .split(SUBCOMMANDS)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const covered = parts.map((p) => ruleMatches(rule, tool, { ...input, command: p }));
  return covered.some(Boolean) && parts.every((p, i) => covered[i] === true || READ_ONLY_COMMANDS.has(p.split(/\s+/)[0] ?? ''));
}

/** How a CLI reads a deny (or ask) rule: against the whole call, and the simple commands it cuts a compound command into. */
export interface RuleReading {
  covers(rule: string, tool: string, input: Record<string, unknown>): boolean;
  parts(command: string): string[];
}

/** Claude Code's reading: ruleMatches, the parts between its SUBCOMMANDS operators. */
const CLAUDE_READING: RuleReading = { covers: ruleMatches, parts: (c) => c.split(SUBCOMMANDS).map((p) => p.trim()).filter((p) => p !== '') };
/** cbc 2.117.0's reading (allow-rules.ts, simple-commands.ts): rules as given, its parser's simple commands. */
export const CBC_READING: RuleReading = { covers: (r, t, i) => ruleCoversCall(r, t, i, (c) => ruleMatches(`${t}(${c})`, t, i)), parts: simpleCommands };

/**
 * True when deny (or ask) rule `rule` covers this call: a rule with a pattern refuses a compound Bash command when it
 * covers any of its subcommands (Claude Code checks each part; captures opt_disallowedTools_echo_pattern_stream_fgbash_g1:
 * `Bash(echo:*)` refuses `touch a && echo b`; cbc 2.117.0's matchCommandRule likewise, once a line holds `&&`, `||`,
 * `|` or `;`: capture opt_disallowedTools_touch_pattern_stream_ask_h8).
 */
export function denyCovers(rule: string, tool: string, input: Record<string, unknown>, reading: RuleReading = CLAUDE_READING): boolean {
  const command = input['command'];
  if (reading.covers(rule, tool, input)) return true;
  if (tool !== 'Bash' || typeof command !== 'string' || !SUBCOMMANDS.test(command) || !rule.includes('(')) return false;
  return reading.parts(command).some((part) => reading.covers(rule, tool, { ...input, command: part }));
}

/** The first of `rules` that covers this call. */
export function matchingRule(rules: readonly string[], tool: string, input: Record<string, unknown>): string | undefined {
  return rules.find((r) => allowCovers(r, tool, input));
}

/** Decides a tool call before any hook or host is consulted. */
export function decide(p: PermissionContext, tool: string, input: Record<string, unknown>): Decision {
  if (p.disallowed.some((r) => denyCovers(r, tool, input, p.rulesAsGiven === true ? CBC_READING : undefined))) return 'deny';
  const asks = p.rulesAsGiven === true ? (r: string) => denyCovers(r, tool, input, CBC_READING) : (r: string) => ruleMatches(r, tool, input);
  const asked = p.asked?.some(asks) === true ? (p.canAsk && p.mode !== 'dontAsk' ? 'ask' : 'deny') : undefined;
  // Claude asks before the mode and the allow rules; cbc 2.117.0 after both (its doCheckPermission reads its allow rules
  // first; measured: opt_settings_ask_pattern_allowed_g2, opt_settings_ask_pattern_bypass_g2)
  if (asked !== undefined && p.rulesAsGiven !== true) return asked;
  if (p.mode === 'bypassPermissions') return 'allow';
  const covers = p.rulesAsGiven === true ? (r: string) => allowRuleCovers(r, tool, input, (c) => ruleMatches(`${tool}(${c})`, tool, input)) : (r: string) => allowCovers(r, tool, input);
  if (p.allowed.some(covers)) return 'allow';
  if (asked !== undefined) return asked;
  if (READ_ONLY.has(tool)) return 'allow';
  if (p.mode === 'acceptEdits' && EDITS.has(tool)) return 'allow';
  if (p.modeAllows?.(tool, input) === true) return 'allow';
  if (p.mode === 'dontAsk') return 'deny';
  return p.canAsk ? 'ask' : 'deny';
}

/** Text of the tool_result of a denied tool (measured on cbc 2.117.0; Claude Code uses the same wording). */
export const REJECTED_TEXT =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed. ";
