// The protocol surface inventory (issue #16; test/capture/inventory.mjs, generated into docs/fidelity.md):
// every row has a status per CLI, every captured row names capture files that exist, every --help option and
// every control request subtype the SDKs' types declare has a row, every surface case is cited, and the table
// in docs/fidelity.md is the one the data and test/golden/real/surface-results.json give. Runs in CI without
// the real CLIs (the captures and the compare results are committed; see docs/fidelity.md to refresh them).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/run-bin.js';

type Status = 'captured-match' | 'captured-divergent' | 'not-captured';
interface Cell {
  status: Status;
  reason?: string;
  cases: string[];
}
interface Row {
  id: string;
  kind: string;
  cases: string[] | 'frames';
  per: Record<string, Cell>;
}
interface Inventory {
  CLIS: Record<string, { dir: string; title: string }>;
  HELD_BACK: Set<string>;
  HELD_BACK_SETS: Array<{ key: string; label: string; mark: string; names: Set<string> }>;
  SDK_TO_CLI: { claude: string[]; cbc: string[] };
  CLI_TO_SDK: { claude: string[]; cbc: string[] };
  DOC: string;
  START: string;
  END: string;
  rows(): Array<{ id: string; cases: string[] | 'frames' }>;
  statuses(): Row[];
  counts(table: Row[]): Record<string, number>;
  render(table: Row[], counts: Record<string, number>): string;
  captureBase(cli: string, name: string): string | undefined;
}
interface Cases {
  SURFACE_CASES: Array<{ name: string; clis: string[] }>;
}
interface Help {
  HELP_FILES: Record<string, string>;
  helpOptions(cli: string): Array<{ name: string }>;
}

const load = async <T>(rel: string): Promise<T> => (await import(pathToFileURL(join(ROOT, 'test', 'capture', rel)).href)) as T;
const inv = await load<Inventory>('inventory.mjs');
const { SURFACE_CASES } = await load<Cases>('surface-cases.mjs');
const help = await load<Help>('help-options.mjs');

/** Control request subtypes declared in a .d.ts: the `subtype: '…'` of every `…Control…Request` type. */
function declaredSubtypes(file: string, typeHead: RegExp): string[] {
  const src = readFileSync(join(ROOT, 'node_modules', file), 'utf8');
  const out = new Set<string>();
  for (const m of src.matchAll(typeHead)) {
    const body = src.slice(m.index, src.indexOf('\n}', m.index));
    const sub = /\n\s+subtype: '([^']+)'/.exec(body)?.[1];
    if (sub !== undefined) out.add(sub);
  }
  return [...out].sort();
}

/** The table, or the reason it cannot be built (a planned case without its capture or compare result). */
function build(): { table: Row[]; error?: string } {
  try {
    return { table: inv.statuses() };
  } catch (e) {
    return { table: [], error: e instanceof Error ? e.message : String(e) };
  }
}

describe('protocol surface inventory (docs/fidelity.md)', () => {
  const { table, error } = build();

  it('has a capture and a compare result for every case a row plans', () => {
    expect(error).toBeUndefined();
    expect(table.length).toBeGreaterThan(0);
  });

  it('gives every row a status on every CLI, with a reason unless it matches', () => {
    for (const r of table) {
      for (const cli of Object.keys(inv.CLIS)) {
        const c = r.per[cli];
        expect(c, `${r.id} on ${cli}`).toBeDefined();
        expect(['captured-match', 'captured-divergent', 'not-captured'], `${r.id} on ${cli}`).toContain(c?.status);
        if (c?.status !== 'captured-match') expect(c?.reason ?? '', `${r.id} on ${cli}: reason`).not.toBe('');
        if (c?.status !== 'not-captured') expect(c?.cases.length, `${r.id} on ${cli}: cases`).toBeGreaterThan(0);
      }
    }
  });

  it('names only capture files that exist for captured rows', () => {
    for (const r of table) {
      for (const [cli, c] of Object.entries(r.per)) {
        if (c.status === 'not-captured') continue;
        for (const n of c.cases) {
          const base = inv.captureBase(cli, n);
          expect(base, `${r.id}: ${cli} ${n}`).toBeDefined();
          for (const ext of ['stdout.ndjson', 'stderr.txt', 'rc', 'stdin.json']) expect(existsSync(`${base}.${ext}`), `${base}.${ext}`).toBe(true);
        }
      }
    }
  });

  it('has a row for every option of every captured --help', () => {
    const ids = new Set(inv.rows().map((r) => r.id));
    for (const cli of Object.keys(help.HELP_FILES)) for (const o of help.helpOptions(cli)) expect(ids.has(o.name), `${cli} ${o.name}`).toBe(true);
  });

  it('has a row for every control request subtype the SDKs declare', () => {
    const claude = declaredSubtypes('@anthropic-ai/claude-agent-sdk/sdk.d.ts', /declare type SDK(?:Control\w*|HookCallback)Request = \{/g);
    const cbc = declaredSubtypes('@tencent-ai/agent-sdk/lib/types.d.ts', /export interface Control\w+Request (?:extends \w+ )?\{/g);
    // a subtype may be listed in both directions (mcp_message: the real CLIs also answer one sent to them)
    const listed = (who: 'claude' | 'cbc') => [...new Set([...inv.SDK_TO_CLI[who], ...inv.CLI_TO_SDK[who]])].sort();
    expect(listed('claude')).toEqual(claude);
    expect(listed('cbc')).toEqual(cbc);
  });

  it('cites every surface case in a row, and holds back only surface cases (sets that never overlap, together > 15%)', () => {
    const cited = new Set(inv.rows().flatMap((r) => (r.cases === 'frames' ? [] : r.cases)));
    const names = SURFACE_CASES.map((c) => c.name);
    expect(names.filter((n) => !cited.has(n))).toEqual([]);
    const sets = inv.HELD_BACK_SETS;
    expect(sets[0]?.names).toBe(inv.HELD_BACK);
    expect(new Set(sets.map((s) => s.mark)).size).toBe(sets.length);
    for (const [i, set] of sets.entries()) {
      expect([...set.names].filter((n) => !names.includes(n)), set.label).toEqual([]);
      // each set was written after the one before it and before any comparison with the emulator: no case twice
      for (const later of sets.slice(i + 1)) expect([...set.names].filter((n) => later.names.has(n)), `${set.label} / ${later.label}`).toEqual([]);
    }
    // the first set was ~20% of the surface when it was picked
    expect(sets.reduce((n, s) => n + s.names.size, 0) / names.length).toBeGreaterThan(0.15);
  });

  it('is the table docs/fidelity.md shows (regenerate: node test/capture/inventory.mjs --write)', () => {
    const doc = readFileSync(inv.DOC, 'utf8');
    const section = doc.slice(doc.indexOf(inv.START), doc.indexOf(inv.END) + inv.END.length);
    expect(section).toBe(inv.render(table, inv.counts(table)));
  });
});
