import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAllRuns } from './proc.js';

/** Signals that end a campaign; each exits 128 + its number, as a shell reports a death by it. */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `body` with a fresh work folder for the campaign's runs under the temp dir, and removes it
 * whatever happens: success, failure, a throw, or SIGINT/SIGTERM/SIGHUP to the campaign (which also
 * kills every run in flight and exits with 128 + the signal's number). A killed campaign leaves
 * nothing behind; only the findings under --out, where the user asked for them, stay (issue #18 class 7).
 */
export async function withCampaignFolder<T>(body: (work: string) => Promise<T>): Promise<T> {
  mkdirSync(join(tmpdir(), 'cbc-emu-fuzz'), { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'cbc-emu-fuzz', 'c-'));
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
