import { request } from 'node:http';
import type { Socket } from 'node:net';
import { EMU_PREFIX } from '../errors.js';
import { ATTACH_PATH, CONTROL_ENV, TOKEN_ENV, UPGRADE_PROTOCOL, type CallMessage, type DropinMessage, type WelcomeMessage } from '../server/wire.js';
import type { fireControlEvent } from '../engine/control-events.js';
import type { LineReader } from '../transport/line-reader.js';
import type { Composition } from './compose.js';
import type { ServeConfig } from './config.js';
import { ControlOps } from './control-ops.js';
import type { RunIO } from './io.js';
import type { RunControl } from './stdin.js';

/** Real milliseconds a drop-in waits for the control server to take it before it gives up (exit 2). */
export const ATTACH_TIMEOUT_MS = 10_000;

/**
 * A drop-in's link to the control server (issue #19; the protocol is in src/server/wire.ts). Loaded
 * only when CBC_EMU_CONTROL is set, so the start path of every other run never pays for node:http.
 */
export interface ControlLink {
  /** Hands the run's lifecycle to the faults that end it (exit). */
  bind(run: RunControl): void;
  /** The run ended: closes the connection. */
  close(): void;
}

/**
 * What the link uses from modules the drop-in's start path already loaded, handed in rather than imported:
 * a module this lazy chunk imported too would be split out of the start-up bundle into one more file to load.
 */
export interface ControlTools {
  LineReader: new () => LineReader;
  fire: typeof fireControlEvent;
}

/**
 * Registers this drop-in with the control server named by CBC_EMU_CONTROL and stays connected. An
 * unreachable server is one stderr line and exit 2 (never a silent run without the server).
 */
export async function connectControl(cfg: ServeConfig, c: Composition, io: RunIO, tools: ControlTools): Promise<ControlLink | { exit: number; why: string }> {
  const target = io.env[CONTROL_ENV] ?? '';
  let socket: Socket;
  let welcome: WelcomeMessage;
  let early: string[];
  const reader = new tools.LineReader();
  try {
    const attached = await attach(target, io.env[TOKEN_ENV]);
    socket = attached.socket;
    const hello: DropinMessage = { t: 'hello', pid: process.pid, profile: cfg.profile.name, session_id: c.session.o.sessionId, argv: io.argv };
    socket.write(JSON.stringify(hello) + '\n');
    [welcome, ...early] = await firstLines(socket, reader, attached.head);
  } catch (e) {
    const why = `${EMU_PREFIX} ${CONTROL_ENV}=${target}: cannot reach the control server (${(e as Error).message}); start it with \`cbc-emu serve --socket <path>\` or unset ${CONTROL_ENV}`;
    io.stderr.write(why + '\n');
    return { exit: 2, why };
  }
  c.log.info({ id: welcome.id }, 'registered with the control server');
  if (welcome.hold === true) c.scheduler.freeze(); // before serving: nothing the prompt causes happens until the test lets it
  const write = (line: string, sent?: () => void) => {
    if (socket.writable) socket.write(line + '\n', sent);
    else sent?.();
  };
  const ops = new ControlOps(c, io, tools.fire, (m, sent) => write(JSON.stringify(m), sent));
  // a journal line is already JSON: spliced into the message instead of parsed and encoded again
  c.journal?.tap((line) => write(`{"t":"journal","entry":${line}}`));
  for (const line of early) ops.onCall(JSON.parse(line) as CallMessage);
  socket.on('data', (chunk: Buffer) => {
    for (const ev of reader.push(chunk)) if (ev.kind === 'line') ops.onCall(JSON.parse(ev.text) as CallMessage);
  });
  // the server went away: every hold it made is let go, and the scenario plays to its end
  socket.on('close', () => ops.release('the control server closed the connection'));
  socket.on('error', (e) => c.log.warn({ err: e }, 'control connection failed'));
  return {
    bind: (run) => ops.bind(run),
    close: () => socket.end(),
  };
}

/** Opens the upgraded connection on `target` (a unix socket path, or http://127.0.0.1:PORT with the token). */
function attach(target: string, token: string | undefined): Promise<{ socket: Socket; head: Buffer }> {
  const where = /^https?:\/\//.test(target) ? tcpTarget(target) : { socketPath: target };
  return new Promise((resolve, reject) => {
    const req = request({
      ...where,
      path: ATTACH_PATH,
      method: 'GET',
      headers: { Connection: 'Upgrade', Upgrade: UPGRADE_PROTOCOL, ...(token !== undefined ? { Authorization: `Bearer ${token}` } : {}) },
      timeout: ATTACH_TIMEOUT_MS,
    });
    req.on('upgrade', (_res, socket, head) => resolve({ socket, head }));
    req.on('response', (res) => {
      res.resume();
      reject(new Error(`the server answered ${res.statusCode ?? '?'} instead of taking the connection${res.statusCode === 401 ? `: set ${TOKEN_ENV} to the token \`cbc-emu serve --listen\` printed` : ''}`));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${ATTACH_TIMEOUT_MS} ms`)));
    req.on('error', (e: NodeJS.ErrnoException) => reject(new Error(e.code ?? e.message)));
    req.end();
  });
}

function tcpTarget(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || 80) };
}

/** The server's welcome (and any lines that came with it in the same chunk). */
function firstLines(socket: Socket, reader: LineReader, head: Buffer): Promise<[WelcomeMessage, ...string[]]> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const lines = reader.push(chunk).flatMap((ev) => (ev.kind === 'line' ? [ev.text] : []));
      const [first, ...rest] = lines;
      if (first === undefined) return;
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve([JSON.parse(first) as WelcomeMessage, ...rest]);
    };
    const onClose = () => reject(new Error('the server closed the connection before registering this drop-in'));
    socket.on('data', onData);
    socket.once('close', onClose);
    if (head.length > 0) onData(head);
  });
}
