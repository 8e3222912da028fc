import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Pino from 'pino';
import type { Logger } from 'pino';

/** The logger methods the emulator uses (pino's signatures). */
export type EmuLogger = Pick<Logger, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'>;

type Method = keyof EmuLogger;
const LEVELS: Record<Method, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const NAMED: Record<string, number> = { ...LEVELS, silent: Infinity };

/**
 * The one logger. stdout is the protocol channel, so logs go to stderr (level from CBC_EMU_LOG_LEVEL,
 * default warn) or, when CBC_EMU_LOG names a file, to that file at debug level.
 *
 * Why lazy: pino costs ~30 ms to import and most runs never log a line at the enabled level, so it is
 * required (synchronously; it is CommonJS) on the first line that passes the level check. With
 * CBC_EMU_LOG, or a level name this table does not know, pino is loaded at once, so the log file is
 * created and a bad level reported exactly as before.
 */
export function createLogger(env: NodeJS.ProcessEnv): EmuLogger {
  const file = env['CBC_EMU_LOG'];
  const level = env['CBC_EMU_LOG_LEVEL'] ?? (file ? 'debug' : 'warn');
  let real: Logger | undefined;
  const load = (): Logger => {
    if (!real) {
      const pino = createRequire(import.meta.url)('pino') as typeof Pino;
      real = file
        ? pino.pino({ level, base: { pid: process.pid } }, createWriteStream(file, { flags: 'a' }))
        : pino.pino({ level, base: undefined }, pino.destination({ fd: 2, sync: true }));
    }
    return real;
  };
  const threshold = NAMED[level];
  if (threshold === undefined || file) load();
  const method =
    (m: Method) =>
    (...args: unknown[]): void => {
      if (LEVELS[m] < (threshold ?? 0)) return;
      const logger = load();
      Reflect.apply(logger[m], logger, args); // pino's overloaded LogFn takes no spread of unknown[]
    };
  return { trace: method('trace'), debug: method('debug'), info: method('info'), warn: method('warn'), error: method('error'), fatal: method('fatal') };
}
