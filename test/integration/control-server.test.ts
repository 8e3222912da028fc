// Issue #19 acceptance: a test starts `cbc-emu serve`, a separate process (a consumer the test does not
// control: test/fixtures/control/consumer.mjs) spawns the drop-in with CBC_EMU_CONTROL, and through the
// socket the test lists the session, injects a late task_progress after the task_notification (the
// consumer receives exactly those bytes), reads the journal, stalls stdout for N ms (the next result
// arrives no earlier), and makes the drop-in exit with a chosen code.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { api, serve, type Served } from '../helpers/control-api.js';
import { ROOT } from '../helpers/run-bin.js';

const CONSUMER = join(ROOT, 'test', 'fixtures', 'control', 'consumer.mjs');
const SCENARIO = join(ROOT, 'test', 'fixtures', 'scenarios', 'late-build.yaml');
const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-control-it-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The consumer process and what reached it: stdout lines with the moment (test clock) each arrived. */
interface Consumer {
  child: ChildProcessWithoutNullStreams;
  lines: Array<{ text: string; at: number }>;
  raw(): string;
  send(line: string): void;
  /** Resolves with the index of the first line from `from` on that satisfies `pred`. */
  line(pred: (l: string) => boolean, from?: number): Promise<number>;
  exited: Promise<string>;
}

function consumer(env: Record<string, string>, args: string[]): Consumer {
  const child = spawn(process.execPath, [CONSUMER, ...args], { env: { ...process.env, ...env }, stdio: 'pipe' });
  let raw = '';
  let err = '';
  const lines: Consumer['lines'] = [];
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (c: Buffer) => {
    const at = performance.now();
    raw += c.toString('utf8');
    const parts = raw.split('\n');
    for (let i = lines.length; i < parts.length - 1; i++) lines.push({ text: parts[i]!, at });
    for (const w of waiters.splice(0)) w();
  });
  child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const exited = new Promise<string>((resolve) => child.on('exit', () => resolve(err)));
  const line = (pred: (l: string) => boolean, from = 0): Promise<number> =>
    new Promise((resolve, reject) => {
      const look = () => {
        const i = lines.findIndex((l, k) => k >= from && pred(l.text));
        if (i >= 0) return resolve(i);
        if (child.exitCode !== null) return reject(new Error(`the consumer ended without that line; stdout:\n${raw}\nstderr:\n${err}`));
        waiters.push(look);
      };
      look();
    });
  return { child, lines, raw: () => raw, send: (l) => child.stdin.write(l + '\n'), line, exited };
}

/** One more look at the server, after a short pause (a loop of these waits for a state, with no deadline of its own). */
async function poll<T = Array<Record<string, unknown>>>(get: () => Promise<{ json: unknown }>): Promise<T> {
  await new Promise((r) => setTimeout(r, 20));
  return (await get()).json as T;
}

const user = (text: string) => JSON.stringify({ type: 'user', message: { role: 'user', content: text } });
const kind = (type: string, subtype?: string) => (l: string) => {
  const f = JSON.parse(l) as { type?: string; subtype?: string };
  return f.type === type && (subtype === undefined || f.subtype === subtype);
};

let server: Served | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('cbc-emu serve with a drop-in spawned by a separate consumer (#19)', () => {
  it('lists the session, injects after the notification, reads the journal, stalls, exits with a chosen code', async () => {
    const sock = join(dir, 'accept', 'control.sock');
    server = await serve(['--socket', sock]);
    const env = { CBC_EMU_CONTROL: sock, CBC_EMU_SCENARIO: SCENARIO, CBC_EMU_SPEED: '0', CBC_EMU_SEED: '7', CBC_EMU_HOME: join(dir, 'home') };
    const c = consumer(env, ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose']);

    // the session is listed with what the drop-in registered
    let sessions: Array<Record<string, unknown>> = [];
    while (sessions.length === 0) sessions = await poll(() => api(sock, 'GET', '/v1/sessions'));
    expect(sessions).toEqual([
      expect.objectContaining({ id: 's1', pid: expect.any(Number), profile: 'cbc', state: 'running', argv: ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'] }),
    ]);
    expect(sessions[0]!['session_id']).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));

    // a late task_progress, scheduled to go right after the next task_notification
    const late = { type: 'system', subtype: 'task_progress', task_id: 'late-1', description: 'a row after the end', usage: { total_tokens: 1, tool_uses: 1, duration_ms: 1 }, session_id: 'x', uuid: 'u-ü-😀' };
    const scheduled = await api(sock, 'POST', '/v1/sessions/s1/frames', { frames: [late], when: { type: 'system', subtype: 'task_notification' } });
    expect(scheduled).toMatchObject({ status: 202, json: { scheduled: 1 } });
    c.send(user('build it'));
    const note = await c.line(kind('system', 'task_notification'));
    await c.line(() => true, note + 1);
    expect(c.lines[note + 1]!.text).toBe(JSON.stringify(late)); // exactly those bytes, right after the notification
    expect(c.raw()).toContain(JSON.stringify(late) + '\n');
    await c.line(kind('result'), note); // the follow-up turn the notification starts

    // the journal: both directions, the injected frame among the frames written
    const journal = await api(sock, 'GET', '/v1/sessions/s1/journal');
    expect(journal.status).toBe(200);
    const entries = journal.text.trim().split('\n').map((l) => JSON.parse(l) as { seq: number; dir: string; frame?: Record<string, unknown> });
    expect(entries.find((e) => e.dir === 'in')?.frame).toMatchObject({ type: 'user' });
    const outs = entries.filter((e) => e.dir === 'out').map((e) => e.frame!);
    expect(outs.findIndex((f) => f['task_id'] === 'late-1')).toBe(outs.findIndex((f) => f['subtype'] === 'task_notification') + 1);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));

    // stall stdout 400 ms: the next result reaches the consumer no earlier
    const before = c.lines.length;
    const t0 = performance.now();
    expect(await api(sock, 'POST', '/v1/sessions/s1/faults', { kind: 'stall', ms: 400 })).toMatchObject({ status: 200, json: { stalled_ms: 400 } });
    c.send(user('hello again'));
    // the drop-in wrote the result (the journal says so); the consumer gets it once the stall ends
    const written = await api(sock, 'GET', `/v1/wait?session=s1&type=result&after_seq=${entries.at(-1)!.seq}&timeout_ms=20000`);
    expect(written).toMatchObject({ status: 200, json: { session: 's1', entry: { dir: 'out', frame: { type: 'result', result: 'hello again' } } } });
    const next = await c.line(kind('result'), before);
    expect(c.lines[next]!.at - t0).toBeGreaterThanOrEqual(400);

    // exit with a chosen code: the consumer sees it, the server lists it
    expect(await api(sock, 'POST', '/v1/sessions/s1/faults', { kind: 'exit', code: 7 })).toMatchObject({ status: 200 });
    expect(await c.exited).toContain('drop-in exited code=7 signal=null');
    let state: Record<string, unknown> | undefined;
    while (state?.['state'] !== 'exited') state = (await poll<Array<Record<string, unknown>>>(() => api(sock, 'GET', '/v1/sessions')))[0];
    expect(state).toMatchObject({ state: 'exited', exit_code: 7 });
  });
});
