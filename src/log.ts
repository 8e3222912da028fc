import { createWriteStream, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Pino from 'pino';
import type { Logger } from 'pino';
import { EmuError } from './errors.js';

/** The logger methods the emulator uses (pino's signatures). */
export type EmuLogger = Pick<Logger, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'>;

type Method = keyof EmuLogger;
const LEVELS: Record<Method, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const NAMED: Record<string, number> = { ...LEVELS, silent: Infinity };

/** Bytes of log lines a slow or unread stderr / log file may hold in memory; lines past it are dropped. */
export const LOG_BUFFER_BYTES = 1024 * 1024;

/**
 * A log destination that never blocks and never grows without bound: lines go to an asynchronous
 * stream, are dropped (and counted) while more than LOG_BUFFER_BYTES wait for a reader that does not
 * read, and after the stream fails (a full disk) nothing more is written. stdout is the protocol
 * channel: it must never wait on the log.
 */
export class BoundedSink {
  /** Lines dropped because the reader was too slow or the stream failed. */
  dropped = 0;
  private failed = false;

  constructor(
    private readonly stream: NodeJS.WritableStream & { writableLength?: number },
    onFail: (err: Error) => void,
  ) {
    stream.on('error', (err: Error) => {
      if (this.failed) return;
      this.failed = true;
      onFail(err);
    });
  }

  /** Writes one line (pino's destination interface), or drops it. */
  write(line: string): void {
    if (this.failed || (this.stream.writableLength ?? 0) > LOG_BUFFER_BYTES) {
      this.dropped += 1;
      return;
    }
    this.stream.write(line);
  }
}

/**
 * The one logger. stdout is the protocol channel, so logs go to stderr (level from CBC_EMU_LOG_LEVEL,
 * default warn) or, when CBC_EMU_LOG names a file, to that file at debug level — both through a
 * BoundedSink, so an unread stderr pipe or a full disk never stalls the run. An unknown level or an
 * unusable log file is an EmuError('E_ENV') at start-up; a log file that fails later is reported once
 * on stderr and logging stops.
 *
 * Why lazy: pino costs ~30 ms to import and most runs never log a line at the enabled level, so it is
 * required (synchronously; it is CommonJS) on the first line that passes the level check.
 */
export function createLogger(env: NodeJS.ProcessEnv, stderr: NodeJS.WritableStream): EmuLogger {
  const file = env['CBC_EMU_LOG'];
  const level = env['CBC_EMU_LOG_LEVEL'] ?? (file ? 'debug' : 'warn');
  const threshold = NAMED[level];
  if (threshold === undefined) {
    throw new EmuError('E_ENV', `CBC_EMU_LOG_LEVEL=${JSON.stringify(level)} is not a log level: use one of ${Object.keys(NAMED).join(', ')}`);
  }
  const sink = file ? new BoundedSink(openLogFile(file), (e) => void stderr.write(`cbc-emu: log file ${file} failed (${e.message}); logging stopped\n`)) : new BoundedSink(stderr, () => undefined);
  let real: Logger | undefined;
  const load = (): Logger => {
    if (!real) {
      const pino = createRequire(import.meta.url)('pino') as typeof Pino;
      real = pino.pino(file ? { level, base: { pid: process.pid } } : { level, base: undefined }, sink);
    }
    return real;
  };
  const method =
    (m: Method) =>
    (...args: unknown[]): void => {
      if (LEVELS[m] < threshold) return;
      const logger = load();
      Reflect.apply(logger[m], logger, args); // pino's overloaded LogFn takes no spread of unknown[]
    };
  return { trace: method('trace'), debug: method('debug'), info: method('info'), warn: method('warn'), error: method('error'), fatal: method('fatal') };
}

/** Opens CBC_EMU_LOG for appending now, so an unusable path is a clear start-up error rather than a later 'error' event. */
function openLogFile(file: string): NodeJS.WritableStream {
  try {
    return createWriteStream('', { fd: openSync(file, 'a') });
  } catch (e) {
    throw new EmuError('E_ENV', `CBC_EMU_LOG=${file} cannot be opened for appending (${(e as Error).message}): name a writable file`, { cause: e });
  }
}
