// Issue #21: `cbc-emu fuzz --jobs n` keeps n runs in flight, starting the next run as soon as any run ends, not only
// when the oldest does (a slow run must not idle the other slots), and still reports in run order.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runEmu } from '../helpers/run-bin.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-fuzz-jobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cbc-emu fuzz --jobs 2: a slow run does not hold back the runs after it (issue #21)', () => {
  it('run 2 starts while run 0 is still in flight (run 1 ended first), and the report is in run order', async () => {
    const mark = join(dir, 'run-2-started');
    const saw = join(dir, 'run-0-saw-run-2');
    // every run drives the drop-in (the PATH shim) with one prompt; run 0 first waits (up to 60 s, so a loaded machine
    // only slows the failing case) for run 2's mark; run 2 leaves it. The run is named in its home's path (run-<r>).
    const prompt = `printf '%s\\n' '${JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } })}' | cbc --input-format stream-json --output-format stream-json --verbose > /dev/null`;
    const consumer = [
      `case "$CBC_EMU_HOME" in`,
      `*/run-0/*) i=0; while [ $i -lt 600 ] && [ ! -e '${mark}' ]; do sleep 0.1; i=$((i+1)); done; [ -e '${mark}' ] && touch '${saw}';;`,
      `*/run-2/*) touch '${mark}';;`,
      `esac; ${prompt}`,
    ].join('\n');
    const r = await runEmu(['fuzz', '--scenario', join(ROOT, 'scenarios', 'default.yaml'), '--consumer', consumer, '--runs', '4', '--seed', '3', '--jobs', '2', '--timeout', '120000', '--out', join(dir, 'out')]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(existsSync(saw)).toBe(true);
    expect([...r.stderr.matchAll(/^run (\d+): pass$/gm)].map((m) => m[1])).toEqual(['0', '1', '2', '3']);
  });
});
