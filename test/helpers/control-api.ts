// The control server's HTTP API as a test speaks it (issue #19): requests over the unix socket or TCP,
// and `cbc-emu serve` started as its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';

export const EMU_BIN = fileURLToPath(new URL('../../bin/cbc-emu.js', import.meta.url));

/** A reply: status, the raw text, and the JSON when it is JSON. */
export interface ApiReply {
  status: number;
  text: string;
  json: unknown;
}

/** One request: `target` is a socket path or http://host:port; `body` a value (sent as JSON) or a raw string. */
export function api(target: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiReply> {
  const where = target.startsWith('http://') ? { host: new URL(target).hostname, port: Number(new URL(target).port) } : { socketPath: target };
  return new Promise((resolve, reject) => {
    const req = request({ ...where, method, path, headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
  });
}

/** `cbc-emu serve` as a child process, once it says where it listens. */
export interface Served {
  child: ChildProcess;
  /** Everything it wrote on stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

export function serve(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [EMU_BIN, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  const served: Served = {
    child,
    stderr: () => err,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (c: Buffer) => {
      err += c.toString('utf8');
      if (err.includes('listening on')) resolve(served);
    });
    child.on('exit', (code) => reject(new Error(`cbc-emu serve exited (${code}) before listening: ${err}`)));
  });
}
