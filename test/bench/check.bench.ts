// Benchmark of `cbc-emu check` streaming (issue #6 acceptance: "A 1 GB transcript is checked in flat
// memory (measured in the benchmark, not in a timed test)"). Generates the transcript lazily, checks it
// through checkStream and prints throughput and heap/RSS samples. Run: npm run bench [-- <MB>]
import { checkStream } from '../../dist/tools/check/stream.js';
import { bigTranscript } from '../helpers/big-transcript.js';

const mb = Number(process.argv[2] ?? 1024);
const input = bigTranscript(mb * 1024 * 1024);
const mem = () => process.memoryUsage();
const start = mem();
let peakHeap = start.heapUsed;
let peakRss = start.rss;
let bytes = 0;
const samples: string[] = [];
input.on('data', (c: string | Buffer) => {
  bytes += c.length;
  const m = mem();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
  if (samples.length < Math.floor(bytes / (mb * 1024 * 1024 / 10))) samples.push(`${(bytes / 1048576).toFixed(0)} MB: heap ${(m.heapUsed / 1048576).toFixed(1)} MB, rss ${(m.rss / 1048576).toFixed(1)} MB`);
});
const t0 = performance.now();
let violations = 0;
const summary = await checkStream(input, { profile: 'auto' }, () => violations++);
const s = (performance.now() - t0) / 1000;
console.log(samples.join('\n'));
console.log(`checked ${(bytes / 1048576).toFixed(0)} MB, ${summary.frames} frames, ${violations} violations in ${s.toFixed(1)} s (${(bytes / 1048576 / s).toFixed(1)} MB/s)`);
console.log(`heap: start ${(start.heapUsed / 1048576).toFixed(1)} MB, peak ${(peakHeap / 1048576).toFixed(1)} MB; rss: start ${(start.rss / 1048576).toFixed(1)} MB, peak ${(peakRss / 1048576).toFixed(1)} MB`);
