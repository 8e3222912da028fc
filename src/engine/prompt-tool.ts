import type { TurnHost } from './turn-host.js';

/**
 * --permission-prompt-tool naming a tool (not `stdio`) where the profile reads it (ProfileBehavior.promptToolError;
 * issue #16, captures opt_permission_prompt_tool_*): the first call that needs asking looks the tool up among the MCP
 * tools; the emulator runs no MCP tool that could answer, so the call fails with the CLI's error as its tool_result,
 * the error goes to stderr and the run ends with exit 1, without a result (read from Claude Code's prompt-tool
 * wrapper). Returns whether it ended the run.
 */
export function promptToolMissing(s: TurnHost, call: { tool: string; toolUseId: string; input: Record<string, unknown> }): boolean {
  const name = s.o.permissionPromptTool;
  if (name === undefined || s.p.behavior.promptToolError === undefined || !s.active) return false;
  const message = s.p.behavior.promptToolError(name);
  s.emit({ kind: 'tool_result', toolUseId: call.toolUseId, content: `Error calling tool (${call.tool}): ${message}`, isError: true, deniedBy: 'prompt-tool', ran: { name: call.tool, input: call.input } });
  s.o.fatal?.(message);
  return true;
}

/** Whether the session asks a prompt tool (it counts as someone to ask: the call is not refused unasked). */
export const asksPromptTool = (s: Pick<TurnHost, 'o' | 'p'>): boolean => s.o.permissionPromptTool !== undefined && s.p.behavior.promptToolError !== undefined;
