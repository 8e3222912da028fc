// Seed 000 §4.4: a consumer written exactly to the reference implementation (initialize, run
// /deep-research topic=foo, interrupt with the init session_id, wait for the notification, keep the
// task for late progress) sees ACK -> task_updated killed -> task_notification stopped -> late
// task_progress rows flipping in-flight agents to error "subagent aborted: user cancel" (§4.3).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CBC_BIN } from '../helpers/run-bin.js';

const SPEED = 2; // virtual ms per real ms: the 5 s grace window of §6 is at most 2.5 s of real time

it('the §4.4 reference consumer sees ACK, killed, stopped, then late error rows', async () => {
  const home = mkdtempSync(join(tmpdir(), 'cbc-emu-seed44-'));
  const cbc = spawn(process.execPath, [CBC_BIN, '--input-format', 'stream-json', '--output-format', 'stream-json', '--permission-mode', 'bypassPermissions', '--emu-speed', String(SPEED), '--emu-home', home], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const send = (obj: unknown) => cbc.stdin.write(JSON.stringify(obj) + '\n');
  const seen: string[] = [];
  let buf = '';
  let sessionId: string | undefined;
  let interrupted = false;
  const tasks = new Map<string, { workflow_progress: any[]; status: string; notified: boolean }>();
  cbc.stdout.setEncoding('utf8');
  cbc.stdout.on('data', (chunk: string) => {
    buf += chunk;
    const lines = buf.split('\n');
    buf = lines.pop()!;
    for (const line of lines) {
      if (!line.trim()) continue;
      const msg = JSON.parse(line);
      if (msg.type === 'system' && msg.subtype === 'init') sessionId = msg.session_id;
      if (msg.type === 'control_response' && msg.response.request_id === 'stop-1') seen.push('ack');
      if (msg.type !== 'system') continue;
      if (msg.subtype === 'task_started' && msg.task_type === 'local_workflow') tasks.set(msg.task_id, { workflow_progress: [], status: 'running', notified: false });
      if (msg.subtype === 'task_progress' && Array.isArray(msg.workflow_progress)) {
        const t = tasks.get(msg.task_id);
        if (t) t.workflow_progress = msg.workflow_progress; // authoritative snapshot
        if (t?.notified) seen.push('late:' + msg.workflow_progress.filter((r: any) => r.type === 'workflow_agent' && r.state === 'error').map((r: any) => `${r.label}=${r.error}`).join(','));
        if (!interrupted && sessionId) {
          interrupted = true;
          send({ type: 'control_request', request_id: 'stop-1', request: { subtype: 'interrupt', session_id: sessionId, reason: 'user cancel' } });
        }
      }
      if (msg.subtype === 'task_updated') {
        const t = tasks.get(msg.task_id);
        if (t && msg.patch?.status) t.status = msg.patch.status;
        seen.push('updated:' + msg.patch?.status);
      }
      if (msg.subtype === 'task_notification') {
        const t = tasks.get(msg.task_id);
        if (t) {
          t.status = msg.status;
          t.notified = true;
        }
        seen.push('notification:' + msg.status);
      }
    }
  });
  send({ type: 'control_request', request_id: 'init', request: { subtype: 'initialize', hooks: {}, capabilities: {}, hasPrompt: true } });
  send({ type: 'user', message: { role: 'user', content: '/deep-research topic=foo' } });
  // wait for the notification, then keep the task for late progress until no agent is left in start (the
  // grace window, 5 s virtual): an event, not a wall-clock wait, so a loaded machine only makes it later
  const settled = (t: { workflow_progress: any[]; notified: boolean }) => t.notified && !t.workflow_progress.some((r) => r.type === 'workflow_agent' && r.state === 'start');
  await new Promise<void>((resolve) => {
    const check = () => ([...tasks.values()].some(settled) ? resolve() : setTimeout(check, 20));
    check();
  });
  cbc.stdin.end();
  const code = await new Promise<number | null>((r) => cbc.on('close', (c) => r(c)));
  rmSync(home, { recursive: true, force: true });

  expect(code).toBe(0);
  expect(seen.slice(0, 3)).toEqual(['ack', 'updated:killed', 'notification:stopped']);
  const late = seen.slice(3);
  expect(late.length).toBeGreaterThanOrEqual(1);
  for (const l of late) expect(l).toMatch(/^late:.*subagent aborted: user cancel/);
  const [task] = [...tasks.values()];
  expect(task?.status).toBe('stopped');
  // after the grace window, no agent of the snapshot is still in start
  expect(task?.workflow_progress.filter((r) => r.type === 'workflow_agent' && r.state === 'start')).toEqual([]);
}, 120_000);
