// Hardening of the control server link (issue #19): a server killed mid-run leaves its drop-ins to
// finish their scenario (what it held is let go); a drop-in killed is listed as exited, with the code it
// reported (a handled signal: 128+n and the signal) or none (SIGKILL: the connection just ends).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { api, serve, type Served } from '../helpers/control-api.js';
import { kind, spawnDropin, user, type DropinProcess } from '../helpers/dropin-process.js';
import { ROOT } from '../helpers/run-bin.js';

const LATE = join(ROOT, 'test', 'fixtures', 'scenarios', 'late-build.yaml');
const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-control-hard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let server: Served | undefined;
const procs: DropinProcess[] = [];
afterEach(async () => {
  for (const p of procs.splice(0)) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await server?.stop();
  server = undefined;
});

async function sessions(sock: string, count: number): Promise<Array<Record<string, unknown>>> {
  for (;;) {
    const list = (await api(sock, 'GET', '/v1/sessions')).json as Array<Record<string, unknown>>;
    if (list.length >= count) return list;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function exitedState(sock: string, id: string): Promise<Record<string, unknown>> {
  for (;;) {
    const s = (await sessions(sock, 1)).find((x) => x['id'] === id)!;
    if (s['state'] === 'exited') return s;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the control server dies mid-run (#19)', () => {
  it('its drop-ins play their scenario to the end: clock hold and stall are let go', async () => {
    const sock = join(dir, 'dies', 'control.sock');
    server = await serve(['--socket', sock]);
    const env = { CBC_EMU_CONTROL: sock, CBC_EMU_SCENARIO: LATE, CBC_EMU_SPEED: '0', CBC_EMU_SEED: '5', CBC_EMU_HOME: join(dir, 'home') };
    const a = spawnDropin(env);
    const b = spawnDropin(env);
    procs.push(a, b);
    await sessions(sock, 2);
    expect((await api(sock, 'POST', '/v1/sessions/s1/clock', { hold: true })).status).toBe(200);
    expect((await api(sock, 'POST', '/v1/sessions/s2/faults', { kind: 'stall', ms: 600_000 })).status).toBe(200);
    for (const p of [a, b]) {
      p.send(user('build it'));
      p.child.stdin.end();
    }
    await api(sock, 'GET', '/v1/wait?session=s1&type=user&dir=in&after_seq=0');
    await api(sock, 'GET', '/v1/wait?session=s2&type=result&after_seq=0'); // written, held by the stall
    expect(a.lines.some((l) => kind('result')(l.text)) || b.lines.some((l) => kind('result')(l.text))).toBe(false);
    server.child.kill('SIGKILL');
    for (const p of [a, b]) {
      expect(await p.exited).toEqual({ code: 0, signal: null });
      const results = p.lines.filter((l) => kind('result')(l.text)).map((l) => (JSON.parse(l.text) as { result: string }).result);
      expect(results).toEqual(['Started.', 'The background task "npm run build" completed.']);
    }
  });
});

describe('a drop-in dies (#19)', () => {
  it('by SIGTERM: exited with 143 and the signal; by SIGKILL: exited, no code', async () => {
    const sock = join(dir, 'killed', 'control.sock');
    server = await serve(['--socket', sock]);
    const env = { CBC_EMU_CONTROL: sock, CBC_EMU_SCENARIO: LATE, CBC_EMU_SPEED: '0', CBC_EMU_HOME: join(dir, 'home') };
    const term = spawnDropin(env);
    const kill = spawnDropin(env);
    procs.push(term, kill);
    const listed = await sessions(sock, 2);
    const idOf = (p: DropinProcess) => listed.find((s) => s['pid'] === p.child.pid)!['id'] as string;
    term.child.kill('SIGTERM');
    kill.child.kill('SIGKILL');
    expect(await term.exited).toEqual({ code: 143, signal: null });
    expect(await kill.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await exitedState(sock, idOf(term))).toMatchObject({ state: 'exited', exit_code: 143, signal: 'SIGTERM' });
    expect(await exitedState(sock, idOf(kill))).toMatchObject({ state: 'exited', exit_code: null, signal: null });
    // an exited drop-in takes no calls
    expect(await api(sock, 'POST', `/v1/sessions/${idOf(term)}/faults`, { kind: 'crash' })).toMatchObject({ status: 409, json: { error: expect.stringContaining('has exited (code 143)') } });
  });
});
