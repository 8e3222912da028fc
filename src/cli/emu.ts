import { CommandExit, isInformational, usageLines, USAGE_EXIT, type RunState } from './policy.js';
import { buildProgram } from './program.js';
import { EmuError } from '../errors.js';
import { flushed } from '../transport/flush.js';

/** Entry of the `cbc-emu` tool; resolves to the exit code. */
export async function main(argv: string[], io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process): Promise<number> {
  const state: RunState = { code: 0 };
  // a reader that stopped early (`cbc-emu --help | head`) wants no more output: not a crash with a stack
  io.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
  const program = buildProgram(state, io);
  let code: number;
  try {
    if (argv.length === 0) {
      program.outputHelp(); // no command: the overview, exit 0 (commander's default is an error)
      code = 0;
    } else {
      await program.parseAsync(argv, { from: 'user' });
      code = state.code;
    }
  } catch (e) {
    code = failure(e, state, io);
  }
  // the drop-in (`run`) flushes itself, with a deadline after a signal; the tools exit only once their
  // output is delivered, or process.exit() would drop what a slow reader has not taken yet (issue #18)
  if (state.command?.name() !== 'run') await Promise.all([flushed(io.stdout), flushed(io.stderr)]);
  return code;
}

/** Help / version (0), or bad usage: one line naming the problem plus the hint, exit 2. Anything else is a bug and propagates. */
function failure(e: unknown, state: RunState, io: { stderr: NodeJS.WritableStream }): number {
  if (e instanceof CommandExit) {
    if (isInformational(e.commander)) return 0;
    if (e.commander.code === 'commander.help') return USAGE_EXIT; // `help <unknown>`: commander printed the overview on stderr
    io.stderr.write(usageLines(e.command, e.commander.message));
    return USAGE_EXIT;
  }
  if (e instanceof EmuError && e.code === 'E_USAGE' && state.command) {
    io.stderr.write(usageLines(state.command, e.message));
    return USAGE_EXIT;
  }
  throw e;
}
