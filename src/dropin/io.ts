import { join } from 'node:path';
import { homeDir, nodeOs } from '../env.js';
import type { ScenarioT } from '../scenario/schema.js';
import type { SignalPort } from './signals.js';

/** Streams and environment of one drop-in run (injectable for in-process tests). */
export interface RunIO {
  argv: string[];
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  cwd: string;
  /** An already-loaded scenario (library use); takes precedence over --emu-scenario. */
  scenario?: ScenarioT | undefined;
  /** Install SIGTERM/SIGINT handlers (the real process: yes; in-process tests: no). */
  handleSignals?: boolean | undefined;
  /** Where the run's signals come from when not from this process (an in-process run a test signals); wins over handleSignals. */
  signals?: SignalPort | undefined;
  /** The pid the run's notes give (CBC_EMU_FUZZ_NOTES): a relayed run's, whose process is the relay (default: this process's). */
  pid?: number | undefined;
}

/** Default location of the emulator's files (task outputs, sessions): the user's cache directory. */
export function defaultHome(env: NodeJS.ProcessEnv): string {
  const xdg = env['XDG_CACHE_HOME'];
  return join(xdg && xdg !== '' ? xdg : join(homeDir() || nodeOs().tmpdir(), '.cache'), 'cbc-emulator');
}

/** Writes one line to the run's stderr (adding the newline when missing). */
export function stderrLine(io: Pick<RunIO, 'stderr'>): (line: string) => void {
  return (line) => void io.stderr.write(line.endsWith('\n') ? line : line + '\n');
}
