import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, unlinkSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { EmuError } from '../errors.js';
import { Registry } from './registry.js';
import { findRoute, type Reply } from './routes.js';
import { prepareSocketPath } from './socket-path.js';
import { ATTACH_PATH, CONTROL_ENV, TOKEN_ENV, UPGRADE_PROTOCOL } from './wire.js';

/** Largest request body the API reads (frames are small; a runaway client is refused with 413). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Where the server listens: a unix socket, or a loopback TCP port (0: any free one). */
export type ListenOn = { socket: string } | { host: string; port: number };

/** A running control server. */
export interface ControlServer {
  readonly registry: Registry;
  /** The socket path, or http://host:port. */
  readonly address: string;
  /** The bearer token of a TCP listener (undefined on a unix socket). */
  readonly token: string | undefined;
  /** What a drop-in's environment needs to register here (CBC_EMU_CONTROL, and the token for TCP). */
  readonly env: Record<string, string>;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Starts the control server (issue #19): HTTP/1.1 + JSON with node:http; routing is the table in
 * routes.ts, matched by hand (a dozen fixed paths with one parameter: a router library would add more
 * than it saves). On a socket: mode 0600 in a directory only the user can enter. On TCP: loopback only,
 * and every request carries the random bearer token. `holdClock`: drop-ins start with their clock held.
 */
export async function startServer(on: ListenOn, opts: { holdClock?: boolean | undefined } = {}): Promise<ControlServer> {
  if ('host' in on && !LOOPBACK.has(on.host)) throw new EmuError('E_ENV', `--listen ${on.host}:${on.port}: the control server listens on loopback only (127.0.0.1 or ::1)`);
  if ('socket' in on) await prepareSocketPath(on.socket);
  const registry = new Registry(opts);
  const token = 'host' in on ? randomBytes(32).toString('hex') : undefined;
  const authorized = (req: IncomingMessage) => token === undefined || sameToken(req.headers.authorization, token);
  const server = createServer((req, res) => void handle(req, res, registry, authorized(req)));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!authorized(req) || new URL(req.url ?? '/', 'http://x').pathname !== ATTACH_PATH || req.headers.upgrade !== UPGRADE_PROTOCOL) {
      socket.end(`HTTP/1.1 ${authorized(req) ? '404 Not Found' : '401 Unauthorized'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: ${UPGRADE_PROTOCOL}\r\n\r\n`);
    registry.attach(socket, head);
  });
  await listen(server, on);
  let address: string;
  if ('socket' in on) {
    chmodSync(on.socket, 0o600);
    address = on.socket;
  } else {
    const a = server.address() as AddressInfo;
    address = `http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`;
  }
  const env: Record<string, string> = { [CONTROL_ENV]: address, ...(token !== undefined ? { [TOKEN_ENV]: token } : {}) };
  return {
    registry,
    address,
    token,
    env,
    close: () =>
      new Promise<void>((resolve) => {
        registry.close();
        server.close(() => {
          if ('socket' in on) tryUnlink(on.socket);
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, on: ListenOn): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => reject(new EmuError('E_ENV', `cannot listen on ${'socket' in on ? on.socket : `${on.host}:${on.port}`} (${e.code ?? e.message})`, { cause: e })));
    if ('socket' in on) server.listen(on.socket, resolve);
    else server.listen(on.port, on.host, resolve);
  });
}

function sameToken(header: string | undefined, token: string): boolean {
  const m = /^Bearer (\S+)$/.exec(header ?? '');
  if (!m) return false;
  const a = Buffer.from(m[1]!);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function tryUnlink(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

async function handle(req: IncomingMessage, res: ServerResponse, registry: Registry, authorized: boolean): Promise<void> {
  let reply: Reply;
  try {
    reply = authorized ? await route(req, registry) : { status: 401, json: { error: `missing or wrong bearer token: send "Authorization: Bearer <token>" with the token \`cbc-emu serve --listen\` printed (${TOKEN_ENV})` } };
  } catch (e) {
    reply = e instanceof BadBody ? { status: e.status, json: { error: e.message } } : { status: 500, json: { error: (e as Error).message } };
  }
  if (reply.status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
  if ('json' in reply) {
    res.writeHead(reply.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(reply.json) + '\n');
  } else {
    res.writeHead(reply.status, { 'Content-Type': reply.type });
    res.end(reply.text);
  }
}

async function route(req: IncomingMessage, registry: Registry): Promise<Reply> {
  const url = new URL(req.url ?? '/', 'http://control');
  const found = findRoute(req.method ?? 'GET', url.pathname);
  if (found === undefined) {
    req.resume();
    return { status: 404, json: { error: `no route ${req.method ?? ''} ${url.pathname}: see docs/control-api.openapi.yaml` } };
  }
  if ('allowed' in found) {
    req.resume();
    return { status: 405, json: { error: `${req.method ?? ''} is not allowed on ${url.pathname}: use ${found.allowed.join(' or ')}` } };
  }
  return found.route.handle({ id: found.id, query: url.searchParams, body: () => readJson(req), registry });
}

/** A request body that cannot be used: its status (400, 413) and why. */
class BadBody extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) parts.push(c);
    });
    req.on('error', reject);
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return reject(new BadBody(413, `the request body is over ${MAX_BODY_BYTES} bytes`));
      const text = Buffer.concat(parts).toString('utf8');
      try {
        resolve(JSON.parse(text));
      } catch (e) {
        reject(new BadBody(400, `the request body is not JSON (${(e as Error).message}): send one JSON object, e.g. {"kind":"stall","ms":500}`));
      }
    });
  });
}
