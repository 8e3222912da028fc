// Surface cases: claude-options (see index.mjs).

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [];
