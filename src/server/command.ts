import { parseArgs } from 'node:util';
import { EMU_PREFIX, EmuError } from '../errors.js';
import { startServer, type ListenOn } from './http.js';

/** The options of `cbc-emu serve`, for the command table and its help. */
export const SERVE_OPTIONS = {
  usage: 'serve --socket <path> | --listen 127.0.0.1:<port|0>',
  summary: 'Run the control server drop-ins started with CBC_EMU_CONTROL register with (docs/testing.md, docs/control-api.openapi.yaml)',
  options: {
    socket: { type: 'string', description: 'unix socket path (mode 0600; its directory is created 0700 or must be private)' },
    listen: { type: 'string', description: 'loopback host:port instead of a socket (0: any free port); prints a bearer token on stderr' },
  },
} as const;

/** Where to listen, from the arguments, or the usage error. */
function listenOn(args: string[]): ListenOn | string {
  let values: { socket?: string | undefined; listen?: string | undefined };
  try {
    ({ values } = parseArgs({ args, options: { socket: { type: 'string' }, listen: { type: 'string' } }, strict: true }));
  } catch (e) {
    return `serve: ${(e as Error).message}`;
  }
  if ((values.socket === undefined) === (values.listen === undefined)) return 'serve: give exactly one of --socket <path> and --listen 127.0.0.1:<port|0>';
  if (values.socket !== undefined) return { socket: values.socket };
  const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(values.listen!);
  if (!m || Number(m[2]) > 65535) return `serve: --listen expects host:port (e.g. 127.0.0.1:0), got ${JSON.stringify(values.listen)}`;
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port: Number(m[2]) };
}

/**
 * `cbc-emu serve`: starts the control server and runs until SIGINT/SIGTERM (exit 0). Prints where it
 * listens on stderr — and, on TCP, the bearer token, that once. Usage errors and unusable paths: exit 2.
 */
export async function serveCommand(args: string[]): Promise<number> {
  const on = listenOn(args);
  if (typeof on === 'string') {
    process.stderr.write(`${EMU_PREFIX} ${on}\nUsage: cbc-emu ${SERVE_OPTIONS.usage}\n`);
    return 2;
  }
  let server;
  try {
    server = await startServer(on);
  } catch (e) {
    if (!(e instanceof EmuError)) throw e;
    process.stderr.write(`${EMU_PREFIX} ${e.message}\n`);
    return 2;
  }
  const env = Object.entries(server.env).map(([k, v]) => `${k}=${v}`).join(' ');
  process.stderr.write(`${EMU_PREFIX} control server listening on ${server.address}; start drop-ins with ${env}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
  return 0;
}
