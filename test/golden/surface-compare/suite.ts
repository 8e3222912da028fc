// Every surface capture, replayed and compared by value in CI (issue #16 acceptance: "the real-capture test
// fails on any unlisted value difference"). test/capture/surface-replay.mjs replays each capture × CLI pair of
// test/golden/real/<cli>/ against the built drop-in with the matching profile (its entry in this process; a case
// that sends a signal spawns bin/cbc.js) — the same code compare.mjs runs
// to write test/golden/real/surface-results.json — and this test holds the emulator to those stored results:
// a pair that matched must still match; a divergent pair must show exactly its listed divergence keys (frame
// kind and what differs, the granularity of real-compare.test.ts's ALLOWED), no new one and none gone (on one
// of up to 1 + RETRIES replays: real-time stdin against a loaded machine can move a background frame). A
// divergence that went away fails too, so the list only shrinks deliberately (rerun compare.mjs --write and
// node test/capture/inventory.mjs --write). Every listed divergence must belong to a row of the surface
// inventory (inventory.mjs → docs/fidelity.md) that gives a reason. Replays run PARALLEL at a time (a -t filter
// replays only the pairs it selects); nothing here is timed (the timeouts only guard against a hung emulator).
// The pairs are dealt to SHARDS files (1.test.ts … SHARDS.test.ts in this folder, one `it` per pair as before), so
// the runner's workers share them: in one file they were the suite's longest (85 s of a 160 s run on a quiet
// 2-core machine, one worker; issue #21). Run them all with `npx vitest run --config test/vitest.config.ts
// test/golden/surface-compare/`. Needs `npm run build` (npm test does it).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/run-bin.js';

interface Divergence {
  key: string;
  detail: string;
}
type Outcome = { value: Divergence[] } | { error: unknown };
type Pair = [cli: string, name: string];
type Results = Record<string, Record<string, string[]>>;
interface Replay {
  RESULTS: string;
  surfaceCaptures(): Pair[];
  compareCase(cli: string, name: string, opts?: { realTime?: boolean }): Promise<Divergence[]>;
  lookahead(items: Pair[], work: (p: Pair) => Promise<Divergence[]>, opts?: { parallel?: number; window?: number }): (i: number) => Promise<Outcome>;
  outcomeChange(stored: string[], divs: Divergence[]): { new: string[]; fixed: string[] };
  refreshCommand(cli: string, name: string): string;
  stored(d: Divergence): string;
  keyOf(line: string): string;
}
interface Cell {
  status: string;
  reason?: string;
  cases: string[];
}
interface Inventory {
  statuses(results: Results): Array<{ id: string; cases: string[] | 'frames'; per: Record<string, Cell> }>;
}

/** This folder: the shard files. */
const HERE = dirname(fileURLToPath(import.meta.url));

/** Further replays of a pair whose first replay differs (see the per-pair test). */
const RETRIES = 2;

const load = async <T>(rel: string): Promise<T> => (await import(pathToFileURL(join(ROOT, 'test', 'capture', rel)).href)) as T;
const replay = await load<Replay>('surface-replay.mjs');
const inv = await load<Inventory>('inventory.mjs');
const results = JSON.parse(readFileSync(replay.RESULTS, 'utf8')) as Results;
/**
 * Every pair on disk, in one order for every shard's process (a folder's listing order is the file system's): by a
 * hash of the pair's name, so the cases of one kind (one CLI's ctl_* side-session cases, say) are spread over the
 * shards and over each shard's run instead of starting together in the burst of the first replays of every file.
 */
const allPairs = replay
  .surfaceCaptures()
  .map((p) => ({ p, h: createHash('sha1').update(`${p[0]} ${p[1]}`).digest('hex') }))
  .sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : 0))
  .map(({ p }) => p);

/**
 * How many files the pairs are dealt to: every SHARDS-th pair to one file, so each file gets its share of the slow
 * kinds (signal cases in real time, long waits) and the files take about the same time.
 */
export const SHARDS = 4;

/** What is wrong with a fresh replay of `cli name` against its stored result ('' when nothing). */
function judge(cli: string, name: string, divs: Divergence[]): string {
  const stored = results[cli]?.[name] ?? [];
  const change = replay.outcomeChange(stored, divs);
  const out: string[] = [];
  if (change.new.length > 0) {
    out.push(`${change.new.length} divergence(s) not listed in test/golden/real/surface-results.json (fix the emulator):`);
    for (const k of change.new) out.push(`  ${divs.filter((d) => d.key === k).map((d) => replay.stored(d)).join('\n  ')}`);
  }
  if (change.fixed.length > 0) {
    out.push(`${change.fixed.length} listed divergence(s) no longer seen (fixed?): ${change.fixed.join('; ')}`);
    out.push(`  record it: ${replay.refreshCommand(cli, name)} && node test/capture/inventory.mjs --write`);
  }
  return out.join('\n');
}

/** The checks over the whole list of pairs and stored results (shard 1 runs them). */
function wholeList(): void {
  it('has a stored result for every capture and a capture for every stored result', () => {
    expect(allPairs.length).toBeGreaterThan(0);
    const have = new Set(allPairs.map(([cli, name]) => `${cli} ${name}`));
    const storedPairs = Object.entries(results).flatMap(([cli, m]) => Object.keys(m).map((name) => `${cli} ${name}`));
    expect(allPairs.filter(([cli, name]) => !results[cli]?.[name]).map(([cli, name]) => replay.refreshCommand(cli, name)), 'captures without a stored result').toEqual([]);
    expect(storedPairs.filter((p) => !have.has(p)), 'stored results without a capture (remove them from surface-results.json)').toEqual([]);
  });

  it(`deals every pair to one of the ${SHARDS} shard files, each a file of this folder`, () => {
    const files = readdirSync(HERE).filter((f) => f.endsWith('.test.ts')).sort();
    expect(files).toEqual(Array.from({ length: SHARDS }, (_, k) => `${k + 1}.test.ts`).sort());
    const dealt = Array.from({ length: SHARDS }, (_, k) => shardPairs(k + 1)).flat().map(([cli, name]) => `${cli} ${name}`);
    expect(dealt.sort()).toEqual(allPairs.map(([cli, name]) => `${cli} ${name}`).sort());
  });

  it('gives every listed divergence an inventory row with a reason (test/capture/inventory.mjs)', () => {
    const table = inv.statuses(results);
    const unmapped: string[] = [];
    for (const [cli, m] of Object.entries(results)) {
      for (const [name, lines] of Object.entries(m)) {
        for (const key of new Set(lines.map(replay.keyOf))) {
          // the row whose reason statuses() built from this pair's divergences (a message row: those naming it)
          const row = table.find((r) => r.per[cli]?.status === 'captured-divergent' && (r.per[cli]?.reason ?? '') !== '' && r.per[cli]?.cases.includes(name) && (r.cases !== 'frames' || key.includes(r.id)));
          if (!row) unmapped.push(`${cli} ${name}: ${key}`);
        }
      }
    }
    expect(unmapped).toEqual([]);
  });
}

/** The pairs of shard `shard` (1 … SHARDS): every SHARDS-th pair of the hashed order, from the shard's own place. */
export const shardPairs = (shard: number): Pair[] => allPairs.filter((_, i) => i % SHARDS === shard - 1);

/** One shard's file: its pairs, one `it` each (shard 1 also checks the whole list). */
export function surfaceShard(shard: number): void {
  const pairs = shardPairs(shard);
  /**
   * The replays of the pairs this run selects (all of the shard's, or those a -t filter keeps), queued at once in
   * the suite's beforeAll and run PARALLEL at a time; each pair's test waits for its own. Queuing every selected
   * pair at once, not a window ahead of the test being awaited, keeps the pool full while a test waits on a long
   * replay (a signal case in real time, a capture's 20 s wait_for that the emulator never meets): with a window
   * the suite's wall was the sum of those waits (issue #21).
   */
  let selected = new Map<number, number>();
  let queued: (i: number) => Promise<Outcome> = () => Promise.reject(new Error('the replays are queued in beforeAll'));
  const outcome = (i: number): Promise<Outcome> => {
    const j = selected.get(i);
    return j === undefined ? replay.compareCase(...(pairs[i] as Pair)).then((value) => ({ value }), (error: unknown) => ({ error })) : queued(j);
  };

  describe(`surface captures vs the emulator, by value (issue #16), shard ${shard} of ${SHARDS}`, () => {
    beforeAll(({}, suite) => {
      const indexOf = new Map(pairs.map(([cli, name], i) => [`${cli} ${name}`, i]));
      const chosen = suite.tasks.flatMap((t) => (t.type === 'test' && t.mode === 'run' && indexOf.has(t.name) ? [indexOf.get(t.name) as number] : []));
      selected = new Map(chosen.map((i, j) => [i, j]));
      queued = replay.lookahead(chosen.map((i) => pairs[i] as Pair), ([cli, name]) => replay.compareCase(cli, name), { window: chosen.length });
      if (chosen.length > 0) void queued(0); // starts every selected replay (PARALLEL at a time)
    });

    if (shard === 1) wholeList();

    for (const [i, [cli, name]] of pairs.entries()) {
      it(`${cli} ${name}`, async () => {
        const o = await outcome(i);
        if ('error' in o) throw o.error;
        let wrong = judge(cli, name, o.value);
        // stdin steps run in real time against a 10x virtual clock, so on a loaded machine a background or
        // workflow case can place a frame differently (real-compare.test.ts's resultPosition reason), or a mid-turn
        // step can land after the turn: a differing pair is replayed up to RETRIES more times, the last at the
        // capture's own speed (a mid-turn step then has the window it had against the real CLI), and passes only
        // if one replay gives exactly its stored keys; a regression or a fix shows on every replay
        for (let n = 1; wrong !== '' && n <= RETRIES; n++) {
          if (judge(cli, name, await replay.compareCase(cli, name, { realTime: n === RETRIES })) !== '') continue;
          console.warn(`${cli} ${name}: replay ${n + 1} gave the stored result; the first differed:\n${wrong}`);
          wrong = '';
        }
        expect(wrong, `${cli} ${name}: replay differs from its stored result (${RETRIES + 1} replays)`).toBe('');
      }, 300_000); // a guard against a hung emulator only: a pair takes seconds, signal cases replay in real time
    }
  });
}
