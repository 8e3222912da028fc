import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The suite's longest files, longest first (wall in a quiet run with 4 workers, session 11). Without a duration
 * cache (a clean clone: CI) vitest starts the files of a project by size, larger first, and the surface shards are
 * three-line files: they started last and held the run's tail alone for ~25 s (issue #21). Files not listed keep
 * vitest's own order (cached durations, else size). A name that no longer exists is skipped; keep the list short.
 */
const LONGEST_FIRST = [
  'test/integration/fuzz.test.ts',
  'test/integration/fuzz-api.test.ts',
  'test/golden/surface-compare/1.test.ts',
  'test/golden/surface-compare/2.test.ts',
  'test/golden/surface-compare/4.test.ts',
  'test/golden/surface-compare/3.test.ts',
  'test/golden/modes.test.ts',
  'test/integration/fuzz-merge.test.ts',
  'test/browser/report.test.ts',
  'test/hardening/hostile.test.ts',
  'test/hardening/startup.test.ts',
  'test/integration/cassette.test.ts',
  'test/integration/emu-cli.test.ts',
  'test/hardening/determinism.test.ts',
  'test/unit/tools/fuzz/perturb.test.ts',
  'test/unit/tools/check/cli.test.ts',
];

/** vitest's order, with the longest files known to this list moved to the front in the list's order. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = (f: TestSpecification): number => {
      const i = LONGEST_FIRST.indexOf(relative(f.project.config.root, f.moduleId).split('\\').join('/'));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    return base.map((f, i) => ({ f, i, r: rank(f) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.f);
  }
}
