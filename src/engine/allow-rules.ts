/**
 * Allow rules read the way cbc 2.117.0 reads them (issue #16; its PermissionUtils: matchPermissionRules,
 * checkAllowPermissionRules with requireAllSubcommands, isCommandAllowed, matchSingleCommandAgainstPattern;
 * captures opt_allowedTools_bash_only_cbc, opt_allowedTools_space_cbc, opt_allowedTools_pattern_cbc):
 * each --allowedTools entry is one rule as given (`Bash,Read` and `Bash Read` name no tool), the tool name
 * compares without case, `Tool` alone or `Tool(*)` covers every call, and a Bash rule must cover every
 * subcommand of a compound command (`Bash(touch:*)` does not cover `touch a && echo b`; the simple commands as its
 * tree-sitter parser reads them: simple-commands.ts); a command with a redirection is covered only by a rule that is the
 * whole command.
 */
import { simpleCommands } from './simple-commands.js';

const REDIRECTIONS = ['>', '<', '>>', '<<', '&>'];

/** True when the cbc-style allow rule `rule` covers this call: every simple command of a compound one (isCommandAllowed). */
export function allowRuleCovers(rule: string, tool: string, input: Record<string, unknown>, fallback: (content: string) => boolean): boolean {
  const content = ruleContent(rule, tool);
  if (content === undefined) return false;
  if (content.trim() === '*') return true;
  const command = input['command'];
  if (typeof command !== 'string') return fallback(content);
  if (REDIRECTIONS.some((r) => command.includes(r))) return content === command;
  const parts = simpleCommands(command);
  return parts.length === 0 ? coversOne(command, content) : parts.every((p) => coversOne(p, content));
}

/**
 * True when the cbc-style rule `rule` covers this call as one command (its matchSingleCommandAgainstPattern, the whole
 * line against the pattern): how a deny or ask rule reads a call before its simple commands (permissions.ts denyCovers).
 */
export function ruleCoversCall(rule: string, tool: string, input: Record<string, unknown>, fallback: (content: string) => boolean): boolean {
  const content = ruleContent(rule, tool);
  if (content === undefined) return false;
  const command = input['command'];
  return content.trim() === '*' || (typeof command === 'string' ? coversOne(command, content) : fallback(content));
}

/** The content of a rule naming `tool` (its name without case; `*` for the bare name), or undefined when it names another tool. */
function ruleContent(rule: string, tool: string): string | undefined {
  const open = rule.indexOf('(');
  const name = open >= 0 ? rule.slice(0, open) : rule;
  if (name.toLowerCase() !== tool.toLowerCase()) return undefined;
  const close = rule.lastIndexOf(')');
  return open >= 0 ? rule.slice(open + 1, close > open ? close : undefined) : '*';
}

/** One simple command against one pattern: `prefix:*`, a glob with `*`, or the exact command. */
function coversOne(command: string, pattern: string): boolean {
  const c = command.trim();
  const p = pattern.trim();
  if (p.endsWith(':*')) {
    const prefix = p.slice(0, -2);
    return c.split(/\s+/)[0] === prefix || c === prefix || c.startsWith(`${prefix} `);
  }
  return p.includes('*') ? globToRegExp(p).test(c) : c === p;
}

/** A bash-style glob as a case-insensitive RegExp (`*` spans anything, `?` one character): two wildcards need no library. */
function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'is');
}
