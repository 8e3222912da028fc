// The options of each profile's captured `--help` (src/dropin/help/<profile>.txt): the option rows of the
// surface inventory (inventory.mjs) and the generated `opt_*` capture cases (surface-cases.mjs) both come
// from here, so a help text that gains an option gains a row and a case. Parsed by hand: the texts are
// commander's fixed layout (two-space indent, `-x, --long <arg>`), no parser library reads them back.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Surface CLI id → its captured help text. */
export const HELP_FILES = {
  'cbc-2.117.0': 'cbc.txt',
  'claude-2.1.220': 'claude-2.1.220.txt',
  'claude-2.1.328': 'claude-2.1.328.txt',
};

/**
 * The options of one help text.
 * @param {string} cli a key of HELP_FILES
 * @returns {Array<{name: string, aliases: string[], arg: '' | 'required' | 'optional', variadic: boolean}>}
 *   `name` is the first long form (`--allowedTools`), `aliases` every spelling.
 */
export function helpOptions(cli) {
  const file = fileURLToPath(new URL(`../../src/dropin/help/${HELP_FILES[cli]}`, import.meta.url));
  const text = readFileSync(file, 'utf8');
  const body = text.slice(text.indexOf('\nOptions:\n'), text.indexOf('\nCommands:\n') >>> 0);
  const out = new Map();
  for (const line of body.split('\n')) {
    const m = /^ {2}(-\S(?:.*?\S)?)(?: {2,}|$)/.exec(line);
    if (!m) continue;
    const spec = m[1];
    const arg = /<[^>]*>/.test(spec) ? 'required' : /\[[^\]]*\]/.test(spec) ? 'optional' : '';
    const aliases = spec.replace(/\s*[<[].*$/, '').split(/,\s*/);
    const name = aliases.find((a) => a.startsWith('--')) ?? aliases[0];
    if (!out.has(name)) out.set(name, { name, aliases, arg, variadic: spec.includes('...') });
  }
  return [...out.values()];
}
