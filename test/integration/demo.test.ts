// `npm run demo` (issue #2: "runs a shipped scenario through the drop-in and shows the frames"): the demo
// exits 0 and shows the background workflow and the scripted interrupt's killed / stopped / late rows.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../helpers/run-bin.js';

it('cbc-emu demo shows a workflow run and an interrupt with late rows', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'cbc-emu.js'), 'demo'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('system/task_started local_workflow deep-research');
  expect(r.stdout).toMatch(/system\/task_notification status=stopped "Workflow \\"long-run\\" stopped"/);
  const lines = r.stdout.split('\n');
  const stopped = lines.findIndex((l) => l.includes('"Workflow \\"long-run\\" stopped"'));
  expect(lines.slice(stopped + 1).some((l) => /task_progress \[a:error/.test(l))).toBe(true); // a late row after the notification
  expect(r.stdout).toMatch(/\d+ frames, exit code 0\./);
});
