import { z } from 'zod';

/** One schema problem of a frame: where, what, and whether it is only an unrecognised key. */
export interface SchemaIssue {
  /** Dotted path inside the frame (`patch.status`, `workflow_progress.2.state`), `''` for the frame itself. */
  path: string;
  message: string;
  /** True for a key the schema does not declare (tolerated unless key sets are checked strictly). */
  unknownKey: boolean;
}

/** A frame schema: strict key set, so unknown keys surface as `unrecognized_keys` issues we can tell apart. */
export type FrameSchema = z.ZodType;

/** A string field (shared by the inbound and outbound schemas). */
export const str = z.string();

/** Any JSON object (the inbound envelope's `request` / `response`). */
export const obj = z.record(z.string(), z.unknown());

/** Converts zod issues to {@link SchemaIssue}s, one per unknown key. */
export function toIssues(error: z.ZodError, prefix = ''): SchemaIssue[] {
  const out: SchemaIssue[] = [];
  for (const i of error.issues) {
    const path = [prefix, ...i.path.map(String)].filter((p) => p !== '').join('.');
    if (i.code === 'unrecognized_keys') {
      for (const k of i.keys) out.push({ path: path === '' ? k : `${path}.${k}`, message: `unknown key "${k}"`, unknownKey: true });
    } else {
      out.push({ path, message: i.message, unknownKey: false });
    }
  }
  return out;
}
