// Line-by-line shape comparison of two normalised frame streams (issue #5): same frames in the same order
// (aligned by label with a longest common subsequence, so one missing frame is one divergence), and for
// each aligned pair the same keys in the same order and the same value types, recursively. Values are not
// compared, except the discriminators below (they decide what a frame means).
import type { Json } from './normalize.js';

/** One difference; `key` is what an allow-list entry matches (no numbers, no values). */
export interface Divergence {
  key: string;
  detail: string;
}

/** Keys whose values are compared, not only their types. */
const DISCRIMINATORS = new Set(['type', 'subtype', 'status', 'task_type', 'state', 'is_error', 'stop_reason']);

type Obj = { [k: string]: Json };
const isObj = (v: Json): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const typeOf = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** `type[/subtype][/response.subtype]`: what a frame is. */
export function label(f: Json): string {
  if (!isObj(f)) return typeOf(f);
  let l = String(f['type'] ?? (f['subtype'] !== undefined ? '' : 'result?'));
  if (typeof f['subtype'] === 'string') l += `/${f['subtype']}`;
  const r = f['response'] ?? null;
  if (f['type'] === 'control_response' && isObj(r) && typeof r['subtype'] === 'string') l += `/${r['subtype']}`;
  return l;
}

/** Indices of an LCS alignment of two label lists. */
function align(a: string[], b: string[]): Array<[number | undefined, number | undefined]> {
  const n = a.length;
  const m = b.length;
  const dp: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const out: Array<[number | undefined, number | undefined]> = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) out.push([i++, j++]);
    else if (j >= m || (i < n && dp[i + 1]![j]! >= dp[i]![j + 1]!)) out.push([i++, undefined]);
    else out.push([undefined, j++]);
  }
  return out;
}

function compareValue(real: Json, emu: Json, path: string, where: string, out: Divergence[]): void {
  const tr = typeOf(real);
  const te = typeOf(emu);
  if (tr !== te) {
    out.push({ key: `${where} ${path} type`, detail: `real ${tr} ${JSON.stringify(real)?.slice(0, 80)}, emulator ${te} ${JSON.stringify(emu)?.slice(0, 80)}` });
    return;
  }
  if (Array.isArray(real) && Array.isArray(emu)) {
    if (real.length !== emu.length) out.push({ key: `${where} ${path}[] length`, detail: `real ${real.length}, emulator ${emu.length}` });
    for (let i = 0; i < Math.min(real.length, emu.length); i++) compareValue(real[i]!, emu[i]!, `${path}[]`, where, out);
    return;
  }
  if (isObj(real) && isObj(emu)) {
    const rk = Object.keys(real);
    const ek = Object.keys(emu);
    for (const k of rk) if (!(k in emu)) out.push({ key: `${where} ${path}.${k} missing`, detail: `real has ${k}: ${JSON.stringify(real[k])?.slice(0, 80)}` });
    for (const k of ek) if (!(k in real)) out.push({ key: `${where} ${path}.${k} extra`, detail: `emulator has ${k}: ${JSON.stringify(emu[k])?.slice(0, 80)}` });
    const common = rk.filter((k) => k in emu);
    const commonE = ek.filter((k) => k in real);
    if (common.join(',') !== commonE.join(',')) out.push({ key: `${where} ${path || '.'} key order`, detail: `real ${common.join(',')} / emulator ${commonE.join(',')}` });
    for (const k of common) {
      const r = real[k]!;
      const e = emu[k]!;
      if (DISCRIMINATORS.has(k) && typeOf(r) === typeOf(e) && (typeof r !== 'object' || r === null) && r !== e) out.push({ key: `${where} ${path}.${k} value`, detail: `real ${JSON.stringify(r)}, emulator ${JSON.stringify(e)}` });
      compareValue(r, e, `${path}.${k}`, where, out);
    }
  }
}

/** All divergences between a real stream and the emulator's, both normalised. */
export function diffFrames(real: Json[], emu: Json[]): Divergence[] {
  const out: Divergence[] = [];
  const la = real.map(label);
  const lb = emu.map(label);
  for (const [i, j] of align(la, lb)) {
    if (i === undefined) out.push({ key: `extra frame ${lb[j!]}`, detail: `emulator line ${j! + 1}: ${JSON.stringify(emu[j!]).slice(0, 160)}` });
    else if (j === undefined) out.push({ key: `missing frame ${la[i]}`, detail: `real line ${i + 1}: ${JSON.stringify(real[i]).slice(0, 160)}` });
    else compareValue(real[i]!, emu[j]!, '', la[i]!, out);
  }
  return out;
}

/** Divergences between two plain-text outputs (`-p` text mode): line for line, after normalisation. */
export function diffText(real: string[], emu: string[]): Divergence[] {
  const out: Divergence[] = [];
  if (real.length !== emu.length) out.push({ key: 'text line count', detail: `real ${real.length}, emulator ${emu.length}` });
  for (let i = 0; i < Math.min(real.length, emu.length); i++) if (real[i] !== emu[i]) out.push({ key: 'text line', detail: `line ${i + 1}: real ${JSON.stringify(real[i])}, emulator ${JSON.stringify(emu[i])}` });
  return out;
}
