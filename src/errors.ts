/**
 * One error class for the whole project. `code` is stable (tests and users match on it);
 * `message` says what happened, where, and how to fix it.
 */
export type EmuErrorCode =
  | 'E_SCENARIO' // scenario file unusable
  | 'E_PROFILE' // unknown profile name
  | 'E_SETTINGS' // a settings file or --settings value the emulated CLI rejects (its own message, exit 1)
  | 'E_IO' // the outside world failed (disk, pipes, cassette files)
  | 'E_USAGE' // a command-line value of a cbc-emu tool is unusable (a --redact rule)
  | 'E_ENV'; // an emulator variable (CBC_EMU_LOG, CBC_EMU_LOG_LEVEL, --emu-journal) names something unusable

/** The project's only error type: a stable code plus a message that names the fix. */
export class EmuError extends Error {
  readonly code: EmuErrorCode;
  constructor(code: EmuErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EmuError';
    this.code = code;
  }
}

/** Prefix of every message the emulator itself (not an emulated CLI) prints on stderr. */
export const EMU_PREFIX = 'cbc-emu:';
