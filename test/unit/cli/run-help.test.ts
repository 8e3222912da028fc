// `cbc-emu run --help` documents the emulator's settings (issue #15): every --emu-* flag of the drop-in's
// option table and every CBC_EMU_* variable the sources read has its row, and no row names one that does not exist.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMU_SETTINGS, runHelpText } from '../../../src/cli/run-help.js';
import { commandLine } from '../../../src/dropin/options.js';
import { ROOT } from '../../helpers/run-bin.js';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

describe('cbc-emu run --help (issue #15)', () => {
  it('has a row for every --emu-* option of each profile\'s command line, and only those', () => {
    for (const cli of ['cbc', 'claude-2.1.220', 'claude-2.1.328']) {
      const flags = commandLine(cli).options.filter((o) => o.name.startsWith('emu-')).map((o) => `--${o.name}`).sort();
      expect(EMU_SETTINGS.flatMap((s) => (s.flag ? [s.flag] : [])).sort()).toEqual(flags);
    }
  });

  it('has a row for every CBC_EMU_* variable src/ reads, and only those', () => {
    const read = new Set<string>();
    for (const f of sources(join(ROOT, 'src'))) {
      if (f.endsWith(join('cli', 'run-help.ts'))) continue;
      for (const m of readFileSync(f, 'utf8').matchAll(/\bCBC_EMU_[A-Z_]*[A-Z]\b/g)) read.add(m[0]);
    }
    expect(EMU_SETTINGS.map((s) => s.env).sort()).toEqual([...read].sort());
  });

  it('prints each row', () => {
    const text = runHelpText();
    for (const s of EMU_SETTINGS) {
      expect(text).toContain(s.env);
      expect(text).toContain(s.what);
    }
  });
});
