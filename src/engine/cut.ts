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

/**
 * The host requests a signal cancels before the run ends (ProfileBehavior.signalCancelsHostRequests): all, as an interrupt
 * does; or the hook callbacks, as stdin's end does (a pending can_use_tool shows nothing more: sig_term_pending_permission_cbc).
 */
export function cancelBySignal(s: Session, how: 'interrupt' | 'disconnect' | undefined): void {
  if (how === 'interrupt') s.host.cancelAll('interrupted');
  else if (how === 'disconnect') s.host.disconnectOnly('hook_callback');
}
