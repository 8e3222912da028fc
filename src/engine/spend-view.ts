/** What the encoders may read of the session's spending and conversation (SessionSpend, engine/spend.ts). */

/** What one model spent over a session: its API calls, their tokens and their time (spend.ts). */
export interface ModelSpend {
  requests: number;
  inputTokens: number;
  outputTokens: number;
  apiMs: number;
}

/** The session's model calls so far, per model, and when the session started (virtual clock). */
export interface SpendView {
  readonly byModel: ReadonlyMap<string, Readonly<ModelSpend>>;
  readonly startedAt: number;
  readonly prompts: readonly string[];
  readonly replies: readonly string[];
  /** The main thread's tool calls so far, each with its result once it is in. */
  readonly toolCalls: ReadonlyArray<Readonly<SpentToolCall>>;
  /** The session's sub-agents (engine/agent-stats.ts). */
  readonly agents: AgentCounts;
}

/** The session's sub-agent counts (engine/agent-stats.ts AgentStats). */
export interface AgentCounts {
  readonly spawned: number;
  readonly requested: Readonly<{ background: number; foreground: number; unset: number }>;
  readonly startedInBackground: number;
  readonly maxDepth: number;
  readonly completed: number;
  readonly failed: number;
  readonly killed: Readonly<{ parent: number; user: number; system: number }>;
  readonly byType: ReadonlyMap<string, number>;
}

/** A tool call of the conversation (SpendView.toolCalls). */
export interface SpentToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  result?: { content: string; isError: boolean } | undefined;
}
