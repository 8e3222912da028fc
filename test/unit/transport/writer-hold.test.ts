// The stall fault (issue #19): a held FrameWriter queues lines in order and writes them on release;
// flush() waits for the release; onWrite sees each line as written, held or not.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FrameWriter } from '../../../src/transport/frame-writer.js';
import { Journal } from '../../../src/transport/journal.js';

describe('FrameWriter.hold (#19)', () => {
  it('holds lines in order until released; flush waits for the release', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (c: Buffer) => (text += c.toString('utf8')));
    const w = new FrameWriter(out);
    const seen: string[] = [];
    w.onWrite = (json) => seen.push(json);
    w.write('{"n":1}');
    const release = w.hold();
    w.write('{"n":2}');
    w.write('{"n":3}');
    let flushed = false;
    const f = w.flush().then(() => (flushed = true));
    await new Promise((r) => setImmediate(r));
    expect(text).toBe('{"n":1}\n');
    expect(flushed).toBe(false);
    expect(seen).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    release();
    release(); // once
    await f;
    expect(text).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
    expect(w.written).toBe(3);
  });
});

describe('FrameWriter.ready under a long hold (#21: output files hold the frames after them)', () => {
  it('asks the engine to wait once 4096 lines are held, and lets it go on the release', async () => {
    const out = new PassThrough({ highWaterMark: 1 << 30 });
    const w = new FrameWriter(out);
    const release = w.hold();
    for (let i = 0; i < 4095; i++) w.write('{}');
    expect(w.ready()).toBeUndefined();
    w.write('{}');
    let ready = false;
    const waiting = w.ready()!.then(() => (ready = true));
    await new Promise((r) => setImmediate(r));
    expect(ready).toBe(false);
    release();
    await waiting;
    expect(w.ready()).toBeUndefined();
  });
});

describe('Journal without a file (#19)', () => {
  it('hands each line to its taps, numbered as the file would be', async () => {
    const j = new Journal(undefined, () => 42, () => undefined);
    const lines: string[] = [];
    j.tap((l) => lines.push(l));
    j.frame('in', { type: 'user' });
    j.event('exit', { code: 0 });
    await j.close();
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ seq: 1, vt: 42, dir: 'in', frame: { type: 'user' } }),
      expect.objectContaining({ seq: 2, vt: 42, dir: 'meta', event: 'exit', code: 0 }),
    ]);
  });
});
