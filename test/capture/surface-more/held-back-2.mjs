// Surface cases: held-back-2 (see index.mjs).

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [];
