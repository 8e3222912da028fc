import { isRawFrame } from '../protocol/raw-frame.js';
import type { EngineEvent } from './events.js';

/** Unanswered prompts kept for matching: a bound, so a host that keeps failing turns does not grow the match text without end. */
const MAX_CARRIED = 8;

/**
 * The prompts the model has not answered yet. cbc 2.117.0 keeps a prompt that got no model reply (a turn interrupted
 * before anything streamed, a failed model call) in the conversation, and the next prompt joins it: the model answers
 * both (captures ctl_interrupt_slow_h2 and ses_api_error, where the fake model keyed on the last user message answers
 * the earlier keyword); a reply streamed before the interrupt answers it (ctl_interrupt_hang_then_turn_cbc). Where the
 * profile says so (behavior.unansweredPromptsCarry), the next scenario turn is chosen by the joined text, from where the
 * script stood when the first of them was asked (the scenario turns they chose were never played out); `{{prompt}}`
 * stays the new prompt.
 */
export class Unanswered {
  private carried: string[] = [];
  /** The script cursor when the first carried prompt was asked. */
  private from = 0;
  private asked: { prompt: string; cursor: number } | undefined;
  private answered = false;
  /** The text of the conversation's last model reply ("" before any): an interrupted later cbc turn's result repeats it. */
  lastReply = '';

  /**
   * A resumed session's last reply is its stored conversation's (store/sessions.ts `said`): an interrupted first turn of the
   * resuming process repeats it (cbc 2.117.0: capture ses_resume_interrupt_then_turn_h8).
   */
  restore(said: readonly unknown[] | undefined): void {
    const last = (said ?? []).findLast((e) => isRawFrame(e) && (e['kind'] === 'assistant_text' || e['kind'] === 'assistant_stream') && typeof e['text'] === 'string');
    if (isRawFrame(last)) this.lastReply = String(last['text']);
  }

  /** What the scenario turn for `prompt` is chosen by, the script standing at `cursor`: the text, and where to look from. */
  ask(prompt: string, cursor: number, carries: boolean): { text: string; from: number } {
    this.asked = { prompt, cursor };
    this.answered = false;
    if (!carries || this.carried.length === 0) return { text: prompt, from: cursor };
    return { text: [...this.carried, prompt].join('\n'), from: this.from };
  }

  /** The conversation is left for another (a new session): nothing carries over. */
  forget(): void {
    [this.carried, this.asked, this.answered, this.lastReply] = [[], undefined, false, ''];
  }

  /** Follows the session's events: a model reply answers the running prompt; a result keeps it when none came. */
  heard(ev: EngineEvent): void {
    const partial = ev.kind === 'interrupted_user' && ev.partial !== undefined;
    if ((ev.kind === 'assistant_text' && ev.apiError !== true) || ev.kind === 'assistant_stream') this.lastReply = ev.text;
    if (partial || ev.kind === 'assistant_stream' || ev.kind === 'assistant_tool_use' || (ev.kind === 'assistant_text' && ev.apiError !== true)) this.answered = true;
    else if (ev.kind === 'result') {
      if (this.answered) this.carried = [];
      else if (this.asked !== undefined) {
        if (this.carried.length === 0) this.from = this.asked.cursor;
        this.carried = [...this.carried, this.asked.prompt].slice(-MAX_CARRIED);
      }
      this.asked = undefined;
    }
  }
}

/** Engine events that add a message to the conversation (measured on cbc 2.117.0: the streamed text, ses_partial; the max-turns text, ses_max_turns). */
const CONVERSATION_MESSAGES: ReadonlySet<EngineEvent['kind']> = new Set(['assistant_text', 'assistant_stream', 'assistant_tool_use', 'tool_result', 'interrupted_user', 'max_turns']);

/** Messages `ev` adds to the conversation as it is written (an interrupt: its streamed text, and its own text unless unwritten). */
export function messagesOf(ev: EngineEvent): number {
  if (!CONVERSATION_MESSAGES.has(ev.kind)) return 0;
  if (ev.kind === 'interrupted_user') return (ev.partial !== undefined ? 1 : 0) + (ev.unwritten === true ? 0 : 1);
  return 1;
}
