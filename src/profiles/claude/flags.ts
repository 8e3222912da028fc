import { existsSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { CliFlags } from '../../engine/profile.js';
import { managedSettings } from '../../settings.js';

/**
 * What Claude Code's options change in the frames it writes (issue #16, surface captures opt_* and their tuning
 * variants in test/capture/surface-more/claude-options.mjs): the values read from the command line.
 */

/** A flag's values as a list: variadic values and comma- or space-separated items, empties dropped. */
export function flagList(flags: CliFlags | undefined, name: string): string[] | undefined {
  const v = flags?.get(name);
  if (v === undefined || v === true) return v === true ? [] : undefined;
  return (typeof v === 'string' ? [v] : v).flatMap((x) => x.split(/[\s,]+/)).filter((x) => x !== '');
}

/** A flag's single value (the last one given). */
export function flagText(flags: CliFlags | undefined, name: string): string | undefined {
  const v = flags?.get(name);
  return v === undefined || v === true ? undefined : typeof v === 'string' ? v : v[v.length - 1];
}

/** One agent of `--agents <json>`: name, description and its model when the JSON names one. */
export interface CustomAgent {
  name: string;
  description: string;
  model?: string;
}

/**
 * The agents `--agents` defines (an unreadable value defines none), then those the host's initialize request names in
 * `agents` (an object by name, as the SDK sends it; measured: ctl_initialize_sdk_options_h2).
 */
export function customAgents(flags: CliFlags | undefined, hostAgents?: unknown): CustomAgent[] {
  const text = flagText(flags, 'agents');
  let parsed: unknown;
  try {
    parsed = text === undefined ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return [...agentsOf(parsed), ...agentsOf(hostAgents)];
}

/** The agents of an `{name: {description, model?, ...}}` object (anything else defines none). */
function agentsOf(parsed: unknown): CustomAgent[] {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
  return Object.entries(parsed as Record<string, unknown>).flatMap(([name, def]) => {
    if (typeof def !== 'object' || def === null) return [];
    const d = def as Record<string, unknown>;
    // a definition with a wrongly typed field is no agent (2.1.220 drops it; 2.1.328 refuses the run: capture opt_agent_tools_string_stream_ff)
    if (['tools', 'disallowedTools'].some((k) => d[k] !== undefined && !Array.isArray(d[k]))) return [];
    const description = typeof d['description'] === 'string' ? d['description'] : '';
    return [{ name, description, ...(typeof d['model'] === 'string' ? { model: d['model'] } : {}) }];
  });
}

/** Agent names as Claude Code lists them: sorted without regard to case (measured: opt_agents_two, `doc` before `Explore`). */
export const byName = (a: string, b: string): number => a.toLowerCase().localeCompare(b.toLowerCase());

/**
 * system/init's `plugin_errors` for --plugin-dir / --plugin-url (measured: opt_plugin_dir*, opt_plugin_url*): a folder
 * that does not exist is path-not-found; a URL is never reached (the emulator has no network, as the captures had none
 * to the URL). Plugins are named `inline[<n>]` in the order given. Undefined when there is nothing to report.
 */
export function pluginErrors(flags: CliFlags | undefined, cwd: string, v328: boolean): Array<Record<string, string>> | undefined {
  const out: Array<Record<string, string>> = [];
  let n = 0;
  for (const dir of flagList(flags, 'plugin-dir') ?? []) {
    const path = resolve(cwd, dir);
    const plugin = `inline[${n++}]`;
    if (existsSync(path)) continue;
    out.push(v328 ? { plugin, type: 'path-not-found', message: `Path not found: ${path}`, path } : { plugin, type: 'path-not-found', message: `Path not found: ${path} (commands)` });
  }
  for (const _url of flagList(flags, 'plugin-url') ?? []) {
    const refused = v328 ? 'ECONNREFUSED: ' : '';
    out.push({ plugin: `inline[${n++}]`, type: 'generic-error', message: `Failed to load plugin: ${refused}Unable to connect. Is the computer able to access the url` });
  }
  return out.length > 0 ? out : undefined;
}

/** 2.1.328's `additional_directories`: the --add-dir folders that exist, made absolute (measured: opt_add_dir_other, opt_add_dir_missing). */
export function additionalDirectories(flags: CliFlags | undefined, cwd: string): string[] {
  // the working folder and the folders under it are in reach already: not listed (measured: opt_add_dir, `--add-dir .`;
  // opt_add_dir_two_h4, two subfolders); a folder named twice is listed once
  const inside = (d: string) => {
    const rel = relative(resolve(cwd), d);
    return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  };
  const dirs = (flagList(flags, 'add-dir') ?? []).map((d) => resolve(cwd, d)).filter((d) => !inside(d) && existsSync(d) && statSync(d).isDirectory());
  return [...new Set(dirs)];
}

/** The betas Claude Code accepts from --betas with an API key (its warning names them; measured: opt_betas_other). */
const ALLOWED_BETAS = ['context-1m-2025-08-07'];

/** The stderr warnings of --betas: one line per beta Claude Code does not allow. */
export function betaWarnings(flags: CliFlags | undefined): string[] {
  return (flagList(flags, 'betas') ?? [])
    .filter((b) => !ALLOWED_BETAS.includes(b))
    .map((b) => `Warning: Beta header '${b}' is not allowed. Only the following betas are supported: ${ALLOWED_BETAS.join(', ')}`);
}

/** --effort's levels, and the other words its parser takes (read from the binary: `med`, and `ultracode` for xhigh). */
const EFFORTS = ['low', 'medium', 'high', 'xhigh', 'max'];
const EFFORT_WORDS = ['med', 'ultracode'];

/**
 * The start-up warnings: an --effort value its parser does not know (read from the binary: trimmed and lower-cased it must
 * be a level or one of its other words; else the run goes on at the default effort; capture opt_effort_invalid_ft), then
 * --betas' refused headers.
 */
export function startWarnings(flags: CliFlags | undefined): string[] {
  const effort = flagText(flags, 'effort');
  const known = effort === undefined || [...EFFORTS, ...EFFORT_WORDS].includes(effort.trim().toLowerCase());
  const effortWarning = known ? [] : [`Warning: Unknown --effort value '${effort}' \u2014 ignoring it and using the default effort. Valid values: ${EFFORTS.join(', ')}.`];
  return [...effortWarning, ...betaWarnings(flags)];
}

/** The security plugin 2.1.328 bundles (its init `plugins` entry). */
export const SEC_DEFAULT_PLUGIN = { name: 'cc-plugin-sec-default', path: 'builtin', source: 'cc-plugin-sec-default@builtin' } as const;

/**
 * Whether 2.1.328 seats its security plugin outermost: "on a machine with managed settings … unless managed
 * prependPlugins is set" (read from the binary; capture opt_managed_settings_ft). An empty or unreadable
 * --managed-settings document is taken as none (not measured).
 */
export function seatsSecDefault(flags: CliFlags | undefined): boolean {
  const managed = managedSettings(flagText(flags, 'managed-settings'));
  return Object.keys(managed).length > 0 && !('prependPlugins' in managed);
}
