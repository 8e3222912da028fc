import { readFileSync } from 'node:fs';
import type { Command, CommanderError } from 'commander';
import { EMU_PREFIX, EmuError } from '../errors.js';

/*
 * The one usage / error / exit-code policy of every `cbc-emu` command (issue #15): help and version
 * print to stdout and exit 0; bad usage (commander's own errors, and the handlers' E_USAGE errors)
 * prints ONE line naming the problem plus a hint line on stderr, and exits 2.
 */

/** `cbc-emu`'s exit codes, shown in every help epilogue. */
export const EXIT_CODES = `Exit codes:
  0  done; nothing found (check, report --check, fuzz, fuzz merge)
  1  something was found: protocol violations, a failing fuzz campaign or replay
  2  bad usage or unusable input (missing file, invalid scenario, unknown profile)
  run exits with the emulated CLI's own codes.`;

/** Exit code of bad usage and unusable input. */
export const USAGE_EXIT = 2;

/** The package's version (package.json, two folders up from src/cli and dist/cli). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}

/** A command's path below the program: `fuzz merge`, `check`, or '' for the program itself. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Thrown by a command's exit override: commander's error (or help / version exit) and the command it came from. */
export class CommandExit extends Error {
  constructor(
    readonly command: Command,
    readonly commander: CommanderError,
  ) {
    super(commander.message);
  }
}

/** Whether commander stopped because it printed help or the version (exit 0), not because of bad usage. */
export function isInformational(e: CommanderError): boolean {
  return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || (e.code === 'commander.help' && e.exitCode === 0);
}

/** The two stderr lines of a usage error: `cbc-emu: <cmd>: <problem>` and the hint naming the command's --help. */
export function usageLines(cmd: Command, problem: string): string {
  const path = commandPath(cmd);
  // commander's messages start with "error: " and may put "(Did you mean …?)" on a second line: one line here
  const one = problem.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ').trim();
  return `${EMU_PREFIX}${path ? ` ${path}:` : ''} ${one}\nRun "cbc-emu${path ? ` ${path}` : ''} --help" for usage.\n`;
}

/** A usage problem a handler finds after commander parsed (a missing required pair, an unknown id): exit 2 with the hint. */
export function usageError(message: string): EmuError {
  return new EmuError('E_USAGE', message);
}

/** Every command of the tree, the program first. */
export function allCommands(root: Command): Command[] {
  return [root, ...root.commands.flatMap((c) => allCommands(c))];
}

/**
 * Applies the policy to every command of the tree: commander throws instead of exiting (as a
 * CommandExit naming the command), writes help and version to stdout, and prints no error itself
 * (the caller prints usageLines); excess arguments are errors (commander 11 allows them by default).
 */
export function applyPolicy(root: Command, out: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): void {
  for (const cmd of allCommands(root)) {
    cmd.exitOverride((e) => {
      throw new CommandExit(cmd, e);
    });
    cmd.configureOutput({ writeOut: (s) => out.stdout.write(s), writeErr: (s) => out.stderr.write(s), outputError: () => undefined });
    cmd.allowExcessArguments(cmd.name() === 'run');
    cmd.showSuggestionAfterError(true);
  }
}

/** What the running command left: its exit code, and which command ran (for the hint of a handler's usage error). */
export interface RunState {
  code: number;
  command?: Command;
}

/**
 * A command's action: records the command, then runs `fn` with the command's positional arguments and
 * options and keeps its exit code. `fn` imports its handler module itself, so only the command that
 * runs pays for its imports.
 */
export function act<O>(state: RunState, cmd: Command, fn: (args: unknown[], opts: O) => Promise<number> | number): () => Promise<void> {
  return async () => {
    state.command = cmd;
    state.code = await fn(cmd.processedArgs, cmd.opts<O & Record<string, unknown>>());
  };
}
