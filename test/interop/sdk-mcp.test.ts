// Issue #10 ("mcp_message for SDK MCP servers"): a scenario tool call `mcp__<server>__<tool>` on an
// in-process MCP server the Claude Agent SDK registered (createSdkMcpServer) runs in the host through
// mcp_message requests: JSON-RPC initialize, notifications/initialized, then tools/call
// (claude-agent-sdk.md §3.3). The tool's answer becomes the tool_result.
import { createSdkMcpServer, query, tool, type SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import { CBC_BIN, claudeEnv, collect, failOnProcessNoise } from './helpers.js';

failOnProcessNoise();
const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-mcp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('an SDK MCP tool runs in the host and its answer is the tool result', async () => {
  const calls: string[] = [];
  const server = createSdkMcpServer({
    name: 'fakesrv',
    version: '1.0.0',
    tools: [
      tool('echo', 'Echo the text', { text: z.string() }, async ({ text }) => {
        calls.push(text);
        return { content: [{ type: 'text', text: `echo: ${text}` }] };
      }),
    ],
  });
  const scn = join(dir, 'mcp.yaml');
  writeFileSync(scn, 'name: mcp\nturns:\n  - reply: "calling the tool"\n    ask: { tool: mcp__fakesrv__echo, input: { text: "hi there" }, timeout: 10s }\n    result: "done"\n');
  for (const profile of ['claude-2.1.328', 'claude-2.1.220']) {
    calls.length = 0;
    const msgs: SDKMessage[] = await collect(
      query({
        prompt: 'use the tool',
        options: { pathToClaudeCodeExecutable: CBC_BIN, env: claudeEnv({ CBC_EMU_PROFILE: profile, CBC_EMU_SCENARIO: scn }), mcpServers: { fakesrv: server }, allowedTools: ['mcp__fakesrv__echo'] },
      }),
    );
    expect(calls).toEqual(['hi there']);
    const results = msgs
      .filter((m) => m.type === 'user')
      .flatMap((m) => ((m as unknown as { message: { content: Array<Record<string, unknown>> } }).message.content ?? []))
      .filter((b) => b['type'] === 'tool_result');
    expect(results).toEqual([expect.objectContaining({ content: 'echo: hi there', is_error: false })]);
    expect(msgs.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'done', permission_denials: [] });
  }
});
