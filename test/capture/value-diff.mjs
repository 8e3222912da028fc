// Value-level comparison of two normalised frame streams (issue #16): frames aligned by `type/subtype` with a
// longest common subsequence (one missing frame is one divergence), then every aligned pair compared key by
// key — missing, extra, key order, type, and the value itself. test/golden/shape-diff.ts compares shapes only
// (values of discriminators); this is the stricter check the surface inventory's statuses come from.
import { label } from '../golden/shape-diff.ts';

const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const typeOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const show = (v) => JSON.stringify(v)?.slice(0, 120);

/** Index pairs of an LCS alignment of two label lists (`undefined` on the side that has no frame). */
function align(a, b) {
  const dp = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) dp[i][j] = a[i] === b[j] ? dp[i + 1][j + 1] + 1 : Math.max(dp[i + 1][j], dp[i][j + 1]);
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) out.push([i++, j++]);
    else if (j >= b.length || (i < a.length && dp[i + 1][j] >= dp[i][j + 1])) out.push([i++, undefined]);
    else out.push([undefined, j++]);
  }
  return out;
}

function compare(real, emu, path, where, out) {
  const tr = typeOf(real);
  const te = typeOf(emu);
  if (tr !== te) return void out.push({ key: `${where} ${path} type`, detail: `real ${show(real)}, emulator ${show(emu)}` });
  if (Array.isArray(real)) {
    if (real.length !== emu.length) out.push({ key: `${where} ${path}[] length`, detail: `real ${real.length}, emulator ${emu.length}` });
    for (let i = 0; i < Math.min(real.length, emu.length); i++) compare(real[i], emu[i], `${path}[]`, where, out);
    return;
  }
  if (isObj(real)) {
    const rk = Object.keys(real);
    const ek = Object.keys(emu);
    for (const k of rk) if (!(k in emu)) out.push({ key: `${where} ${path}.${k} missing`, detail: `real ${show(real[k])}` });
    for (const k of ek) if (!(k in real)) out.push({ key: `${where} ${path}.${k} extra`, detail: `emulator ${show(emu[k])}` });
    const common = rk.filter((k) => k in emu);
    if (common.join(',') !== ek.filter((k) => k in real).join(',')) out.push({ key: `${where} ${path || '.'} key order`, detail: `real ${common.join(',')}` });
    for (const k of common) compare(real[k], emu[k], `${path}.${k}`, where, out);
    return;
  }
  if (real !== emu) out.push({ key: `${where} ${path} value`, detail: `real ${show(real)}, emulator ${show(emu)}` });
}

/** Every divergence between a real stream and the emulator's (both normalised): `{key, detail}`. */
export function diffValues(real, emu) {
  const out = [];
  const la = real.map(label);
  const lb = emu.map(label);
  for (const [i, j] of align(la, lb)) {
    if (i === undefined) out.push({ key: `extra frame ${lb[j]}`, detail: `emulator line ${j + 1}: ${show(emu[j])}` });
    else if (j === undefined) out.push({ key: `missing frame ${la[i]}`, detail: `real line ${i + 1}: ${show(real[i])}` });
    else compare(real[i], emu[j], '', la[i], out);
  }
  return out;
}

/** Divergences between two lists of text lines (text stdout, stderr). */
export function diffLines(real, emu, what) {
  if (real.join('\n') === emu.join('\n')) return [];
  const i = real.findIndex((l, n) => l !== emu[n]);
  const at = i < 0 ? Math.min(real.length, emu.length) : i;
  return [{ key: `${what} text`, detail: `line ${at + 1}: real ${show(real[at] ?? '<none>')}, emulator ${show(emu[at] ?? '<none>')}` }];
}
