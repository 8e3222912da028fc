// --json-schema checked with ajv (issue #15): the keywords the hand-written checker passed silently
// ($ref, not, uniqueItems, format, key-order-insensitive const/enum) now fail and pass as JSON Schema says,
// and an unusable schema is reported as such.
import { describe, expect, it } from 'vitest';
import { checkJsonSchema } from '../../../src/engine/json-schema.js';

const problems = (schema: unknown, value: unknown): string[] => {
  const r = checkJsonSchema(schema, value);
  if (r.ok) return [];
  if ('schemaError' in r) throw new Error(`schema error: ${r.schemaError}`);
  return r.problems;
};

describe('checkJsonSchema (issue #15)', () => {
  it('$ref to a definition: checked, not skipped', () => {
    const schema = { type: 'object', properties: { who: { $ref: '#/definitions/name' } }, definitions: { name: { type: 'string', minLength: 2 } } };
    expect(problems(schema, { who: 'ab' })).toEqual([]);
    expect(problems(schema, { who: 'a' })).toEqual(['/who: must NOT have fewer than 2 characters']);
    expect(problems(schema, { who: 3 })).toEqual(['/who: expected string, got number']);
  });

  it('$ref under draft 2020-12 ($defs)', () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', properties: { n: { $ref: '#/$defs/n' } }, $defs: { n: { type: 'integer' } } };
    expect(problems(schema, { n: 1 })).toEqual([]);
    expect(problems(schema, { n: 1.5 })).toEqual(['/n: expected integer, got number']);
  });

  it('not', () => {
    const schema = { not: { type: 'null' } };
    expect(problems(schema, 'x')).toEqual([]);
    expect(problems(schema, null)).toEqual(['/: must NOT be valid']);
  });

  it('uniqueItems, with objects compared by value', () => {
    const schema = { type: 'array', uniqueItems: true };
    expect(problems(schema, [{ a: 1, b: 2 }, { a: 2 }])).toEqual([]);
    expect(problems(schema, [{ a: 1, b: 2 }, { b: 2, a: 1 }])).toHaveLength(1);
  });

  it.each([
    ['date-time', '2026-01-02T03:04:05Z', '2026-13-02T03:04:05Z'],
    ['date', '2024-02-29', '2023-02-29'],
    ['time', '23:59:60Z', '24:00:00'],
    ['email', 'a@b.example', 'a@b'],
    ['uri', 'https://example.com/x?y', 'not a uri'],
    ['uuid', '123e4567-e89b-12d3-a456-426614174000', '123e4567-e89b-12d3-a456'],
    ['ipv4', '192.168.0.1', '256.1.1.1'],
    ['ipv6', '::1', '::g'],
    ['hostname', 'example.com', '-bad-.com'],
    ['regex', '^a+$', '('],
  ])('format %s: %j passes, %j fails', (format, good, bad) => {
    const schema = { type: 'string', format };
    expect(problems(schema, good)).toEqual([]);
    expect(problems(schema, bad)).toEqual([`/: must match format "${format}"`]);
  });

  it('an unknown format is ignored (an annotation), as JSON Schema says', () => {
    expect(problems({ type: 'string', format: 'made-up' }, 'anything')).toEqual([]);
  });

  it('const and enum compare objects whatever their key order', () => {
    expect(problems({ const: { a: 1, b: [1, { c: 2, d: 3 }] } }, { b: [1, { d: 3, c: 2 }], a: 1 })).toEqual([]);
    expect(problems({ const: { a: 1 } }, { a: 2 })).toEqual(['/: must be equal to constant']);
    expect(problems({ enum: [{ x: 1, y: 2 }, 'z'] }, { y: 2, x: 1 })).toEqual([]);
    expect(problems({ enum: [{ x: 1, y: 2 }, 'z'] }, { x: 1 })).toEqual(['/: must be equal to one of the allowed values']);
  });

  it('every problem at once, with the earlier wording for type and required', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name', 'age'], additionalProperties: false };
    expect(problems(schema, { name: 3, extra: true })).toEqual(['/: missing required property "age"', '/: unexpected property "extra"', '/name: expected string, got number']);
  });

  it('an unusable schema is a schema error, not a mismatch', () => {
    const bad = checkJsonSchema({ type: 'object', properties: { a: { $ref: '#/definitions/missing' } } }, { a: 1 });
    expect(bad.ok).toBe(false);
    expect('schemaError' in bad && bad.schemaError).toMatch(/can't resolve reference #\/definitions\/missing/);
    const wrongType = checkJsonSchema({ type: 'strnig' }, 'x');
    expect('schemaError' in wrongType && wrongType.schemaError).toMatch(/schema is invalid/);
    expect(checkJsonSchema(42, 'x')).toEqual({ ok: false, schemaError: 'a schema is a JSON object or a boolean, got number' });
  });

  it('boolean schemas', () => {
    expect(checkJsonSchema(true, 1)).toEqual({ ok: true });
    expect(problems(false, 1)).toEqual(['/: boolean schema is false']);
  });
});
