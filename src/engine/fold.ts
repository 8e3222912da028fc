import { commandsStarted } from './commands.js';
import { callHook } from './hook-call.js';
import { hookIds } from './hook-match.js';
import type { TurnHost } from './turn-host.js';

/**
 * Claude Code drains the prompts queued behind a running turn into that turn at each model call after its tool calls:
 * a user line that arrives while a tool call waits (on a can_use_tool answer, a hook callback) goes with the call
 * after the tool's result and gets no turn, init or result of its own (measured on 2.1.220 and 2.1.328:
 * in_user_pending_permission_fu, in_user_pending_*_fc). A line that arrives while a turn without tool calls runs
 * still waits for a turn of its own (sig_term_queued_turn_fu). Only lines seen arriving during such a wait are taken:
 * whether lines that arrive at other moments of a tool-calling turn fold too was not captured.
 */
export function foldQueued(s: TurnHost, then: () => void): void {
  const t = s.active;
  const folds = s.p.behavior.foldsQueuedPrompts;
  if (folds === undefined || folds === false || !t) return then();
  const taken = s.queue.filter((q) => q.origin.kind === 'user' && q.midTool === true);
  if (taken.length === 0) return then();
  for (const q of taken) s.queue.splice(s.queue.indexOf(q), 1);
  const uuids = taken.flatMap((q) => q.origin.uuids ?? []);
  if (uuids.length > 0) {
    commandsStarted(s, { kind: 'user', uuids });
    t.stats.origin = { ...t.stats.origin, uuids: [...(t.stats.origin.uuids ?? []), ...uuids] };
  }
  s.dequeued();
  // 2.1.328 asks each folded prompt's UserPromptSubmit hooks before the call (measured: in_user_pending_prompt_hook_fc)
  const asks = folds === 'hooked' ? taken.flatMap((q) => hookIds(s.hooks, 'UserPromptSubmit', undefined, s.p.behavior.hookMatcher).map((id) => ({ id, prompt: q.prompt, roundId: s.o.rng.uuid() }))) : [];
  const fire = (i: number): void => {
    const a = asks[i];
    if (a === undefined) return then();
    callHook(s, { subtype: 'hook_callback', callbackId: a.id, hookEvent: 'UserPromptSubmit', prompt: a.prompt, roundId: a.roundId }, 60_000, () => (s.active === t ? fire(i + 1) : undefined));
  };
  fire(0);
}
