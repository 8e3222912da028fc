/**
 * One error class for the whole project. `code` is stable (tests and users match on it);
 * `message` says what happened, where, and how to fix it.
 */
export type EmuErrorCode =
  | 'E_USAGE' // bad command line
  | 'E_SCENARIO' // scenario file unusable
  | 'E_PROFILE' // unknown profile name
  | 'E_FRAME' // a stdin frame the protocol cannot accept
  | 'E_IO'; // the outside world failed (disk, pipes)

/** The project's only error type: a stable code plus a message that names the fix. */
export class EmuError extends Error {
  readonly code: EmuErrorCode;
  readonly exitCode: number;
  constructor(code: EmuErrorCode, message: string, options: { cause?: unknown; exitCode?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EmuError';
    this.code = code;
    this.exitCode = options.exitCode ?? 1;
  }
}

/** Prefix of every message the emulator itself (not an emulated CLI) prints on stderr. */
export const EMU_PREFIX = 'cbc-emu:';
