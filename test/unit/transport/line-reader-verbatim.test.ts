// The physical-line splitter of the readers of someone else's output (check, report, cassettes, demo):
// every line verbatim (blank and `\r`-ended ones too) and whether the last one was terminated, which
// `frame.one-json-per-line` needs (seed 002 §7); a UTF-8 character split across chunks stays whole.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { streamLines, textLines, type TextLine } from '../../../src/transport/line-reader.js';

const collect = async (chunks: Array<string | Buffer>): Promise<TextLine[]> => {
  const out: TextLine[] = [];
  for await (const l of streamLines(Readable.from(chunks))) out.push(l);
  return out;
};

describe('textLines', () => {
  it('yields every physical line, blank and CR-ended ones verbatim, and flags a torn last line', () => {
    expect([...textLines('a\n\nb\r\nc')]).toEqual([
      { text: 'a', terminated: true },
      { text: '', terminated: true },
      { text: 'b\r', terminated: true },
      { text: 'c', terminated: false },
    ]);
    expect([...textLines('a\n')]).toEqual([{ text: 'a', terminated: true }]);
    expect([...textLines('')]).toEqual([]);
  });
});

describe('streamLines', () => {
  it('joins lines across chunks and keeps a multi-byte character split between chunks whole', async () => {
    const bytes = Buffer.from('{"t":"漢字"}\n\n{"u":1}', 'utf8');
    const cut = bytes.indexOf(Buffer.from('字', 'utf8')) + 1; // inside the character
    expect(await collect([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual([
      { text: '{"t":"漢字"}', terminated: true },
      { text: '', terminated: true },
      { text: '{"u":1}', terminated: false },
    ]);
  });

  it('gives the same lines as textLines for string chunks', async () => {
    const text = 'x\ny\n\nz\n';
    expect(await collect(['x\ny', '\n', '\nz\n'])).toEqual([...textLines(text)]);
  });
});
