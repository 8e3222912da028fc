import { accessSync, constants as fsConstants, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAllRuns } from './proc.js';

/** tmpfs, where the machine has one. */
const SHM = '/dev/shm';

/**
 * Where fuzz runs keep their scratch files (run homes, transcripts, notes): tmpfs when the machine has
 * one and TMPDIR does not name another place, else the temp dir. On a busy disk a run's folders and
 * files cost more than the run itself; on tmpfs they are memory (issue #21).
 */
export function scratchRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env['TMPDIR']) return tmpdir(); // the user chose where temp files go
  try {
    accessSync(SHM, fsConstants.W_OK);
    if (statSync(SHM).isDirectory()) return SHM;
  } catch {
    // no tmpfs (not Linux, or a container without it)
  }
  return tmpdir();
}

/**
 * Removes a run's folder and everything in it (a link is removed, never followed); false when something could not
 * be removed (a file created meanwhile, a permission), which is then left to the campaign folder's own removal.
 * By hand, not `rmSync(dir, { recursive })`: a run home's dozen entries cost Node's rimraf an lstat and a failed
 * rmdir each before it reads a folder; one readdir with entry types per folder is about half the CPU (issue #21).
 */
export function removeTree(dir: string): boolean {
  try {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (!removeTree(path)) return false;
      } else unlinkSync(path);
    }
    rmdirSync(dir);
    return true;
  } catch {
    return false;
  }
}

/** Signals that end a campaign; each exits 128 + its number, as a shell reports a death by it. */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `body` with a fresh work folder for the campaign's runs under the scratch root (scratchRoot), and removes it
 * whatever happens: success, failure, a throw, or SIGINT/SIGTERM/SIGHUP to the campaign (which also
 * kills every run in flight and exits with 128 + the signal's number). A killed campaign leaves
 * nothing behind; only the findings under --out, where the user asked for them, stay (issue #18 class 7).
 */
export async function withCampaignFolder<T>(body: (work: string) => Promise<T>): Promise<T> {
  const root = join(scratchRoot(), 'cbc-emu-fuzz');
  mkdirSync(root, { recursive: true });
  const work = mkdtempSync(join(root, 'c-'));
  const onSignal = (sig: NodeJS.Signals) => {
    killAllRuns();
    rmSync(work, { recursive: true, force: true });
    process.exit(128 + constants.signals[sig]);
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  try {
    return await body(work);
  } finally {
    for (const s of SIGNALS) process.off(s, onSignal);
    rmSync(work, { recursive: true, force: true });
  }
}
