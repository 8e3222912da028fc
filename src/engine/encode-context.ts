import type { McpServerInfo } from './mcp-servers.js';
import type { EngineEvent } from './events.js';
import type { SpendView } from './spend-view.js';
import type { Random } from './random.js';

/** Session facts every encoder may need; owned by the engine, read by the profile. */
export interface EncodeContext {
  sessionId: string;
  cwd: string;
  model: string;
  permissionMode: string;
  pid: number;
  /** Virtual time of the frame being encoded. */
  now: number;
  /** Draws frame uuids; the engine passes its own stream so the order is deterministic. */
  rng: Random;
  tools: string[];
  /** Current turn's request id (cbc `_requestId`), if any. */
  turnRequestId?: string | undefined;
  /** The running turn's request id even where turnRequestId dropped: cbc 2.117.0's stream events keep it (capture ses_partial_tool_allow_cbc). */
  streamRequestId?: string | undefined;
  /** Path of the session transcript the hooks' input names. */
  transcriptPath: string;
  /** The user's home directory (Claude names ~/.claude paths in init and the initialize reply). */
  userHome: string;
  /** The process environment (XDG_RUNTIME_DIR, CLAUDE_CODE_SDK_READS_SESSION_STATE, ...). */
  env: Readonly<Record<string, string | undefined>>;
  /** The session was resumed from the store (--resume, --continue): some counters come back from the transcript. */
  resumed?: boolean;
  /** The command-line flags given, with their values (SessionOptions.cliFlags). */
  cliFlags?: CliFlags | undefined;
  /** The `agents` the host's initialize request defined (the SDK's object by name), if any. */
  hostAgents?: unknown;
  /** The session's external MCP servers (mcp-servers.ts): system/init and mcp_status list them. */
  mcpServers?: readonly McpServerInfo[] | undefined;
  /** The session's model calls so far, per model (get_usage, get_session_cost, get_context_usage). */
  spend?: SpendView | undefined;
  /** The client uuids of the running turn's user lines until its first reply frame is out (Claude echoes them there). */
  userMessageUuids?: readonly string[] | undefined;
  /** The running turn's first model call is announced (its call_started is out) and its first reply is not. */
  announcedBeforeReply?: boolean | undefined;
  /** The session's results so far, each with the model of its turn (Claude's results carry the session's running totals per model). */
  pastResults?: ReadonlyArray<{ model: string; result: Extract<EngineEvent, { kind: 'result' }> }> | undefined;
  /** The tokens the turns of a resumed session spent before this process, by model (store/sessions.ts `spent`). */
  restoredSpend?: ReadonlyArray<{ model: string; input: number; output: number }> | undefined;
  /** The conversation a resumed session had before this process, as the store keeps it (store/sessions.ts `said`). */
  restoredSaid?: readonly unknown[] | undefined;
}

/** The command-line flags given, by config name, with their values (`true`: a switch; string[]: a variadic flag). */
export type CliFlags = ReadonlyMap<string, string | true | readonly string[]>;
