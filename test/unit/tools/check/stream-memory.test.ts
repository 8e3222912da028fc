// Issue #6: "Streams of any size in constant memory". A generated 50 MB transcript is checked through
// checkStream; heap growth must stay far below the input size (an array of all frames would hold
// several times 50 MB). Throughput and the 1 GB run live in test/bench/check.bench.ts, not here.
import { describe, expect, it } from 'vitest';
import { checkStream } from '../../../../dist/tools/check/stream.js';
import { bigTranscript } from '../../../helpers/big-transcript.js';

describe('checkStream memory', () => {
  it('checks a 50 MB transcript with small heap growth and no violations', async () => {
    const size = 50 * 1024 * 1024;
    const base = process.memoryUsage().heapUsed;
    let peak = base;
    let lines = 0;
    const input = bigTranscript(size);
    input.on('data', () => {
      if (++lines % 200 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    });
    const violations: unknown[] = [];
    const summary = await checkStream(input, { profile: 'auto' }, (v) => violations.push(v));
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    expect(violations).toEqual([]);
    expect(summary.frames).toBeGreaterThan(30_000); // ~1.5 kB per frame
    expect(summary.profile).toBe('cbc');
    // per-task state of ~3k tasks plus GC slack; holding the frames would exceed 150 MB
    expect(peak - base).toBeLessThan(48 * 1024 * 1024);
  }, 120_000);
});
