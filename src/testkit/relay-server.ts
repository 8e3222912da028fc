import { execFileSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { constants as os } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultHome } from '../dropin/io.js';
import { SIGNAL_EXIT, type HandledSignal } from '../dropin/signals.js';
import { requireLazily } from '../require.js';
import { hash32 } from '../tools/fuzz/plan.js';
import type { RelayHost } from '../tools/fuzz/runner.js';
import { startInMemory, type InMemoryRun } from './harness.js';

/**
 * The campaign's side of a spawned `cbc-emu fuzz` run's emulator (issue #21): the consumer starts `cbc` (or
 * `codebuddy`, `claude`) from PATH, which is the relay (src/tools/fuzz/relay.c, a small C program), and the relay
 * hands its arguments, environment, stdin and signals to this process, which runs the drop-in in memory
 * (harness.ts) and sends back its stdout, stderr and exit. The consumer still talks to a process of its own over
 * pipes, but each run no longer starts Node for its emulator: ~80 ms of CPU a run, most of a spawned run's cost.
 */

/** The relay's source, beside the fuzz tools (copied to dist/ by the build). */
const SOURCE = fileURLToPath(new URL('../tools/fuzz/relay.c', import.meta.url));
/** The PATH shims (bin/shims): the relay starts the one of its name when the campaign cannot serve a session. */
const SHIMS = fileURLToPath(new URL('../../bin/shims', import.meta.url));
/** The names a consumer may start the emulator by (as bin/shims). */
const NAMES = ['cbc', 'codebuddy', 'claude'];
/** The profile a shim's name selects when CBC_EMU_PROFILE is unset or empty (bin/shims/profile-of.cjs, the shims' own rule). */
const profileOf = (name: string): string | undefined => (requireLazily(join(SHIMS, 'profile-of.cjs')) as Record<string, string | undefined>)[name];
/** Real milliseconds a relayed session may take to end once its relay is gone (killed) before the run stops waiting for it. */
const SETTLE_MS = 5000;

/** The signal a relay passes on, by its number (the drop-in's handled signals; the numbers are the system's). */
const byNumber = new Map((Object.keys(SIGNAL_EXIT) as HandledSignal[]).map((sig) => [os.signals[sig], sig]));
/** A session's end, or SETTLE_MS, whichever comes first. */
const bounded = (done: Promise<void>) => Promise.race([done, new Promise<void>((r) => setTimeout(r, SETTLE_MS).unref())]);

/**
 * The folder holding the compiled relay under the names a consumer starts, compiled once per source, compiler and
 * machine into the emulator's cache folder (`$XDG_CACHE_HOME/cbc-emulator`, else `~/.cache/cbc-emulator`), or
 * undefined without a C compiler (`$CC`, else `cc`): the campaign then starts the Node drop-in for every run.
 */
export function relayBin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  let source: string;
  try {
    source = readFileSync(SOURCE, 'utf8');
  } catch {
    return undefined; // a dist/ built without it
  }
  const cc = env['CC'] || 'cc';
  const id = hash32(source, cc, process.platform, process.arch).toString(16).padStart(8, '0');
  const dir = join(defaultHome(env), `fuzz-relay-${id}`);
  const runnable = (f: string) => {
    try {
      accessSync(f, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (runnable(join(dir, 'cbc'))) return dir;
  // built beside and renamed into place: two campaigns building at once leave one whole folder
  const tmp = `${dir}.${process.pid}`;
  try {
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    execFileSync(cc, ['-O2', '-o', join(tmp, 'cbc'), SOURCE], { stdio: 'ignore', timeout: 60_000 });
    for (const name of NAMES.slice(1)) symlinkSync('cbc', join(tmp, name));
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true });
  }
  return runnable(join(dir, 'cbc')) ? dir : undefined;
}

/** One relayed session as the campaign tracks it: the run's notes file (CBC_EMU_FUZZ_NOTES) and its end. */
interface Session {
  notes: string;
  done: Promise<void>;
}

/**
 * Starts serving relays on a unix socket in the campaign's work folder; undefined when no relay could be built (or the
 * socket path is too long for the system), in which case the campaign's runs start the Node drop-in.
 */
export async function startRelay(work: string, env: NodeJS.ProcessEnv = process.env): Promise<RelayHost | undefined> {
  const bin = relayBin(env);
  const socket = join(work, 'relay.sock');
  if (bin === undefined || Buffer.byteLength(socket) > 100) return undefined;
  const sessions = new Set<Session>();
  const conns = new Set<Socket>();
  const server: Server = createServer((conn) => {
    conns.add(conn);
    conn.on('close', () => conns.delete(conn));
    serveRelay(conn, sessions);
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(socket, () => resolve(true));
  });
  if (!listening) return undefined;
  return {
    bin,
    env: { CBC_EMU_RELAY_SOCKET: socket, CBC_EMU_RELAY_NODE: process.execPath, CBC_EMU_RELAY_SHIMS: SHIMS },
    get inFlight() {
      return sessions.size;
    },
    async settled(notes) {
      // a turn of the event loop first: the first message of a relay the run's sweep just killed may still be unread
      await new Promise((r) => setImmediate(r));
      const mine = [...sessions].filter((s) => s.notes === notes);
      await Promise.all(mine.map((s) => bounded(s.done)));
    },
    async close() {
      for (const c of conns) c.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      await Promise.all([...sessions].map((s) => bounded(s.done)));
    },
  };
}

/** The relay's first message: its pid, name, arguments, environment and working folder; undefined until all of it arrived. */
function hello(buf: Buffer): { pid: number; argv: string[]; env: NodeJS.ProcessEnv; cwd: string; size: number } | undefined {
  if (buf.length < 5 + 8) return undefined;
  if (buf.toString('latin1', 0, 5) !== 'CBCR1') throw new Error('not a cbc-emu relay');
  let at = 5;
  const u32 = (): number | undefined => {
    if (buf.length < at + 4) return undefined;
    const v = buf.readUInt32LE(at);
    at += 4;
    return v;
  };
  const str = (): string | undefined => {
    const n = u32();
    if (n === undefined || buf.length < at + n) return undefined;
    const s = buf.toString('utf8', at, at + n);
    at += n;
    return s;
  };
  const list = (): string[] | undefined => {
    const n = u32();
    if (n === undefined) return undefined;
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const s = str();
      if (s === undefined) return undefined;
      out.push(s);
    }
    return out;
  };
  const pid = u32();
  const name = str();
  const argv = list();
  const vars = list();
  const cwd = str();
  if (pid === undefined || name === undefined || argv === undefined || vars === undefined || cwd === undefined) return undefined;
  const env: NodeJS.ProcessEnv = {};
  for (const kv of vars) {
    const eq = kv.indexOf('=');
    if (eq > 0) env[kv.slice(0, eq)] = kv.slice(eq + 1);
  }
  // what the shim of this name does before it loads the drop-in
  const profile = profileOf(name);
  if (profile !== undefined && !env['CBC_EMU_PROFILE']) env['CBC_EMU_PROFILE'] = profile;
  return { pid, argv, env, cwd, size: at };
}

/** One frame to the relay: a tag byte, a u32 length, the bytes. */
function send(conn: Socket, tag: string, body?: Buffer): boolean {
  const head = Buffer.alloc(5);
  head.write(tag, 0, 'latin1');
  head.writeUInt32LE(body?.length ?? 0, 1);
  if (body === undefined || body.length === 0) return conn.write(head);
  conn.cork();
  conn.write(head);
  const ok = conn.write(body);
  conn.uncork();
  return ok;
}

/** Serves one relay connection: the session in memory, its streams and signals through the socket. */
function serveRelay(conn: Socket, sessions: Set<Session>): void {
  let buf: Buffer = Buffer.alloc(0);
  let run: InMemoryRun | undefined;
  let ended = false; // the exit was sent
  const take = (chunk: Buffer) => {
    buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
    if (run === undefined) {
      let h;
      try {
        h = hello(buf);
      } catch {
        conn.destroy();
        return;
      }
      if (h === undefined) return;
      buf = buf.subarray(h.size);
      // a session for the control server (issue #19) may end its process itself: it gets a process of its own
      if ((h.env['CBC_EMU_CONTROL'] ?? '') !== '') {
        send(conn, 'f');
        conn.end();
        return;
      }
      run = start(conn, h, sessions, () => (ended = true));
      send(conn, 'a');
    }
    while (buf.length >= 5) {
      const len = buf.readUInt32LE(1);
      if (buf.length < 5 + len) break;
      const tag = String.fromCharCode(buf[0] as number);
      const body = buf.subarray(5, 5 + len);
      buf = buf.subarray(5 + len);
      if (tag === 'i') {
        if (!run.stdin.writableEnded) run.stdin.write(Buffer.from(body));
      } else if (tag === 'e') run.stdin.end();
      else if (tag === 's') {
        const sig = byNumber.get(body[0] ?? 0);
        if (sig) run.deliver(sig);
      } else if (tag === 'p') stdoutGone(run);
    }
  };
  conn.on('data', take);
  conn.on('error', () => undefined); // the relay killed: 'close' follows
  conn.on('close', () => {
    // the relay died before the session ended (SIGKILL, a timeout's sweep): its pipes are gone, as for a killed
    // drop-in; the session is stopped as a signal stops it, and its run waits for that (settled)
    if (run === undefined || ended) return;
    stdoutGone(run);
    run.stdin.end();
    run.deliver('SIGTERM');
  });
}

/** The consumer closed the relay's stdout: the drop-in's next write fails as on a closed pipe (EPIPE). */
function stdoutGone(run: InMemoryRun): void {
  if (run.stdout.destroyed) return;
  run.stdout.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE', errno: -32, syscall: 'write' }));
}

/** Starts the relayed session in memory and wires its output and exit to the relay. */
function start(conn: Socket, h: { pid: number; argv: string[]; env: NodeJS.ProcessEnv; cwd: string }, sessions: Set<Session>, onEnd: () => void): InMemoryRun {
  const run = startInMemory({ argv: h.argv, env: h.env, cwd: h.cwd, signals: true, pid: h.pid });
  run.stdout.on('data', (b: Buffer) => {
    if (!send(conn, 'o', b)) run.stdout.pause();
  });
  conn.on('drain', () => run.stdout.resume());
  run.stderr.on('data', (b: Buffer) => void send(conn, 'r', b));
  run.stdout.on('error', () => undefined); // the EPIPE stdoutGone made
  run.stdin.on('error', () => undefined);
  const closed = (s: NodeJS.ReadableStream) => new Promise<void>((r) => (s as InMemoryRun['stdout']).once('close', () => r()));
  const done = Promise.all([run.exit, closed(run.stdout), closed(run.stderr)]).then(([code]) => {
    onEnd();
    const tail = Buffer.alloc(5);
    tail.writeInt32LE(code, 0);
    tail.writeUInt8(run.raised ? os.signals[run.raised] : 0, 4);
    if (!conn.destroyed) {
      send(conn, 'x', tail);
      conn.end();
    }
    sessions.delete(session);
  });
  const session: Session = { notes: h.env['CBC_EMU_FUZZ_NOTES'] ?? '', done };
  sessions.add(session);
  return run;
}
