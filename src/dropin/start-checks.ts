import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { StartCheck } from '../profiles/options.js';
import type { RunIO } from './io.js';

/** Whether `cwd` lies in a git work tree: a `.git` folder or file in it or in a folder above it (as `git rev-parse` finds it). */
export function inGitTree(cwd: string): boolean {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

type Flags = ReadonlyMap<string, string | true | readonly string[]>;

/** A JSON object's text (what a json-or-file option reads inline). */
function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** The values of the check's flags that are no JSON object and name no file (made absolute against `cwd`). */
function missingFile(check: StartCheck, flags: Flags, cwd: string): string | undefined {
  const values = check.flags.flatMap((f) => {
    const v = flags.get(f);
    return v === undefined || v === true ? [] : typeof v === 'string' ? [v] : [...v];
  });
  return values.find((v) => v.trim() !== '' && !isJsonObject(v) && !existsSync(resolve(cwd, v)));
}

/** Whether a start check's condition holds for this run: true, or the value it holds for (a file that is not there). */
function holds(check: StartCheck, io: RunIO, flags: Flags): boolean | string {
  switch (check.when.kind) {
    case 'root':
      return typeof process.getuid === 'function' && process.getuid() === 0 && io.env['IS_SANDBOX'] !== '1';
    case 'env-unset':
      return !io.env[check.when.name];
    case 'no-git':
      return !inGitTree(io.cwd);
    case 'without':
      return !flags.has(check.when.flag);
    case 'no-file':
      return missingFile(check, flags, io.cwd) ?? false;
  }
}

/** The first of the given start checks that refuses the run (message with `{cwd}`, `{given}`, `{path}` filled in), or undefined. */
export function startRefusal(checks: readonly StartCheck[], io: RunIO, flags: Flags = new Map()): { message: string; exit: number } | undefined {
  for (const c of checks) {
    const h = holds(c, io, flags);
    if (h === false) continue;
    const given = typeof h === 'string' ? h : '';
    return { message: c.message.replace('{cwd}', io.cwd).replace('{given}', given).replace('{path}', resolve(io.cwd, given)), exit: c.exit };
  }
  return undefined;
}
