import { readFileSync, writeFileSync, existsSync, statSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { EMU_PREFIX } from '../../errors.js';
import { buildReport } from './report.js';

const USAGE = `Usage: cbc-emu report <transcript|journal|cassette|-> [--out run.html] [--check] [--title text]

Draws a run as one self-contained HTML page (no network, no external files): per task a Gantt-style
timeline with phases as bands, one bar per workflow agent (done / error / cached / aborted / running),
one bar per background task, markers for task_started, each task_updated, the notification, each turn's
start and result, control requests and their ACKs; late rows after a notification are highlighted.
Hover or click a mark to see the raw frame. Time comes from the frames' own clocks (journal vt,
__timestamp, startedAt/endedAt, end_time), else frame order.

  --out <file>   where to write the page (default: <input>.html; required when reading stdin)
  --check        also run cbc-emu check and mark each violation (exit 1 when there is any)
  --title <text> page title
`;

interface Args {
  file: string;
  out?: string;
  check: boolean;
  title?: string;
}

function parseArgs(args: string[]): Args | string {
  let file: string | undefined;
  let out: string | undefined;
  let title: string | undefined;
  let check = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string | undefined => inline ?? args[++i];
    if (flag === '--check') check = true;
    else if (flag === '--out' || flag === '-o') {
      out = value();
      if (out === undefined || out === '') return `${flag} needs a file path`;
    } else if (flag === '--title') {
      title = value();
      if (title === undefined) return '--title needs a text';
    } else if (flag === '-h' || flag === '--help') return '';
    else if (a.startsWith('-') && a !== '-') return `unknown option "${a}"`;
    else if (file === undefined) file = a;
    else return `only one input file, got "${file}" and "${a}"`;
  }
  if (file === undefined) return 'missing input: give the path of a transcript, journal or cassette, or - for stdin';
  if (file === '-' && out === undefined) return 'reading stdin needs --out <file>';
  return { file, check, ...(out !== undefined ? { out } : {}), ...(title !== undefined ? { title } : {}) };
}

async function readAll(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of input) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** `cbc-emu report <file|-> --out run.html [--check]`: writes the page; resolves to the exit code. */
export async function runReport(argv: string[], io: { stdin: Readable; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process): Promise<number> {
  const a = parseArgs(argv);
  if (typeof a === 'string') {
    if (a === '') {
      io.stdout.write(USAGE);
      return 0;
    }
    io.stderr.write(`${EMU_PREFIX} report: ${a}\n${USAGE}`);
    return 2;
  }
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
