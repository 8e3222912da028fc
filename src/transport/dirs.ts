import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Creates `dir` and its missing parents, one mkdir(2) each. By hand, not `mkdirSync(dir, { recursive })`:
 * Node's recursive mkdir spins forever, deaf to signals, where mkdir(2) answers ENOENT under an
 * existing parent (`/proc/none/x`); one call per level throws that ENOENT instead (issue #18).
 */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d) && dirname(d) !== d; d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    try {
      mkdirSync(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; // made by another process meanwhile
    }
  }
}
