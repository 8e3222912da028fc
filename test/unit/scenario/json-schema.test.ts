// issue #3: `cbc-emu schema` prints the JSON Schema generated from the zod schema, and a generated
// copy is committed as docs/scenario.schema.json. Regenerate it with `npm run schema` (after a build).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scenarioJsonSchema } from '../../../src/scenario/json-schema.js';

const COMMITTED = fileURLToPath(new URL('../../../docs/scenario.schema.json', import.meta.url));

describe('docs/scenario.schema.json (issue #3)', () => {
  it('equals the schema generated from src/scenario/schema.ts, byte for byte', () => {
    // the same text `cbc-emu schema` writes (src/cli/emu.ts)
    const generated = JSON.stringify(scenarioJsonSchema(), null, 2) + '\n';
    expect(readFileSync(COMMITTED, 'utf8'), 'docs/scenario.schema.json is stale: run `npm run build && npm run schema`').toBe(generated);
  });

  it('describes the top level, strict objects and the shared definitions', () => {
    const s = scenarioJsonSchema() as {
      $id: string;
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, unknown>;
      $defs: Record<string, { additionalProperties?: boolean; anyOf?: unknown[] }>;
    };
    expect(s.$id).toBe('urn:cbc-emulator:scenario-schema');
    expect(s.required).toEqual(['turns']);
    expect(s.additionalProperties).toBe(false);
    expect(Object.keys(s.properties)).toEqual(['$schema', 'name', 'description', 'unmatched', 'fallback', 'late_rows', 'model', 'turns']);
    expect(Object.keys(s.$defs).sort()).toEqual(['Agent', 'Ask', 'Duration', 'Match', 'Phase', 'Turn', 'Workflow']);
    for (const k of ['Agent', 'Ask', 'Match', 'Phase', 'Turn', 'Workflow']) expect(s.$defs[k]!.additionalProperties).toBe(false);
    expect(s.$defs['Duration']!.anyOf).toEqual([
      { type: 'integer', minimum: 0, maximum: 86_400_000 },
      { type: 'string', pattern: '^\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|s|m)\\s*$' },
    ]);
  });
});
