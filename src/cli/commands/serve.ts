import type { Command } from 'commander';
import { act, usageError, type RunState } from '../policy.js';

/** `serve`: the control server drop-ins started with CBC_EMU_CONTROL register with (issue #19). */
export function addServeCommand(program: Command, state: RunState): void {
  const serve = program
    .command('serve')
    .summary('run the control server drop-ins started with CBC_EMU_CONTROL register with')
    .description(
      'Run the control server (HTTP/1.1 + JSON, docs/control-api.openapi.yaml) until SIGINT/SIGTERM: drop-ins started with CBC_EMU_CONTROL=<socket> register with it, and a test injects frames, fires events, plays faults, holds the clock and reads journals (docs/testing.md).',
    )
    .option('--socket <path>', 'unix socket path (mode 0600; its directory is created 0700 or must be private)')
    .option('--listen <host:port>', 'loopback host:port instead of a socket (port 0: any free one); prints a bearer token on stderr');
  serve.action(
    act<{ socket?: string; listen?: string }>(state, serve, async (_args, o) => {
      const { listenOn, serveCommand } = await import('../../server/command.js');
      const on = listenOn(o);
      if (typeof on === 'string') throw usageError(on);
      return serveCommand(on);
    }),
  );
}
