import { defineConfig } from 'vitest/config';

// Tests run against the compiled dist/ (npm test builds first); integration tests spawn bin/cbc.js.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000, // sized for a loaded 2-core machine (docs/testing.md); a quiet one needs a fraction
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
