// The parse cache of the user's scenario files (src/scenario/cache.ts, issue #21 session 12): the oldest entries go once
// the folder holds more than its bound. The cache's runs (hits, misses, edits, bad files, damaged entries) are pinned
// through the drop-in in test/hardening/startup.test.ts.
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { trimFolder } from '../../../dist/scenario/cache.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-scenario-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('trimFolder (issue #21)', () => {
  it('keeps the newest `max` files by modification time, whatever their names', () => {
    // names in the opposite order of their ages, so an order by name would keep the wrong ones
    const names = ['e.json', 'd.json', 'c.json', 'b.json', 'a.json'];
    names.forEach((n, i) => {
      writeFileSync(join(dir, n), '{}');
      utimesSync(join(dir, n), 1_000 + i, 1_000 + i);
    });
    trimFolder(dir, 5);
    expect(readdirSync(dir).sort()).toEqual([...names].sort());
    trimFolder(dir, 3);
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'b.json', 'c.json']);
  });
});
