import { wireOf } from '../frames/index.js';
import type { ProfileName } from '../vocabulary.js';
import { toIssues, type FrameSchema, type SchemaIssue } from './common.js';
import type { Accepts } from './fast.js';
import { INBOUND } from './inbound.js';
import { outboundTable, type Table } from './outbound.js';

export type { SchemaIssue } from './common.js';

/** A table entry by a name read from a frame: own keys only, so `"type":"constructor"` finds no schema (issue #18). */
function own(table: Record<string, FrameSchema>, key: string): FrameSchema | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The schema key of a frame: `type/subtype` when that is declared, else `type`. */
function schemaKey(table: Record<string, unknown>, f: Record<string, unknown>): string | undefined {
  if (typeof f['type'] !== 'string') return undefined;
  if (typeof f['subtype'] === 'string') {
    const key = `${f['type']}/${f['subtype']}`;
    if (Object.hasOwn(table, key)) return key;
    if (f['type'] === 'system') return undefined; // unknown system subtype: tolerated (seed 000 §8)
  }
  return Object.hasOwn(table, f['type']) ? f['type'] : undefined;
}

/** The type of a timeline row, or undefined. */
const rowType = (row: unknown): unknown => (row && typeof row === 'object' ? (row as Record<string, unknown>)['type'] : undefined);

/** True when an outbound frame and every known timeline row in it pass their quick yes: no issue to word then. */
function quicklyValid(table: Table, key: string, frame: Record<string, unknown>): boolean {
  if (!(table.accepts.frames[key] as Accepts)(frame)) return false;
  const rows = frame['workflow_progress'];
  if (!Array.isArray(rows)) return true;
  return rows.every((row: unknown) => {
    const type = rowType(row);
    return typeof type !== 'string' || !Object.hasOwn(table.accepts.rows, type) || (table.accepts.rows[type] as Accepts)(row);
  });
}

/**
 * Validates one frame against `profile`'s schema. `dir: 'out'` (what the CLI wrote) uses the strict
 * outbound schemas, `dir: 'in'` (what the consumer wrote) the loose inbound ones. Frames of an unknown
 * type and timeline rows of an unknown type yield no issues: consumers MUST ignore them (seed 000 §7/§8).
 */
export function validateFrame(profile: ProfileName, frame: Record<string, unknown>, dir: 'in' | 'out' = 'out'): SchemaIssue[] {
  const out = dir === 'out' ? outboundTable(wireOf(profile)) : undefined;
  const table = out ?? { frames: INBOUND, rows: {} };
  const key = schemaKey(table.frames, frame);
  if (key === undefined) return [];
  if (out && quicklyValid(out, key, frame)) return [];
  const r = (table.frames[key] as FrameSchema).safeParse(frame);
  const issues = r.success ? [] : toIssues(r.error);
  const rows = frame['workflow_progress'];
  if (dir === 'out' && Array.isArray(rows)) {
    rows.forEach((row: unknown, i) => {
      const type = rowType(row);
      const rs = typeof type === 'string' ? own(table.rows, type) : undefined;
      if (!rs) return;
      const rr = rs.safeParse(row);
      if (!rr.success) issues.push(...toIssues(rr.error, `workflow_progress.${i}`));
    });
  }
  return issues;
}
