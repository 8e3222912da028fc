/**
 * The perturbation catalogue (docs/fuzzing.md): every way `cbc-emu fuzz` bends the emulator's output,
 * with the protocol guarantee that makes it legal. Legal perturbations never produce a stream the
 * checker rejects (tested against every golden); illegal ones break one named rule on purpose.
 */

/** Where a perturbation acts: on whole frames, or on the bytes / timing of stdout writes. */
export type PerturbLayer = 'frames' | 'bytes';

/** One catalogue entry. */
export interface Perturbation {
  id: string;
  layer: PerturbLayer;
  legal: boolean;
  /** The seed section that allows it (legal) or the checker rule it breaks (illegal). */
  source: string;
  summary: string;
}

/** Every perturbation, in the order the transformer applies them. */
export const PERTURBATIONS: readonly Perturbation[] = [
  { id: 'coalesce', layer: 'frames', legal: true, source: 'seed 000 §5.2, §6 (snapshot replacement; terminal agent states are final)', summary: 'drop a task_progress that has a later one for the same task before its terminal events' },
  { id: 'terminal-only', layer: 'frames', legal: true, source: 'seed 002 §8 (a terminal status may come by task_updated alone)', summary: 'drop the task_notification of a background (non-workflow) task whose terminal task_updated was sent' },
  { id: 'late-progress', layer: 'frames', legal: true, source: 'seed 000 §4.3.4, §6 (late rows after a stopped notification, within the 5 s grace window)', summary: 'after a stopped notification: delay its late rows, or send the start -> error abort row (endedAt within grace), or repeat the last snapshot' },
  { id: 'dup-snapshot', layer: 'frames', legal: true, source: 'seed 000 §6 (a later snapshot replaces the previous one)', summary: 'send a task_progress twice, byte for byte' },
  { id: 'unknown-entry', layer: 'frames', legal: true, source: 'seed 000 §8 (consumers MUST ignore unknown workflow_progress entry types)', summary: 'add an entry of an unknown type to a task\'s workflow_progress (and keep it in every later snapshot)' },
  { id: 'unknown-field', layer: 'frames', legal: true, source: 'seed 000 §7 (consumers MUST ignore unrecognised fields), §8 (additive evolution)', summary: 'add an unknown field (with multi-byte text) to any frame' },
  { id: 'notify-after-result', layer: 'frames', legal: true, source: 'seed 002 §8 (background tasks may end after the result of their turn)', summary: 'move a background task\'s terminal task_updated + task_notification after the turn\'s result' },
  { id: 'interleave', layer: 'frames', legal: true, source: 'seed 002 §8 (task_id tells concurrent tasks apart); seed 000 §6 (order holds per task)', summary: 'swap adjacent frames of two different tasks' },
  { id: 'delay-ack', layer: 'frames', legal: true, source: 'seed 000 §4.3.1 (an ACK only says "received"); control_response correlates by request_id', summary: 'send a control_response a few frames later (never past a killed task_updated: the interrupt ACK precedes it, §4.3)' },
  { id: 'chunk', layer: 'bytes', legal: true, source: 'seed 002 §7 / seed 000 §2 (ndjson over a byte pipe: read boundaries are arbitrary)', summary: 'write stdout in random pieces, preferring splits inside a multi-byte UTF-8 character' },
  { id: 'jitter', layer: 'bytes', legal: true, source: 'seed 000 §2 (no timing promise between frames)', summary: 'pause a few milliseconds before some writes' },
  { id: 'dup-notification', layer: 'frames', legal: false, source: 'task.notification.once (seed 000 §8)', summary: 'send a task_notification twice' },
  { id: 'missing-notification', layer: 'frames', legal: false, source: 'task.terminal.reached (seed 000 §6, §8)', summary: 'drop a task\'s terminal task_updated and its task_notification: the task never ends' },
  { id: 'terminal-before-start', layer: 'frames', legal: false, source: 'task.started.first (seed 000 §6)', summary: 'send a terminal task_updated before the task_started of its task' },
  { id: 'truncate-last-line', layer: 'bytes', legal: false, source: 'frame.one-json-per-line (seed 002 §7)', summary: 'end stdout with half a frame and no newline' },
];

/** Ids of the legal perturbations. */
export const LEGAL_IDS: readonly string[] = PERTURBATIONS.filter((p) => p.legal).map((p) => p.id);
/** Ids of the opt-in illegal perturbations (`--illegal`). */
export const ILLEGAL_IDS: readonly string[] = PERTURBATIONS.filter((p) => !p.legal).map((p) => p.id);

/** The catalogue entry of `id`, or undefined. */
export function perturbation(id: string): Perturbation | undefined {
  return PERTURBATIONS.find((p) => p.id === id);
}
