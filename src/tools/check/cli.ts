import { createReadStream, existsSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { EMU_PREFIX } from '../../errors.js';
import { PROFILE_NAMES, type ProfileName } from '../../protocol/vocabulary.js';
import { checkStream } from './stream.js';
import type { Violation } from './types.js';

const USAGE = `Usage: cbc-emu check <file|-> [--profile cbc|cbc-2.117.0|claude-2.1.220|claude-2.1.328|auto] [--json] [--strict] [--grace-ms N] [--partial]

Checks a stdout transcript (ndjson) or a two-way journal (--emu-journal) against the profile's frame
schemas and the protocol rules (docs/rules.md). --partial: the transcript was cut off (the CLI was killed),
so the end-of-stream rules are skipped; a journal tells this itself.
Exit 0: no violation; 1: violations; 2: unusable input (missing, empty, or no JSON frame at all).
`;

interface Args {
  file: string;
  profile: ProfileName | 'auto';
  json: boolean;
  strict: boolean;
  partial: boolean;
  graceMs?: number;
}

function parseArgs(args: string[]): Args | string {
  let file: string | undefined;
  let profile: ProfileName | 'auto' = 'auto';
  let json = false;
  let strict = false;
  let partial = false;
  let graceMs: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? args[++i];
    if (flag === '--json') json = true;
    else if (flag === '--strict') strict = true;
    else if (flag === '--partial') partial = true;
    else if (flag === '--profile') {
      const p = value();
      if (p !== 'auto' && !(PROFILE_NAMES as readonly string[]).includes(p ?? '')) return `unknown --profile "${p}"; use one of auto, ${PROFILE_NAMES.join(', ')}`;
      profile = p as ProfileName | 'auto';
    } else if (flag === '--grace-ms') {
      const n = Number(value());
      if (!Number.isFinite(n) || n < 0) return '--grace-ms needs a non-negative number of milliseconds';
      graceMs = n;
    } else if (flag === '-h' || flag === '--help') return '';
    else if (a.startsWith('-') && a !== '-') return `unknown option "${a}"`;
    else if (file === undefined) file = a;
    else return `only one input file, got "${file}" and "${a}"`;
  }
  if (file === undefined) return 'missing input: give a file path, or - for stdin';
  return { file, profile, json, strict, partial, ...(graceMs !== undefined ? { graceMs } : {}) };
}

/** `cbc-emu check <file|->`: prints `<line>: <rule-id>: <message>` per violation (or JSON lines); resolves to the exit code. */
export async function runCheck(argv: string[], io: { stdin: Readable; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process): Promise<number> {
  const a = parseArgs(argv);
  if (typeof a === 'string') {
    if (a === '') {
      io.stdout.write(USAGE);
      return 0;
    }
    io.stderr.write(`${EMU_PREFIX} check: ${a}\n${USAGE}`);
    return 2;
  }
  if (a.file !== '-' && (!existsSync(a.file) || !statSync(a.file).isFile())) {
    io.stderr.write(`${EMU_PREFIX} check: ${a.file}: no such file; give the path of a transcript or journal, or - for stdin\n`);
    return 2;
  }
  const input = a.file === '-' ? io.stdin : createReadStream(a.file);
  const print = (v: Violation) => io.stdout.write(a.json ? JSON.stringify(v) + '\n' : `${v.line}: ${v.rule}: ${v.message}\n`);
  let summary;
  try {
    summary = await checkStream(input, { profile: a.profile, strictKeys: a.strict, partial: a.partial, ...(a.graceMs !== undefined ? { graceMs: a.graceMs } : {}) }, print);
  } catch (e) {
    io.stderr.write(`${EMU_PREFIX} check: cannot read ${a.file === '-' ? 'stdin' : a.file}: ${(e as Error).message}\n`);
    return 2;
  }
  if (summary.unusable) {
    const what = summary.lines === 0 ? 'is empty' : summary.input === 'journal' ? 'is a journal without frames' : 'is not ndjson: no line is a JSON object';
    io.stderr.write(`${EMU_PREFIX} check: ${a.file === '-' ? 'stdin' : a.file} ${what}; nothing was checked (expected a stream-json transcript or an --emu-journal file)\n`);
    return 2;
  }
  const cut = summary.partial ? ', cut off: end-of-stream rules skipped' : '';
  io.stderr.write(`${EMU_PREFIX} check: ${summary.input}, ${summary.frames} frames, profile ${summary.profile} (${summary.profileSource})${cut}, ${summary.violations} violation(s)\n`);
  return summary.violations > 0 ? 1 : 0;
}
