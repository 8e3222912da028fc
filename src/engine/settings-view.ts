import { isRawFrame } from '../protocol/raw-frame.js';
import type { SettingsLayer } from '../settings.js';
import type { ControlFacts } from './events.js';
import type { RuleBook } from './rule-book.js';

/*
 * The settings sources a session read (settings.ts loadSettings: user, project, local, --settings, managed) and the
 * flag settings apply_flag_settings adds, for Claude Code's get_settings (issue #16). Read from 2.1.328's get_settings
 * handler: `sources` lists every enabled source whose settings are not empty, in layering order; `effective` is their
 * merge. apply_flag_settings' settings join the flagSettings source (measured: ctl_get_settings_after_apply_flag_fd).
 */
export class SettingsView {
  /** What apply_flag_settings set, key by key (a later request's key replaces an earlier one's). */
  private applied: Record<string, unknown> = {};

  constructor(
    private readonly layers: readonly SettingsLayer[],
    private readonly rules: RuleBook,
  ) {}

  /**
   * Records an apply_flag_settings request (its permission rules join the session's as flagSettings rules: measured,
   * ctl_apply_flag_settings_deny_bash_fd); the facts get_settings needs; undefined for every other subtype.
   */
  facts(subtype: string, request: Record<string, unknown>): ControlFacts | undefined {
    if (subtype === 'apply_flag_settings') {
      const settings = request['settings'];
      if (!isRawFrame(settings)) return undefined;
      this.applied = { ...this.applied, ...settings };
      const permissions = settings['permissions'];
      for (const behavior of ['allow', 'deny', 'ask'] as const) {
        const list = isRawFrame(permissions) ? permissions[behavior] : undefined;
        const rules = Array.isArray(list) ? list.filter((r): r is string => typeof r === 'string').map(ruleValue) : [];
        if (rules.length > 0) this.rules.apply({ type: 'addRules', behavior, rules, destination: 'flagSettings' });
      }
      return undefined; // the model it names is control-facts.ts's
    }
    if (subtype !== 'get_settings') return undefined;
    return { settings: this.sources() };
  }

  /** Each source with what it holds; the flag source: --settings, then what apply_flag_settings set (the profile merges them). */
  private sources(): SettingsSource[] {
    const applied = Object.keys(this.applied).length > 0 ? [this.applied] : [];
    const out: SettingsSource[] = this.layers.filter((l) => l.source !== 'flagSettings').map((l) => ({ source: l.source, parts: [l.settings] }));
    const flag = this.layers.find((l) => l.source === 'flagSettings');
    const flags = [...(flag ? [flag.settings] : []), ...applied];
    const at = out.findIndex((l) => l.source === 'policySettings');
    if (flags.length > 0) out.splice(at < 0 ? out.length : at, 0, { source: 'flagSettings', parts: flags });
    return out;
  }
}

/** A rule string (`Tool` or `Tool(content)`) as the PermissionRuleValue RuleBook.apply takes. */
function ruleValue(rule: string): { toolName: string; ruleContent?: string } {
  const m = /^([^(]+)\((.*)\)$/s.exec(rule);
  return m ? { toolName: m[1]!, ruleContent: m[2]! } : { toolName: rule };
}

/** A settings source and the objects it is made of, in merge order. */
export interface SettingsSource {
  source: string;
  parts: Array<Record<string, unknown>>;
}
