// Surface cases: claude-control (see index.mjs).

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [];
