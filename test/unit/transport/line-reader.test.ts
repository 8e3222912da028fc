// Framing of stdin: NDJSON per issue #2 ("chunk boundaries anywhere, multi-byte UTF-8 split, CRLF,
// blank lines, oversized line, final line without newline") and claude-code-cli.md §2 (framing).
import { describe, expect, it } from 'vitest';
import { LineReader, readLines, type LineEvent } from '../../../src/transport/line-reader.js';

const texts = (evs: LineEvent[]) => evs.map((e) => (e.kind === 'line' ? e.text : `<oversized ${e.bytes}@${e.lineNo}>`));

/** Feeds `buf` in the given chunks and then end(); returns every event. */
function feed(r: LineReader, chunks: Buffer[]): LineEvent[] {
  const out: LineEvent[] = [];
  for (const c of chunks) out.push(...r.push(c));
  out.push(...r.end());
  return out;
}

describe('LineReader', () => {
  const frames = [
    '{"type":"control_request","request_id":"req_1","request":{"subtype":"initialize"}}',
    '{"type":"user","message":{"role":"user","content":"caf\u00e9 \u2014 \ud83d\ude80 \u4f60\u597d"}}',
    'not json',
  ];
  const buf = Buffer.from(frames.join('\n') + '\n', 'utf8');

  it('yields the same lines for every single split point of a multi-line buffer', () => {
    for (let i = 0; i <= buf.length; i++) {
      const evs = feed(new LineReader(), [buf.subarray(0, i), buf.subarray(i)]);
      expect(texts(evs), `split at ${i}`).toEqual(frames);
    }
  });

  it('yields the same lines for every pair of split points (three chunks)', () => {
    for (let i = 0; i <= buf.length; i += 3) {
      for (let j = i; j <= buf.length; j += 5) {
        const evs = feed(new LineReader(), [buf.subarray(0, i), buf.subarray(i, j), buf.subarray(j)]);
        expect(texts(evs)).toEqual(frames);
      }
    }
  });

  it('yields the same lines when fed one byte at a time', () => {
    const chunks = [...buf].map((b) => Buffer.from([b]));
    expect(texts(feed(new LineReader(), chunks))).toEqual(frames);
  });

  it('decodes a multi-byte character split across chunks ("\u2014" is e2 80 94, an emoji is 4 bytes)', () => {
    for (const ch of ['\u2014', '\ud83d\ude80']) {
      const b = Buffer.from(`{"t":"a${ch}b"}\n`, 'utf8');
      const at = b.indexOf(Buffer.from(ch, 'utf8'));
      for (let k = 1; k < Buffer.byteLength(ch); k++) {
        const evs = feed(new LineReader(), [b.subarray(0, at + k), b.subarray(at + k)]);
        expect(texts(evs)).toEqual([`{"t":"a${ch}b"}`]);
        expect(texts(evs)[0]).not.toContain('\ufffd');
      }
    }
  });

  it('does not keep a reference to a chunk the caller may reuse', () => {
    const r = new LineReader();
    const chunk = Buffer.from('{"a":1');
    expect(r.push(chunk)).toEqual([]);
    chunk.fill(0x78); // caller reuses its buffer
    expect(texts(r.push(Buffer.from('}\n')))).toEqual(['{"a":1}']);
  });

  it('strips CRLF line endings, including a \\r and \\n in different chunks', () => {
    expect(texts(feed(new LineReader(), [Buffer.from('{"a":1}\r\n{"b":2}\r\n')]))).toEqual(['{"a":1}', '{"b":2}']);
    expect(texts(feed(new LineReader(), [Buffer.from('{"a":1}\r'), Buffer.from('\n{"b":2}\r\n')]))).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('skips blank and whitespace-only lines but counts them in line numbers', () => {
    const evs = feed(new LineReader(), [Buffer.from('\n\r\n   \n{"a":1}\n\n{"b":2}\n')]);
    expect(evs).toEqual([
      { kind: 'line', text: '{"a":1}', lineNo: 4, terminated: true },
      { kind: 'line', text: '{"b":2}', lineNo: 6, terminated: true },
    ]);
  });

  it('passes non-JSON text through unchanged (the protocol layer decides)', () => {
    expect(feed(new LineReader(), [Buffer.from('not json\n')])).toEqual([{ kind: 'line', text: 'not json', lineNo: 1, terminated: true }]);
  });

  it('reports an oversized line with its line number and byte count, then continues normally', () => {
    const r = new LineReader({ maxLineBytes: 10 });
    const big = 'x'.repeat(25);
    const chunks = [Buffer.from('{"a":1}\n' + big.slice(0, 7)), Buffer.from(big.slice(7, 20)), Buffer.from(big.slice(20) + '\n{"b":2}\n')];
    expect(feed(r, chunks)).toEqual([
      { kind: 'line', text: '{"a":1}', lineNo: 1, terminated: true },
      { kind: 'oversized', bytes: 25, lineNo: 2 },
      { kind: 'line', text: '{"b":2}', lineNo: 3, terminated: true },
    ]);
  });

  it('accepts a line of exactly the cap and rejects one byte more', () => {
    expect(feed(new LineReader({ maxLineBytes: 5 }), [Buffer.from('12345\n123456\nok\n')])).toEqual([
      { kind: 'line', text: '12345', lineNo: 1, terminated: true },
      { kind: 'oversized', bytes: 6, lineNo: 2 },
      { kind: 'line', text: 'ok', lineNo: 3, terminated: true },
    ]);
  });

  it('reports an oversized final line without a newline at end()', () => {
    const r = new LineReader({ maxLineBytes: 4 });
    expect(r.push(Buffer.from('ok\nabcdefgh'))).toEqual([{ kind: 'line', text: 'ok', lineNo: 1, terminated: true }]);
    expect(r.end()).toEqual([{ kind: 'oversized', bytes: 8, lineNo: 2 }]);
  });

  it('flushes a final line without a newline at end(), and only once', () => {
    const r = new LineReader();
    expect(r.push(Buffer.from('{"a":1}\n{"b":'))).toEqual([{ kind: 'line', text: '{"a":1}', lineNo: 1, terminated: true }]);
    expect(r.push(Buffer.from('2}'))).toEqual([]);
    expect(r.end()).toEqual([{ kind: 'line', text: '{"b":2}', lineNo: 2, terminated: false }]);
    expect(r.end()).toEqual([]);
  });

  it('end() on an empty or newline-terminated stream yields nothing', () => {
    expect(new LineReader().end()).toEqual([]);
    const r = new LineReader();
    r.push(Buffer.from('{"a":1}\n'));
    expect(r.end()).toEqual([]);
  });

  it('accepts string chunks as UTF-8', () => {
    expect(texts(feed(new LineReader(), ['{"a":"\u2014"}\n' as unknown as Buffer]))).toEqual(['{"a":"\u2014"}']);
  });
});

describe('readLines (the streaming splitter of the test kit and fuzz())', () => {
  const collect = async (chunks: Buffer[]) => {
    const out: string[] = [];
    for await (const l of readLines((async function* () { yield* chunks; })())) out.push(l);
    return out;
  };

  it('keeps a character cut across chunks whole, skips blank lines, yields a last line without newline', async () => {
    const buf = Buffer.from('{"a":"\u{1f680}"}\n\n{"b":1}\n{"torn"');
    const cut = buf.indexOf(0xf0) + 2; // inside the 4-byte rocket
    expect(await collect([buf.subarray(0, cut), buf.subarray(cut)])).toEqual(['{"a":"\u{1f680}"}', '{"b":1}', '{"torn"']);
  });
});
