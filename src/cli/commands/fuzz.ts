import { availableParallelism } from 'node:os';
import { InvalidArgumentError, type Command } from 'commander';
import { EmuError } from '../../errors.js';
import { resolveScenarioRef } from '../../scenario/shipped.js';
import type { FuzzArgs } from '../../tools/fuzz/campaign.js';
import { act, usageError, type RunState } from '../policy.js';
import { PROFILE_CHOICES } from './basic.js';

/** commander argParser: a whole number >= min. */
function whole(min: number): (v: string) => number {
  return (v) => {
    const n = Number(v);
    if (v.trim() === '' || !Number.isInteger(n) || n < min) throw new InvalidArgumentError(`Give a whole number >= ${min}.`);
    return n;
  };
}

/** commander argParser of --shard i/n. */
function shard(v: string): [number, number] {
  const m = /^(\d+)\/(\d+)$/.exec(v);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) throw new InvalidArgumentError('Give i/n with 1 <= i <= n (e.g. 2/4).');
  return [Number(m[1]), Number(m[2])];
}

/** The options commander hands the fuzz action. */
interface FuzzOpts {
  scenario?: string;
  consumer?: string;
  oracle?: string;
  profile?: string;
  emuSpeed: string;
  runs: number;
  seed: number;
  perturb?: string;
  illegal?: true;
  timeout: number;
  shard: [number, number];
  keepGoing?: true;
  replay?: string;
  out: string;
  json?: string;
  jobs: number;
  relay: boolean;
  list?: true;
}

/** Checks what commander cannot (pairs, perturbation ids, scenario names) and fills FuzzArgs; a problem throws E_USAGE. */
async function fuzzArgs(o: FuzzOpts): Promise<FuzzArgs> {
  if (o.scenario === undefined) throw usageError('missing --scenario <name|file>: the scenario the emulator plays');
  if (o.consumer === undefined) throw usageError('missing --consumer "<command>": the program under test (it runs `cbc` from PATH)');
  if (o.json !== undefined && o.replay !== undefined) throw usageError('--json writes a campaign report; leave it out with --replay');
  let scenario: string;
  try {
    scenario = resolveScenarioRef(o.scenario);
  } catch (e) {
    if (e instanceof EmuError) throw usageError(`--scenario: ${e.message}`);
    throw e;
  }
  const { ILLEGAL_IDS, LEGAL_IDS, PERTURBATIONS, perturbation } = await import('../../tools/fuzz/catalogue.js');
  const perturb = o.perturb?.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const id of perturb ?? []) if (!perturbation(id)) throw usageError(`unknown perturbation "${id}"; known: ${PERTURBATIONS.map((p) => p.id).join(', ')}`);
  return {
    scenario,
    consumer: o.consumer,
    ...(o.oracle !== undefined ? { oracle: o.oracle } : {}),
    ...(o.profile !== undefined ? { profile: o.profile } : {}),
    speed: o.emuSpeed,
    runs: o.runs,
    seed: o.seed,
    perturb: perturb ?? [...LEGAL_IDS, ...(o.illegal ? ILLEGAL_IDS : [])],
    illegal: o.illegal === true,
    timeoutMs: o.timeout,
    shard: o.shard,
    keepGoing: o.keepGoing === true,
    ...(o.replay !== undefined ? { replay: o.replay } : {}),
    out: o.out,
    ...(o.json !== undefined ? { json: o.json } : {}),
    jobs: o.jobs,
    relay: o.relay,
  };
}

/** `fuzz` and `fuzz merge` (docs/fuzzing.md). */
export function addFuzzCommands(program: Command, state: RunState, io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): void {
  const fuzz = program
    .command('fuzz')
    .summary('fuzz a consumer with legal-but-nasty event orders, shrink failures, replay by token')
    .description(
      'Run the consumer many times against the emulator with legal-but-nasty perturbations of its output (docs/fuzzing.md), judge each run by exit code, timeout and an optional oracle, and shrink a failure to a minimal plan you can replay. The scenario, profile and options are checked before the first run; a run whose consumer never got a session from the emulator is not a pass.',
    )
    .usage('--scenario <name|file> --consumer "<command>" [options]\n       cbc-emu fuzz merge <report.json>... [--json <file>]')
    .enablePositionalOptions() // `fuzz merge … --json x`: options after `merge` are merge's
    .option('--scenario <name|file>', 'the scenario the emulator plays: a shipped name (cbc-emu scenarios) or a file')
    .option('--consumer <command>', 'the program under test, run with sh -c; it runs `cbc` from PATH')
    .option('--runs <n>', 'runs in the campaign', whole(1), 100)
    .option('--seed <n>', 'campaign seed; same seed, same report', whole(0), 1)
    .option('--perturb <ids>', 'only these perturbation ids, comma-separated (default: every legal one)')
    .option('--illegal', 'also use the illegal set (every third run adds one); reported separately')
    .option('--oracle <command>', 'judge each passing run: gets FUZZ_TRANSCRIPT, FUZZ_JOURNAL, FUZZ_STDOUT, FUZZ_STDERR, FUZZ_EXIT_CODE')
    // no commander choices: the campaign check resolves it as the emulator will, with a did-you-mean (validate.ts)
    .option('--profile <name>', `emulator profile (CBC_EMU_PROFILE): ${PROFILE_CHOICES.join(', ')}`)
    .option('--emu-speed <factor>', 'emulator speed (0: instant virtual time)', '0')
    .option('--timeout <ms>', 'a run that takes longer is a hung consumer', whole(1), 20_000)
    .option('--shard <i/n>', 'run only the runs r with r % n == i-1 (CI matrix); shards cover the campaign exactly', shard, [1, 1] as [number, number])
    .option('--keep-going', 'run every run even after a failure (default: stop at the first failure and shrink it)')
    .option('--replay <token>', 'run exactly one plan (from a report) and say whether it fails')
    .option('--out <dir>', 'where each shrunk failure is kept, in a folder per campaign: transcript, journal, consumer output, report.html', 'cbc-emu-fuzz')
    .option('--json <file>', 'also write the campaign report as JSON (seed, runs, failed runs, findings, shard) for cbc-emu fuzz merge')
    .option('--jobs <n>', 'runs in flight at once (default: the number of cores); the report is the same for any n', whole(1), availableParallelism())
    .option('--no-relay', 'start the Node drop-in for every run instead of serving each run\'s emulator in this process through a small relay (compiled with cc; without one this is what happens)')
    .option('--list', 'print the perturbation catalogue');
  fuzz.action(
    act<FuzzOpts>(state, fuzz, async (_args, o) => {
      const cli = await import('../../tools/fuzz/cli.js');
      if (o.list) return cli.listPerturbations(io);
      const args = await fuzzArgs(o);
      return cli.runFuzz(args, io, args.relay ? (await import('../../testkit/relay-server.js')).startRelay : undefined);
    }),
  );

  const merge = fuzz
    .command('merge')
    .summary('combine the --json reports of the shards of one campaign')
    .description('Combine the --json reports of the shards of one campaign (--shard i/n) into one report: the runs and failing runs of the whole campaign, one finding per kind. Refuses reports of different campaigns and missing or repeated shards (exit 2); exits 1 if any shard found a failure.')
    .argument('<reports...>', 'the shards\' report files')
    .option('--json <file>', 'write the merged report here');
  merge.action(act<{ json?: string }>(state, merge, async ([files], o) => (await import('../../tools/fuzz/cli.js')).mergeCommand({ files: files as string[], ...(o.json !== undefined ? { json: o.json } : {}) }, io)));
}
