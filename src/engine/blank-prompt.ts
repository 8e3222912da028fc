import { commandsStarted } from './commands.js';
import type { PendingTurn, TurnHost } from './turn-host.js';

/**
 * A prompt whose text is only whitespace (a string content, not empty): where the profile refuses it
 * (behavior.blankPromptText), a notice and a result with that text, and no model call. Read from Claude Code 2.1.328's
 * processUserInput (a string prompt only: blocks of whitespace text go to the model); capture in_content_whitespace_h6.
 * Returns whether the turn ended so.
 */
export function endBlankPrompt(s: TurnHost, next: PendingTurn): boolean {
  const text = s.p.behavior.blankPromptText;
  const content = next.content ?? next.prompt;
  if (text === undefined || next.origin.kind !== 'user' || typeof content !== 'string' || content === '' || content.trim() !== '' || !s.active) return false;
  commandsStarted(s, next.origin); // the line's uuid starts before system/init (in_content_whitespace_uuid_fa)
  s.emit({ kind: 'turn_init' });
  s.emit({ kind: 'blank_prompt', text });
  s.active.stats.blocked = 'blank'; // the result of a prompt that never reached the model (no terminal_reason, num_turns 0)
  s.endTurn(true, text, []);
  return true;
}
