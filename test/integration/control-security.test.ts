// Issue #19, security: the socket is not accessible to other users (mode 0600 in a private directory;
// a shared directory or a non-socket path is refused), the TCP listener is loopback-only and refuses
// requests without the token, no API path reaches a file, and bad bodies get a 400 naming the field.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { api, EMU_BIN, serve, type Served } from '../helpers/control-api.js';
import { CBC_BIN, runBin } from '../helpers/run-bin.js';
import { spawn, spawnSync } from 'node:child_process';

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-control-sec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let server: Served | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const serveSync = (args: string[]) => spawnSync(process.execPath, [EMU_BIN, 'serve', ...args], { encoding: 'utf8', timeout: 20_000 });
const STREAM = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
const USER = JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } }) + '\n';

describe('the unix socket (#19)', () => {
  it('is mode 0600 in a directory created 0700', async () => {
    const sock = join(dir, 'new', 'deeper', 'control.sock');
    server = await serve(['--socket', sock]);
    expect(statSync(sock).isSocket()).toBe(true);
    expect(statSync(sock).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'new', 'deeper')).mode & 0o777).toBe(0o700);
  });

  it('is refused in a directory other users can enter, and on an existing file', () => {
    const shared = join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o755);
    const r = serveSync(['--socket', join(shared, 'control.sock')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`the directory ${shared} is accessible to other users (mode 755)`);
    const file = join(dir, 'private', 'not-a-socket');
    mkdirSync(join(dir, 'private'), { mode: 0o700 });
    writeFileSync(file, 'keep me');
    const f = serveSync(['--socket', file]);
    expect(f.status).toBe(2);
    expect(f.stderr).toContain('the path exists and is not a socket');
  });

  it('a drop-in whose server is unreachable exits 2 with one line on stderr', async () => {
    const r = await runBin(STREAM, USER, { env: { CBC_EMU_CONTROL: join(dir, 'nobody', 'here.sock'), CBC_EMU_SPEED: '0' } });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^cbc-emu: CBC_EMU_CONTROL=.*here\.sock: cannot reach the control server \(ENOENT\); start it with `cbc-emu serve --socket <path>` or unset CBC_EMU_CONTROL\n$/);
  });
});

describe('the TCP listener (#19)', () => {
  it('cbc-emu serve needs exactly one of --socket and --listen (usage: exit 2)', () => {
    for (const args of [[], ['--socket', join(dir, 'x', 's.sock'), '--listen', '127.0.0.1:0'], ['--listen', 'nowhere']]) {
      const r = serveSync(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/^cbc-emu: serve: (give exactly one of --socket <path> and --listen|--listen expects host:port)/);
    }
  });

  it('binds loopback only', () => {
    const r = serveSync(['--listen', '0.0.0.0:0']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('listens on loopback only');
  });

  it('refuses requests and drop-ins without the token printed once on stderr', async () => {
    server = await serve(['--listen', '127.0.0.1:0']);
    const m = /CBC_EMU_CONTROL=(http:\/\/127\.0\.0\.1:\d+) CBC_EMU_CONTROL_TOKEN=([0-9a-f]{64})/.exec(server.stderr());
    expect(m).not.toBeNull();
    const [, url, token] = m!;
    expect(server.stderr().split(token!)).toHaveLength(2); // printed once
    expect(await api(url!, 'GET', '/v1/sessions')).toMatchObject({ status: 401, json: { error: expect.stringContaining('bearer token') } });
    expect((await api(url!, 'GET', '/v1/sessions', undefined, { Authorization: `Bearer ${'0'.repeat(64)}` })).status).toBe(401);
    expect(await api(url!, 'GET', '/v1/sessions', undefined, { Authorization: `Bearer ${token!}` })).toMatchObject({ status: 200, json: [] });

    const refused = await runBin(STREAM, USER, { env: { CBC_EMU_CONTROL: url!, CBC_EMU_SPEED: '0' } });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('the server answered 401 instead of taking the connection: set CBC_EMU_CONTROL_TOKEN');
    const taken = await runBin(STREAM, USER, { env: { CBC_EMU_CONTROL: url!, CBC_EMU_CONTROL_TOKEN: token!, CBC_EMU_SPEED: '0' } });
    expect(taken.code).toBe(0);
    const listed = await api(url!, 'GET', '/v1/sessions', undefined, { Authorization: `Bearer ${token!}` });
    expect(listed.json).toEqual([expect.objectContaining({ id: 's1', state: 'exited', exit_code: 0 })]);
  });
});

describe('requests (#19)', () => {
  it('no path reaches a file; unknown ids are 404', async () => {
    const sock = join(dir, 'paths', 'control.sock');
    server = await serve(['--socket', sock]);
    const probes = [
      '/v1/sessions/../../../../etc/passwd/journal',
      '/v1/sessions/%2e%2e%2f%2e%2e%2fetc%2fpasswd/journal',
      '/v1/sessions/..%2F..%2F..%2Fetc%2Fpasswd/journal',
      '/v1/sessions/%2Fetc%2Fpasswd/journal',
      '//etc/passwd',
      '/../../etc/passwd',
      '/v1/wait?session=../../etc/passwd&timeout_ms=0',
      `/v1/sessions/${encodeURIComponent(join(dir, 'paths', 'control.sock'))}/journal`,
    ];
    for (const p of probes) {
      const r = await api(sock, 'GET', p);
      expect(r.status, p).toBe(404);
      expect(r.text, p).not.toMatch(/root:|keep me/);
    }
  });

  it('bad bodies get 400 with a message naming the field', async () => {
    const sock = join(dir, 'bodies', 'control.sock');
    server = await serve(['--socket', sock]);
    // a registered drop-in, so the bodies are what is wrong (an unknown session is 404 before the body is read)
    const child = spawn(process.execPath, [CBC_BIN, ...STREAM], { env: { ...process.env, CBC_EMU_CONTROL: sock, CBC_EMU_SPEED: '0' }, stdio: 'pipe' });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    while (((await api(sock, 'GET', '/v1/sessions')).json as unknown[]).length === 0) await new Promise((r) => setTimeout(r, 20));
    const cases: Array<[string, unknown, string]> = [
      ['/v1/sessions/s1/faults', '{"kind": "stall", ms: 1}', 'the request body is not JSON'],
      ['/v1/sessions/s1/faults', '', 'the request body is not JSON'],
      ['/v1/sessions/s1/faults', { kind: 'stall', ms: -1 }, 'field ms:'],
      ['/v1/sessions/s1/faults', { kind: 'melt' }, 'field kind:'],
      ['/v1/sessions/s1/faults', { kind: 'exit', code: 300 }, 'field code:'],
      ['/v1/sessions/s1/frames', { frames: [] }, 'field frames:'],
      ['/v1/sessions/s1/frames', { frames: ['x'] }, 'field frames[0]: expected a JSON object (one frame)'],
      ['/v1/sessions/s1/frames', { frames: [{}], when: { subtype: 'x' } }, 'field when.type:'],
      ['/v1/sessions/s1/events', { kind: 'stop_task' }, 'field task_id:'],
      ['/v1/sessions/s1/clock', { hold: 'yes' }, 'field hold: Invalid input: expected boolean'],
      ['/v1/sessions/s1/clock', { hold: true, advance_ms: 5 }, 'field (body): give exactly one of hold (true or false) and advance_ms'],
      ['/v1/sessions/s1/clock', {}, 'field (body): give exactly one of hold'],
    ];
    for (const [path, body, says] of cases) {
      const r = await api(sock, 'POST', path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect((r.json as { error: string }).error, `${path} ${JSON.stringify(body)}`).toContain(says);
    }
    expect(await api(sock, 'GET', '/v1/wait?timeout_ms=abc')).toMatchObject({ status: 400, json: { error: expect.stringContaining('query timeout_ms') } });
    expect(await api(sock, 'DELETE', '/v1/sessions')).toMatchObject({ status: 405 });
    expect(await api(sock, 'POST', '/v1/sessions/s9/faults', { kind: 'crash' })).toMatchObject({ status: 404 });
    await api(sock, 'POST', '/v1/sessions/s1/faults', { kind: 'exit', code: 0 });
    expect(await exited).toBe(0);
  });
});
