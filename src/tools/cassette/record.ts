import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { EMU_PREFIX } from '../../errors.js';
import { flushed, relay } from '../../transport/flush.js';
import { LineReader, type LineEvent } from '../../transport/line-reader.js';
import { EntryQueue } from './entry-queue.js';
import { CASSETTE_VERSION, type CassetteEnd, type CassetteEntry, type CassetteHeader } from './format.js';
import { ENV_NAME_PREFIXES, ENV_VALUE_WHITELIST, Redactor, type RedactRule } from './redact.js';

/** Options of `cbc-emu record`. */
export interface RecordOptions {
  out: string;
  command: string;
  args: string[];
  rules: RedactRule[];
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/**
 * A transparent stdio proxy between a consumer and the real CLI (issue #7). Bytes pass through in both
 * directions the moment they arrive (nothing is held for a line to complete); complete lines are
 * redacted and appended to the cassette with their direction and time. Resolves to the CLI's exit
 * code (128 + signal number when it was killed).
 */
export function record(o: RecordOptions): Promise<number> {
  const redactor = new Redactor(o.rules);
  mkdirSync(dirname(o.out), { recursive: true });
  const cassette = createWriteStream(o.out, { flags: 'w' });
  const t0 = performance.now();
  const now = () => Math.round(performance.now() - t0);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(o.env)) {
    if (v === undefined || !ENV_NAME_PREFIXES.some((p) => k.startsWith(p))) continue;
    env[k] = ENV_VALUE_WHITELIST.includes(k) ? redactor.text(v) : '<set>';
  }
  const header: CassetteHeader = {
    cassette: 'cbc-emulator',
    version: CASSETTE_VERSION,
    command: basename(o.command),
    argv: redactor.argv(o.args),
    env,
    recorded_at: new Date().toISOString(),
  };
  cassette.write(JSON.stringify(header) + '\n');
  const entries = new EntryQueue(redactor, (line) => cassette.write(line), (e) => o.stderr.write(`${EMU_PREFIX} record: the secret scan failed (${e.message}); lines are redacted by the built-in rules only\n`));
  const put = (dir: CassetteEntry['dir'], events: LineEvent[]) => {
    for (const ev of events) if (ev.kind === 'line') entries.line(now(), dir, ev.text);
  };

  return new Promise((resolve) => {
    const child = spawn(o.command, o.args, { stdio: ['pipe', 'pipe', 'pipe'], env: o.env });
    const readers = { in: new LineReader(), out: new LineReader(), err: new LineReader() };
    child.on('error', (err) => {
      o.stderr.write(`${EMU_PREFIX} record: cannot start ${o.command}: ${err.message}; check the command after "--"\n`);
      cassette.end(() => resolve(127));
    });
    // every pass-through honours backpressure: a consumer slower than the CLI slows the CLI (issue #18)
    o.stdin.on('data', (c: Buffer) => {
      if (!child.stdin.destroyed) relay(o.stdin as Readable, c, [child.stdin]);
      put('in', readers.in.push(c));
    });
    o.stdin.on('end', () => {
      put('in', readers.in.end());
      entries.entry({ t: now(), dir: 'in', eof: true });
      child.stdin.end();
    });
    child.stdin.on('error', () => undefined); // the CLI may exit before reading everything
    child.stdout.on('data', (c: Buffer) => {
      relay(child.stdout, c, [o.stdout]);
      put('out', readers.out.push(c));
    });
    child.stderr.on('data', (c: Buffer) => {
      relay(child.stderr, c, [o.stderr]);
      put('err', readers.err.push(c));
    });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.on('SIGTERM', forward);
    process.on('SIGINT', forward);
    child.on('close', (code, signal) => {
      process.off('SIGTERM', forward);
      process.off('SIGINT', forward);
      put('out', readers.out.end());
      put('err', readers.err.end());
      const end: CassetteEnd = { t: now(), exit: code, signal };
      entries.entry(end);
      const exitCode = code ?? 128 + (signal === 'SIGKILL' ? 9 : signal === 'SIGINT' ? 2 : 15);
      // resolve (and so exit) only once every line is redacted into the cassette and the consumer has every byte the CLI wrote
      void entries.idle().then(() => cassette.end(() => void Promise.all([flushed(o.stdout), flushed(o.stderr)]).then(() => resolve(exitCode))));
    });
  });
}
