import { writeFileSync } from 'node:fs';
import { EMU_PREFIX, EmuError } from '../../errors.js';
import { readCassette } from './format.js';
import { importCassetteYaml } from './import.js';
import { record } from './record.js';
import { parseRedactRule } from './redact.js';
import { replay } from './replay.js';

const fail = (msg: string): number => {
  process.stderr.write(`${EMU_PREFIX} ${msg}\n`);
  return 2;
};

/** `cbc-emu record --out <cassette> [--redact <jsonpath|regex>]... -- <real cli> [args...]` */
export async function recordCommand(args: string[]): Promise<number> {
  const dd = args.indexOf('--');
  if (dd < 0 || dd === args.length - 1) return fail('record: usage: cbc-emu record --out <cassette> [--redact <jsonpath|regex>]... -- <cli> [args...]');
  const own = args.slice(0, dd);
  let out: string | undefined;
  const rules = [];
  const rule = (arg: string) => {
    try {
      return parseRedactRule(arg, rules.length);
    } catch (e) {
      if (e instanceof EmuError) return e.message;
      throw e;
    }
  };
  for (let i = 0; i < own.length; i++) {
    const a = own[i]!;
    if (a === '--out') out = own[++i];
    else if (a.startsWith('--out=')) out = a.slice(6);
    else if (a === '--redact' || a.startsWith('--redact=')) {
      const r = rule(a === '--redact' ? own[++i] ?? '' : a.slice(9));
      if (typeof r === 'string') return fail(`record: ${r}`);
      rules.push(r);
    } else return fail(`record: unknown option ${a}; options: --out <cassette>, --redact <jsonpath|regex>`);
  }
  if (!out) return fail('record: --out <cassette> is required');
  const [command, ...rest] = args.slice(dd + 1);
  return record({ out, command: command!, args: rest, rules, env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
}

/** `cbc-emu replay <cassette> [--emu-speed <n>] [--session-id <id>]` */
export async function replayCommand(args: string[]): Promise<number> {
  let file: string | undefined;
  let speed = Number(process.env['CBC_EMU_SPEED'] ?? '1');
  let sessionId: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--emu-speed') speed = Number(args[++i]);
    else if (a === '--session-id') sessionId = args[++i];
    else if (!a.startsWith('-') && file === undefined) file = a;
    else return fail(`replay: unknown option ${a}; usage: cbc-emu replay <cassette> [--emu-speed <n>] [--session-id <id>]`);
  }
  if (!file) return fail('replay: usage: cbc-emu replay <cassette> [--emu-speed <n>] [--session-id <id>]');
  if (!Number.isFinite(speed) || speed < 0) return fail('replay: --emu-speed must be a number >= 0');
  try {
    return await replay({ cassette: readCassette(file), stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, speed, sessionId, label: file });
  } catch (e) {
    if (e instanceof EmuError) return fail(e.message);
    throw e;
  }
}

/** `cbc-emu import <cassette> --out <scenario.yaml> [--name <name>]` */
export function importCommand(args: string[]): number {
  let file: string | undefined;
  let out: string | undefined;
  let name: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--out') out = args[++i];
    else if (a === '--name') name = args[++i];
    else if (!a.startsWith('-') && file === undefined) file = a;
    else return fail(`import: unknown option ${a}; usage: cbc-emu import <cassette> --out <scenario.yaml> [--name <name>]`);
  }
  if (!file || !out) return fail('import: usage: cbc-emu import <cassette> --out <scenario.yaml> [--name <name>]');
  try {
    const { yaml, warnings } = importCassetteYaml(readCassette(file), name);
    writeFileSync(out, yaml);
    for (const w of warnings) process.stderr.write(`${EMU_PREFIX} import: ${w}\n`);
    return 0;
  } catch (e) {
    if (e instanceof EmuError) return fail(e.message);
    throw e;
  }
}
