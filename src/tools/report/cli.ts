import { readFileSync, writeFileSync, existsSync, statSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { EMU_PREFIX } from '../../errors.js';
import { buildReport } from './report.js';

/** Options of `cbc-emu report`, as src/cli declares them (the usage checks are done there). */
export interface ReportArgs {
  file: string;
  out?: string;
  check: boolean;
  title?: string;
}

async function readAll(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of input) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** `cbc-emu report <file|-> --out run.html [--check]`: writes the page; resolves to the exit code. */
export async function runReport(a: ReportArgs, io: { stdin: Readable; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process): Promise<number> {
  if (a.file !== '-' && (!existsSync(a.file) || !statSync(a.file).isFile())) {
    io.stderr.write(`${EMU_PREFIX} report: ${a.file}: no such file; give the path of a transcript (stdout ndjson), an --emu-journal file or a cassette, or - for stdin\n`);
    return 2;
  }
  let text: string;
  try {
    text = a.file === '-' ? await readAll(io.stdin) : readFileSync(a.file, 'utf8');
  } catch (e) {
    io.stderr.write(`${EMU_PREFIX} report: cannot read ${a.file === '-' ? 'stdin' : a.file}: ${(e as Error).message}\n`);
    return 2;
  }
  const r = buildReport(text, { check: a.check, ...(a.file !== '-' ? { source: a.file } : {}), ...(a.title !== undefined ? { title: a.title } : {}) });
  if (r.frames > 0 && r.model.frames.every((f) => typeof f === 'string')) {
    io.stderr.write(`${EMU_PREFIX} report: ${a.file === '-' ? 'stdin' : a.file} is not ndjson: no line is a JSON object (expected a stream-json transcript, an --emu-journal file or a cassette)\n`);
    return 2;
  }
  const out = resolve(a.out ?? `${a.file}.html`);
  try {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, r.html);
  } catch (e) {
    io.stderr.write(`${EMU_PREFIX} report: cannot write ${out}: ${(e as Error).message}; pass a writable --out path\n`);
    return 2;
  }
  io.stderr.write(`${EMU_PREFIX} report: ${r.input}, ${r.frames} frames, ${r.tasks} task(s)${a.check ? `, ${r.violations} violation(s)` : ''} → ${out}\n`);
  return a.check && r.violations > 0 ? 1 : 0;
}
