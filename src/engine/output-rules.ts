import type { TaskKind } from '../protocol/vocabulary.js';
import type { TaskInfo } from './events.js';

// What a profile says about the order and holding of what a session writes (Claude Code): the profile's behavior
// object extends these (profile.ts); session-state.ts, stream-tail.ts and held-results.ts apply them. A leaf module,
// so those three can read the session without an import cycle through profile.ts.

/** What a profile says about `system/session_state_changed` (Claude Code). */
export interface SessionStateRules {
  /** Whether `session_state_changed` frames are emitted, given the environment. */
  emitsSessionState(env: NodeJS.ProcessEnv): boolean;
  /**
   * Whether a running background task keeps the session `running` after a turn's result (no `idle` until the turn
   * after it ends with nothing left running), given the environment. Unset: every result reports `idle`.
   */
  holdsRunning?(env: NodeJS.ProcessEnv, task: TaskInfo): boolean;
}

/** What a profile says about the order of a streamed tool call's last stream events (Claude Code). */
export interface StreamRules {
  /** Under --include-partial-messages, how many last frames of a streamed tool call follow its can_use_tool request (engine/stream-tail.ts). */
  askInsideToolStream?: number;
  /** Under --include-partial-messages, how many last frames of a streamed tool call a launch that returns at once writes its frames among (engine/stream-tail.ts). */
  launchInsideToolStream?: number;
}

/** What a profile says about results written while background work runs (Claude Code's print mode). */
export interface ResultHoldRules {
  /**
   * Task kinds whose running background task holds a turn's result back once the input is closed (`-p`, or stdin at
   * EOF): the held results go out before the next result written, or when the run ends. Unset: never held.
   */
  resultHeldBy?: ReadonlySet<TaskKind> | undefined;
}
