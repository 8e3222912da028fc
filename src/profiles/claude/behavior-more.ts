import type { ProfileBehavior } from '../../engine/profile.js';
import { fallbackTrigger } from './fallback.js';
import type { ClaudeSpec } from './spec.js';

/** Claude Code's behaviour beyond claudeBehavior (which is at its length limit): issue #16's later findings. */
export function moreClaudeBehavior(spec: ClaudeSpec): Partial<ProfileBehavior> {
  return {
    modelFallbackTrigger: fallbackTrigger, // read from its retry loop (fallback.ts)
    // read from print.ts's initialize handler: a re-initialize (after an initialize or a prompt) answers at once;
    // 2.1.328 registers its hooks again, 2.1.220 applies nothing of it (capture ctl_initialize_mid_first_turn_h6)
    reinitialize: spec.v328 ? 'hooks-only' : 'ignored',
    // read from 2.1.328's processUserInput (capture in_content_whitespace_h6); 2.1.220 sends it to the model
    // measured: SIGINT after stdin EOF, mid-turn, ends 2.1.220 at once, exit 0, without the interrupted turn's frames
    // (sig_int_after_eof_mid_turn_h6); on 2.1.328 that race went either way run to run, so it keeps signalEnd's interrupt
    signalEndAfterEof: spec.v328 ? undefined : { SIGINT: 'quiet' },
    blankPromptArgIgnored: true, // read from print mode's input (a string that trims to nothing queues no message)
    blankPromptText: spec.v328 ? 'Blank prompt \u2014 the message was only whitespace, so nothing was sent to the model.' : undefined,
  };
}
