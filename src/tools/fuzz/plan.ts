import { ILLEGAL_IDS, LEGAL_IDS, perturbation } from './catalogue.js';

/**
 * One fuzz run's plan: which perturbations, how many times each may act (`n`, the shrinkable budget),
 * the seed of every random choice, and the emulator seed. Serialised as a base64url JSON token
 * (`CBC_EMU_FUZZ`, `--replay`).
 */
export interface FuzzPlan {
  v: 1;
  /** Seed of the perturbations' choices. */
  seed: number;
  /** Emulator seed (`CBC_EMU_SEED`) of the run. */
  emu: string;
  /** Perturbation id -> budget (how many frames / writes it may touch). */
  p: Record<string, number>;
}

/** Encodes a plan as a token. */
export function encodePlan(plan: FuzzPlan): string {
  return Buffer.from(JSON.stringify(plan), 'utf8').toString('base64url');
}

/** Decodes and validates a token; throws an Error that says what is wrong. */
export function decodePlan(token: string): FuzzPlan {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw new Error(`fuzz token "${token.slice(0, 40)}" is not base64url JSON; copy it whole from the fuzz report`);
  }
  const o = v as Partial<FuzzPlan> | null;
  if (!o || o.v !== 1 || typeof o.seed !== 'number' || typeof o.emu !== 'string' || !o.p || typeof o.p !== 'object') {
    throw new Error('fuzz token has no {v:1, seed, emu, p}; it was not made by this version of cbc-emu fuzz');
  }
  for (const [id, n] of Object.entries(o.p)) {
    if (!perturbation(id)) throw new Error(`fuzz token names unknown perturbation "${id}"; known: ${[...LEGAL_IDS, ...ILLEGAL_IDS].join(', ')}`);
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw new Error(`fuzz token gives "${id}" budget ${String(n)}; budgets are whole numbers >= 1`);
  }
  return o as FuzzPlan;
}

/** FNV-1a over the parts: the root of every deterministic choice. */
export function hash32(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = String(part) + '\u0000';
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  return h >>> 0;
}

/** A float in [0, 1) fixed by the parts (mulberry32 finaliser over their hash). */
export function unit(...parts: Array<string | number>): number {
  let t = (hash32(...parts) + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** An integer in [lo, hi] fixed by the parts. */
export function pick(lo: number, hi: number, ...parts: Array<string | number>): number {
  return lo + Math.floor(unit(...parts) * (hi - lo + 1));
}

/**
 * The plan of run `run` of the campaign `seed`: depends on nothing else, so shards and replays agree.
 * Each allowed id joins with probability 1/2 (at least one joins); budgets are 1..8. With `illegal`,
 * every third run adds one illegal perturbation.
 */
export function planFor(seed: number, run: number, allowed: readonly string[], illegal: boolean): FuzzPlan {
  const p: Record<string, number> = {};
  const legal = allowed.filter((id) => perturbation(id)?.legal);
  for (const id of legal) if (unit(seed, run, 'join', id) < 0.5) p[id] = pick(1, 8, seed, run, 'n', id);
  if (legal.length > 0 && Object.keys(p).length === 0) {
    const id = legal[pick(0, legal.length - 1, seed, run, 'one')] as string;
    p[id] = pick(1, 8, seed, run, 'n', id);
  }
  const bad = allowed.filter((id) => !perturbation(id)?.legal);
  if (illegal && bad.length > 0 && run % 3 === 2) p[bad[pick(0, bad.length - 1, seed, run, 'bad')] as string] = 1;
  return { v: 1, seed: hash32(seed, run, 'plan'), emu: `fuzz-${seed}-${run}`, p };
}

/** Whether the plan uses only legal perturbations. */
export function isLegal(plan: FuzzPlan): boolean {
  return Object.keys(plan.p).every((id) => perturbation(id)?.legal === true);
}

/** Smaller plans that might still fail, simplest first: drop one perturbation, then lower one budget. */
export function shrinkCandidates(plan: FuzzPlan): FuzzPlan[] {
  const out: FuzzPlan[] = [];
  const ids = Object.keys(plan.p);
  for (const id of ids) {
    const { [id]: _drop, ...rest } = plan.p;
    void _drop;
    out.push({ ...plan, p: rest });
  }
  for (const id of ids) {
    const n = plan.p[id] as number;
    for (const m of [1, Math.floor(n / 2), n - 1]) {
      if (m >= 1 && m < n && !out.some((c) => c.p[id] === m && Object.keys(c.p).length === ids.length)) out.push({ ...plan, p: { ...plan.p, [id]: m } });
    }
  }
  return out;
}
