import { type RawFrame, str } from '../protocol/raw-frame.js';
import { BLOCKING_ERROR, settingsSessionStartHooks } from './command-hooks.js';
import { callHook } from './hook-call.js';
import { hookIds } from './hook-match.js';
import type { PromptStop } from './hook-policy.js';
import type { TurnHost } from './turn-host.js';

/*
 * A prompt's UserPromptSubmit hooks (issue #10, #16): called one after the other before its turn starts
 * (measured on both CLIs: req_hook_callback_prompt_submit_h3, the request comes before system/init). An answer
 * with continue: false or decision "block" stops the prompt as the profile says (ProfileBehavior.promptHookStops).
 */

/** The stop a hook's answer asks for, with its reason; undefined when the prompt goes on. */
function stopOf(body: RawFrame): { how: 'block' | 'stop'; reason: string | undefined; shown?: string | undefined } | undefined {
  if (body['continue'] === false) return { how: 'stop', reason: str(body, 'stopReason') };
  if (body['decision'] === 'block') return { how: 'block', reason: str(body, 'reason'), shown: str(body, BLOCKING_ERROR) };
  return undefined;
}

/** Runs the prompt's UserPromptSubmit hooks, then `then` (the turn) unless an answer stopped the prompt. */
export function promptHooks(s: TurnHost, prompt: string | undefined, then: () => void): void {
  settingsSessionStartHooks(s, () => submitHooks(s, prompt, then));
}

function submitHooks(s: TurnHost, prompt: string | undefined, then: () => void): void {
  const ids = prompt === undefined ? [] : hookIds(s.hooks, 'UserPromptSubmit', undefined, s.p.behavior.hookMatcher);
  let roundId: string | undefined;
  const fire = (i: number): void => {
    const id = ids[i];
    if (id === undefined || prompt === undefined) return then();
    roundId ??= s.o.rng.uuid();
    callHook(s, { subtype: 'hook_callback', callbackId: id, hookEvent: 'UserPromptSubmit', prompt, roundId }, 60_000, (a) => {
      const cut = a.kind === 'cancelled' && a.reason === 'interrupted' ? s.p.behavior.promptHookStops.interrupted : undefined;
      if (cut === 'bare-result') return endUnstarted(s);
      if (cut === 'opened') return openCut(s);
      const stop = a.kind === 'response' ? stopOf(a.body) : undefined;
      const what = stop === undefined ? 'ignore' : s.p.behavior.promptHookStops[stop.how];
      if (stop === undefined || what === 'ignore') return fire(i + 1);
      stopPrompt(s, { ...stop, prompt }, what);
    });
  };
  fire(0);
}

/** Ends a prompt a hook stopped: with a result and no model call (`result`), or without one in a new session. */
function stopPrompt(s: TurnHost, stop: { how: 'block' | 'stop'; reason: string | undefined; shown?: string | undefined; prompt: string }, what: PromptStop): void {
  const t = s.active;
  if (!t) return;
  // a command hook's exit 2: the notice quotes "[<command>]: <stderr>", the outcome gives the stderr (opt_settings_hook_prompt_exit2_fc)
  const text = s.p.behavior.promptStopText(stop.how, stop.shown ?? stop.reason, stop.prompt);
  if (what === 'result') {
    s.emit({ kind: 'turn_init' });
    s.emit({ kind: 'prompt_blocked', how: stop.how, reason: stop.reason, text });
    t.stats.blocked = true;
    return s.endTurn(true, text, []);
  }
  // cbc 2.117.0: an error frame, no result, and the next prompt starts a new session (measured: req_hook_callback_prompt_continue_false)
  s.emit({ kind: 'prompt_blocked', how: stop.how, reason: stop.reason, text });
  for (const timer of t.timers) timer.cancel();
  s.active = undefined;
  s.sessionId = s.p.ids.sessionId(s.o.rng);
  s.messages = 0;
  s.o.scheduler.after(0, () => s.pump());
}

/**
 * An interrupt while the prompt's hooks wait, on cbc 2.117.0: the turn opens (system/init) and the interrupt then ends it
 * as any (its status, "Interrupted by user" naming the turn's request id, the result; ctl_interrupt_pending_prompt_hook_fw).
 * The real CLI leaves the hook waiting and opens the turn when that wait ends (the hook's 60 s timeout in that capture);
 * the emulator opens it at once, the frames in the same order.
 */
function openCut(s: TurnHost): void {
  if (!s.active) return;
  s.active.beforePrompt = true;
  s.emit({ kind: 'turn_init' });
}

/**
 * An interrupt while the prompt's hooks wait: the turn never starts; a zeroed error result with an empty error and no
 * system/init (Claude 2.1.220, measured: sig_int_pending_prompt_hook_fu); the session's interrupt then finds no turn.
 */
function endUnstarted(s: TurnHost): void {
  const t = s.active;
  if (!t) return;
  s.emit({ kind: 'session_error', message: '' });
  s.lastResultError = true; // an error result: exit 1 at EOF (measured: ctl_interrupt_pending_prompt_hook_fd on 2.1.220)
  for (const timer of t.timers) timer.cancel();
  s.active = undefined;
  s.o.scheduler.after(0, () => s.pump());
}
