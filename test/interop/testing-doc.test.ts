// Issue #6: "docs/testing.md's examples run as tests". Each ```ts block after an
// `<!-- include: <file> -->` marker must be that file byte for byte, and every example file under
// test/interop/doc-examples/ (each a vitest test run by the suite) must be included.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/run-bin.js';

const doc = readFileSync(join(ROOT, 'docs', 'testing.md'), 'utf8');
const includes = [...doc.matchAll(/<!-- include: (\S+) -->\n```ts\n([\s\S]*?)```/g)].map((m) => ({ file: m[1] as string, code: m[2] as string }));

describe('docs/testing.md', () => {
  it('includes every example file, once', () => {
    const files = readdirSync(join(ROOT, 'test', 'interop', 'doc-examples')).map((f) => `test/interop/doc-examples/${f}`).sort();
    expect(includes.map((i) => i.file).sort()).toEqual(files);
  });
  for (const { file, code } of includes) {
    it(`shows ${file} verbatim`, () => {
      expect(code).toBe(readFileSync(join(ROOT, file), 'utf8'));
    });
  }
});
