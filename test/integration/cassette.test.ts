// Record / replay / import (issue #7; seed 000 §9 on secrets in the stream).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readCassette } from '../../dist/tools/cassette/format.js';
import { replay } from '../../dist/tools/cassette/replay.js';
import { checkTranscript } from '../../dist/tools/check/rules.js';
import { CBC_BIN, EMU_BIN, ndjson, ROOT, runNode, STREAM_FLAGS } from '../helpers/run-bin.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { cleanupTemps, ctl, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

const EMU = EMU_BIN;
const SECRET_CLI = join(ROOT, 'test', 'fixtures', 'secret-cli.mjs');

/** `node <args>` with `stdin`, `env` added. */
const run = (args: string[], stdin: string, env: NodeJS.ProcessEnv = {}) => runNode(args, stdin, { env });

const scenarioPrompts: Record<string, string[]> = {
  default: ['hello', '/deep-research topic=foo'],
  'deep-research': ['/deep-research topic=foo', 'please cancel-me'],
  'background-tasks': ['build it', 'make it fail'],
  permissions: ['clean up', 'strict mode', 'plan it'],
};

describe('record', () => {
  it('passes every byte through and keeps no secret in the cassette', async () => {
    const dir = tempDir();
    const cassette = join(dir, 'c.ndjson');
    const stdin = ndjson(ctl('r1', { subtype: 'initialize' }), user('hi'));
    const direct = await run([SECRET_CLI], stdin);
    const rec = await run([EMU, 'record', '--out', cassette, '--', process.execPath, SECRET_CLI], stdin);
    expect(rec.code).toBe(0);
    expect(rec.stdout).toBe(direct.stdout); // transparent in both directions
    expect(rec.stderr).toBe(direct.stderr);
    const text = readFileSync(cassette, 'utf8');
    const secrets = JSON.parse((await run([SECRET_CLI, '--print-secrets'], '')).stdout) as Record<string, string>;
    for (const [what, value] of Object.entries(secrets)) expect(text, `${what} must not reach the cassette`).not.toContain(what === 'bearer' ? value.split(' ')[1] : value);
    // stable placeholders: the JWT appears three times, always as the same placeholder
    expect(text.match(/<redacted:jwt:1>/g)?.length).toBe(3);
    expect(text).not.toContain('<redacted:jwt:2>');
    expect(text).toContain('$HOME/projects/secret-project');
    const header = JSON.parse(text.split('\n')[0]!);
    expect(header).toMatchObject({ cassette: 'cbc-emulator', version: 1, command: 'node' });
  });

  it('redacts user rules: a JSON path and a regex', async () => {
    const dir = tempDir();
    const cassette = join(dir, 'c.ndjson');
    await run([EMU, 'record', '--out', cassette, '--redact', '$.session_id', '--redact', 'hi+', '--', process.execPath, SECRET_CLI], ndjson(user('hiii')));
    const text = readFileSync(cassette, 'utf8');
    expect(text).not.toContain('"session_id":"s1"');
    expect(text).not.toContain('hiii');
    expect(text).toContain('<redacted:rule2:1>');
  });
});

describe('replay', () => {
  const scenarios = readdirSync(join(ROOT, 'scenarios')).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5));
  for (const scenario of scenarios) {
    it(`${scenario}: a recording of the emulator replays to the same bytes and passes the checker`, async () => {
      const dir = tempDir();
      const cassette = join(dir, 'c.ndjson');
      const stdin = ndjson(ctl('req_1', { subtype: 'initialize' }), ...(scenarioPrompts[scenario] ?? ['go']).map((p) => user(p)));
      const args = [CBC_BIN, ...STREAM_FLAGS, '--emu-speed', '0', '--emu-seed', '9', '--emu-home', join(dir, 'home'), '--emu-scenario', join(ROOT, 'scenarios', `${scenario}.yaml`)];
      const rec = await run([EMU, 'record', '--out', cassette, '--', process.execPath, ...args], stdin);
      // the consumer chooses other request ids: they are re-keyed into the replayed frames
      const stdin2 = stdin.replace('"request_id":"req_1"', '"request_id":"mine-1"');
      // the drop-in's replay mode: spawned for the first scenario, the others through its entry in this process (a
      // spawn each was ~0.15 s of CPU; issue #21)
      const replayArgs = [...STREAM_FLAGS];
      const replayEnv = { CBC_EMU_REPLAY: cassette, CBC_EMU_SPEED: '0' };
      const rep = scenario === scenarios[0] ? await run([CBC_BIN, ...replayArgs], stdin2, replayEnv) : await runInProcess(replayArgs, stdin2, { env: replayEnv });
      expect(rep.stderr).toBe('');
      expect(rep.code).toBe(rec.code);
      expect(rep.stdout).toBe(rec.stdout.replace('"request_id":"req_1"', '"request_id":"mine-1"'));
      expect(checkTranscript(rep.stdout)).toEqual([]);
    });
  }

  it('a consumer that diverges gets a near-miss report and exit code 3', async () => {
    const dir = tempDir();
    const cassette = join(dir, 'c.ndjson');
    await run([EMU, 'record', '--out', cassette, '--', process.execPath, CBC_BIN, ...STREAM_FLAGS, '--emu-speed', '0'], ndjson(ctl('a', { subtype: 'initialize' }), user('first')));
    const rep = await run([EMU, 'replay', cassette, '--emu-speed', '0'], ndjson(ctl('b', { subtype: 'initialize' }), user('second')));
    expect(rep.code).toBe(3);
    expect(rep.stderr).toContain('replay diverged from');
    expect(rep.stderr).toContain('at recorded input #2');
    expect(rep.stderr).toContain('-     "content": "first"');
    expect(rep.stderr).toContain('+     "content": "second"');
  });

  it('keeps the recorded timing, scaled by --emu-speed (on fake timers: no wall-clock assertion)', async () => {
    const dir = tempDir();
    const file = join(dir, 'c.ndjson');
    // a synthetic cassette: one output 600 ms after the input
    writeFileSync(
      file,
      [
        { cassette: 'cbc-emulator', version: 1, command: 'cbc', argv: [], env: {}, recorded_at: '2026-11-29T00:00:00.000Z' },
        { t: 0, dir: 'in', frame: { type: 'user', message: { role: 'user', content: 'x' } } },
        { t: 600, dir: 'out', frame: { type: 'result', subtype: 'success', is_error: false, result: 'late' } },
        { t: 601, exit: 0, signal: null },
      ].map((x) => JSON.stringify(x)).join('\n') + '\n',
    );
    const cassette = readCassette(file);
    // streams settle on setImmediate, which stays real; only the replay's setTimeout waits are faked
    const settle = () => new Promise((r) => setImmediate(r));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const [speed, gap] of [[1, 600], [2, 300]] as const) {
        const [stdin, stdout, stderr] = [new PassThrough(), new PassThrough(), new PassThrough()];
        let out = '';
        stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
        const code = replay({ cassette, stdin, stdout, stderr, speed });
        stdin.end(ndjson(user('x')));
        await settle();
        await vi.advanceTimersByTimeAsync(gap - 1);
        await settle();
        expect(out, `speed ${speed}: nothing before ${gap} ms`).toBe('');
        await vi.advanceTimersByTimeAsync(1);
        await settle();
        expect(out, `speed ${speed}: the output at ${gap} ms`).toContain('"result":"late"');
        await vi.runAllTimersAsync();
        expect(await code).toBe(0);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('import', () => {
  it('a recorded workflow run imports into a scenario that re-emits an equivalent stream', async () => {
    const dir = tempDir();
    const cassette = join(dir, 'c.ndjson');
    const stdin = ndjson(ctl('req_1', { subtype: 'initialize' }), user('/deep-research topic=foo'));
    const base = [CBC_BIN, ...STREAM_FLAGS, '--emu-speed', '0', '--emu-seed', '11', '--emu-home', join(dir, 'home')];
    const rec = await run([EMU, 'record', '--out', cassette, '--', process.execPath, ...base, '--emu-scenario', join(ROOT, 'scenarios', 'deep-research.yaml')], stdin);
    const scn = join(dir, 'imported.yaml');
    const imp = await run([EMU, 'import', cassette, '--out', scn], '');
    expect(imp.code).toBe(0);
    const again = await run([...base, '--emu-scenario', scn], stdin);
    expect(again.stderr).toBe('');
    // same frames after normalisation: everything but ids (already seeded identically) and the scenario's own path
    const norm = (s: string) => s.split('\n').filter(Boolean).map((l) => JSON.parse(l)).map((f) => JSON.stringify(f, (k, v) => (k === 'cwd' ? '<cwd>' : v)));
    expect(norm(again.stdout)).toEqual(norm(rec.stdout));
  });
});
