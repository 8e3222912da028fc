import { fileURLToPath } from 'node:url';
import { EMU_PREFIX } from '../errors.js';
import { runCli } from '../run.js';

/** Folder of the extensionless PATH shims (`cbc`, `codebuddy`, `claude`). */
export function shimsDir(): string {
  return fileURLToPath(new URL('../../bin/shims', import.meta.url));
}

const USAGE = `Usage: cbc-emu <command> [options]

Commands:
  run [cli flags] [prompt]   Run the drop-in CLI (same as bin/cbc.js)
  shims                      Print the folder of the cbc/codebuddy/claude PATH shims
  schema                     Print the JSON Schema of scenario files
  demo [--profile <name>]    Run the deep-research scenario through the drop-in and show the frames
  help                       Show this help
`;

/** Entry of the `cbc-emu` tool; resolves to the exit code. Thin: each command calls a library function. */
export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'run':
      return runCli({ argv: rest, env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });
    case 'shims':
      process.stdout.write(shimsDir() + '\n');
      return 0;
    case 'schema': {
      const { scenarioJsonSchema } = await import('../scenario/json-schema.js');
      process.stdout.write(JSON.stringify(scenarioJsonSchema(), null, 2) + '\n');
      return 0;
    }
    case 'demo': {
      const { runDemo } = await import('../tools/demo.js');
      return runDemo(rest);
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(`${EMU_PREFIX} unknown command "${cmd}"\n${USAGE}`);
      return 2;
  }
}
