/*
 * The session's permission rules with where each came from (issue #16): the command line's (--allowedTools /
 * --disallowedTools: cliArg), the settings files' (userSettings, projectSettings, localSettings, --settings:
 * flagSettings, managed: policySettings), and what a host's can_use_tool answer's `updatedPermissions` change
 * (sdk.d.ts PermissionUpdate: addRules / replaceRules / removeRules with behavior allow, deny or ask, addDirectories /
 * removeDirectories, setMode; each to a destination). Claude Code applies every update to its in-memory rules
 * whatever the destination (measured on 2.1.328: ctl_list_permission_rules_updates_fc, _local_settings_fc,
 * req_can_use_tool_{deny_rule,ask_rule,replace_rules,remove_rules}_*_fc); list_permission_rules reads them back.
 */

export type RuleBehavior = 'allow' | 'deny' | 'ask';

/** One rule as the session holds it: the rule string as given, its behaviour, where it came from. */
export interface SourcedRule {
  behavior: RuleBehavior;
  source: string;
  rule: string;
}

/** A directory added to the permission scope, as given, and where it came from. */
export interface SourcedDirectory {
  path: string;
  source: string;
}

/** Claude Code's rule sources in the order its /permissions lists them (PERMISSION_RULE_SOURCES, read from 2.1.328). */
export const RULE_SOURCES = ['userSettings', 'projectSettings', 'localSettings', 'flagSettings', 'policySettings', 'cliArg', 'command', 'session'] as const;

const BEHAVIORS: readonly string[] = ['allow', 'deny', 'ask'];

/** A PermissionRuleValue (`{toolName, ruleContent?}`) as its rule string: `Tool` or `Tool(content)`. */
export function ruleString(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const name = v['toolName'];
  const content = v['ruleContent'];
  if (typeof name !== 'string' || name === '') return undefined;
  return typeof content === 'string' && content !== '' ? `${name}(${content})` : name;
}

export class RuleBook {
  readonly rules: SourcedRule[];
  readonly directories: SourcedDirectory[] = [];
  private readonly seen = new Map<string, number>(); // the change count each reader last saw (changed())
  private changes = 0;

  constructor(initial: readonly SourcedRule[]) {
    this.rules = [...initial];
  }

  /** The rule strings of one behaviour, in the order they were given. */
  list(behavior: RuleBehavior): string[] {
    return this.rules.filter((r) => r.behavior === behavior).map((r) => r.rule);
  }

  /** Whether the rules changed since `reader` last asked (a reader that never asked: no). */
  changed(reader: string): boolean {
    const last = this.seen.get(reader) ?? 0;
    this.seen.set(reader, this.changes);
    return last !== this.changes;
  }

  /** Applies one PermissionUpdate; returns the mode a `setMode` update asks for (anything malformed changes nothing). */
  apply(update: unknown): string | undefined {
    this.changes += 1;
    if (update === null || typeof update !== 'object') return undefined;
    const u = update as Record<string, unknown>;
    const destination = typeof u['destination'] === 'string' ? u['destination'] : 'session';
    if (u['type'] === 'setMode') return typeof u['mode'] === 'string' ? u['mode'] : undefined;
    if (u['type'] === 'addDirectories' || u['type'] === 'removeDirectories') {
      const paths = Array.isArray(u['directories']) ? u['directories'].filter((d): d is string => typeof d === 'string') : [];
      if (u['type'] === 'addDirectories') for (const path of paths) this.directories.push({ path, source: destination });
      else this.remove(this.directories, (d) => paths.includes(d.path));
      return undefined;
    }
    const behavior = u['behavior'];
    if (typeof behavior !== 'string' || !BEHAVIORS.includes(behavior) || !Array.isArray(u['rules'])) return undefined;
    const given = u['rules'].map(ruleString).filter((r): r is string => r !== undefined);
    const mine = (r: SourcedRule) => r.behavior === behavior && r.source === destination;
    if (u['type'] === 'replaceRules') this.remove(this.rules, mine);
    if (u['type'] === 'removeRules') this.remove(this.rules, (r) => mine(r) && given.includes(r.rule));
    else if (u['type'] === 'addRules' || u['type'] === 'replaceRules') {
      for (const rule of given) this.rules.push({ behavior: behavior as RuleBehavior, source: destination, rule });
    }
    return undefined;
  }

  /** The rules as list_permission_rules reports them: allow, ask, deny; by source; each (behaviour, source, rule) once. */
  listing(): SourcedRule[] {
    const seen = new Set<string>();
    const out: SourcedRule[] = [];
    const sources: readonly string[] = RULE_SOURCES; // then any source Claude Code lists after these, as given
    for (const behavior of ['allow', 'ask', 'deny'] as const) {
      const mine = this.rules.filter((r) => r.behavior === behavior);
      const ordered = new Set([...sources, ...mine.map((r) => r.source)]);
      for (const source of ordered)
        for (const r of mine) {
          const key = `${r.source}\0${r.rule}`;
          if (r.source !== source || seen.has(`${behavior}\0${key}`)) continue;
          seen.add(`${behavior}\0${key}`);
          out.push(r);
        }
    }
    return out;
  }

  private remove<T>(list: T[], drop: (x: T) => boolean): void {
    for (let i = list.length - 1; i >= 0; i--) if (drop(list[i]!)) list.splice(i, 1);
  }
}

/** list_permission_rules' facts: the rules as listed and the directories added. */
export function permissionFacts(subtype: string, book: RuleBook): { permissions: { rules: SourcedRule[]; directories: SourcedDirectory[] } } | undefined {
  return subtype === 'list_permission_rules' ? { permissions: { rules: book.listing(), directories: [...book.directories] } } : undefined;
}

/** The rules a session starts with: as the launch gave them with their sources, else its allow / deny lists as cliArg rules. */
export function initialRules(o: { permissionRules?: readonly SourcedRule[] | undefined; allowedTools?: readonly string[] | undefined; disallowedTools?: readonly string[] | undefined }): SourcedRule[] {
  if (o.permissionRules !== undefined) return [...o.permissionRules];
  const cli = (behavior: RuleBehavior, list: readonly string[] | undefined) => (list ?? []).map((rule) => ({ behavior, source: 'cliArg', rule }));
  return [...cli('allow', o.allowedTools), ...cli('deny', o.disallowedTools)];
}
