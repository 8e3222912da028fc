import { callHook } from './hook-call.js';
import { hookIds } from './hook-match.js';
import type { TurnHost } from './turn-host.js';

/*
 * Claude Code's PostToolBatch hooks (issue #16): once a round's tool results are written and before the model is called
 * again, each registered callback is asked with the round's calls and their results (measured on both versions:
 * req_hook_callback_post_tool_batch_fv; a call's `tool_response` is what its PostToolUse hook saw). Where the profile
 * fires them (PreToolHookPolicy.postToolBatch).
 */

/** One call of the round, as the hook input lists it. */
export interface BatchCall {
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_use_id: string;
  tool_response: unknown;
}

/** Asks the PostToolBatch hooks about `calls` one after the other, then `next`. */
export function afterToolBatch(s: TurnHost, calls: readonly BatchCall[], next: () => void): void {
  const ids = s.p.behavior.preToolHook.postToolBatch === true ? hookIds(s.hooks, 'PostToolBatch', undefined, s.p.behavior.hookMatcher) : [];
  const fire = (i: number): void => {
    const id = ids[i];
    if (id === undefined || !s.active) return next();
    callHook(s, { subtype: 'hook_callback', callbackId: id, hookEvent: 'PostToolBatch', toolCalls: calls }, 60_000, () => fire(i + 1));
  };
  fire(0);
}
