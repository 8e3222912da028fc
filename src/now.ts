/**
 * Milliseconds of a monotonic real clock, fractional, from an arbitrary origin (differences only, as performance.now()
 * is used). By hand from process.hrtime: the `performance` global loads perf_hooks and a dozen modules of Node's at its
 * first use, ~1 ms of every drop-in start (issue #21's start-up budget).
 */
export function realNow(): number {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}
