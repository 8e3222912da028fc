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
 * Calls a tool of an SDK MCP server through the host with `mcp_message` requests (issue #10): the
 * JSON-RPC `initialize` handshake and `notifications/initialized` the first time a server is used in
 * the session, then `tools/call`. Each message is a CLI-initiated request correlated by request_id.
 */
export function callMcpTool(s: TurnHost, server: string, tool: string, args: Record<string, unknown>, timeoutMs: number, done: (r: McpOutcome) => void): void {
  const call = () => send(s, server, { jsonrpc: '2.0', id: ++s.mcpSeq, method: 'tools/call', params: { name: tool, arguments: args } }, timeoutMs, (a) => done(outcome(a)));
  if (s.mcpReady.has(server)) return call();
  const clientInfo = { name: s.p.behavior.mcpClientName, version: s.p.version };
  send(s, server, { jsonrpc: '2.0', id: ++s.mcpSeq, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo } }, timeoutMs, (a) => {
    const init = outcome(a);
    if (!init.ok) return done({ ok: false, text: `MCP server ${server} failed to initialize: ${init.text}` });
    send(s, server, { jsonrpc: '2.0', method: 'notifications/initialized' }, timeoutMs, () => {
      s.mcpReady.add(server);
      call();
    });
  });
}
