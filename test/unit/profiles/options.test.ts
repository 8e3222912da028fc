// Each profile's option table (src/profiles/<cli>/options.ts, issue #15) against its captured --help
// (src/dropin/help/*.txt, byte-equal to the real CLI's: test/golden/argv.test.ts help_long): the visible
// options, in order, with their flags strings and the choices commander prints.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CBC_OPTIONS } from '../../../src/profiles/cbc/options.js';
import { CLAUDE_2_1_220_OPTIONS, CLAUDE_2_1_328_OPTIONS } from '../../../src/profiles/claude/options.js';
import type { CliOptions } from '../../../src/profiles/options.js';

/** commander's help layout: `  <flags>  <description>`, descriptions wrapped onto indented lines, the section ends at a blank line. */
function optionsOfHelp(text: string): { flags: string; choices?: string[] }[] {
  const lines = text.split('\n');
  const entries: { flags: string; desc: string }[] = [];
  for (const line of lines.slice(lines.indexOf('Options:') + 1)) {
    if (line === '') break;
    const m = /^ {2}(-\S.*?)(?: {2,}(.*))?$/.exec(line);
    if (m) entries.push({ flags: m[1]!, desc: m[2] ?? '' });
    else entries.at(-1)!.desc += ` ${line.trim()}`;
  }
  return entries.map(({ flags, desc }) => {
    const c = /\(choices: ((?:"[^"]*"(?:, )?)+)/.exec(desc);
    return c ? { flags, choices: [...c[1]!.matchAll(/"([^"]*)"/g)].map((x) => x[1]!) } : { flags };
  });
}

const visible = (t: CliOptions, withChoices: boolean) =>
  t.options.filter((o) => !o.hidden).map((o) => (withChoices && o.choices ? { flags: o.flags, choices: [...o.choices] } : { flags: o.flags }));
const help = (name: string) => readFileSync(new URL(`../../../src/dropin/help/${name}.txt`, import.meta.url), 'utf8');

describe('option tables equal the options of the captured --help', () => {
  it.each([
    ['claude-2.1.220', CLAUDE_2_1_220_OPTIONS],
    ['claude-2.1.328', CLAUDE_2_1_328_OPTIONS],
  ] as const)('%s: flags and choices, in help order', (name, table) => {
    expect(visible(table, true)).toEqual(optionsOfHelp(help(name)));
  });

  it('cbc: flags in help order; no choices (its "(choices: …)" are description text: argv/choice_* go on to a session)', () => {
    expect(visible(CBC_OPTIONS, false)).toEqual(optionsOfHelp(help('cbc')).map(({ flags }) => ({ flags })));
    expect(CBC_OPTIONS.options.filter((o) => o.choices)).toEqual([]);
  });

  it('hidden options are not in the help text', () => {
    for (const [name, t] of [['cbc', CBC_OPTIONS], ['claude-2.1.220', CLAUDE_2_1_220_OPTIONS], ['claude-2.1.328', CLAUDE_2_1_328_OPTIONS]] as const) {
      const shown = new Set(optionsOfHelp(help(name)).map((o) => o.flags));
      for (const o of t.options.filter((x) => x.hidden)) expect(shown.has(o.flags), `${name} ${o.flags}`).toBe(false);
    }
  });
});
