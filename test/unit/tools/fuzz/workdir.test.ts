// removeTree: how the in-process fuzz() removes a run's home once its emulator exited (#21).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTree } from '../../../../dist/tools/fuzz/workdir.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
const scratch = () => {
  const d = mkdtempSync(join(tmpdir(), 'cbc-emu-removetree-'));
  made.push(d);
  return d;
};

describe('removeTree (#21)', () => {
  it("removes a run home's nested folders and files, and removes a link without following it", () => {
    const root = scratch();
    const home = join(root, 'home');
    const tasks = join(home, 'tmp', 'claude-0', 'cwd', 'session', 'tasks');
    mkdirSync(tasks, { recursive: true });
    mkdirSync(join(home, 'sessions'));
    writeFileSync(join(home, 'sessions', 's.jsonl'), '{}\n');
    writeFileSync(join(tasks, 'a.output'), 'ok\n');
    const outside = join(root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'keep.txt'), 'keep');
    symlinkSync(outside, join(home, 'link'));
    expect(removeTree(home)).toBe(true);
    expect(existsSync(home)).toBe(false);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('keep');
  });
  it('answers false for a folder that is not there (left to the campaign folder removal)', () => {
    expect(removeTree(join(scratch(), 'none'))).toBe(false);
  });
});
