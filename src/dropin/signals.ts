/**
 * Signals the drop-in ends on, and the exit code of each: 128 + the signal's number, as a shell
 * reports a death by that signal (docs/fidelity.md "Exit codes"). This module imports nothing, so
 * bin/cbc.js can load it before anything else and the documented codes hold from the first moment.
 */
export const SIGNAL_EXIT = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/** A signal the drop-in handles. */
export type HandledSignal = keyof typeof SIGNAL_EXIT;

/** Real milliseconds a flush after a signal may take (a consumer that stopped reading) before the run exits anyway. */
export const SIGNAL_FLUSH_DEADLINE_MS = 2000;

const SIGNALS = Object.keys(SIGNAL_EXIT) as HandledSignal[];
let current: ((sig: HandledSignal) => void) | undefined;

/** Routes the handled signals to `handler` from now on (one handler at a time; later calls replace it). */
export function onSignals(handler: (sig: HandledSignal) => void): void {
  if (current === undefined) for (const s of SIGNALS) process.on(s, dispatch);
  current = handler;
}

/** Stops handling signals (the default actions apply again). */
export function offSignals(): void {
  if (current === undefined) return;
  for (const s of SIGNALS) process.off(s, dispatch);
  current = undefined;
}

/**
 * A run's source of signals: this process's (processSignals), or a port a test signals an in-process run through.
 * `raise` is dying by the signal (after the flush); `dies` says whether that ends the process, so the run waits
 * for it (the exit code a fallback), or is only noted, so the run resolves at once.
 */
export interface SignalPort {
  on(handler: (sig: HandledSignal) => void): void;
  off(): void;
  raise(sig: HandledSignal): void;
  dies: boolean;
}

/** This process's signals: handlers on process, and dying by a signal is re-sending it with no handler left. */
export const processSignals: SignalPort = { on: onSignals, off: offSignals, raise: (sig) => void process.kill(process.pid, sig), dies: true };

/** During start-up nothing is written yet: a signal exits at once with its documented code. */
export function exitOnSignalsDuringStartup(): void {
  onSignals((sig) => process.exit(SIGNAL_EXIT[sig]));
}

function dispatch(sig: NodeJS.Signals): void {
  current?.(sig as HandledSignal);
}
