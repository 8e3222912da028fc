// Issue #8: every legal perturbation (docs/fuzzing.md), applied to every golden transcript in any
// batching, keeps the checker clean (seed 000 §6/§7/§8, seed 002 §8); every illegal one breaks the rule
// it names. The byte layer only moves read boundaries: the bytes that arrive are the bytes sent.
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ChunkWriter, cutPoints } from '../../../../dist/tools/fuzz/bytes.js';
import { ILLEGAL_IDS, LEGAL_IDS } from '../../../../dist/tools/fuzz/catalogue.js';
import { FrameTransformer } from '../../../../dist/tools/fuzz/frames.js';
import { decodePlan, encodePlan, planFor, shrinkCandidates, type FuzzPlan } from '../../../../dist/tools/fuzz/plan.js';
import { checkTranscript } from '../../../../dist/tools/check/rules.js';
import { ROOT } from '../../../helpers/run-bin.js';

const GOLDEN = join(ROOT, 'test', 'golden');
const goldens = readdirSync(GOLDEN, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'real' && d.name !== 'modes')
  .flatMap((d) => readdirSync(join(GOLDEN, d.name)).filter((f) => f.endsWith('.ndjson')).map((f) => join(d.name, f)));

/** A golden's text, read once (the properties below perturb each golden hundreds of times; #21). */
const texts = new Map<string, string>();
const golden = (file: string): string => texts.get(file) ?? texts.set(file, readFileSync(join(GOLDEN, file), 'utf8')).get(file)!;
const linesOf = new Map<string, string[]>();

/** Runs the golden's frames through the transformer, flushing after each batch length in `cuts`. */
function perturb(file: string, plan: FuzzPlan, cuts: number[] = []): string {
  const lines = linesOf.get(file) ?? linesOf.set(file, golden(file).split('\n').filter((l) => l !== '')).get(file)!;
  const t = new FrameTransformer(plan);
  const out: string[] = [];
  let c = 0;
  lines.forEach((l, i) => {
    t.push(l);
    if (cuts.includes(i)) out.push(...t.flush());
    c++;
  });
  out.push(...t.flush());
  expect(c).toBe(lines.length);
  return out.map((l) => l + '\n').join('');
}

const planArb = (ids: readonly string[]) =>
  fc
    .tuple(fc.subarray([...ids], { minLength: 1 }), fc.array(fc.integer({ min: 1, max: 8 }), { minLength: ids.length, maxLength: ids.length }), fc.nat())
    .map(([chosen, n, seed]): FuzzPlan => ({ v: 1, seed, emu: 'x', p: Object.fromEntries(chosen.map((id) => [id, n[ids.indexOf(id)] as number])) }));

describe('legal perturbations keep every golden clean', () => {
  it('finds the goldens', () => expect(goldens.length).toBeGreaterThanOrEqual(30));
  for (const file of goldens) {
    it(file, () => {
      expect(checkTranscript(golden(file))).toEqual([]);
      fc.assert(
        fc.property(planArb(LEGAL_IDS.filter((id) => id !== 'chunk' && id !== 'jitter')), fc.array(fc.nat({ max: 60 }), { maxLength: 6 }), (plan, cuts) => {
          const text = perturb(file, plan, cuts);
          expect(checkTranscript(text)).toEqual([]);
        }),
        { numRuns: 60, seed: 8 },
      );
    });
  }
});

describe('each legal perturbation acts on the goldens', () => {
  // a perturbation that never changes anything would make the property above vacuous
  for (const id of LEGAL_IDS.filter((i) => i !== 'chunk' && i !== 'jitter')) {
    it(id, () => {
      let changed = 0;
      for (const file of goldens) for (let seed = 0; seed < 5; seed++) if (perturb(file, { v: 1, seed, emu: 'x', p: { [id]: 8 } }) !== golden(file)) changed++;
      expect(changed).toBeGreaterThan(0);
    });
  }
});

describe('illegal perturbations break the rule they name', () => {
  const expected: Record<string, string> = {
    'dup-notification': 'task.notification.once',
    'missing-notification': 'task.terminal.reached',
    'terminal-before-start': 'task.started.first',
  };
  for (const id of ILLEGAL_IDS.filter((i) => i !== 'truncate-last-line')) {
    it(`${id} -> ${expected[id]}`, () => {
      for (const file of ['background-tasks/cbc.ndjson', 'deep-research/claude-2.1.328.ndjson', 'concurrent-workflows/cbc-2.117.0.ndjson']) {
        const rules = checkTranscript(perturb(file, { v: 1, seed: 3, emu: 'x', p: { [id]: 1 } })).map((v) => v.rule);
        expect(rules, file).toContain(expected[id]);
      }
    });
  }
  it('truncate-last-line -> frame.one-json-per-line (torn last line)', async () => {
    const sink = new PassThrough();
    const got: Buffer[] = [];
    sink.on('data', (c: Buffer) => got.push(c));
    const w = new ChunkWriter(sink, { v: 1, seed: 1, emu: 'x', p: { 'truncate-last-line': 1 } });
    const text = golden('default/cbc.ndjson');
    w.write(text);
    w.tornTail();
    await new Promise<void>((r) => w.write('', () => r()));
    const rules = checkTranscript(Buffer.concat(got).toString('utf8')).map((v) => v.rule);
    expect(rules).toEqual(['frame.one-json-per-line']);
  });
});

describe('byte layer (chunk, jitter)', () => {
  it('delivers the same bytes in other pieces, splitting inside multi-byte characters', async () => {
    const text = perturb('deep-research/cbc.ndjson', { v: 1, seed: 2, emu: 'x', p: { 'unknown-field': 8 } });
    expect(text).toMatch(/漢字/); // unknown fields carry multi-byte text, so there is something to split
    for (let seed = 0; seed < 5; seed++) {
      const sink = new PassThrough();
      const pieces: Buffer[] = [];
      sink.on('data', (c: Buffer) => pieces.push(c));
      const w = new ChunkWriter(sink, { v: 1, seed, emu: 'x', p: { chunk: 50, jitter: 3 } });
      for (const line of text.split(/(?<=\n)/)) w.write(line);
      await new Promise<void>((r) => w.write('', () => r()));
      expect(Buffer.concat(pieces).toString('utf8')).toBe(text);
      expect(w.applied.get('chunk')).toBeGreaterThan(0);
    }
    const buf = Buffer.from('{"a":"漢字🙂"}\n');
    const inside = Array.from({ length: 20 }, (_, s) => cutPoints(buf, s, 0)).flat().filter((i) => ((buf[i] as number) & 0xc0) === 0x80);
    expect(inside.length).toBeGreaterThan(0);
  });
});

describe('plans', () => {
  it('round-trip as tokens and refuse bad ones with a reason', () => {
    const plan = planFor(7, 3, LEGAL_IDS, false);
    expect(decodePlan(encodePlan(plan))).toEqual(plan);
    expect(() => decodePlan('nope')).toThrow(/not base64url JSON|no \{v:1/);
    expect(() => decodePlan(encodePlan({ ...plan, p: { bogus: 1 } }))).toThrow(/unknown perturbation "bogus"/);
  });
  it('depend only on (seed, run): the same campaign gives the same plans', () => {
    expect(planFor(5, 11, LEGAL_IDS, true)).toEqual(planFor(5, 11, LEGAL_IDS, true));
    expect(planFor(5, 11, LEGAL_IDS, true)).not.toEqual(planFor(6, 11, LEGAL_IDS, true));
  });
  it('shrink candidates are strictly smaller', () => {
    const plan: FuzzPlan = { v: 1, seed: 1, emu: 'x', p: { chunk: 6, interleave: 1 } };
    const size = (p: FuzzPlan) => Object.keys(p.p).length * 100 + Object.values(p.p).reduce((a, b) => a + b, 0);
    for (const c of shrinkCandidates(plan)) expect(size(c)).toBeLessThan(size(plan));
  });
});
