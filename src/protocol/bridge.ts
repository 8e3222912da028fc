import type { Obj } from './shape.js';

/** The system/task_* subtypes that OpenASE's Claude CLI bridge flattens to top-level frames (seed 003 "任务与会话事件"). */
export const BRIDGED_SUBTYPES: readonly string[] = ['task_started', 'task_progress', 'task_notification'];

/**
 * The flattened copy of a `system/task_*` frame for bridge consumers (`--emu-bridge`, seed 003): the same
 * fields in the same order, with `type` set to the subtype and no `subtype` key. Undefined for any other frame.
 */
export function bridgeFrame(frame: Obj): Obj | undefined {
  const sub = frame['subtype'];
  if (frame['type'] !== 'system' || typeof sub !== 'string' || !BRIDGED_SUBTYPES.includes(sub)) return undefined;
  const out: Obj = { type: sub };
  for (const [k, v] of Object.entries(frame)) if (k !== 'type' && k !== 'subtype') out[k] = v;
  return out;
}
