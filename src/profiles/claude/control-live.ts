import { Buffer, isUtf8 } from 'node:buffer';
import { resolve, sep } from 'node:path';
import type { ControlFacts, ControlPayload } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type WireFrame } from '../../protocol/frames/index.js';
import { isRawFrame } from '../../protocol/raw-frame.js';
import { COMMANDS_CHANGED, SESSION_TITLE_CHANGED } from '../../protocol/frames/system.js';
import { controlError, controlSuccess } from '../shared/control.js';
import { clone, profileData } from '../data.js';
import { contextUsage } from './context.js';
import { mcpFailureText } from './mcp-servers.js';
import { permissionRulesState } from './permission-rules.js';
import { settingsView } from './settings-view.js';
import { localCommandOutput } from './control.js';
import { sessionCostText, usageReply } from './usage.js';
import type { ClaudeSpec } from './spec.js';

type Canned = Extract<ControlPayload, { kind: 'canned' }>;
/** A reply computed from the session (undefined: the subtype is answered from the captured data alone). */
type Live = { response?: Record<string, unknown>; error?: string; before?: WireFrame[] } | undefined;

/**
 * Claude Code's control replies that depend on the session or the machine (issue #16, measured on 2.1.220 and
 * 2.1.328 by the surface captures ctl_* and their tuning variants): the reply frame, after the side frames the
 * CLI writes first.
 */
export function liveControlReply(spec: ClaudeSpec, p: Canned, requestId: string | undefined, ctx: EncodeContext): WireFrame[] | undefined {
  const live = liveReply(spec, p, ctx);
  if (!live) return undefined;
  // these errors carry no error_code on 2.1.328 either (measured)
  const reply = live.error !== undefined ? controlError(spec.wire, requestId, live.error) : controlSuccess(spec.wire, requestId, live.response);
  return [...(live.before ?? []), reply];
}

function liveReply(spec: ClaudeSpec, p: Canned, ctx: EncodeContext): Live {
  const r = p.request;
  const data = profileData(spec.name);
  switch (p.subtype) {
    case 'get_settings': {
      // the captured reply of a session with no settings files, with the session's sources (settings-view.ts);
      // `applied` names the session's model and effort
      const out: Record<string, unknown> = { ...(clone(data.controlReplies?.['get_settings']?.response) as Record<string, unknown>), ...settingsView(p.facts) };
      out['applied'] = { ...(out['applied'] as Record<string, unknown>), model: ctx.model, effort: effortOf(spec, ctx.model) };
      return { response: out };
    }
    case 'rewind_files': {
      // the emulator keeps no file checkpoints, so rewinding is never enabled: a dry run is answered with the captured
      // canRewind: false reply, anything else is refused with its error text (measured: ctl_rewind_files, ctl_rewind_files_apply_h3)
      const out = clone(data.controlReplies?.['rewind_files']?.response) as Record<string, unknown> | undefined;
      if (out === undefined) return undefined;
      return r['dry_run'] ? { response: out } : { error: String(out['error']) };
    }
    case 'cancel_async_message': // a queued line cancelled (commands.ts cancelQueued); else the captured reply
      return p.facts?.cancelled === undefined ? undefined : { response: { cancelled: true, ...(spec.v328 ? { message_uuid: p.facts.cancelled } : {}) } };
    case 'list_models':
      return { response: { models: clone(data.initializeResponse['models']) } };
    case 'mcp_set_servers':
      return { response: mcpSetServers(spec, r['servers'], p.facts) };
    case 'mcp_toggle': {
      // a configured server: turned off, an empty success; turned on, it fails to connect again (unknown names: the captured refusal)
      const server = p.facts?.mcp?.server;
      return server === undefined ? undefined : server.disabled ? {} : { error: mcpFailureText(spec, server) };
    }
    case 'mcp_reconnect': // it fails again, for the same reason
      return p.facts?.mcp?.server ? { error: mcpFailureText(spec, p.facts.mcp.server) } : undefined;
    case 'mcp_read_resource':
      return mcpReadResource(r, ctx);
    case 'read_file':
      return readFile(spec, p.facts, r);
    case 'register_repo_root':
      return registerRepoRoot(spec, p.facts, ctx.cwd);
    case 'rename_session': {
      const title = r['title'];
      if (typeof title !== 'string' || title.trim() === '') return { error: 'title must be non-empty' };
      // 2.1.328 announces the new title first; 2.1.220 only replies
      const said = build(SESSION_TITLE_CHANGED, spec.wire, { type: 'system', subtype: 'session_title_changed', title, uuid: ctx.rng.uuid(), session_id: ctx.sessionId });
      return { before: spec.v328 ? [said] : [] };
    }
    case 'reload_skills':
    case 'reload_plugins':
      return reload(spec, p.subtype, ctx);
    case 'get_task_output': // a shell task's output; an agent or a workflow has none to give (measured: ctl_get_task_output_bg_agent_fd)
      return p.facts?.task?.kind === 'agent' || p.facts?.task?.kind === 'workflow' ? { error: 'get_task_output: no shell or Monitor task with that task_id in this session' } : { response: taskOutput(p.facts) };
    case 'background_tasks': // naming a tool call: no running foreground call of that id to move to the background (both versions: ctl_background_tasks_unknown_id_fd)
      return typeof r['tool_use_id'] === 'string' && r['tool_use_id'] !== '' ? { response: { backgrounded: false } } : undefined;
    case 'list_permission_rules': // the session's rules (permission-rules.ts), where the profile answers it at all
      return data.controlReplies?.['list_permission_rules'] ? { response: { state: permissionRulesState(p.facts, ctx.cwd, ctx.cliFlags) } } : undefined;
    case 'update_settings':
      return updateSettings(r['source'], r['settings']);
    case 'apply_flag_settings': {
      // a model among the flag settings switches the session's model; 2.1.220 says so as set_model does, by the id alone;
      // 2.1.328 only when a turn runs (it defers the switch then), the id in backticks (ctl_apply_flag_settings_model_mid_turn_fd)
      const m = p.facts?.model;
      const to = m?.resolved ?? ctx.model;
      const changed = m !== undefined && to !== m.previous && (!spec.v328 || m.midTurn === true);
      return { before: changed ? [localCommandOutput(spec, ctx, spec.v328 ? `Set model to \`${to}\`` : `Set model to ${to}`)] : [] };
    }
    case 'get_usage':
      return { response: usageReply(spec, ctx) };
    case 'get_context_usage':
      return { response: contextUsage(spec, ctx, r['detail'] !== 'summary') };
    case 'get_session_cost':
      return { response: { text: sessionCostText(spec, ctx) } };
  }
  return undefined;
}

/**
 * get_settings' applied effort: null for a model the CLI's model list says takes no effort levels (its entry has no
 * supportsEffort: 2.1.220's haiku, measured: ctl_get_settings_after_apply_flag_fd), else the session's effort.
 */
function effortOf(spec: ClaudeSpec, model: string): string | null {
  const models = profileData(spec.name).initializeResponse['models'];
  const entry = Array.isArray(models) ? (models as unknown[]).find((m) => isRawFrame(m) && m['resolvedModel'] === model) : undefined;
  return isRawFrame(entry) && entry['supportsEffort'] !== true ? null : spec.hookEffort;
}

/**
 * mcp_set_servers: every named server is added; the emulator runs no external MCP server, so each one that is not the
 * SDK's own fails as mcp-servers.ts decides (captures ctl_mcp_set_servers_stdio, ctl_mcp_set_servers_then_status).
 */
function mcpSetServers(spec: ClaudeSpec, servers: unknown, facts: ControlFacts | undefined): Record<string, unknown> {
  const named = servers !== null && typeof servers === 'object' ? Object.keys(servers) : [];
  const failed = facts?.mcp?.added ?? [];
  return {
    added: named,
    removed: facts?.mcp?.removed ?? [],
    errors: Object.fromEntries(failed.map((s) => [s.name, mcpFailureText(spec, s)])),
  };
}

/**
 * mcp_read_resource (2.1.328; 2.1.220 has no such subtype): the CLI checks its arguments before it looks the server up
 * (read from its code: serverName a string, uri a string, uri under ui://; ctl_mcp_read_resource_idle_h5). Past the
 * checks a configured server is found but not connected (the emulator connects none; ctl_mcp_read_resource_bad_server_fr,
 * an SDK server the host answered: the CLI's refusal of SDK servers), any other name the captured "Server not found".
 */
function mcpReadResource(r: Record<string, unknown>, ctx: EncodeContext): Live {
  if (typeof r['serverName'] !== 'string') return { error: 'mcp_read_resource: serverName must be a string' };
  if (typeof r['uri'] !== 'string') return { error: 'mcp_read_resource: uri must be a string' };
  if (!r['uri'].startsWith('ui://')) return { error: 'mcp_read_resource: uri must use the ui:// scheme' };
  const server = ctx.mcpServers?.find((s) => s.name === r['serverName'] && !s.disabled);
  if (server === undefined) return undefined;
  if (server.connected !== true) return { error: `MCP server ${server.name} is not connected (status: failed)` };
  return { error: 'mcp_read_resource does not support SDK MCP servers: the caller hosts them and can read them directly' };
}

/** read_file's default and highest byte limits (the CLIs' own constants: 1e6 when max_bytes is absent or not above 0, at most 1e7). */
const READ_DEFAULT_BYTES = 1e6;
const READ_MAX_BYTES = 1e7;

/**
 * read_file: the first `max_bytes` bytes of the file (`truncated: true` only when it has more) and its absolute path, as
 * utf-8 text or, for `encoding: "base64"`, base64 with `encoding` set (captures ctl_read_file_base64_h4); 2.1.328 marks a
 * utf-8 answer `lossy` when the bytes are not valid UTF-8, and echoes the path as asked. A missing file is an error.
 */
function readFile(spec: ClaudeSpec, facts: ControlFacts | undefined, r: Record<string, unknown>): Live {
  const f = facts?.path;
  if (!f) return { error: 'path is required' };
  if (f.kind !== 'file') return { error: spec.v328 ? `read denied: ${f.given}` : (f.error ?? `EISDIR: illegal operation on a directory, read`) };
  const asked = r['max_bytes'];
  const limit = Math.min(typeof asked === 'number' && asked > 0 ? asked : READ_DEFAULT_BYTES, READ_MAX_BYTES);
  const all = Buffer.from(f.bytes ?? new Uint8Array());
  const bytes = all.subarray(0, limit);
  const base64 = r['encoding'] === 'base64';
  const out: Record<string, unknown> = { contents: bytes.toString(base64 ? 'base64' : 'utf-8'), absPath: f.abs };
  if (all.length > limit) out['truncated'] = true;
  if (base64) out['encoding'] = 'base64';
  else if (spec.v328) out['lossy'] = !isUtf8(bytes);
  if (spec.v328) out['requested_path'] = f.given;
  return { response: out };
}

/** register_repo_root: the CLI registers a directory inside the cwd and refuses one that does not resolve, the cwd itself, and one outside it. */
function registerRepoRoot(spec: ClaudeSpec, facts: ControlFacts | undefined, cwd: string): Live {
  const f = facts?.path;
  if (!f) return { error: 'register_repo_root: directory is required' };
  if (f.kind === 'missing') return { error: spec.v328 ? 'register_repo_root: target path could not be resolved' : `ENOENT: no such file or directory, lstat '${f.given}'` };
  if (f.abs === resolve(cwd)) {
    const here = spec.v328 ? "the session's working directory" : 'the current working directory';
    return { error: `register_repo_root: ${f.given} is ${here}, which is already registered; pass the cloned repo's own directory instead` };
  }
  if (f.abs.startsWith(resolve(cwd) + sep)) return { response: { directory: f.abs } }; // capture ctl_register_repo_root_sub
  const outside = spec.v328
    ? "the session's working directory or of a launch-time --add-dir root that still leads where it first did"
    : 'cwd or of a launch-time --add-dir root';
  return { error: `register_repo_root: ${f.given} is not a subdirectory of ${outside}` };
}

/** reload_skills / reload_plugins: 2.1.220 first announces the slash commands once / twice (the init list); 2.1.328 does not. */
function reload(spec: ClaudeSpec, subtype: 'reload_skills' | 'reload_plugins', ctx: EncodeContext): Live {
  const reply = profileData(spec.name).controlReplies?.[subtype]?.response as Record<string, unknown> | undefined;
  const commands = profileData(spec.name).initializeResponse['commands'] as Array<Record<string, unknown>>;
  const said = () => build(COMMANDS_CHANGED, spec.wire, { type: 'system', subtype: 'commands_changed', commands: clone(commands), uuid: ctx.rng.uuid(), session_id: ctx.sessionId });
  const before = spec.v328 ? [] : subtype === 'reload_skills' ? [said()] : [said(), said()];
  return { response: clone(reply) ?? {}, before };
}

/** get_task_output: a task of this session gives its output file and, once a shell ended, its exit line; any other id nothing. */
function taskOutput(facts: ControlFacts | undefined): Record<string, unknown> {
  const t = facts?.task;
  const output = t ? t.output + (t.terminal && t.exitCode !== undefined ? `\n[exited with code ${t.exitCode}]\n` : '') : '';
  return { output, total_bytes: Buffer.byteLength(output), truncated: false };
}

/** The keys update_settings lets the SDK write, per settings source (2.1.328's own table; capture ctl_update_settings_output_style_h5). */
const UPDATABLE: Record<string, ReadonlySet<string>> = { localSettings: new Set(['outputStyle']), userSettings: new Set(['effortLevel']) };
/** The effort levels a userSettings effortLevel may name (2.1.328's list). */
const EFFORT_LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'];

/** update_settings (2.1.328): the checks in its order — an object, a known source, a key, only updatable keys, string values, a known effort level. */
function updateSettings(source: unknown, settings: unknown): Live {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    return { error: `update_settings requires \`settings\` to be an object, got ${settings === null ? 'null' : Array.isArray(settings) ? 'an array' : typeof settings}` };
  }
  const allowed = typeof source === 'string' ? UPDATABLE[source] : undefined;
  if (allowed === undefined) return { error: `update_settings: unsupported source ${String(source)}` };
  const values = settings as Record<string, unknown>;
  const keys = Object.keys(values);
  if (keys.length === 0) return { error: 'update_settings requires at least one key' };
  const refused = keys.filter((k) => !allowed.has(k)).sort();
  if (refused.length > 0) return { error: `update_settings keys not allowed: ${refused.join(', ')}` };
  const notText = keys.filter((k) => typeof values[k] !== 'string').sort();
  if (notText.length > 0) return { error: `update_settings values must be strings (deletion is not supported): ${notText.join(', ')}` };
  const effort = values['effortLevel'];
  if (source === 'userSettings' && (typeof effort !== 'string' || !EFFORT_LEVELS.includes(effort.trim().toLowerCase()))) {
    return { error: `update_settings: effortLevel must be one of ${EFFORT_LEVELS.join(', ')}` };
  }
  return { response: {} };
}
