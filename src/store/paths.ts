import { closeSync, constants, lstatSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { isAbsolute, sep } from 'node:path';
import { EmuError } from '../errors.js';
import { makeDirs } from '../transport/dirs.js';
import { homeRelative } from './home-relative.js';

/**
 * The one rule for ids that become file or folder names under the emulator home (session ids from
 * --session-id, --resume, --fork-session and a stored session's header): letters, digits, `_`, `-`
 * and `.`, 1 to 200 of them, not starting with `.` — so never `..`, a separator or a hidden name.
 */
const SAFE_ID = /^[\w-][\w.-]{0,199}$/;

/** True when `id` may become a path component under the emulator home (SAFE_ID above). */
export function isSafeId(id: string): boolean {
  return SAFE_ID.test(id);
}

/** The refusal for an id that fails isSafeId: what, why, and the fix. */
export function unsafeIdMessage(flag: string, id: string): string {
  const shown = JSON.stringify(id.length > 80 ? id.slice(0, 80) + '…' : id);
  return `Error: ${flag} ${shown} cannot name a session: use 1-200 letters, digits, '_', '-' or '.' (not starting with '.')`;
}

/**
 * Writes `text` to `file`, which must lie inside `home`: missing folders are created one by one, and
 * no folder or file below `home` may be a symbolic link (the file is opened with O_NOFOLLOW), so a
 * link planted in the home cannot redirect a write outside it. `home` itself may be a link: the user
 * chose it. Throws EmuError('E_IO') when the path leaves the home or meets a link.
 */
export function writeInside(home: string, file: string, text: string, mode: 'replace' | 'append' = 'replace'): void {
  const fd = openInside(home, file, mode);
  try {
    // one write(2) per record: with O_APPEND two processes never interleave inside a line
    const buf = Buffer.from(text, 'utf8');
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens `file` for writing under writeInside's rules (same checks, same errors): the descriptor, the
 * caller closes it.
 */
export function openInside(home: string, file: string, mode: 'replace' | 'append'): number {
  const path = prepareInside(home, file);
  try {
    return openSync(path, openFlags(mode), 0o644);
  } catch (e) {
    throw openError(file, e);
  }
}

/**
 * Writes a task output file inside `root` at once (writeInside), before the frames that follow (the
 * notification naming the file), so the file is complete when its notification is written. A failure
 * goes to `failed` (the run goes on). Synchronous on purpose (issue #21, session 8): the thread-pool
 * version cost more CPU and wall than it hid (docs/performance.md, "Emission: session 8").
 */
export function writeTaskOutput(root: string, file: string, text: string, failed: (err: unknown) => void): void {
  try {
    writeInside(root, file, text);
  } catch (err) {
    failed(err);
  }
}

/** The folders of `file` made (none a link) and its absolute path, or EmuError('E_IO') when it leaves `home`. */
function prepareInside(home: string, file: string): string {
  const { root, abs, rel } = homeRelative(home, file);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
    throw new EmuError('E_IO', `refusing to write ${file}: it is not inside the emulator home ${root}`);
  }
  // `rel` is relative() of two resolved paths: its parts are plain names (no '', '.', '..'), so each folder
  // is its parent plus one name, and root plus all of them is resolve(file) (string joins: path.join
  // normalised each level again, ~2% of a bench run, issue #21)
  const parts = rel.split(sep);
  // the home is made (with its parents) when the first folder cannot be made without it, not checked
  // before every write (an access(2) per task file, issue #21)
  if (parts.length === 1) makeDirs(root);
  let dir = root;
  for (let i = 0; i < parts.length - 1; i++) {
    dir = dir.endsWith(sep) ? dir + parts[i] : dir + sep + parts[i];
    ensureRealDir(dir, i === 0 ? () => makeDirs(root) : undefined);
  }
  return abs;
}

const openFlags = (mode: 'replace' | 'append') => constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | (mode === 'replace' ? constants.O_TRUNC : constants.O_APPEND);

/** The error for a failed open of `file`: a link (ELOOP) is refused in words, anything else as it came. */
function openError(file: string, e: unknown): Error {
  if ((e as NodeJS.ErrnoException).code === 'ELOOP') return new EmuError('E_IO', `refusing to write ${file}: it is a symbolic link inside the emulator home`, { cause: e });
  return e as Error;
}

/**
 * Makes `dir` a real folder: created when missing, refused when it is a link or not a folder. `makeParent`
 * makes a missing parent (the home) when mkdir(2) says there is none.
 */
function ensureRealDir(dir: string, makeParent?: () => void): void {
  // a missing folder is undefined, not a thrown ENOENT: a fuzz run's fresh home made Node build ~6 errors a run (issue #21)
  let st = lstatSync(dir, { throwIfNoEntry: false });
  if (st === undefined) {
    try {
      mkdirSync(dir);
    } catch (e2) {
      const code = (e2 as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && makeParent) {
        makeParent();
        ensureRealDir(dir);
        return;
      }
      if (code !== 'EEXIST') throw e2; // another process made it meanwhile
    }
    st = lstatSync(dir);
  }
  if (st.isSymbolicLink()) throw new EmuError('E_IO', `refusing to write through ${dir}: it is a symbolic link inside the emulator home`);
  if (!st.isDirectory()) throw new EmuError('E_IO', `refusing to write under ${dir}: it is not a folder`);
}
