import type { McpServerInfo } from '../../engine/mcp-servers.js';
import type { ClaudeSpec } from './spec.js';

/**
 * How Claude Code reports the external MCP servers it could not connect (measured on 2.1.220 / 2.1.328: captures
 * opt_mcp_config_bad_server_h3, opt_mcp_config_*, ctl_mcp_status_*_server, ctl_mcp_toggle_bad_server,
 * ctl_mcp_reconnect_bad_server, ctl_mcp_set_servers_stdio, ctl_mcp_set_servers_then_status).
 */

/** The reason a server did not connect, as the CLI words it (2.1.328 names a dynamic server's transport where a project one's command). */
export function mcpFailureText(spec: ClaudeSpec, s: McpServerInfo): string {
  switch (s.failure.kind) {
    case 'spawn': {
      const named = spec.v328 && s.scope === 'dynamic' ? 'stdio' : s.failure.command;
      // a bare name not found along PATH (measured: ctl_mcp_status_mid_turn_fr), else the spawn's own error (ctl_mcp_status_bad_server)
      return s.failure.onPath ? `Executable not found in $PATH: ${JSON.stringify(named)}` : `ENOENT: no such file or directory, posix_spawn '${named}'`;
    }
    case 'closed':
      return spec.v328 ? 'Connection closed' : 'MCP error -32000: Connection closed';
    case 'unreachable':
      return `${spec.v328 ? 'ECONNREFUSED: ' : ''}Unable to connect. Is the computer able to access the url?`;
    case 'sdk': // not shown: mcp_status leaves such a server out, mcp_toggle / mcp_reconnect do not find it
      return '';
  }
}

const status = (s: McpServerInfo) => (s.disabled ? 'disabled' : s.connected === true ? 'connected' : 'failed');

/** system/init's `mcp_servers`. */
export function initMcpServers(spec: ClaudeSpec, servers: readonly McpServerInfo[] | undefined): Array<Record<string, string>> {
  // a config's sdk-type server: source "sdk" (measured: opt_mcp_config_sdk_server_h5)
  return (servers ?? []).map((s) => ({ name: s.name, status: status(s), ...(spec.v328 ? { source: s.failure.kind === 'sdk' ? 'sdk' : s.scope } : {}) }));
}

/**
 * A server's config as Claude Code's schema parsed it: a stdio server (no url) gets its `type` and an empty `args`
 * when the config left them out, in the schema's key order (measured: ctl_mcp_status_mid_turn_fr, a config of only
 * `command`); other configs as given.
 */
function parsedConfig(config: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const type = config['type'];
  if (!(type === undefined || type === 'stdio') || 'url' in config) return config;
  const { type: _type, command, args, ...rest } = config;
  return { type: 'stdio', command, args: args ?? [], ...rest };
}

/** mcp_status's `mcpServers`: a disabled server carries no error; 2.1.328 adds the transport and the source. */
export function statusMcpServers(spec: ClaudeSpec, servers: readonly McpServerInfo[] | undefined): Array<Record<string, unknown>> {
  // a config's sdk-type server is not listed (measured: opt_mcp_config_sdk_server_status_fr, before any turn)
  return (servers ?? []).filter((s) => s.failure.kind !== 'sdk').map((s) => ({
    name: s.name,
    status: status(s),
    ...(s.disabled ? {} : { error: mcpFailureText(spec, s) }),
    config: parsedConfig(s.config),
    ...(spec.v328 ? { transport: typeof s.config['type'] === 'string' ? s.config['type'] : 'stdio' } : {}),
    scope: s.scope,
    ...(spec.v328 ? { source: s.scope } : {}),
  }));
}
