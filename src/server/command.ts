import { EMU_PREFIX, EmuError } from '../errors.js';
import { startServer, type ListenOn } from './http.js';

/** Where to listen, from `cbc-emu serve`'s options (commander parsed them: src/cli/commands/serve.ts), or the usage problem. */
export function listenOn(values: { socket?: string | undefined; listen?: string | undefined }): ListenOn | string {
  if ((values.socket === undefined) === (values.listen === undefined)) return 'give exactly one of --socket <path> and --listen 127.0.0.1:<port|0>';
  if (values.socket !== undefined) return { socket: values.socket };
  const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(values.listen!);
  if (!m || Number(m[2]) > 65535) return `--listen expects host:port (e.g. 127.0.0.1:0), got ${JSON.stringify(values.listen)}`;
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port: Number(m[2]) };
}

/**
 * `cbc-emu serve`: starts the control server on `on` and runs until SIGINT/SIGTERM (exit 0). Prints where
 * it listens on stderr — and, on TCP, the bearer token, that once. An unusable path or address: exit 2.
 */
export async function serveCommand(on: ListenOn): Promise<number> {
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
