import type { Rule } from '../types.js';

/**
 * Consumers MUST ignore unknown fields, frames and timeline entry types (seed 000 §7, §8): the protocol
 * grows additively. This rule never reports; it documents that every other rule and the schemas skip
 * what they do not know (tested explicitly in test/unit/tools/check/tolerance.test.ts).
 */
export const toleranceUnknown: Rule = {
  id: 'tolerance.unknown',
  source: 'seed 000 §7 (MUST ignore unrecognised fields), §8 (additive evolution)',
  summary: 'unknown frame types, system subtypes, keys and workflow_progress row types are never violations',
  create: () => ({}),
};
