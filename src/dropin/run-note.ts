import { appendFileSync } from 'node:fs';

/**
 * How one drop-in process ended, as `cbc-emu fuzz` counts its runs (issue #17): `served` a session that
 * ended by itself (stdin closed, or the profile's fatal input); `cut` a session stopped from outside (a
 * signal, or stdout gone); `usage` a command-line error; `input` a file it needed was unusable (scenario,
 * settings, session store, fuzz token); `info` help or version; `replay` a cassette played back.
 */
export type RunEnd = 'served' | 'cut' | 'usage' | 'input' | 'info' | 'replay';

/** The exit code of a drop-in process and how it came about; `why` is the stderr line of an error. */
export interface RunOutcome {
  code: number;
  end: RunEnd;
  why?: string | undefined;
}

/** One process's notes: it started serving a session, and how it ended. */
export interface RunNotes {
  serving(): void;
  ended(o: RunOutcome): void;
}

/**
 * `CBC_EMU_FUZZ_NOTES=<file>` (set by `cbc-emu fuzz` for each run): every drop-in process appends
 * `{"pid","event":"start"}` now, `{"event":"serving"}` once its session is composed and `{"event":"end",
 * "end","code","why"}` when it exits, so the fuzzer knows whether the consumer reached the emulator at
 * all, and how each emulator ended. Undefined when the variable is unset (every other run). `pid`: the process the
 * consumer started (a relayed run's relay, src/testkit/relay-server.ts).
 */
export function runNotes(env: NodeJS.ProcessEnv, pid: number = process.pid): RunNotes | undefined {
  const file = env['CBC_EMU_FUZZ_NOTES'];
  if (file === undefined || file === '') return undefined;
  const note = (entry: Record<string, unknown>) => {
    try {
      appendFileSync(file, JSON.stringify({ pid, ...entry }) + '\n');
    } catch {
      // the notes are the fuzzer's, not the consumer's: an unwritable file never fails the session (the fuzzer then sees no start)
    }
  };
  note({ event: 'start' });
  return { serving: () => note({ event: 'serving' }), ended: (o) => note({ event: 'end', ...o }) };
}
