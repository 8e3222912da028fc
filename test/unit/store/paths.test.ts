// The one id rule and writes confined to the emulator home (issue #18 class 1): src/store/paths.ts.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSafeId, writeInside, writeInsideLater } from '../../../dist/store/paths.js';

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
  it('a home that is itself a link is the user\'s choice and is used', () => {
    const real = join(dir, 'real-home');
    mkdirSync(real, { recursive: true });
    symlinkSync(real, join(dir, 'link-home'));
    writeInside(join(dir, 'link-home'), join(dir, 'link-home', 'f'), 'y');
    expect(readFileSync(join(real, 'f'), 'utf8')).toBe('y');
  });
});

describe('writeInsideLater (issue #21: task output files written off the main thread)', () => {
  const later = (home: string, file: string, text: string) => new Promise<Error | undefined>((resolve) => writeInsideLater(home, file, text, resolve));
  it('creates the folders and replaces the file, then calls back without an error', async () => {
    const home = join(dir, 'l1');
    expect(await later(home, join(home, 'a', 'b', 'out.log'), 'first, longer text')).toBeUndefined();
    expect(await later(home, join(home, 'a', 'b', 'out.log'), 'second')).toBeUndefined();
    expect(readFileSync(join(home, 'a', 'b', 'out.log'), 'utf8')).toBe('second');
  });
  it('calls back with the same refusals as writeInside: outside the home, a link folder, a link file', async () => {
    const home = join(dir, 'l2');
    const outside = join(dir, 'l2-outside');
    mkdirSync(outside, { recursive: true });
    mkdirSync(home, { recursive: true });
    expect((await later(home, join(home, '..', 'l2-out.txt'), 'x'))?.message).toMatch(/not inside the emulator home/);
    symlinkSync(outside, join(home, 'tasks'));
    expect((await later(home, join(home, 'tasks', 'x.output'), 'x'))?.message).toMatch(/symbolic link/);
    symlinkSync(join(outside, 'target'), join(home, 'file'));
    expect((await later(home, join(home, 'file'), 'x'))?.message).toMatch(/symbolic link inside the emulator home/);
    expect(existsSync(join(dir, 'l2-out.txt')) || existsSync(join(outside, 'x.output')) || existsSync(join(outside, 'target'))).toBe(false);
  });
});
