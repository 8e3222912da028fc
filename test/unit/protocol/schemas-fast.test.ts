// The outbound schemas' quick yes (src/protocol/schemas/fast.ts, issue #21): a predicate built from the frame
// declarations that lets validateFrame skip zod for a frame with no issue. It must never say yes where zod has an
// issue (the checker would then miss a broken frame), and should say yes to nearly every valid frame (else it saves
// nothing). Checked on every frame of the transcripts under test/golden (real captures and the emulator's goldens),
// in every wire dialect, and on variants of each frame with one value, deep or shallow, changed, removed or added.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WIRES, type Wire } from '../../../dist/protocol/frames/index.js';
import { outboundTable } from '../../../dist/protocol/schemas/outbound.js';
import { ROOT } from '../../helpers/run-bin.js';

type Obj = Record<string, unknown>;
/** Frames kept per type/subtype, and per key set of one. */
const PER_KIND = 40;
const PER_SHAPE = 3;

/**
 * The JSON object lines of the .ndjson files under test/golden, at most PER_KIND per type/subtype and PER_SHAPE per
 * key set (the variants of every line of every transcript would take minutes).
 */
function goldenFrames(): Obj[] {
  const out: Obj[] = [];
  const kinds = new Map<string, number>();
  const shapes = new Map<string, number>();
  const keep = (f: Obj): void => {
    const kind = `${String(f['type'])}/${String(f['subtype'])}`;
    const shape = `${kind} ${Object.keys(f).join(',')} ${JSON.stringify(f['workflow_progress'] ?? null).length > 2 ? 'rows' : ''}`;
    if ((kinds.get(kind) ?? 0) >= PER_KIND || (shapes.get(shape) ?? 0) >= PER_SHAPE) return;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    out.push(f);
  };
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.ndjson')) {
        for (const line of readFileSync(p, 'utf8').split('\n')) {
          try {
            const f: unknown = JSON.parse(line);
            if (f && typeof f === 'object' && !Array.isArray(f)) keep(f as Obj);
          } catch {
            /* a blank or torn line */
          }
        }
      }
    }
  };
  walk(join(ROOT, 'test', 'golden'));
  return out;
}

/** The schema key validateFrame would pick (type/subtype, else type), or undefined. */
function keyOf(frames: Obj, f: Obj): string | undefined {
  if (typeof f['type'] !== 'string') return undefined;
  if (typeof f['subtype'] === 'string' && Object.hasOwn(frames, `${f['type']}/${f['subtype']}`)) return `${f['type']}/${f['subtype']}`;
  return Object.hasOwn(frames, f['type']) ? f['type'] : undefined;
}

/** Variants of `v` with one value changed (to each of a few other types), removed or added, at every depth up to 3. */
function* variants(v: unknown, depth = 0): Generator<unknown> {
  if (depth > 3 || v === null || typeof v !== 'object') return;
  const others: unknown[] = ['x', 1.5, null, {}, [1]];
  if (Array.isArray(v)) {
    for (let i = 0; i < Math.min(v.length, 3); i++) {
      for (const o of others) yield v.map((x, j) => (j === i ? o : x));
      for (const inner of variants(v[i], depth + 1)) yield v.map((x, j) => (j === i ? inner : x));
    }
    return;
  }
  const o = v as Obj;
  yield { ...o, zz_extra: 1 };
  for (const k of Object.keys(o)) {
    const { [k]: _, ...rest } = o;
    yield rest;
    for (const x of others) yield { ...o, [k]: x };
    for (const inner of variants(o[k], depth + 1)) yield { ...o, [k]: inner };
  }
}

const frames = goldenFrames();

describe('the outbound schemas\' quick yes (issue #21)', () => {
  it('reads the golden transcripts', () => {
    expect(frames.length).toBeGreaterThan(250);
  });

  for (const wire of WIRES as readonly Wire[]) {
    it(`${wire}: never accepts what zod refuses, and accepts nearly every frame zod accepts`, () => {
      const t = outboundTable(wire);
      const wrong: string[] = [];
      let valid = 0;
      let quick = 0;
      let tried = 0;
      const judge = (key: string, v: unknown, rows: boolean): void => {
        const zodOk = t.frames[key]!.safeParse(v).success && (!rows || rowsOk(v));
        const yes = t.accepts.frames[key]!(v) && (!rows || rowsYes(v));
        tried++;
        if (yes && !zodOk) wrong.push(`${key}: ${JSON.stringify(v).slice(0, 300)}`);
        if (zodOk) valid++;
        if (zodOk && yes) quick++;
      };
      const rowList = (v: unknown): Obj[] => (v && typeof v === 'object' && Array.isArray((v as Obj)['workflow_progress']) ? ((v as Obj)['workflow_progress'] as Obj[]) : []);
      const rowKey = (r: Obj) => (r && typeof r === 'object' && typeof r['type'] === 'string' && Object.hasOwn(t.rows, r['type']) ? r['type'] : undefined);
      const rowsOk = (v: unknown) => rowList(v).every((r) => rowKey(r) === undefined || t.rows[rowKey(r)!]!.safeParse(r).success);
      const rowsYes = (v: unknown) => rowList(v).every((r) => rowKey(r) === undefined || t.accepts.rows[rowKey(r)!]!(r));
      for (const f of frames) {
        const key = keyOf(t.frames, f);
        if (key === undefined) continue;
        judge(key, f, true);
        if (!t.frames[key]!.safeParse(f).success) continue; // variants of the frames valid in this dialect
        for (const v of variants(f)) judge(key, v, true);
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(tried).toBeGreaterThan(5_000);
      // the frames as written: almost all valid ones take the quick path (the rest cost a zod parse, as before)
      expect(quick / valid).toBeGreaterThan(0.95);
    });
  }
});
