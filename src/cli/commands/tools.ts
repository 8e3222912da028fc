import { InvalidArgumentError, Option, type Command } from 'commander';
import { PROFILE_NAMES, type ProfileName } from '../../protocol/vocabulary.js';
import { act, usageError, type RunState } from '../policy.js';

/** commander argParser: a number >= 0 (milliseconds, speeds). */
export function nonNegative(what: string): (v: string) => number {
  return (v) => {
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`${what} must be a number >= 0.`);
    return n;
  };
}

const collect = (v: string, prev: string[]): string[] => [...prev, v];

/** `check`, `report`: frames in, verdicts or a page out. `check` writes to the program's io (main's), so it runs in-process too. */
export function addCheckCommands(program: Command, state: RunState, io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): void {
  const check = program
    .command('check')
    .summary('check a transcript or journal against the protocol rules (docs/rules.md)')
    .description(
      "Check a stdout transcript (ndjson) or a two-way journal (--emu-journal) against the profile's frame schemas and the protocol rules (docs/rules.md). Prints `<line>: <rule-id>: <message>` per violation.",
    )
    .argument('<file|->', 'transcript or journal; - reads stdin')
    .addOption(new Option('--profile <name>', 'profile whose schemas apply').choices(['auto', ...PROFILE_NAMES]).default('auto'))
    .option('--json', 'one JSON object per violation')
    .option('--strict', 'unknown keys are violations too')
    .option('--partial', 'the transcript was cut off (the CLI was killed): skip the end-of-stream rules')
    .option('--grace-ms <ms>', 'window for late rows after an interrupt', nonNegative('--grace-ms'));
  check.action(
    act<{ profile: ProfileName | 'auto'; json?: true; strict?: true; partial?: true; graceMs?: number }>(state, check, async ([file], o) =>
      (await import('../../tools/check/cli.js')).runCheck({
        file: file as string,
        profile: o.profile,
        json: o.json === true,
        strict: o.strict === true,
        partial: o.partial === true,
        ...(o.graceMs !== undefined ? { graceMs: o.graceMs } : {}),
      }, { stdin: process.stdin, stdout: io.stdout, stderr: io.stderr }),
    ),
  );

  const report = program
    .command('report')
    .summary('draw a transcript, journal or cassette as a self-contained HTML timeline')
    .description(
      'Draw a run as one self-contained HTML page (no network, no external files): per task a timeline with phases as bands, one bar per agent and background task, markers for task events, turns and control requests; late rows after a notification highlighted. Hover or click a mark for its raw frame.',
    )
    .argument('<file|->', 'transcript, journal or cassette; - reads stdin (then --out is required)')
    .option('-o, --out <file>', 'where to write the page (default: <input>.html)')
    .option('--check', 'also run the checker and mark each violation (exit 1 when there is any)')
    .option('--title <text>', 'page title');
  report.action(
    act<{ out?: string; check?: true; title?: string }>(state, report, async ([file], o) => {
      if (file === '-' && o.out === undefined) throw usageError('reading stdin needs --out <file>');
      return (await import('../../tools/report/cli.js')).runReport({ file: file as string, check: o.check === true, ...(o.out !== undefined ? { out: o.out } : {}), ...(o.title !== undefined ? { title: o.title } : {}) });
    }),
  );
}

/** `record`, `replay`, `import`: cassettes (docs/cassettes.md). */
export function addCassetteCommands(program: Command, state: RunState): void {
  const record = program
    .command('record')
    .summary('proxy a real CLI and record the session, redacted, into a cassette')
    .description('Run a real CLI as a proxy between your consumer (on stdin/stdout) and it, and record the session, redacted, into a cassette. Everything after the CLI name (or after --) goes to the CLI.')
    .usage('--out <cassette> [--redact <rule>]... [--] <cli> [cli-args...]')
    .argument('<cli>', 'the real CLI to run')
    .argument('[cli-args...]', 'its arguments')
    .requiredOption('--out <cassette>', 'the cassette file to write')
    .option('--redact <jsonpath|regex>', 'also redact this (repeatable): a $.path of frame fields or a regular expression', collect, [])
    .passThroughOptions();
  record.action(
    act<{ out: string; redact: string[] }>(state, record, async ([cli, args], o) =>
      (await import('../../tools/cassette/cli.js')).recordCommand({ out: o.out, redact: o.redact, command: cli as string, args: (args as string[] | undefined) ?? [] }),
    ),
  );

  const replay = program
    .command('replay')
    .summary('play a cassette back to the consumer on stdin/stdout')
    .description('Play a cassette back to the consumer on stdin/stdout, with the recorded timing (or set CBC_EMU_REPLAY for the drop-in).')
    .argument('<cassette>', 'the cassette file')
    .option('--emu-speed <factor>', 'timing factor: 1 recorded time, 0 instant (default: CBC_EMU_SPEED or 1)', nonNegative('--emu-speed'))
    .option('--session-id <id>', 'session id to answer with instead of the recorded one');
  replay.action(
    act<{ emuSpeed?: number; sessionId?: string }>(state, replay, async ([file], o) => {
      const env = process.env['CBC_EMU_SPEED'];
      const speed = o.emuSpeed ?? (env !== undefined && env !== '' ? nonNegativeEnv(env) : 1);
      return (await import('../../tools/cassette/cli.js')).replayCommand({ file: file as string, speed, ...(o.sessionId !== undefined ? { sessionId: o.sessionId } : {}) });
    }),
  );

  const imp = program
    .command('import')
    .summary('turn a recorded session into an editable scenario')
    .description('Turn a cassette into an editable scenario file.')
    .argument('<cassette>', 'the cassette file')
    .requiredOption('--out <scenario.yaml>', 'the scenario file to write')
    .option('--name <name>', 'scenario name (default: from the cassette)');
  imp.action(
    act<{ out: string; name?: string }>(state, imp, async ([file], o) =>
      (await import('../../tools/cassette/cli.js')).importCommand({ file: file as string, out: o.out, ...(o.name !== undefined ? { name: o.name } : {}) }),
    ),
  );
}

/** CBC_EMU_SPEED for replay: the same rule as --emu-speed, named after the variable. */
function nonNegativeEnv(v: string): number {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n < 0) throw usageError(`CBC_EMU_SPEED=${JSON.stringify(v)} must be a number >= 0`);
  return n;
}
