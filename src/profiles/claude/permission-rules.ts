import type { ControlFacts } from '../../engine/events.js';
import type { CliFlags } from '../../engine/profile.js';
import { additionalDirectories } from './flags.js';

/*
 * list_permission_rules (Claude Code 2.1.328, read from its buildPermissionRulesWireState and the rule-description
 * function beside it; measured: ctl_list_permission_rules, _after_allow_h4, _sources_fc, _updates_fc,
 * _local_settings_fc): each rule with its behaviour, source, the rule string as given, the terminal's plain-language
 * reading of it, and where it lives; the directories the session added; the original cwd.
 */

/** The plain-language reading of a rule, split into the fixed words and the rule's own (absent where the terminal shows none). */
export function ruleDescription(rule: string): Record<string, string> | undefined {
  const m = /^([^(]+?)(?:\((.*)\))?$/s.exec(rule);
  const tool = m?.[1] ?? rule;
  const raw = m?.[2];
  // `Tool()` and `Tool(*)` read as the bare tool
  const content = raw === undefined || raw === '' || raw === '*' ? undefined : raw;
  if (tool === 'Bash') {
    if (content === undefined) return { prefix: 'Any Bash command' };
    if (content.endsWith(':*') || content.endsWith(' *')) return { prefix: 'Any Bash command starting with ', emphasis: content.slice(0, -2) };
    return { prefix: 'The Bash command ', emphasis: content };
  }
  if (content === undefined) return { prefix: 'Any use of the ', emphasis: tool, suffix: ' tool' };
  return undefined;
}

/** Where a rule lives: a settings file the user edits, this session's memory, or somewhere read-only. */
function editability(source: string, rule: string): string {
  if (source === 'userSettings' || source === 'projectSettings' || source === 'localSettings') return 'persistent';
  // a session rule spelled otherwise than the CLI would write it back (`Bash(*)` for `Bash`) cannot be edited
  if (source === 'cliArg' || source === 'session') return normalized(rule) === rule ? 'session' : 'readonly';
  return 'readonly';
}

/** A rule string as the CLI writes it back: `Tool()` and `Tool(*)` become `Tool`. */
function normalized(rule: string): string {
  const m = /^([^(]+)\((\*?)\)$/.exec(rule);
  return m ? m[1]! : rule;
}

/** The reply's `state`. */
export function permissionRulesState(facts: ControlFacts | undefined, cwd: string, flags: CliFlags | undefined): Record<string, unknown> {
  const p = facts?.permissions ?? { rules: [], directories: [] };
  // --add-dir folders outside the cwd, made absolute, then the answers' directories as given (measured: _add_dir_outside_fc, _answer_dir_outside_fc)
  const launched = additionalDirectories(flags, cwd).map((path) => ({ path, source: 'cliArg' }));
  const rules = p.rules.map((r) => {
    const description = ruleDescription(r.rule);
    return { behavior: r.behavior, source: r.source, rule: r.rule, ...(description ? { description } : {}), editability: editability(r.source, r.rule) };
  });
  return { rules, workspaceDirectories: [...launched, ...p.directories.map((d) => ({ path: d.path, source: d.source }))], originalCwd: cwd, managedOnly: false };
}
