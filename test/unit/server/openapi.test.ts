// Issue #19: docs/control-api.openapi.yaml is OpenAPI 3.1 and describes exactly the routes the server
// implements (src/server/routes.ts ROUTES, the one table the server routes by), with the same event and
// fault kinds the server's body schemas accept.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EventBody, FaultBody } from '../../../src/server/bodies.js';
import { ROUTES } from '../../../src/server/routes.js';
import { ROOT } from '../../helpers/run-bin.js';

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { oneOf?: Array<{ properties: { kind: { const: string } } }> }> };
}
const text = readFileSync(join(ROOT, 'docs', 'control-api.openapi.yaml'), 'utf8');
const doc = parse(text) as Doc;
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

describe('docs/control-api.openapi.yaml (#19)', () => {
  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  });

  it('lists exactly the routes the server implements', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => METHODS.has(m)).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('every $ref resolves', () => {
    const refs = [...text.matchAll(/\$ref: '#\/([^']+)'/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    const missing = refs.filter((r) => r.split('/').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], doc) === undefined);
    expect(missing).toEqual([]);
  });

  it('names the event and fault kinds the server accepts', () => {
    const kinds = (name: string) => doc.components.schemas[name]!.oneOf!.map((o) => o.properties.kind.const).sort();
    const accepted = (u: typeof EventBody | typeof FaultBody) => u.options.map((o) => (o.shape.kind as { value: string }).value).sort();
    expect(kinds('Event')).toEqual(accepted(EventBody));
    expect(kinds('Fault')).toEqual(accepted(FaultBody));
  });
});
