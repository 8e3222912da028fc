import type { EngineEvent } from './events.js';
import { callHook, hookMessageOf } from './hook-call.js';
import { hookIds } from './hook-match.js';
import type { TurnHost } from './turn-host.js';

/*
 * A tool call's PostToolUse hooks (issue #10), asked one after the other before its tool_result is written (measured on
 * both CLIs: req_hook_callback_post_context). What their answers leave for after the result: the systemMessages to
 * show (2.1.328: req_hook_callback_post_system_message_fv) and whether a `continue: false` ends the turn there
 * (PreToolHookPolicy.postStops; measured on both Claude versions: req_hook_callback_post_continue_false_fv).
 */

/** What the PostToolUse answers leave: notices to write after the tool result, and whether the turn stops there. */
export interface PostHooksOutcome {
  notes: EngineEvent[];
  stop: boolean;
}

/** Asks the call's PostToolUse hooks in turn; `done` once with what their answers leave. */
export function runPostToolHooks(
  s: TurnHost,
  call: { tool: string; toolUseId: string; input: Record<string, unknown>; output: string; timeout: number },
  done: (o: PostHooksOutcome) => void,
): void {
  const ids = hookIds(s.hooks, 'PostToolUse', call.tool, s.p.behavior.hookMatcher);
  const out: PostHooksOutcome = { notes: [], stop: false };
  const fire = (i: number): void => {
    const id = ids[i];
    if (id === undefined) return done(out);
    const body = { subtype: 'hook_callback', callbackId: id, hookEvent: 'PostToolUse', toolName: call.tool, toolInput: call.input, toolResponse: call.output, toolUseId: call.toolUseId } as const;
    callHook(s, body, call.timeout, (a) => {
      const note = hookMessageOf(body, a);
      if (note) out.notes.push(note);
      if (a.kind === 'response' && a.body['continue'] === false && s.p.behavior.preToolHook.postStops === true) out.stop = true;
      fire(i + 1);
    });
  };
  fire(0);
}
