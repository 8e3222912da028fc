import { existsSync, readFileSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { isRawFrame } from '../protocol/raw-frame.js';
import { jsonOrPath } from '../settings.js';

/**
 * The external MCP servers a session was configured with (issue #16; measured on Claude Code: opt_mcp_config_*,
 * ctl_mcp_*_bad_server): `--mcp-config` values (JSON text or a file), the cwd's `.mcp.json` unless
 * `--strict-mcp-config`, and those `mcp_set_servers` adds. The emulator runs no external MCP server, so each one
 * fails to connect, for the reason the CLI would find first: a stdio command that does not exist cannot be spawned,
 * one that does exits without speaking MCP (the connection closes), an http/sse server is not reached.
 * SDK servers (`type: "sdk"`) are the host's own (mcp.ts): those initialize and mcp_set_servers name are not listed
 * here; one a config file names is (failure `sdk`), since the CLI connects it through the host at start-up and lists it
 * in system/init (opt_mcp_config_sdk_server_h5), though not in mcp_status (opt_mcp_config_sdk_server_status_fr); so is
 * one initialize names (ctl_initialize_sdk_mcp_server_fp).
 */
export interface McpServerInfo {
  name: string;
  /** The server's configuration as given. */
  config: Readonly<Record<string, unknown>>;
  /** Where it came from: the command line or mcp_set_servers (`dynamic`), or the cwd's .mcp.json (`project`). */
  scope: 'dynamic' | 'project';
  /** Turned off by mcp_toggle. */
  disabled: boolean;
  /** Added by mcp_set_servers (a later one replaces only these; the command line's stay: capture ctl_mcp_set_servers_replace). */
  bySdk?: boolean;
  /** An SDK server whose handshake the host answered (it is listed as connected). */
  connected?: boolean;
  /** Why it did not connect. */
  failure: { kind: 'spawn'; command: string; onPath: boolean } | { kind: 'closed' } | { kind: 'unreachable' } | { kind: 'sdk' };
}

/** The command-line flags (profile.ts CliFlags, restated: profile.ts names this module's types). */
type Flags = ReadonlyMap<string, string | true | readonly string[]>;

/** The session's external MCP servers, in the order the CLI lists them (project file first, then the command line's in order given). */
export function configuredMcpServers(flags: Flags | undefined, cwd: string, env: Readonly<Record<string, string | undefined>>): McpServerInfo[] {
  const out: McpServerInfo[] = [];
  const add = (servers: unknown, scope: McpServerInfo['scope']) => {
    for (const s of serversOf(servers, scope, cwd, env)) {
      const at = out.findIndex((o) => o.name === s.name);
      if (at >= 0) out.splice(at, 1); // a later definition of a name replaces the earlier
      out.push(s);
    }
  };
  if (flags?.has('strict-mcp-config') !== true) add(configIn(readOr(join(cwd, '.mcp.json'))), 'project');
  const given = flags?.get('mcp-config');
  for (const v of given === undefined || given === true ? [] : typeof given === 'string' ? [given] : given) {
    const given = jsonOrPath(v, cwd);
    add('object' in given ? given.object['mcpServers'] : configIn(readOr(given.file)), 'dynamic');
  }
  return out;
}

/** The sdk-type servers the last mcp_set_servers named, per session's server list (they live in the host, not in the list). */
const setSdkServers = new WeakMap<McpServerInfo[], readonly string[]>();

/**
 * mcp_set_servers: the servers it names replace those an earlier one set (the names it drops are `removed`, sdk-type
 * ones too: capture ctl_mcp_set_servers_sdk_then_none_fp); `added` lists the non-SDK ones, whose connection fails here.
 */
export function setMcpServers(list: McpServerInfo[], servers: unknown, cwd: string, env: Readonly<Record<string, string | undefined>>): { added: McpServerInfo[]; removed: string[] } {
  const next = serversOf(servers, 'dynamic', cwd, env, false).map((s) => ({ ...s, bySdk: true }));
  const sdk = isRawFrame(servers) ? Object.entries(servers).flatMap(([name, c]) => (isRawFrame(c) && c['type'] === 'sdk' ? [name] : [])) : [];
  const droppedSdk = (setSdkServers.get(list) ?? []).filter((n) => !sdk.includes(n));
  setSdkServers.set(list, sdk);
  const removed = [...list.filter((s) => s.bySdk === true && !next.some((n) => n.name === s.name)).map((s) => s.name), ...droppedSdk];
  const added = next.filter((n) => !list.some((s) => s.name === n.name));
  const kept = list.filter((s) => s.bySdk !== true || next.some((n) => n.name === s.name));
  list.splice(0, list.length, ...kept, ...added);
  return { added, removed };
}

/** `withSdk`: a config file's sdk-type servers are listed too (mcp_set_servers' are the host's, mcp.ts). */
function serversOf(servers: unknown, scope: McpServerInfo['scope'], cwd: string, env: Readonly<Record<string, string | undefined>>, withSdk = true): McpServerInfo[] {
  if (!isRawFrame(servers)) return [];
  return Object.entries(servers).flatMap(([name, config]) => {
    if (!isRawFrame(config) || (config['type'] === 'sdk' && !withSdk)) return [];
    return [{ name, config, scope, disabled: false, failure: config['type'] === 'sdk' ? { kind: 'sdk' as const } : failureOf(config, cwd, env) }];
  });
}

function failureOf(config: Readonly<Record<string, unknown>>, cwd: string, env: Readonly<Record<string, string | undefined>>): McpServerInfo['failure'] {
  const type = config['type'];
  if (type === 'http' || type === 'sse' || (type === undefined && typeof config['url'] === 'string')) return { kind: 'unreachable' };
  const command = typeof config['command'] === 'string' ? config['command'] : '';
  // a bare name is looked up along PATH, a path is spawned as it is: the two fail in different words (profiles)
  return findCommand(command, cwd, env) ? { kind: 'closed' } : { kind: 'spawn', command, onPath: command !== '' && !command.includes('/') };
}

/** Whether a command resolves as a spawn would: a path as given, a bare name along PATH. */
function findCommand(command: string, cwd: string, env: Readonly<Record<string, string | undefined>>): boolean {
  if (command === '') return false;
  if (command.includes('/')) return existsSync(isAbsolute(command) ? command : resolve(cwd, command));
  return (env['PATH'] ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, command)));
}

/** The `mcpServers` object of a config file's text (nothing when it is not JSON). */
function configIn(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRawFrame(parsed) ? parsed['mcpServers'] : undefined;
  } catch {
    return undefined; // an unreadable config is refused by the option check before a session starts
  }
}

function readOr(file: string): string | undefined {
  if (!existsSync(file)) return undefined; // the usual case, without a thrown ENOENT (issue #21)
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // no such file: no servers from it
  }
}

/** The facts of an MCP control request about configured servers (mcp_toggle turns one off or on here), or undefined. */
export function mcpFacts(
  subtype: string,
  request: Readonly<Record<string, unknown>>,
  list: McpServerInfo[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): { mcp: { server?: McpServerInfo; added?: McpServerInfo[]; removed?: string[] } } | undefined {
  if (subtype === 'mcp_set_servers') return { mcp: setMcpServers(list, request['servers'], cwd, env) };
  if (subtype !== 'mcp_toggle' && subtype !== 'mcp_reconnect') return undefined;
  const server = list.find((s) => s.name === request['serverName'] && s.failure.kind !== 'sdk');
  if (server === undefined) return undefined;
  if (subtype === 'mcp_toggle') server.disabled = request['enabled'] === false;
  return { mcp: { server } };
}

/** The config's sdk-type servers: the CLI connects them through the host as it starts (engine/mcp.ts). */
export const configSdkServers = (list: readonly McpServerInfo[]): string[] => list.filter((s) => s.failure.kind === 'sdk').map((s) => s.name);
