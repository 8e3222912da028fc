// Issue #21: the home-relative path of a file written in the emulator home, made without path.resolve's and
// path.relative's passes for plain absolute paths, is what those two give for every path.
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { homeRelative } from '../../../dist/store/home-relative.js';

const homes = ['/h', '/tmp/emu/home', '/tmp/emu/home/', '/tmp//emu/home', '/tmp/./emu/home', '/tmp/emu/../emu/home', 'rel/home', '.', '/', '/tmp/emu/home/.', '/tmp/emu/home/..'];
const tails = ['', '/', '/f', '/a/b/f.log', '/a//b', '/./a', '/a/./b', '/a/../b', '/../x', '/a/..', '/a/.', '/.hidden/x', '/..x/y', '/a/', 'sibling', '-x/y', '2/z'];

describe('homeRelative (#21)', () => {
  it('is resolve(home), resolve(file) and their relative(), for plain and unusual paths alike', () => {
    let n = 0;
    for (const home of homes) {
      for (const tail of tails) {
        for (const file of [home + tail, '/tmp/emu/home' + tail, 'rel/home' + tail, '/tmp/emu/homeX' + tail]) {
          const root = resolve(home);
          const abs = resolve(file);
          expect(homeRelative(home, file), `${home} | ${file}`).toEqual({ root, abs, rel: relative(root, abs) });
          n++;
        }
      }
    }
    expect(n).toBe(homes.length * tails.length * 4);
  });
});
