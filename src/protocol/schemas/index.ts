import { wireOf } from '../frames/index.js';
import type { ProfileName } from '../vocabulary.js';
import { toIssues, type FrameSchema, type SchemaIssue } from './common.js';
import { INBOUND } from './inbound.js';
import { outboundTable } from './outbound.js';

export type { SchemaIssue } from './common.js';

/** A table entry by a name read from a frame: own keys only, so `"type":"constructor"` finds no schema (issue #18). */
function own(table: Record<string, FrameSchema>, key: string): FrameSchema | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The schema key of a frame: `type/subtype` when that is declared, else `type`. */
function schemaFor(table: Record<string, FrameSchema>, f: Record<string, unknown>): FrameSchema | undefined {
  if (typeof f['type'] !== 'string') return undefined;
  if (typeof f['subtype'] === 'string') {
    const s = own(table, `${f['type']}/${f['subtype']}`);
    if (s) return s;
    if (f['type'] === 'system') return undefined; // unknown system subtype: tolerated (seed 000 §8)
  }
  return own(table, f['type']);
}

/**
 * Validates one frame against `profile`'s schema. `dir: 'out'` (what the CLI wrote) uses the strict
 * outbound schemas, `dir: 'in'` (what the consumer wrote) the loose inbound ones. Frames of an unknown
 * type and timeline rows of an unknown type yield no issues: consumers MUST ignore them (seed 000 §7/§8).
 */
export function validateFrame(profile: ProfileName, frame: Record<string, unknown>, dir: 'in' | 'out' = 'out'): SchemaIssue[] {
  const table = dir === 'in' ? { frames: INBOUND, rows: {} } : outboundTable(wireOf(profile));
  const schema = schemaFor(table.frames, frame);
  if (!schema) return [];
  const r = schema.safeParse(frame);
  const issues = r.success ? [] : toIssues(r.error);
  const rows = frame['workflow_progress'];
  if (dir === 'out' && Array.isArray(rows)) {
    rows.forEach((row: unknown, i) => {
      const type = row && typeof row === 'object' ? (row as Record<string, unknown>)['type'] : undefined;
      const rs = typeof type === 'string' ? own(table.rows, type) : undefined;
      if (!rs) return;
      const rr = rs.safeParse(row);
      if (!rr.success) issues.push(...toIssues(rr.error, `workflow_progress.${i}`));
    });
  }
  return issues;
}
