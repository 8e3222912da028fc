// Issue #21: a spawned `cbc-emu fuzz` run's `cbc` is the relay (src/tools/fuzz/relay.c), which hands its session to
// the campaign process (src/testkit/relay-server.ts) instead of starting Node. To the consumer it must be the drop-in:
// the same stdout bytes, stderr, exit code or death by a signal, and the same fuzz notes, for the same argv, env and
// stdin; and where the campaign cannot serve the session, the Node drop-in itself.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayBin, startRelay } from '../../dist/testkit/relay-server.js';
import { planFor, encodePlan } from '../../dist/tools/fuzz/plan.js';
import { LEGAL_IDS } from '../../dist/tools/fuzz/catalogue.js';
import { readEmulatorUse } from '../../dist/tools/fuzz/notes.js';
import type { RelayHost } from '../../dist/tools/fuzz/runner.js';
import { CBC_BIN, ROOT } from '../helpers/run-bin.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-relay-'));
let host: RelayHost;
beforeAll(async () => {
  const h = await startRelay(dir);
  if (h === undefined) throw new Error('no relay: this machine has no working `cc`, or the socket path is too long');
  host = h;
});
afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

const SCENARIO = join(ROOT, 'test', 'fixtures', 'consumers', 'scenario.yaml');
const STREAM = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
const line = (o: unknown) => JSON.stringify(o) + '\n';
const INIT = line({ type: 'control_request', request_id: 'init', request: { subtype: 'initialize' } });
const prompt = (text: string) => line({ type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' });

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  notes: string;
  /** The notes as cbc-emu fuzz reads them. */
  use: ReturnType<typeof readEmulatorUse>;
  transcript: string;
}

let k = 0;
/**
 * Runs the emulator as `name` (the relay, or the Node drop-in's PATH shim of that name) with `argv`, the variables of
 * `env` and `stdin` (written, then closed unless `keepOpen`); `onData` sees the child at its first stdout chunk. Paths
 * of the run's own folder read `<run>`, so the two runs compare.
 */
function run(via: 'relay' | 'node', name: string, argv: string[], env: Record<string, string>, stdin: string, o: { keepOpen?: boolean; closedStdin?: boolean; onFirst?: (c: ReturnType<typeof spawn>) => void } = {}): Promise<Ended> {
  const runDir = join(dir, `r${k++}`);
  mkdirSync(runDir);
  const notes = join(runDir, 'notes.ndjson');
  const transcript = join(runDir, 'transcript.ndjson');
  const vars = { ...process.env, CBC_EMU_HOME: join(runDir, 'home'), CBC_EMU_FUZZ_NOTES: notes, CBC_EMU_FUZZ_OUT: transcript, ...env, ...(via === 'relay' ? host.env : {}) };
  const [bin, binArgs] = via === 'relay' ? [join(host.bin, name), argv] : [process.execPath, [join(ROOT, 'bin', 'shims', name), ...argv]];
  // closedStdin: started with file descriptor 0 closed, as `cmd <&-` in a shell does
  const [cmd, args] = o.closedStdin ? ['sh', ['-c', 'exec "$@" <&-', 'sh', bin, ...binArgs]] : [bin, binArgs];
  return new Promise((resolve) => {
    const c = spawn(cmd, args, { env: vars });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let first = true;
    c.stdout.on('data', (b: Buffer) => {
      out.push(b);
      if (first) o.onFirst?.(c);
      first = false;
    });
    c.stderr.on('data', (b: Buffer) => err.push(b));
    c.stdin.on('error', () => undefined);
    c.on('close', async (code, signal) => {
      if (via === 'relay') await host.settled(notes);
      const read = (f: string) => {
        try {
          return readFileSync(f, 'utf8');
        } catch {
          return '';
        }
      };
      const clean = (s: string) => s.split(runDir).join('<run>');
      resolve({ code, signal, stdout: clean(Buffer.concat(out).toString()), stderr: clean(Buffer.concat(err).toString()), notes: read(notes).replace(/"pid":\d+/g, '"pid":0'), use: readEmulatorUse(notes), transcript: clean(read(transcript)) });
    });
    if (o.keepOpen) c.stdin.write(stdin);
    else c.stdin.end(stdin);
  });
}

/** The relay and the Node drop-in, one after the other, on the same input. */
const both = async (name: string, argv: string[], env: Record<string, string>, stdin: string, o?: Parameters<typeof run>[5]) => [await run('node', name, argv, env, stdin, o), await run('relay', name, argv, env, stdin, o)] as const;

describe('the relay is the drop-in to its consumer (issue #21)', () => {
  it('is built with this machine\'s cc, once, into the emulator\'s cache folder', () => {
    expect(spawnSync('cc', ['--version']).status, 'the suite runs where cc works (CI does)').toBe(0);
    const bin = relayBin();
    expect(bin).toBe(host.bin);
    expect(spawnSync(join(host.bin, 'claude'), [], { env: { PATH: '' } }).stderr.toString()).toMatch(/CBC_EMU_RELAY_NODE and CBC_EMU_RELAY_SHIMS are not set/);
  });

  it('version, help and a usage error: the same output and exit code; the claude name selects the Claude profile as its shim does', async () => {
    for (const [name, argv] of [['cbc', ['--version']], ['claude', ['--version']], ['codebuddy', ['--help']], ['claude', ['-p', 'hi', '--output-format', 'yaml']]] as const) {
      const [a, b] = await both(name, [...argv], {}, '');
      expect(b, `${name} ${argv.join(' ')}`).toEqual(a);
    }
    const [claude, cbc] = [await run('relay', 'claude', ['--version'], {}, ''), await run('relay', 'cbc', ['--version'], {}, '')];
    expect(claude.stdout).not.toBe(cbc.stdout);
    const usage = await run('relay', 'claude', ['-p', 'hi', '--output-format', 'yaml'], {}, '');
    expect(usage.code).toBe(1);
    expect(usage.use.errors[0]).toMatch(/usage error.*argument 'yaml' is invalid/);
  });

  it('a fuzzed stream-json session: the same stdout bytes, transcript and notes for every plan', async () => {
    const env = { CBC_EMU_SCENARIO: SCENARIO, CBC_EMU_PROFILE: 'claude-2.1.220', CBC_EMU_SPEED: '0' };
    for (let r = 0; r < 4; r++) {
      const plan = planFor(11, r, [...LEGAL_IDS], false);
      const [a, b] = await both('cbc', STREAM, { ...env, CBC_EMU_SEED: plan.emu, CBC_EMU_FUZZ: encodePlan(plan) }, INIT + prompt('build it') + prompt('cancel'));
      expect(a.code).toBe(0);
      expect(a.stdout.length).toBeGreaterThan(10_000);
      expect(b).toEqual(a);
    }
  });

  it('stdin closed at once or never open, and a signal after the first frame: the same ends', async () => {
    const env = { CBC_EMU_SCENARIO: SCENARIO, CBC_EMU_PROFILE: 'claude-2.1.220', CBC_EMU_SPEED: '0', CBC_EMU_SEED: 's' };
    const [a, b] = await both('cbc', STREAM, env, '');
    expect(b).toEqual(a);
    // no stdin at all: the relay's socket must not take descriptor 0 (Node opens /dev/null there)
    const [c, d] = await both('cbc', STREAM, env, '', { closedStdin: true });
    expect(d).toEqual(c);
    expect(c.code).toBe(0);
    for (const sig of ['SIGTERM', 'SIGHUP'] as const) {
      // real time, so the session is still running when the signal comes
      const slow = { ...env, CBC_EMU_SPEED: '1' };
      const [x, y] = await both('cbc', STREAM, slow, INIT + prompt('cancel'), { keepOpen: true, onFirst: (c) => c.kill(sig) });
      expect({ code: y.code, signal: y.signal, notes: y.notes }, sig).toEqual({ code: x.code, signal: x.signal, notes: x.notes });
      expect(x.code, sig).toBe(sig === 'SIGTERM' ? 143 : 129);
    }
  });

  it('a relay killed with SIGKILL: its session is stopped in the campaign, which waits for it, and the notes count it as cut', async () => {
    // a background task of 10 minutes: the end of stdin alone would leave the session waiting for it
    const scenario = join(dir, 'long.yaml');
    writeFileSync(scenario, 'name: long\nturns:\n  - reply: "Started."\n    background:\n      - { kind: bash, description: "sleep", duration: 600s, output: "done\\n" }\n');
    const env = { CBC_EMU_SCENARIO: scenario, CBC_EMU_PROFILE: 'claude-2.1.220', CBC_EMU_SPEED: '1', CBC_EMU_SEED: 's' };
    const [a, b] = await both('cbc', STREAM, env, INIT + prompt('go'), { keepOpen: true, onFirst: (c) => c.kill('SIGKILL') });
    expect([a.signal, b.signal]).toEqual(['SIGKILL', 'SIGKILL']);
    expect(b.use).toEqual(a.use);
    expect(b.use).toMatchObject({ started: 1, served: 1, cut: 1 });
    expect(host.inFlight, 'the session of the killed relay was stopped, not left running').toBe(0);
  });

  it('a consumer that closes its end of stdout: the drop-in sees a closed pipe (EPIPE) and ends as it does', async () => {
    const env = { CBC_EMU_SCENARIO: SCENARIO, CBC_EMU_PROFILE: 'claude-2.1.220', CBC_EMU_SPEED: '1', CBC_EMU_SEED: 's' };
    const [a, b] = await both('cbc', STREAM, env, INIT + prompt('build it') + prompt('cancel'), { onFirst: (c) => c.stdout?.destroy() });
    expect({ code: b.code, signal: b.signal, use: b.use }).toEqual({ code: a.code, signal: a.signal, use: a.use });
    expect(a.use.cut).toBe(1);
    expect(host.inFlight).toBe(0);
  });

  it('falls back to the Node drop-in where the campaign cannot serve: no socket, or a session for the control server', async () => {
    const [a, b] = await both('claude', ['--version'], {}, '');
    const gone = await run('relay', 'claude', ['--version'], { CBC_EMU_RELAY_SOCKET: join(dir, 'no-such.sock') }, '');
    expect(gone).toEqual(a);
    expect(b).toEqual(a);
    // a control server address nobody listens on: the Node drop-in's own refusal, not a session in the campaign
    const env = { CBC_EMU_CONTROL: join(dir, 'no-control.sock'), CBC_EMU_SCENARIO: SCENARIO };
    const [x, y] = await both('cbc', STREAM, env, INIT);
    expect(y).toEqual(x);
    expect(x.code).not.toBe(0);
  });
});
