import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EmuError } from './errors.js';
import { homeDir } from './env.js';

/** The part of the CLIs' settings the emulator honours. */
export interface EmuSettings {
  disableWorkflows: boolean;
  model?: string | undefined;
  /** `permissions.allow` / `permissions.deny` rules: the same rules as --allowedTools / --disallowedTools. */
  allow: string[];
  deny: string[];
  /** The allow rules --settings itself gives (Claude reports them as source "config", as --allowedTools; capture opt_settings_allow_bash_h3). */
  flagAllow: string[];
  /** The allow / deny / ask rules in effect with the settings source each came from (list_permission_rules). */
  sourced: Array<{ behavior: 'allow' | 'deny' | 'ask'; source: string; rule: string }>;
  /** The merged `hooks` (command hooks: engine/command-hooks.ts). */
  hooks?: unknown;
  /** How many project allow rules were set aside (ignoreProjectAllow). */
  ignoredProjectAllow: number;
  /** Each source's settings as its file or flag holds them, in layering order (Claude's get_settings `sources`). */
  layers: SettingsLayer[];
}

/** One settings source and what it holds (userSettings, projectSettings, localSettings, flagSettings, policySettings). */
export interface SettingsLayer {
  source: string;
  settings: Record<string, unknown>;
}

/**
 * Reads settings as the real CLIs layer them: user (~/.<dir>/settings.json), project
 * (<cwd>/.<dir>/settings.json), local (<cwd>/.<dir>/settings.local.json), filtered by
 * --setting-sources, then --settings (a JSON string or a file path) on top. `home`: the run's HOME (an in-process
 * run's environment is not the process's; default os.homedir()).
 */
export function loadSettings(opts: {
  cwd: string;
  dir: string;
  sources: string | undefined;
  flag: string | undefined;
  home?: string | undefined;
  /** The project file's allow rules are not honoured (Claude Code in -p / stream-json: capture opt_settings_allow_bash_project). */
  ignoreProjectAllow?: boolean | undefined;
  /**
   * `--managed-settings <json>` (Claude Code's hidden flag; the SDK's managedSettings): policy settings whose permission
   * rules join every other layer's (capture opt_managed_settings_ft: its deny of Bash removes the tool).
   */
  managed?: string | undefined;
}): EmuSettings {
  const merged: Record<string, unknown> = {};
  let ignoredProjectAllow = 0;
  // each layer's permission rules, with its source: the layers' lists join (measured on Claude 2.1.328:
  // ctl_list_permission_rules_project_files_fc lists a project deny beside local allow and ask rules)
  const layers: Array<{ source: string; from: Record<string, unknown> }> = [];
  const shown: SettingsLayer[] = []; // the layers as read, before ignoreProjectAllow sets rules aside
  const sources = opts.sources === undefined ? ['user', 'project', 'local'] : opts.sources.split(',').map((s) => s.trim()).filter((s) => s && s !== 'none');
  const files: Record<string, string> = {
    user: join(opts.home || homeDir(), opts.dir, 'settings.json'),
    project: join(opts.cwd, opts.dir, 'settings.json'),
    local: join(opts.cwd, opts.dir, 'settings.local.json'),
  };
  for (const s of sources) {
    const f = files[s];
    if (!f || !existsSync(f)) continue;
    const read = readJson(f);
    shown.push({ source: `${s}Settings`, settings: { ...read } });
    if (s === 'project' && opts.ignoreProjectAllow === true && read['permissions'] !== null && typeof read['permissions'] === 'object') {
      const p = read['permissions'] as Record<string, unknown>;
      ignoredProjectAllow = Array.isArray(p['allow']) ? p['allow'].length : 0;
      read['permissions'] = { ...p, allow: [] };
    }
    layers.push({ source: `${s}Settings`, from: read });
    Object.assign(merged, read);
  }
  let flagged: Record<string, unknown> = {};
  if (opts.flag !== undefined && opts.flag.trim() !== '') {
    Object.assign(merged, (flagged = flagSettings(opts.flag.trim(), opts.cwd)));
    layers.push({ source: 'flagSettings', from: flagged });
    shown.push({ source: 'flagSettings', settings: flagged });
  }
  const rules = (key: string, from = merged): string[] => {
    const permissions = from['permissions'];
    const list = permissions !== null && typeof permissions === 'object' ? (permissions as Record<string, unknown>)[key] : undefined;
    return Array.isArray(list) ? list.filter((r): r is string => typeof r === 'string') : [];
  };
  const managed = managedSettings(opts.managed);
  layers.push({ source: 'policySettings', from: managed });
  shown.push({ source: 'policySettings', settings: managed });
  const joined = (key: string) => layers.flatMap((l) => rules(key, l.from));
  return {
    disableWorkflows: merged['disableWorkflows'] === true || managed['disableWorkflows'] === true,
    model: typeof merged['model'] === 'string' ? merged['model'] : undefined,
    allow: joined('allow'),
    deny: joined('deny'),
    flagAllow: rules('allow', flagged),
    hooks: merged['hooks'],
    sourced: (['allow', 'deny', 'ask'] as const).flatMap((behavior) => layers.flatMap((l) => rules(behavior, l.from).map((rule) => ({ behavior, source: l.source, rule })))),
    ignoredProjectAllow,
    layers: shown,
  };
}

/** --managed-settings' JSON object (anything else sets nothing). */
export function managedSettings(text: string | undefined): Record<string, unknown> {
  try {
    const v: unknown = text === undefined || text.trim() === '' ? {} : JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {}; // not JSON: no policy settings
  }
}

/**
 * A value of an option that takes "JSON or a file path" (--settings, --mcp-config, --agents): the JSON object it
 * is, or else the file it names, resolved against the run's `cwd` (the real CLIs read any value that does not
 * parse as a JSON object as a path; captures opt_settings_file_h4, opt_mcp_config_file, opt_agents_file_fo).
 */
export function jsonOrPath(value: string, cwd: string): { object: Record<string, unknown> } | { file: string } {
  try {
    const v: unknown = JSON.parse(value);
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return { object: v as Record<string, unknown> };
  } catch {
    // not JSON: a file path
  }
  return { file: resolve(cwd, value) };
}

/**
 * --settings' value: a JSON object, else a file path (read against the session cwd). A path that names no file (or a
 * file that is not JSON) is passed over: cbc 2.117.0 runs on without it (captures opt_settings_missing_fo, opt_settings_invalid_fo); Claude Code
 * refuses it before a session starts (its start checks, src/profiles/claude/options.ts).
 */
function flagSettings(text: string, cwd: string): Record<string, unknown> {
  const given = jsonOrPath(text, cwd);
  if ('object' in given) return given.object;
  const file = given.file;
  try {
    return existsSync(file) ? readJson(file, text) : {};
  } catch {
    return {}; // a file that is not JSON is passed over too, by all three CLIs (capture opt_settings_bad_json_file_fo)
  }
}

/** `given`: the path as the user wrote it (the error names it so); `file`: that path resolved against the run's cwd. */
function readJson(file: string, given = file): Record<string, unknown> {
  try {
    return parseJson(readFileSync(file, 'utf8'), given);
  } catch (err) {
    if (err instanceof EmuError) throw err;
    throw new EmuError('E_SETTINGS', `Error: Settings file not found: ${given}`);
  }
}

function parseJson(text: string, where: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    throw new EmuError('E_SETTINGS', `Error: Invalid JSON provided to --settings (${where})`);
  }
}

