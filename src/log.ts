import { createWriteStream } from 'node:fs';
import pino, { type Logger } from 'pino';

/**
 * The one logger. stdout is the protocol channel, so logs go to stderr (level from CBC_EMU_LOG_LEVEL,
 * default warn) or, when CBC_EMU_LOG names a file, to that file at debug level.
 */
export function createLogger(env: NodeJS.ProcessEnv): Logger {
  const file = env['CBC_EMU_LOG'];
  if (file) {
    return pino({ level: env['CBC_EMU_LOG_LEVEL'] ?? 'debug', base: { pid: process.pid } }, createWriteStream(file, { flags: 'a' }));
  }
  return pino({ level: env['CBC_EMU_LOG_LEVEL'] ?? 'warn', base: undefined }, pino.destination({ fd: 2, sync: true }));
}
