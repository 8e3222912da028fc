import type { Readable } from 'node:stream';

/**
 * Resolves once everything written to `stream` so far was handed to the OS (at once when the stream
 * is destroyed or ended): `process.exit()` drops whatever a pipe has not taken yet (issue #18).
 */
export function flushed(stream: NodeJS.WritableStream): Promise<void> {
  const w = stream as NodeJS.WritableStream & { destroyed?: boolean; writableEnded?: boolean };
  if (w.destroyed === true || w.writableEnded === true) return Promise.resolve();
  return new Promise((resolve) => {
    // an empty write's callback runs after all earlier writes were flushed (or with an error)
    try {
      stream.write('', () => resolve());
    } catch {
      resolve();
    }
  });
}

/**
 * Writes `chunk` read from `src` to each of `dsts`; when one of them is backed up, `src` is paused until
 * all have drained, so a slow reader slows the writer instead of filling memory (issue #18).
 */
export function relay(src: Readable, chunk: Buffer, dsts: NodeJS.WritableStream[]): void {
  const full = dsts.filter((d) => !d.write(chunk));
  if (full.length === 0) return;
  src.pause();
  let waiting = full.length;
  for (const d of full) {
    d.once('drain', () => {
      if (--waiting === 0) src.resume();
    });
  }
}
