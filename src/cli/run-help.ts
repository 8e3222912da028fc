/*
 * `cbc-emu run --help`: the emulator's own settings (issue #15). They live in their own namespace, so the
 * emulated CLI's `--help` stays byte-identical to the real one; this page is where they are documented.
 * test/unit/cli/run-help.test.ts holds this table to the drop-in's option table and to every CBC_EMU_*
 * variable the sources read.
 */

/** One emulator setting: its flag (if any), its variable, the value it takes and what it does. */
export interface EmuSetting {
  flag?: string;
  env: string;
  value: string;
  what: string;
}

/** Every emulator setting the drop-in reads (a flag beats its variable; an empty variable counts as unset). */
export const EMU_SETTINGS: readonly EmuSetting[] = [
  { flag: '--emu-scenario', env: 'CBC_EMU_SCENARIO', value: '<name|file>', what: 'a shipped scenario by name (cbc-emu scenarios) or a scenario file; default: echo any prompt' },
  { flag: '--emu-profile', env: 'CBC_EMU_PROFILE', value: '<name>', what: 'the CLI to emulate: cbc (default), cbc-2.117.0, claude-2.1.220, claude-2.1.328 (alias claude)' },
  { flag: '--emu-seed', env: 'CBC_EMU_SEED', value: '<seed>', what: 'seed of every id and random draw; same seed + same stdin at speed 0 = same bytes' },
  { flag: '--emu-speed', env: 'CBC_EMU_SPEED', value: '<factor>', what: 'virtual clock speed: 1 real time (default), 10 ten times faster, 0 instant' },
  { flag: '--emu-home', env: 'CBC_EMU_HOME', value: '<dir>', what: 'task output files and the session store (default ~/.cache/cbc-emulator)' },
  { flag: '--emu-journal', env: 'CBC_EMU_JOURNAL', value: '<file>', what: 'append every frame in both directions, with virtual times, for assertions' },
  { flag: '--emu-replay', env: 'CBC_EMU_REPLAY', value: '<cassette>', what: 'play a recorded session back instead of a scenario (cbc-emu record)' },
  { flag: '--emu-bridge', env: 'CBC_EMU_BRIDGE', value: '', what: 'flattened task frames for OpenASE-style consumers (variable: 1 / true)' },
  { env: 'CBC_EMU_LOG', value: '<file>', what: 'write the emulator log to this file at debug level (logs never go to stdout)' },
  { env: 'CBC_EMU_LOG_LEVEL', value: '<level>', what: 'log level on stderr: fatal, error, warn (default), info, debug, trace, silent' },
  { env: 'CBC_EMU_CONTROL', value: '<socket|http://127.0.0.1:port>', what: 'register with a running cbc-emu serve and take its frames, events, faults and clock (docs/testing.md)' },
  { env: 'CBC_EMU_CONTROL_TOKEN', value: '<token>', what: 'the bearer token cbc-emu serve --listen printed (TCP only)' },
  { env: 'CBC_EMU_FUZZ', value: '<token>', what: 'set by cbc-emu fuzz: the perturbation plan of one run' },
  { env: 'CBC_EMU_FUZZ_OUT', value: '<file>', what: 'set by cbc-emu fuzz: where the perturbed transcript is written' },
  { env: 'CBC_EMU_FUZZ_NOTES', value: '<file>', what: 'set by cbc-emu fuzz: where each emulator process notes how it ended' },
  { env: 'CBC_EMU_SCENARIO_COMPILED', value: '<file>', what: 'set by cbc-emu fuzz: the scenario compiled once per campaign, used while its hash matches the scenario file' },
  { env: 'CBC_EMU_FUZZ_RUN', value: '<id>', what: 'set by cbc-emu fuzz on each consumer: the mark its clean-up finds leftover processes by' },
  { env: 'CBC_EMU_RELAY_SOCKET', value: '<socket>', what: 'set by cbc-emu fuzz for its relay (the cbc a run starts): where the campaign serves the session' },
  { env: 'CBC_EMU_RELAY_NODE', value: '<node>', what: 'set by cbc-emu fuzz for its relay: the node that runs the drop-in when the campaign cannot serve it' },
  { env: 'CBC_EMU_RELAY_SHIMS', value: '<dir>', what: 'set by cbc-emu fuzz for its relay: the PATH shims it then starts (bin/shims)' },
];

/** The text after `cbc-emu run`'s usage: the settings table, how arguments pass, and the real switches. */
export function runHelpText(): string {
  const rows = EMU_SETTINGS.flatMap((s) => [`  ${s.flag ? `${s.flag}${s.value ? ` ${s.value}` : ''}, ` : ''}${s.env}${s.flag ? '' : `=${s.value}`}`, `      ${s.what}`]);
  return [
    '',
    'Every argument after `run` goes to the drop-in verbatim (as to bin/cbc.js); only a first -h/--help or',
    '-V/--version is cbc-emu\'s. The emulated CLI\'s own help: `cbc-emu run -- --help` or `bin/cbc.js --help`.',
    '',
    'Emulator settings (a flag beats its variable; an empty variable counts as unset):',
    ...rows,
    '',
    'The real switches work too: CODEBUDDY_DISABLE_WORKFLOWS=1, CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS=1,',
    '--session-id / --resume / --continue / --fork-session, --json-schema, --permission-mode, --allowedTools.',
    '',
    'Exit codes: those of the emulated CLI (0 done, 1 its own errors), and 2 for the emulator\'s setup errors',
    '(unusable scenario, unknown profile, bad --emu-speed, unusable journal or log path), prefixed "cbc-emu:".',
  ].join('\n');
}
