// The one id rule and writes confined to the emulator home (issue #18 class 1): src/store/paths.ts.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSafeId, writeInside } from '../../../dist/store/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-paths-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('isSafeId', () => {
  it.each(['0f6c2c1e-8a7b-4b0e-9d5e-3c2f1a0b9c8d', 'abc', 'a.b_c-d', '_x'])('accepts %j', (id) => expect(isSafeId(id)).toBe(true));
  it.each(['', '.', '..', '../x', 'a/b', 'a\\b', '.hidden', 'x'.repeat(201), 'a\0b', 'a b'])('refuses %j', (id) => expect(isSafeId(id)).toBe(false));
});

describe('writeInside', () => {
  it('creates missing folders and writes inside the home', () => {
    const home = join(dir, 'h1');
    writeInside(home, join(home, 'a', 'b', 'f.txt'), 'x');
    expect(readFileSync(join(home, 'a', 'b', 'f.txt'), 'utf8')).toBe('x');
  });
  it('makes a missing home and its missing parents, for a file in a folder or in the home itself (#21: made on demand)', () => {
    const home = join(dir, 'p1', 'p2', 'h');
    writeInside(home, join(home, 'sessions', 'x', 'f.log'), 'a');
    expect(readFileSync(join(home, 'sessions', 'x', 'f.log'), 'utf8')).toBe('a');
    const flat = join(dir, 'p3', 'h');
    writeInside(flat, join(flat, 'f.log'), 'b');
    expect(readFileSync(join(flat, 'f.log'), 'utf8')).toBe('b');
  });
  it('refuses a path that leaves the home', () => {
    const home = join(dir, 'h2');
    expect(() => writeInside(home, join(home, '..', 'out.txt'), 'x')).toThrow(/not inside the emulator home/);
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
  });
  it('refuses a folder or a file that is a link inside the home', () => {
    const home = join(dir, 'h3');
    const outside = join(dir, 'outside');
    mkdirSync(outside, { recursive: true });
    mkdirSync(home, { recursive: true });
    symlinkSync(outside, join(home, 'sessions'));
    expect(() => writeInside(home, join(home, 'sessions', 'f.jsonl'), 'x', 'append')).toThrow(/symbolic link/);
    symlinkSync(join(outside, 'target'), join(home, 'file'));
    expect(() => writeInside(home, join(home, 'file'), 'x')).toThrow(/symbolic link/);
    expect(existsSync(join(outside, 'f.jsonl')) || existsSync(join(outside, 'target'))).toBe(false);
  });
  it('refuses a file where a folder of the path should be, and a dangling link there (#21: a missing folder is asked for, not thrown for)', () => {
    const home = join(dir, 'h4');
    writeInside(home, join(home, 'plain'), 'x');
    expect(() => writeInside(home, join(home, 'plain', 'f.log'), 'y')).toThrow(/not a folder/);
    symlinkSync(join(dir, 'nowhere'), join(home, 'dangling'));
    expect(() => writeInside(home, join(home, 'dangling', 'f.log'), 'y')).toThrow(/symbolic link/);
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
  });
  it('a home that is itself a link is the user\'s choice and is used', () => {
    const real = join(dir, 'real-home');
    mkdirSync(real, { recursive: true });
    symlinkSync(real, join(dir, 'link-home'));
    writeInside(join(dir, 'link-home'), join(dir, 'link-home', 'f'), 'y');
    expect(readFileSync(join(real, 'f'), 'utf8')).toBe('y');
  });
});
