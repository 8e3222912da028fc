// Issue #16 (helper FD): Claude Code's get_settings `effective` and `sources` (captures ctl_get_settings_bg_task_h7 and
// ctl_get_settings_*_fd on 2.1.220 and 2.1.328): the sources that hold anything, in layering order, each with its keys
// in the settings schema's order; `effective` merges them (arrays join without repeats); apply_flag_settings joins
// the flag source.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RuleBook } from '../../../../src/engine/rule-book.js';
import { SettingsView } from '../../../../src/engine/settings-view.js';
import { settingsView } from '../../../../src/profiles/claude/settings-view.js';
import { loadSettings } from '../../../../src/settings.js';

describe('get_settings effective and sources (#16)', () => {
  it('user, project and local files: schema key order, arrays joined without repeats (ctl_get_settings_files_fd)', () => {
    const root = mkdtempSync(join(tmpdir(), 'fd-settings-'));
    const [home, cwd] = [join(root, 'home'), join(root, 'work')];
    mkdirSync(join(home, '.claude'), { recursive: true });
    mkdirSync(join(cwd, '.claude'), { recursive: true });
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash', 'Agent'] } }));
    writeFileSync(join(cwd, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash', 'Bash(npm test)'], deny: ['WebSearch'] }, env: { A: '1' } }));
    writeFileSync(join(cwd, '.claude', 'settings.local.json'), JSON.stringify({ permissions: { ask: ['Read'] }, includeCoAuthoredBy: false }));
    const loaded = loadSettings({ cwd, dir: '.claude', sources: undefined, flag: undefined, home, ignoreProjectAllow: true });
    const view = settingsView(new SettingsView(loaded.layers, new RuleBook([])).facts('get_settings', {}));
    expect(view.sources.map((s) => s.source)).toEqual(['userSettings', 'projectSettings', 'localSettings']);
    // the project's allow rules are listed as the file holds them, though the session does not honour them
    expect(JSON.stringify(view.sources[1]!.settings)).toBe('{"env":{"A":"1"},"permissions":{"allow":["Bash","Bash(npm test)"],"deny":["WebSearch"]}}');
    expect(JSON.stringify(view.sources[2]!.settings)).toBe('{"includeCoAuthoredBy":false,"permissions":{"ask":["Read"]}}');
    expect(JSON.stringify(view.effective)).toBe('{"permissions":{"allow":["Bash","Agent","Bash(npm test)"],"deny":["WebSearch"],"ask":["Read"]},"env":{"A":"1"},"includeCoAuthoredBy":false}');
  });

  it('--settings, apply_flag_settings and managed settings (ctl_get_settings_after_apply_flag_fd, _managed_fd)', () => {
    const rules = new RuleBook([]);
    const view = new SettingsView([
      { source: 'flagSettings', settings: { permissions: { deny: ['WebFetch'] } } },
      { source: 'policySettings', settings: { permissions: { deny: ['WebFetch'] } } },
    ], rules);
    expect(view.facts('apply_flag_settings', { settings: { model: 'haiku', permissions: { deny: ['WebSearch'] } } })).toBeUndefined();
    expect(rules.rules).toEqual([{ behavior: 'deny', source: 'flagSettings', rule: 'WebSearch' }]); // the session's rules take it (ctl_apply_flag_settings_deny_bash_fd)
    const out = settingsView(view.facts('get_settings', {}));
    expect(out.sources.map((s) => s.source)).toEqual(['flagSettings', 'policySettings']);
    expect(JSON.stringify(out.sources[0]!.settings)).toBe('{"permissions":{"deny":["WebFetch","WebSearch"]},"model":"haiku"}');
    expect(JSON.stringify(out.effective)).toBe('{"permissions":{"deny":["WebFetch","WebSearch"]},"model":"haiku"}');
  });

  it('no settings: empty effective and no sources; other subtypes get no facts', () => {
    const view = new SettingsView([{ source: 'policySettings', settings: {} }], new RuleBook([]));
    expect(settingsView(view.facts('get_settings', {}))).toEqual({ effective: {}, sources: [] });
    expect(view.facts('mcp_status', {})).toBeUndefined();
  });
});
