import { fileURLToPath } from 'node:url';
import { Option, type Command } from 'commander';
import { PROFILE_NAMES } from '../../protocol/vocabulary.js';
import { act, type RunState } from '../policy.js';
import { runHelpText } from '../run-help.js';

/** Folder of the extensionless PATH shims (`cbc`, `codebuddy`, `claude`). */
function shimsDir(): string {
  return fileURLToPath(new URL('../../../bin/shims', import.meta.url));
}

/** The profile names a command accepts: PROFILE_NAMES plus `claude`, getProfile's alias of the newest Claude Code profile. */
export const PROFILE_CHOICES: readonly string[] = [...PROFILE_NAMES, 'claude'];

/** `run`, `shims`, `schema`, `scenarios`, `demo`. */
export function addBasicCommands(program: Command, state: RunState): void {
  const run = program
    .command('run')
    .summary('run the drop-in CLI (same as bin/cbc.js); every argument passes verbatim')
    .description('Run the drop-in CLI, as bin/cbc.js does: the emulated cbc / Claude Code in headless stream-json mode.')
    .argument('[cli-args...]', 'the emulated CLI\'s flags and prompt, passed verbatim')
    .allowUnknownOption()
    .passThroughOptions()
    .addHelpText('after', runHelpText());
  // a plain option, not commander's help option: that one is honoured anywhere among unknown options
  // (`run -p --help` would print this page), and everything after the first drop-in argument is the drop-in's
  run.helpOption(false).option('-h, --help', 'print this help');
  run.action(
    act<{ help?: true }>(state, run, async ([args], o) => {
      if (o.help) {
        run.outputHelp();
        return 0;
      }
      const { runCli } = await import('../../dropin/main.js');
      return runCli({ argv: (args as string[] | undefined) ?? [], env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });
    }),
  );

  const shims = program.command('shims').summary('print the folder of the cbc / codebuddy / claude PATH shims').description('Print the folder of the cbc, codebuddy and claude PATH shims: put it first on PATH and those commands run the emulator.');
  shims.action(
    act(state, shims, () => {
      process.stdout.write(shimsDir() + '\n');
      return 0;
    }),
  );

  const schema = program.command('schema').summary('print the JSON Schema of scenario files').description('Print the JSON Schema of scenario files (docs/scenario.schema.json).');
  schema.action(
    act(state, schema, async () => {
      const { scenarioJsonSchema } = await import('../../scenario/json-schema.js');
      process.stdout.write(JSON.stringify(scenarioJsonSchema(), null, 2) + '\n');
      return 0;
    }),
  );

  const scenarios = program.command('scenarios').summary('list the shipped scenarios, one line each').description('List the scenarios shipped in the package; use a name with --emu-scenario, CBC_EMU_SCENARIO or startEmulator({ scenario }).');
  scenarios.action(
    act(state, scenarios, async () => {
      const { shippedCatalogue } = await import('../../scenario/shipped.js');
      const list = await shippedCatalogue();
      const w = Math.max(...list.map((s) => s.name.length)) + 2;
      for (const s of list) process.stdout.write(`${s.name.padEnd(w)}${s.summary}\n`);
      return 0;
    }),
  );

  const demo = program
    .command('demo')
    .summary('run the deep-research scenario through the drop-in and show the frames')
    .description('Run the shipped deep-research scenario through the drop-in as an SDK would, and print each frame with a one-line gist.')
    .addOption(new Option('--profile <name>', 'profile to emulate').choices(PROFILE_CHOICES).default('cbc'));
  demo.action(act<{ profile: string }>(state, demo, async (_args, o) => (await import('../../tools/demo.js')).runDemo({ profile: o.profile })));
}
