import { fileURLToPath } from 'node:url';
import { EMU_PREFIX } from '../errors.js';
import { flushed } from '../transport/flush.js';

/** Folder of the extensionless PATH shims (`cbc`, `codebuddy`, `claude`). */
function shimsDir(): string {
  return fileURLToPath(new URL('../../bin/shims', import.meta.url));
}

/** One `cbc-emu` subcommand: a one-line summary and a lazily imported handler (start-up stays cheap). */
interface Command {
  usage: string;
  summary: string;
  run(args: string[]): Promise<number>;
}

/**
 * The command table. Each handler only reshapes arguments and calls a library function; adding a
 * command is one entry here plus its module under src/tools.
 */
const COMMANDS: Record<string, Command> = {
  run: {
    usage: 'run [cli flags] [prompt]',
    summary: 'Run the drop-in CLI (same as bin/cbc.js)',
    run: async (args) => {
      const { runCli } = await import('../dropin/main.js');
      return runCli({ argv: args, env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });
    },
  },
  shims: {
    usage: 'shims',
    summary: 'Print the folder of the cbc/codebuddy/claude PATH shims',
    run: () => {
      process.stdout.write(shimsDir() + '\n');
      return Promise.resolve(0);
    },
  },
  schema: {
    usage: 'schema',
    summary: 'Print the JSON Schema of scenario files',
    run: async () => {
      const { scenarioJsonSchema } = await import('../scenario/json-schema.js');
      process.stdout.write(JSON.stringify(scenarioJsonSchema(), null, 2) + '\n');
      return 0;
    },
  },
  check: {
    usage: 'check <file|-> [--profile p] [--json]',
    summary: 'Check a transcript or journal against the profile schema and protocol rules (docs/rules.md)',
    run: async (args) => (await import('../tools/check/cli.js')).runCheck(args),
  },
  record: {
    usage: 'record --out <cassette> [--redact <rule>] -- <cli> [args]',
    summary: 'Proxy a real CLI and record the session, redacted, into a cassette',
    run: async (args) => (await import('../tools/cassette/cli.js')).recordCommand(args),
  },
  replay: {
    usage: 'replay <cassette> [--emu-speed <n>]',
    summary: 'Play a cassette back to the consumer on stdin/stdout (or set CBC_EMU_REPLAY)',
    run: async (args) => (await import('../tools/cassette/cli.js')).replayCommand(args),
  },
  import: {
    usage: 'import <cassette> --out <scenario.yaml>',
    summary: 'Turn a recorded session into an editable scenario',
    run: async (args) => (await import('../tools/cassette/cli.js')).importCommand(args),
  },
  report: {
    usage: 'report <file|-> --out run.html [--check]',
    summary: 'Draw a transcript, journal or cassette as a self-contained HTML timeline',
    run: async (args) => (await import('../tools/report/cli.js')).runReport(args),
  },
  fuzz: {
    usage: 'fuzz --scenario <file> --consumer "<cmd>" [...]',
    summary: 'Fuzz a consumer with legal-but-nasty event orders, shrink failures, replay by token (docs/fuzzing.md)',
    run: async (args) => (await import('../tools/fuzz/cli.js')).runFuzz(args),
  },
  serve: {
    usage: 'serve --socket <path> | --listen 127.0.0.1:<port|0>',
    summary: 'Run the control server drop-ins started with CBC_EMU_CONTROL register with (issue #19)',
    run: async (args) => (await import('../server/command.js')).serveCommand(args),
  },
  demo: {
    usage: 'demo [--profile <name>]',
    summary: 'Run the deep-research scenario through the drop-in and show the frames',
    run: async (args) => (await import('../tools/demo.js')).runDemo(args),
  },
};

function usage(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length)) + 3;
  const lines = Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}${c.summary}`);
  return `Usage: cbc-emu <command> [options]\n\nCommands:\n${lines.join('\n')}\n  ${'help'.padEnd(width)}Show this help\n`;
}

/** Entry of the `cbc-emu` tool; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === undefined || cmd === 'help' || cmd === '--help' || cmd === '-h') {
    process.stdout.write(usage());
    return 0;
  }
  const c = COMMANDS[cmd];
  if (!c) {
    process.stderr.write(`${EMU_PREFIX} unknown command "${cmd}"\n${usage()}`);
    return 2;
  }
  const code = await c.run(rest);
  // the drop-in (`run`) flushes itself, with a deadline after a signal; the tools exit only once their
  // output is delivered, or process.exit() would drop what a slow reader has not taken yet (issue #18)
  if (cmd !== 'run') await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  return code;
}
