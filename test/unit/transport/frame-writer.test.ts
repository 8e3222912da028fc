// Output framing: one JSON object per `\n`-terminated line (claude-code-cli.md §2), with
// backpressure, flush and a vanished reader handled without throwing (issue #2).
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FrameWriter } from '../../../src/transport/frame-writer.js';

/** A Writable whose writes complete only when `release()` is called. */
function slowSink(highWaterMark: number) {
  const chunks: Buffer[] = [];
  const pending: Array<() => void> = [];
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      pending.push(() => cb());
    },
  });
  return {
    stream,
    chunks,
    release: () => {
      while (pending.length) pending.shift()!();
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('FrameWriter', () => {
  it('writes each frame followed by exactly one \\n and counts frames', () => {
    const sink = new PassThrough();
    const w = new FrameWriter(sink);
    w.write('{"a":1}');
    w.write('{"b":"\u2014"}');
    expect(sink.read().toString('utf8')).toBe('{"a":1}\n{"b":"\u2014"}\n');
    expect(w.written).toBe(2);
    expect(w.ready()).toBeUndefined();
  });

  it('reports backpressure: write returns false, ready() resolves only on drain', async () => {
    const sink = slowSink(8);
    const w = new FrameWriter(sink.stream);
    expect(w.write('{"x":"0123456789"}')).toBe(false);
    const ready = w.ready();
    expect(ready).toBeInstanceOf(Promise);
    let resolved = false;
    void ready!.then(() => (resolved = true));
    await tick();
    expect(resolved).toBe(false);
    sink.release();
    await tick();
    sink.release(); // anything buffered behind the first write
    await tick();
    expect(resolved).toBe(true);
    expect(w.ready()).toBeUndefined();
    expect(sink.text()).toBe('{"x":"0123456789"}\n');
  });

  it('flush() resolves only after every byte written so far is out', async () => {
    const sink = slowSink(1024);
    const w = new FrameWriter(sink.stream);
    w.write('{"a":1}');
    w.write('{"b":2}');
    let done = false;
    const f = w.flush().then(() => (done = true));
    await tick();
    expect(done).toBe(false);
    for (let i = 0; i < 5 && !done; i++) {
      sink.release();
      await tick();
    }
    await f;
    expect(done).toBe(true);
    expect(sink.text()).toBe('{"a":1}\n{"b":2}\n');
  });

  it('EPIPE sets broken, releases ready() waiters, drops later frames and never throws', async () => {
    const sink = slowSink(4);
    const w = new FrameWriter(sink.stream);
    const errors: Error[] = [];
    w.onError = (e) => errors.push(e);
    expect(w.write('{"a":1}')).toBe(false);
    const ready = w.ready()!;
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    sink.stream.destroy(epipe);
    await ready; // must not hang
    expect(w.broken).toBe(true);
    expect(() => w.write('{"b":2}')).not.toThrow();
    expect(w.write('{"c":3}')).toBe(true);
    expect(w.written).toBe(1);
    await w.flush();
    expect(errors).toEqual([]); // a closed reader is not reported as an error
  });

  it('a stream destroyed without an error sets broken on the next write, and flush() resolves', async () => {
    const sink = new PassThrough();
    const w = new FrameWriter(sink);
    sink.destroy();
    expect(() => w.write('{"a":1}')).not.toThrow();
    expect(w.broken).toBe(true);
    expect(w.ready()).toBeUndefined();
    await w.flush();
  });

  it('a ready() waiter is released when the stream closes while backed up', async () => {
    const sink = slowSink(4);
    const w = new FrameWriter(sink.stream);
    w.write('{"a":1}');
    const ready = w.ready()!;
    sink.stream.destroy();
    await ready;
    expect(w.broken).toBe(true);
  });

  it('a write after end() is dropped, not thrown or reported', async () => {
    const sink = new PassThrough();
    const w = new FrameWriter(sink);
    const errors: Error[] = [];
    w.onError = (e) => errors.push(e);
    sink.end();
    expect(() => w.write('{"a":1}')).not.toThrow();
    expect(w.broken).toBe(true);
    await w.flush();
    await tick();
    expect(errors).toEqual([]);
  });

  it('other stream errors are passed to onError and set broken', async () => {
    const sink = new PassThrough();
    const w = new FrameWriter(sink);
    const errors: Error[] = [];
    w.onError = (e) => errors.push(e);
    sink.destroy(Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
    await tick();
    expect(w.broken).toBe(true);
    expect(errors.map((e) => e.message)).toEqual(['disk full']);
  });
});

describe('FrameWriter with coalesce (the drop-in: fewer syscalls for bursts)', () => {
  it('frames of one synchronous burst reach the stream together on the next tick, in order, byte for byte', async () => {
    const chunks: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        chunks.push(chunk.toString('utf8'));
        cb();
      },
      writev(list, cb) {
        chunks.push(list.map((c) => (c.chunk as Buffer).toString('utf8')).join(''));
        cb();
      },
    });
    const w = new FrameWriter(sink, { coalesce: true });
    w.write('{"a":1}');
    w.write('{"b":2}');
    w.write('{"c":"\u2014"}');
    expect(chunks).toEqual([]); // held until the burst ends
    await new Promise((r) => process.nextTick(r));
    expect(chunks).toEqual(['{"a":1}\n{"b":2}\n{"c":"\u2014"}\n']);
    expect(w.written).toBe(3);
  });

  it('flush() releases a held burst at once', async () => {
    const sink = new PassThrough();
    const w = new FrameWriter(sink, { coalesce: true });
    w.write('{"x":1}');
    await w.flush();
    expect(sink.read().toString('utf8')).toBe('{"x":1}\n');
  });
});
