import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { AgentRow, HostRequestBody } from '../engine/events.js';
import type { Random } from '../engine/random.js';
import { BASE36, BASE62 } from '../engine/random.js';
import { dashedCwd } from '../protocol/paths.js';
import { ordered, type Obj, type Order } from '../protocol/shape.js';
import type { TaskKind } from '../protocol/vocabulary.js';
import type { EncodeContext } from '../engine/profile.js';

/** `toolu_01` + 22 base62 characters: the Anthropic API's tool_use id format. */
export const toolUseId = (rng: Random): string => 'toolu_01' + rng.chars(BASE62, 22);

/** `msg_01` + 22 base62 characters. */
export const messageId = (rng: Random): string => 'msg_01' + rng.chars(BASE62, 22);

/** Claude Code task ids: a type prefix + 8 base36 chars; agents use `a` + 16 hex (claude-code-cli.md §2). */
export function claudeTaskId(kind: TaskKind, rng: Random): string {
  if (kind === 'agent') return 'a' + rng.hex(16);
  const prefix = kind === 'workflow' ? 'w' : 'b';
  return prefix + rng.chars(BASE36, 8);
}

/** cbc sub-agent id: `v2:` + sha256 of the agent's canonical content (seed 000 §5.2), stable across runs. */
export function contentAgentId(canonical: string): string {
  return 'v2:' + createHash('sha256').update(canonical).digest('hex');
}


/** Claude's output file layout: `<tmp>/claude-<uid>/<cwd->/<session>/tasks/<task>.output`. */
export function claudeOutputFile(home: string, cwd: string, sessionId: string, taskId: string): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return join(home, 'tmp', `claude-${uid}`, dashedCwd(cwd), sessionId, 'tasks', `${taskId}.output`);
}

/** Trims a preview to 400 characters plus an ellipsis, as Claude Code does. */
export function preview(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  return s.length > 400 ? s.slice(0, 400) + '…' : s;
}

/** Sum of tokens over agent rows. */
export function sumTokens(rows: readonly AgentRow[]): number {
  let n = 0;
  for (const r of rows) n += r.tokens;
  return n;
}

/** Key orders of a profile's host request bodies. */
export interface HostOrders {
  canUseTool: Order;
  mcpMessage: Order;
  hookCallback: Order;
  hookInput: Order;
}

/**
 * The body of a CLI-initiated request (issue #10), ordered by the profile's tables; `claude` adds the
 * fields only Claude Code sends (permission_suggestions, permission_mode, stop_hook_active).
 */
export function hostRequestBody(r: HostRequestBody, ctx: EncodeContext, K: HostOrders, claude: boolean): Obj {
  if (r.subtype === 'mcp_message') return ordered(K.mcpMessage, { subtype: r.subtype, server_name: r.serverName, message: r.message });
  if (r.subtype === 'can_use_tool') {
    return ordered(K.canUseTool, { subtype: r.subtype, tool_name: r.toolName, input: r.input, permission_suggestions: claude ? [] : undefined, tool_use_id: r.toolUseId });
  }
  return ordered(K.hookCallback, {
    subtype: r.subtype,
    callback_id: r.callbackId,
    input: ordered(K.hookInput, {
      session_id: ctx.sessionId,
      transcript_path: ctx.transcriptPath,
      cwd: ctx.cwd,
      permission_mode: claude ? ctx.permissionMode : undefined,
      hook_event_name: r.hookEvent,
      tool_name: r.toolName,
      tool_input: r.toolInput,
      tool_response: r.toolResponse,
      tool_use_id: r.toolUseId,
      stop_hook_active: claude && r.hookEvent === 'Stop' ? false : undefined,
    }),
    tool_use_id: r.toolUseId,
  });
}
