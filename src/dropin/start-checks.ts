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

/** Whether a start check's condition holds for this run. */
function holds(check: StartCheck, io: RunIO): boolean {
  switch (check.when.kind) {
    case 'root':
      return typeof process.getuid === 'function' && process.getuid() === 0 && io.env['IS_SANDBOX'] !== '1';
    case 'env-unset':
      return !io.env[check.when.name];
    case 'no-git':
      return !inGitTree(io.cwd);
  }
}

/** The first of the given start checks that refuses the run (message with `{cwd}` filled in), or undefined. */
export function startRefusal(checks: readonly StartCheck[], io: RunIO): { message: string; exit: number } | undefined {
  const hit = checks.find((c) => holds(c, io));
  return hit && { message: hit.message.replace('{cwd}', io.cwd), exit: hit.exit };
}
