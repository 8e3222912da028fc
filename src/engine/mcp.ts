import { isRawFrame, obj, type RawFrame } from '../protocol/raw-frame.js';
import { textOf, type HostAnswer } from './host.js';
import type { TurnHost } from './turn-host.js';

/** What an SDK MCP tool call returned, as a tool result. */
export interface McpOutcome {
  ok: boolean;
  text: string;
}

/** `mcp__<server>__<tool>` names a tool of an MCP server; undefined for other tools. */
export function mcpTool(name: string): { server: string; tool: string } | undefined {
  const m = /^mcp__(.+?)__(.+)$/.exec(name);
  return m ? { server: m[1]!, tool: m[2]! } : undefined;
}

/** The SDK MCP server names a host registered in `initialize` (`sdkMcpServers`: a list of names, or an object by name). */
export function sdkServers(request: RawFrame): string[] {
  const v = request['sdkMcpServers'];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  if (v && typeof v === 'object') return Object.keys(v);
  return [];
}

/** Each SDK MCP server's JSON-RPC ids count from 0 on their own (measured: ctl_mcp_set_servers_two_sdk_fp, both servers' initialize is id 0). */
const rpcIds = new WeakMap<TurnHost, Map<string, number>>();
function nextId(s: TurnHost, server: string): number {
  const ids = rpcIds.get(s) ?? new Map<string, number>();
  rpcIds.set(s, ids);
  const id = ids.get(server) ?? 0;
  ids.set(server, id + 1);
  return id;
}

function send(s: TurnHost, server: string, message: Record<string, unknown>, timeoutMs: number, done: (a: HostAnswer) => void): void {
  const requestId = s.p.ids.hostRequestId('mcp', s.o.scheduler.now(), ++s.hostSeq, s.o.rng);
  s.host.send(requestId, { subtype: 'mcp_message', serverName: server, message }, timeoutMs, done);
}

/** Reads a JSON-RPC answer carried in `{mcp_response}` (agent-sdk.md §3.3, codebuddy-sdk.md §4). */
function outcome(a: HostAnswer): McpOutcome {
  if (a.kind === 'timeout') return { ok: false, text: 'the SDK MCP server did not answer in time' };
  if (a.kind === 'cancelled') return { ok: false, text: `the MCP call was cancelled (${a.reason})` };
  if (a.kind === 'error') return { ok: false, text: a.message };
  const rpc = obj(a.body, 'mcp_response');
  const error = rpc?.['error'];
  if (error) return { ok: false, text: textOf((isRawFrame(error) ? error['message'] : undefined) ?? 'MCP error') };
  const result = obj(rpc, 'result');
  const content = result?.['content'];
  const text = (Array.isArray(content) ? content : []).map((c: unknown) => (isRawFrame(c) && c['type'] === 'text' ? textOf(c['text']) : JSON.stringify(c))).join('\n');
  return { ok: result?.['isError'] !== true, text };
}

/**
 * The handshake with an SDK MCP server through the host: JSON-RPC `initialize`, then `notifications/initialized`;
 * `done` gets the initialize outcome (the server is ready when it is ok).
 */
function handshake(s: TurnHost, server: string, timeoutMs: number, done: (r: McpOutcome) => void): void {
  const id = nextId(s, server);
  const clientInfo = { name: s.p.behavior.mcpClientName, version: s.p.version };
  const message = s.p.behavior.mcpInitialize?.(id) ?? { jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo } };
  send(s, server, message, timeoutMs, (a) => {
    const init = outcome(a);
    if (!init.ok) return done(init);
    send(s, server, { jsonrpc: '2.0', method: 'notifications/initialized' }, timeoutMs, () => {
      s.mcpReady.add(server);
      for (const info of s.mcpServers) if (info.name === server && info.failure.kind === 'sdk') info.connected = true;
      done(init);
    });
  });
}

/**
 * Calls a tool of an SDK MCP server through the host with `mcp_message` requests (issue #10): the handshake the
 * first time a server is used in the session, then `tools/call`. Each message is a CLI-initiated request correlated by request_id.
 */
export function callMcpTool(s: TurnHost, server: string, tool: string, args: Record<string, unknown>, timeoutMs: number, done: (r: McpOutcome) => void): void {
  const call = () => send(s, server, { jsonrpc: '2.0', id: nextId(s, server), method: 'tools/call', params: { name: tool, arguments: args } }, timeoutMs, (a) => done(outcome(a)));
  if (s.mcpReady.has(server)) return call();
  handshake(s, server, timeoutMs, (init) => (init.ok ? call() : done({ ok: false, text: `MCP server ${server} failed to initialize: ${init.text}` })));
}

/** Time the CLI gives an SDK MCP server to answer its handshake (the emulator's; no capture shows the real one). */
const CONNECT_TIMEOUT_MS = 60_000;

/**
 * SDK MCP servers the host names (initialize's sdkMcpServers, mcp_set_servers' `type: "sdk"` entries): a profile that
 * knows its CLI's handshake (Claude) connects each new one at once, so its `initialize` request follows the reply
 * (captures ctl_mcp_set_servers_sdk_h4, ctl_initialize_sdk_mcp_server_fp); others connect at the first tool call.
 * Those a config file names connect as the session opens, before initialize is read (its handshake comes before the
 * initialize reply; initialize naming one again does not connect it twice: opt_mcp_config_sdk_server_h5, _registered_fr).
 */
export function connectSdkServers(s: TurnHost, names: readonly string[]): void {
  for (const name of names) {
    if (s.sdkMcpServers.has(name)) continue;
    s.sdkMcpServers.add(name);
    if (s.p.behavior.mcpInitialize !== undefined) handshake(s, name, CONNECT_TIMEOUT_MS, () => undefined);
  }
}

/**
 * initialize's sdkMcpServers: Claude connects them before its reply, and 2.1.328 connects them once more (a new
 * client, ids from 0 again) after it (capture ctl_initialize_sdk_mcp_server_fp, a host that never answers). A Claude
 * re-initialize (`reinit`) replies first and connects them once after, unlisted (ctl_initialize_sdk_mcp_after_prompt_fa).
 */
export function initializeSdkServers(s: TurnHost, names: readonly string[], reply: () => void, reinit = false): void {
  const fresh = names.filter((n) => !s.sdkMcpServers.has(n));
  if (reinit) return void (reply(), connectSdkServers(s, fresh));
  // listed in system/init like a config file's sdk server (measured: ctl_initialize_sdk_mcp_server_fp, failed when unanswered)
  for (const name of fresh) if (!s.mcpServers.some((i) => i.name === name)) s.mcpServers.push({ name, config: { type: 'sdk', name }, scope: 'dynamic', disabled: false, failure: { kind: 'sdk' } });
  connectSdkServers(s, fresh);
  reply();
  if (s.p.behavior.sdkServersReconnect !== true) return;
  for (const name of fresh) {
    rpcIds.get(s)?.delete(name);
    handshake(s, name, CONNECT_TIMEOUT_MS, () => undefined);
  }
}

/** mcp_set_servers: its sdk-type servers connect as connectSdkServers says. */
export function connectSetServers(s: TurnHost, subtype: string, request: RawFrame): void {
  const servers = subtype === 'mcp_set_servers' ? request['servers'] : undefined;
  if (!isRawFrame(servers)) return;
  connectSdkServers(s, Object.entries(servers).flatMap(([name, config]) => (isRawFrame(config) && config['type'] === 'sdk' ? [name] : [])));
}
