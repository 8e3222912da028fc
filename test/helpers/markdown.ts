import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './run-bin.js';

/** The user docs: README.md and every Markdown file under docs/. */
export function markdownFiles(): string[] {
  const out = [join(ROOT, 'README.md')];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.md')) out.push(join(dir, e.name));
    }
  };
  walk(join(ROOT, 'docs'));
  return out;
}
