// Task output files (issue #21): a task_notification naming an output file reaches stdout only once that
// file holds the task's output, for every task of a run with many.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Scenario } from '../../../dist/scenario/schema.js';
import { startInMemory } from '../../../dist/testkit/harness.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-output-order-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const agents = (w: number) => Array.from({ length: 3 }, (_, a) => ({ label: `w${w}a${a}`, duration: `${50 + 7 * a + w}ms`, result: `result ${w}/${a}` }));
const scenario = Scenario.parse({
  name: 'output-order',
  turns: [{ match: { contains: 'go' }, reply: 'launching', result: 'launched', workflows: Array.from({ length: 6 }, (_, w) => ({ name: `wf-${w}`, agents: agents(w) })) }],
});

describe('task output files before their notification (issue #21)', () => {
  it.each(['cbc', 'claude-2.1.328'])('%s: each notification\'s output_file exists and is complete when the line arrives', async (profile) => {
    const home = join(dir, profile);
    const run = startInMemory({ argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-speed', '0', '--emu-seed', 'order', '--emu-home', home], scenario });
    const seen: Array<{ file: string; existed: boolean; text: string }> = [];
    let rest = '';
    run.stdout.on('data', (c: Buffer) => {
      const lines = (rest + c.toString('utf8')).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const f = JSON.parse(line) as Record<string, unknown>;
        // the next prompt after each prompt's result: Claude runs lines queued behind a running turn as one turn (issue #16)
        if (f['type'] === 'result' && f['result'] === 'launched') next();
        if (f['subtype'] !== 'task_notification' && f['type'] !== 'task_notification') continue;
        const file = String(f['output_file']);
        // checked as the line arrives: the file must already be there, with the task's output
        const existed = existsSync(file);
        seen.push({ file, existed, text: existed ? readFileSync(file, 'utf8') : '' });
      }
    });
    const lines = Array.from({ length: 5 }, (_, i) => JSON.stringify({ type: 'user', message: { role: 'user', content: `go ${i}` } }) + '\n');
    let sent = 0;
    function next(): void {
      if (sent < lines.length) run.stdin.write(lines[sent++]!);
      else run.stdin.end();
    }
    next();
    expect(await run.exit).toBe(0);
    expect(seen).toHaveLength(5 * 6);
    for (const s of seen) {
      expect(s.existed, s.file).toBe(true);
      expect(s.text, s.file).toContain('result ');
    }
  });
});
