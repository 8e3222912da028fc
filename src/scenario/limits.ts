/**
 * Size limits shared by the scenario format and the engine that plays it (issue #18, docs/limits.md).
 * No imports: the engine reads these on the drop-in's start path, where zod must not load.
 */

/**
 * Longest interrupt reason (scripted, or a client's `interrupt` request, which is cut to it): every late
 * row and snapshot repeats the reason, so a 1 MB reason became 860 MB of stdout.
 */
export const MAX_REASON_CHARS = 1024;

/** Most agents one workflow may run, over all its phases: a million agents ran the process out of memory. */
export const MAX_AGENTS_PER_WORKFLOW = 10_000;

/** Largest scenario file read, in bytes. */
export const MAX_SCENARIO_BYTES = 16 * 1024 * 1024;
