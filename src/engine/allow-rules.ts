/**
 * Allow rules read the way cbc 2.117.0 reads them (issue #16; its PermissionUtils: matchPermissionRules,
 * checkAllowPermissionRules with requireAllSubcommands, isCommandAllowed, matchSingleCommandAgainstPattern;
 * captures opt_allowedTools_bash_only_cbc, opt_allowedTools_space_cbc, opt_allowedTools_pattern_cbc):
 * each --allowedTools entry is one rule as given (`Bash,Read` and `Bash Read` name no tool), the tool name
 * compares without case, `Tool` alone or `Tool(*)` covers every call, and a Bash rule must cover every
 * subcommand of a compound command (`Bash(touch:*)` does not cover `touch a && echo b`); a command with a
 * redirection is covered only by a rule that is the whole command.
 */

/** The shell operators cbc's fallback splitter cuts a command at (extractSubcommandsWithRegex). */
const SEPARATORS = /&&|\|\||&|\||;/;
const REDIRECTIONS = ['>', '<', '>>', '<<', '&>'];

/** True when the cbc-style allow rule `rule` covers this call. */
export function allowRuleCovers(rule: string, tool: string, input: Record<string, unknown>, fallback: (content: string) => boolean): boolean {
  const open = rule.indexOf('(');
  const name = open >= 0 ? rule.slice(0, open) : rule;
  if (name.toLowerCase() !== tool.toLowerCase()) return false;
  const close = rule.lastIndexOf(')');
  const content = open >= 0 ? rule.slice(open + 1, close > open ? close : undefined) : '*';
  if (content.trim() === '*') return true;
  const command = input['command'];
  if (typeof command !== 'string') return fallback(content);
  if (REDIRECTIONS.some((r) => command.includes(r))) return content === command;
  const parts = command.split(SEPARATORS).map((p) => p.trim()).filter((p) => p !== '');
  return parts.length === 0 ? coversOne(command, content) : parts.every((p) => coversOne(p, content));
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
