// Frames of an in-process run's stdout as they arrive (the unit tests that drive startInMemory as a host would).
import type { Readable } from 'node:stream';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read frame fields freely
export type Frame = Record<string, any>;

/** Splits `stdout` into JSON lines; `each` sees every frame once it has joined the returned array. */
export function readFrames(stdout: Readable, each: (f: Frame) => void): Frame[] {
  const frames: Frame[] = [];
  let pending = '';
  stdout.on('data', (c: Buffer) => {
    pending += c.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const l of lines) {
      const f = JSON.parse(l) as Frame;
      frames.push(f);
      each(f);
    }
  });
  return frames;
}
