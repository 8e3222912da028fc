import { lstatSync, mkdirSync, statSync, unlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import { EmuError } from '../errors.js';

/**
 * Makes `path` usable for the control socket (issue #19): its directory is created 0700 or must be one
 * only this user can enter (the socket is the whole API: whoever reaches it drives the drop-ins); an
 * existing path must be a stale socket (removed) — a live one or any other file is refused.
 */
export async function prepareSocketPath(path: string): Promise<void> {
  const dir = dirname(path);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new EmuError('E_ENV', `--socket ${path}: cannot create the directory ${dir} (${(e as Error).message})`, { cause: e });
  }
  const d = statSync(dir);
  if (!d.isDirectory()) throw new EmuError('E_ENV', `--socket ${path}: ${dir} is not a directory`);
  const mine = typeof process.getuid !== 'function' || d.uid === process.getuid();
  if (!mine || (d.mode & 0o077) !== 0) {
    const mode = (d.mode & 0o777).toString(8).padStart(3, '0');
    throw new EmuError('E_ENV', `--socket ${path}: the directory ${dir} is ${mine ? `accessible to other users (mode ${mode})` : 'owned by another user'}; put the socket in a directory only you can enter (mkdir -m 700 <dir>)`);
  }
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return; // nothing there yet
  }
  if (!st.isSocket()) throw new EmuError('E_ENV', `--socket ${path}: the path exists and is not a socket; remove it or name another path`);
  if (await listening(path)) throw new EmuError('E_ENV', `--socket ${path}: another server is listening on it; stop it or name another path`);
  unlinkSync(path); // a stale socket of a server that died
}

function listening(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(path);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
