import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { scratchRoot } from '../src/tools/fuzz/workdir.js';
import { SUITE_TMP } from './global-setup.js';
import { unsetExtraCaCerts } from './helpers/node-start.js';
import { LongestFirstSequencer } from './sequencer.js';

/**
 * The suite's temp folders in one folder of its own on tmpfs (/dev/shm) when the machine has one and TMPDIR names
 * no other place: the same choice `cbc-emu fuzz` makes for its runs (scratchRoot). Most tests make and remove folders
 * (emulator homes, session stores, journals, replay roots); on ext4 that was most of the surface replays' system CPU
 * (400 replays: 1.65 s of system CPU on /tmp, 0.27 s on /dev/shm) and their wall waited on the disk (issue #21).
 * Spawned processes inherit it; paths that golden bytes show stay hard-coded under /tmp in those tests. The folder is
 * removed when the run ends (test/global-setup.ts), with whatever a test left in it: tmpfs is memory, and ~25 folders
 * a run (~7 MB) were left in /dev/shm by tests that never removed theirs. Made once, in the main process (the
 * workers, which may load this file again, inherit its name).
 */
const TMPDIR = (process.env[SUITE_TMP] ??= mkdtempSync(join(scratchRoot(), 'cbc-emu-suite-')));

// the workers, and what they spawn (drop-ins, `cbc-emu`, consumers, SDKs), start without NODE_EXTRA_CA_CERTS
// (test/helpers/node-start.ts): unset here, in the main process, before the workers fork
unsetExtraCaCerts();

// Tests run against the compiled dist/ (npm test builds first); integration tests spawn bin/cbc.js.
export default defineConfig({
  test: {
    testTimeout: 60_000, // sized for a loaded 2-core machine (docs/testing.md); a quiet one needs a fraction
    hookTimeout: 60_000,
    pool: 'forks',
    // the longest files first, cache or none (test/sequencer.ts): a clean clone's run otherwise ended on the surface shards
    sequence: { sequencer: LongestFirstSequencer },
    env: { TMPDIR },
    globalSetup: ['test/global-setup.ts'],
    // three files at a time on 2 cores: many files mostly wait on the processes they spawn (stdin scripts, fuzz runs),
    // so a third worker fills the idle CPU (quiet machine: 257 s with 2, 212 s with 3, 213 s with 4; issue #21)
    maxWorkers: 3,
    // dist/ is the built package under test: Node imports it natively, as a consumer would, instead of vite's
    // transform and module runner taking each of its ~200 modules apart again in every file (issue #21)
    server: { deps: { external: [/\/dist\//] } },
    projects: [
      {
        extends: true,
        // test/unit shares one module graph per worker (isolate: false): each file importing dist/, zod and yaml
        // afresh cost about as much CPU as the tests themselves (58 files: 44 s of CPU isolated, 23 s shared;
        // issue #21). Safe there: no unit test mocks a module, and the two that change a global (fake timers,
        // TMPDIR) restore it in finally/afterEach. Files still run one at a time per worker.
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        // the same for the files that spawn the drop-in or run it in this process (62 files): a fresh process per file
        // cost ~0.27 s of CPU in start-up and imports each (20 of them: 14.4 s of CPU isolated, 9.0 s shared; issue #21).
        // None mocks a module; the one with fake timers (cassette) and the ones that set process.env restore them.
        test: { name: 'processes', include: ['test/**/*.test.ts'], exclude: ['test/unit/**', 'test/interop/**', '**/node_modules/**'], isolate: false },
      },
      // the real SDKs stay one process per file: failOnProcessNoise (test/interop/helpers.ts) fails a test on any
      // process warning, and an SDK's listeners or timers left by another file in a shared process would be one
      { extends: true, test: { name: 'interop', include: ['test/interop/**/*.test.ts'] } },
    ],
  },
});
