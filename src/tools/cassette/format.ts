import { isRawFrame, type RawFrame } from '../../protocol/raw-frame.js';
import { readFileSync } from 'node:fs';
import { EmuError } from '../../errors.js';
import { textLines } from '../../transport/line-reader.js';

/** Cassette format version written in the header line (docs/cassettes.md). */
export const CASSETTE_VERSION = 1;

/** First line of a cassette. */
export interface CassetteHeader {
  cassette: 'cbc-emulator';
  version: number;
  /** The recorded CLI's argv (after the executable), redacted. */
  argv: string[];
  /** The executable's basename (never a full home path). */
  command: string;
  /** Whitelisted environment variables: names always, values only for non-secret settings. */
  env: Record<string, string>;
  recorded_at: string;
}

/** One recorded line: a frame (or a non-JSON line) in one direction, at `t` ms since the start. */
export interface CassetteEntry {
  t: number;
  dir: 'in' | 'out' | 'err';
  frame?: unknown;
  raw?: string;
  /** On an `in` entry: the consumer closed stdin here. */
  eof?: boolean;
}

/** The last line: how the recorded process ended. */
export interface CassetteEnd {
  t: number;
  exit: number | null;
  signal: string | null;
}

export interface Cassette {
  header: CassetteHeader;
  entries: CassetteEntry[];
  end: CassetteEnd | undefined;
}

/** Reads and validates a cassette file; errors name the file and line. */
export function readCassette(file: string): Cassette {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new EmuError('E_IO', `cannot read cassette ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}; record one with "cbc-emu record --out ${file} -- <cli> ..."`);
  }
  let header: CassetteHeader | undefined;
  const entries: CassetteEntry[] = [];
  let end: CassetteEnd | undefined;
  let i = -1;
  for (const { text: line, terminated } of textLines(text)) {
    i++;
    if (line.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      if (!terminated) continue; // a torn last line (recording interrupted)
      throw new EmuError('E_IO', `${file}:${i + 1}: not JSON; a cassette is one JSON object per line`);
    }
    if (!isRawFrame(parsed)) throw new EmuError('E_IO', `${file}:${i + 1}: not a JSON object; a cassette is one JSON object per line`);
    const v = parsed;
    if (i === 0 || header === undefined) {
      if (v['cassette'] !== 'cbc-emulator') throw new EmuError('E_IO', `${file}:${i + 1}: missing the cassette header line ({"cassette":"cbc-emulator","version":${CASSETTE_VERSION},...})`);
      if (v['version'] !== CASSETTE_VERSION) throw new EmuError('E_IO', `${file}:${i + 1}: cassette version ${String(v['version'])} is not supported (this emulator reads version ${CASSETTE_VERSION})`);
      header = headerOf(v, `${file}:${i + 1}`);
      continue;
    }
    // type-confused fields are errors here, not crashes later (issue #18)
    const t = v['t'];
    if (typeof t !== 'number' || !Number.isFinite(t) || t < 0) throw new EmuError('E_IO', `${file}:${i + 1}: "t" must be a number of milliseconds >= 0`);
    if ('exit' in v) end = v as unknown as CassetteEnd;
    else if (v['dir'] === 'in' || v['dir'] === 'out' || v['dir'] === 'err') {
      if (v['frame'] !== undefined && !isRawFrame(v['frame'])) throw new EmuError('E_IO', `${file}:${i + 1}: "frame" must be a JSON object`);
      if (v['raw'] !== undefined && typeof v['raw'] !== 'string') throw new EmuError('E_IO', `${file}:${i + 1}: "raw" must be a string`);
      entries.push(v as unknown as CassetteEntry);
    } else throw new EmuError('E_IO', `${file}:${i + 1}: unknown cassette entry (expected dir in|out|err, or an exit line)`);
  }
  if (!header) throw new EmuError('E_IO', `${file}: empty cassette`);
  return { header, entries, end };
}

/** The header line's fields, each checked for its type (a cassette is someone else's file). */
function headerOf(v: RawFrame, where: string): CassetteHeader {
  const argv = v['argv'];
  const env = v['env'];
  const bad = (field: string, what: string) => new EmuError('E_IO', `${where}: header "${field}" must be ${what}`);
  if (typeof v['command'] !== 'string') throw bad('command', 'a string');
  if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) throw bad('argv', 'a list of strings');
  if (!isRawFrame(env) || !Object.values(env).every((x) => typeof x === 'string')) throw bad('env', 'an object of strings');
  if (typeof v['recorded_at'] !== 'string') throw bad('recorded_at', 'a string');
  return v as unknown as CassetteHeader;
}
