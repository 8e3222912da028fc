import { createReadStream, existsSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { EMU_PREFIX } from '../../errors.js';
import type { ProfileName } from '../../protocol/vocabulary.js';
import { checkStream } from './stream.js';
import type { Violation } from './types.js';

/** Options of `cbc-emu check`, as src/cli declares them. */
export interface CheckArgs {
  file: string;
  profile: ProfileName | 'auto';
  json: boolean;
  strict: boolean;
  partial: boolean;
  graceMs?: number;
}

/** `cbc-emu check <file|->`: prints `<line>: <rule-id>: <message>` per violation (or JSON lines); resolves to the exit code. */
export async function runCheck(a: CheckArgs, io: { stdin: Readable; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process): Promise<number> {
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
