import { z } from 'zod';
import { Scenario } from './schema.js';

/** The published JSON Schema of scenario files, generated from the zod schema (never hand-written). */
export function scenarioJsonSchema(): Record<string, unknown> {
  const s = z.toJSONSchema(Scenario, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { $id: 'urn:cbc-emulator:scenario-schema', ...s };
}
