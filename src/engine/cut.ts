import type { Session } from './session.js';

/**
 * A signal ends the process without an interrupt (SIGTERM, SIGHUP as the profile says): a first model call under way
 * had written what the CLI writes as a call starts (Claude's "requesting" status under --include-partial-messages;
 * measured on both versions: sig_term_mid_turn_partial_h5), which the emulator otherwise writes with the reply.
 */
export function cutBySignal(s: Session): void {
  const t = s.active;
  if (t !== undefined && t.replied !== true) s.emit({ kind: 'call_cut' });
}
