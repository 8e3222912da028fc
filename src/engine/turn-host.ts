import type { Profile } from './profile.js';
import type { Timer } from './clock.js';
import type { EngineEvent, TaskRun, TurnOrigin, TurnStats } from './events.js';
import type { HostRequests } from './host.js';
import type { SessionOptions } from './session.js';

/** Virtual milliseconds one model call takes (one assistant message). */
export const MODEL_LATENCY = 40;

/** A queued turn: a user prompt, or a follow-up started by a task notification. */
export interface PendingTurn {
  prompt: string;
  origin: TurnOrigin;
  followupText?: string;
}

/** A turn in flight: its timers (cancelled by interrupt) and counters. */
export interface ActiveTurn {
  stats: TurnStats;
  timers: Timer[];
  waiting: Set<TaskRun>;
  onWorkflowsDone?: () => void;
}

/**
 * What the turn steps (src/engine/asks.ts, src/engine/launch.ts) need from their session: its
 * options and profile, the running turn, the task list, and the primitives to emit and schedule.
 */
export interface TurnHost {
  readonly o: SessionOptions;
  readonly p: Profile;
  readonly active: ActiveTurn | undefined;
  readonly queue: PendingTurn[];
  readonly runs: TaskRun[];
  readonly host: HostRequests;
  readonly hooks: unknown;
  hostSeq: number;
  /** SDK MCP servers the host registered in `initialize`, those already initialized, and the JSON-RPC id counter. */
  readonly sdkMcpServers: Set<string>;
  readonly mcpReady: Set<string>;
  mcpSeq: number;
  permissionMode: string;
  model: string;
  emit(ev: EngineEvent): void;
  /** Schedules `fn` `delay` virtual ms from now as part of the running turn (cancelled by an interrupt). */
  at(delay: number, fn: () => void): void;
  /** Counts one model call of the running turn. */
  count(t: ActiveTurn): void;
  say(text: string, messageId: string, next: () => void): void;
  endTurn(ok: boolean, text: string, errors: string[], interrupted?: boolean, structured?: { value: unknown }): void;
  interrupt(reason: string): void;
  pump(): void;
  writeOutput(file: string, text: string): void;
}

