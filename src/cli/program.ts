import { Command } from 'commander';
import { addBasicCommands } from './commands/basic.js';
import { addFuzzCommands } from './commands/fuzz.js';
import { addServeCommand } from './commands/serve.js';
import { addCassetteCommands, addCheckCommands } from './commands/tools.js';
import { applyPolicy, EXIT_CODES, packageVersion, type RunState } from './policy.js';

/**
 * The `cbc-emu` program (issue #15): commander subcommands whose actions import their handler modules
 * only when they run. Every command gets -h/--help and -V/--version, the exit codes in its help, and the
 * usage policy of policy.ts.
 */
export function buildProgram(state: RunState, io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Command {
  const program = new Command('cbc-emu')
    .usage('<command> [options]')
    .description('Tools of cbc-emulator, the stand-in for the CodeBuddy CLI (cbc) and Claude Code in headless stream-json mode.')
    .enablePositionalOptions(); // options after a command name belong to that command (`run` passes them on verbatim)
  addBasicCommands(program, state);
  addCheckCommands(program, state, io);
  addCassetteCommands(program, state);
  addFuzzCommands(program, state, io);
  addServeCommand(program, state);
  const version = packageVersion();
  for (const cmd of [program, ...program.commands, ...program.commands.flatMap((c) => c.commands)]) {
    cmd.version(version, '-V, --version', 'print the cbc-emulator version');
    if (cmd.name() !== 'run') cmd.helpOption('-h, --help', 'print this help'); // run declares its own (commands/basic.ts)
    if (cmd.name() !== 'run') cmd.addHelpText('after', `\n${EXIT_CODES}`);
  }
  applyPolicy(program, io);
  return program;
}
