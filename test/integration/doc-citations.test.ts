// User docs cite what users have (issue #20): README.md and every Markdown file under docs/ cite
// docs/protocol.md sections and the captures in the repo, never the design seeds or the reference notes
// that live outside it (`seed 000 §…`, `../shared/…`, `cli.md §…`). The checker's rule sources too.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../dist/tools/check/rules.js';
import { markdownFiles } from '../helpers/markdown.js';
import { ROOT } from '../helpers/run-bin.js';

/** Citations of documents outside the repo, each with why it is one. */
export const OUTSIDE: Array<[RegExp, string]> = [
  [/(?<!-)\bseeds? 00\d\b/i, 'a design seed'],
  [/§/, 'a section of a document outside the repo'],
  [/\.\.\/shared\b|\bshared\/reference\b/, 'the shared reference folder'],
  [/\b(?:claude-code-cli|claude-agent-sdk|agent-sdk|codebuddy-sdk|cli)\.md\b/, 'a reference note'],
];

/** `file:line: text (why)` for every line of `text` that cites a document users do not have. */
export function outsideCitations(name: string, text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [re, why] of OUTSIDE) if (re.test(line)) out.push(`${name}:${i + 1}: ${line.trim().slice(0, 120)} (${why})`);
  });
  return out;
}

describe('citations in user docs (#20)', () => {
  it('the pattern finds a seed citation, a § and a ../shared link (so a clean result means something)', () => {
    const sample = 'as seed 000 §4.3 says\nsee [notes](../shared/reference/cli.md)\nper codebuddy-sdk.md\nplain text';
    expect(outsideCitations('sample', sample).map((l) => l.split(':')[1])).toEqual(['1', '1', '2', '2', '3']);
  });

  it('README.md and docs/**/*.md cite no document outside the repo', () => {
    const found = markdownFiles().flatMap((f) => outsideCitations(relative(ROOT, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it("every check rule's source cites docs/protocol.md or the repo's captures", () => {
    for (const r of RULES) {
      expect(outsideCitations(r.id, r.source), r.id).toEqual([]);
      expect(r.source, r.id).toMatch(/docs\/protocol\.md|docs\/fidelity\.md|captures|issue #\d+/);
    }
  });
});
