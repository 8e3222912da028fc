import { writeFileSync } from 'node:fs';
import { EMU_PREFIX, EmuError } from '../../errors.js';
import { readCassette } from './format.js';
import { importCassetteYaml } from './import.js';
import { record } from './record.js';
import { parseRedactRule, type RedactRule } from './redact.js';
import { replay } from './replay.js';

/*
 * The handlers of `cbc-emu record`, `replay` and `import`: src/cli parses the command line (commander),
 * these turn the options into calls of the cassette library and an exit code.
 */

const fail = (msg: string): number => {
  process.stderr.write(`${EMU_PREFIX} ${msg}\n`);
  return 2;
};

/** Options of `cbc-emu record --out <cassette> [--redact <rule>]... [--] <cli> [args...]`. */
export interface RecordArgs {
  out: string;
  redact: string[];
  command: string;
  args: string[];
}

/** Records a real CLI session into a cassette; an unusable --redact rule throws EmuError('E_USAGE'). */
export async function recordCommand(a: RecordArgs): Promise<number> {
  const rules: RedactRule[] = [];
  for (const r of a.redact) rules.push(parseRedactRule(r, rules.length));
  return record({ out: a.out, command: a.command, args: a.args, rules, env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
}

/** Options of `cbc-emu replay <cassette> [--emu-speed <n>] [--session-id <id>]`. */
export interface ReplayArgs {
  file: string;
  speed: number;
  sessionId?: string;
}

/** Plays a cassette to the consumer on stdin/stdout. */
export async function replayCommand(a: ReplayArgs): Promise<number> {
  try {
    return await replay({ cassette: readCassette(a.file), stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, speed: a.speed, sessionId: a.sessionId, label: a.file });
  } catch (e) {
    if (e instanceof EmuError) return fail(e.message);
    throw e;
  }
}

/** Options of `cbc-emu import <cassette> --out <scenario.yaml> [--name <name>]`. */
export interface ImportArgs {
  file: string;
  out: string;
  name?: string;
}

/** Turns a cassette into an editable scenario file. */
export function importCommand(a: ImportArgs): number {
  try {
    const { yaml, warnings } = importCassetteYaml(readCassette(a.file), a.name);
    writeFileSync(a.out, yaml);
    for (const w of warnings) process.stderr.write(`${EMU_PREFIX} import: ${w}\n`);
    return 0;
  } catch (e) {
    if (e instanceof EmuError) return fail(e.message);
    throw e;
  }
}
