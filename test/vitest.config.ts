import { defineConfig } from 'vitest/config';

// Tests run against the compiled dist/ (npm test builds first); integration tests spawn bin/cbc.js.
export default defineConfig({
  test: {
    testTimeout: 60_000, // sized for a loaded 2-core machine (docs/testing.md); a quiet one needs a fraction
    hookTimeout: 60_000,
    pool: 'forks',
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
      { extends: true, test: { name: 'processes', include: ['test/**/*.test.ts'], exclude: ['test/unit/**', '**/node_modules/**'] } },
    ],
  },
});
