// The suite's own temp folder (TMPDIR of every test and of the processes they spawn: test/vitest.config.ts), removed
// with everything in it once the whole run is over, so a test that leaves a folder behind leaves nothing on tmpfs.
import { rmSync } from 'node:fs';

/** The environment variable naming the run's temp folder (set by test/vitest.config.ts in the main process). */
export const SUITE_TMP = 'CBC_EMU_SUITE_TMP';

export default function setup(): () => void {
  return () => {
    const dir = process.env[SUITE_TMP];
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  };
}
