/**
 * A small JSON Schema checker for `--json-schema` (seed 002 §9): enough of draft 2020-12 / draft-07 to
 * check a scenario's `structured_output` (type, properties, required, additionalProperties, items,
 * enum, const, bounds, lengths, pattern, anyOf/oneOf/allOf). Unknown keywords are ignored, as a
 * validator must. Returns problems as `<json pointer>: <what>`.
 * By hand, not ajv: these keywords are all a scenario needs, and ajv would weigh on the drop-in's start-up.
 */
export function checkJsonSchema(schema: unknown, value: unknown, path = ''): string[] {
  if (schema === true || schema === undefined) return [];
  if (schema === false) return [`${path || '/'}: no value is allowed here`];
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, unknown>;
  const out: string[] = [];
  const at = path || '/';
  if (s['type'] !== undefined) {
    const types = Array.isArray(s['type']) ? (s['type'] as string[]) : [s['type'] as string];
    if (!types.some((t) => typeOk(t, value))) return [`${at}: expected ${types.join(' or ')}, got ${typeName(value)}`];
  }
  if (Array.isArray(s['enum']) && !s['enum'].some((e) => deepEqual(e, value))) out.push(`${at}: must be one of ${JSON.stringify(s['enum'])}`);
  if ('const' in s && !deepEqual(s['const'], value)) out.push(`${at}: must be ${JSON.stringify(s['const'])}`);
  if (typeof value === 'number') {
    if (typeof s['minimum'] === 'number' && value < s['minimum']) out.push(`${at}: must be >= ${s['minimum']}`);
    if (typeof s['maximum'] === 'number' && value > s['maximum']) out.push(`${at}: must be <= ${s['maximum']}`);
  }
  if (typeof value === 'string') {
    if (typeof s['minLength'] === 'number' && [...value].length < s['minLength']) out.push(`${at}: shorter than ${s['minLength']}`);
    if (typeof s['maxLength'] === 'number' && [...value].length > s['maxLength']) out.push(`${at}: longer than ${s['maxLength']}`);
    if (typeof s['pattern'] === 'string' && !new RegExp(s['pattern'], 'u').test(value)) out.push(`${at}: does not match ${s['pattern']}`);
  }
  if (Array.isArray(value)) {
    if (typeof s['minItems'] === 'number' && value.length < s['minItems']) out.push(`${at}: fewer than ${s['minItems']} items`);
    if (typeof s['maxItems'] === 'number' && value.length > s['maxItems']) out.push(`${at}: more than ${s['maxItems']} items`);
    if (s['items'] !== undefined && !Array.isArray(s['items'])) value.forEach((v, i) => out.push(...checkJsonSchema(s['items'], v, `${path}/${i}`)));
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const props = (s['properties'] ?? {}) as Record<string, unknown>;
    for (const k of Array.isArray(s['required']) ? (s['required'] as string[]) : []) {
      if (!(k in obj)) out.push(`${at}: missing required property "${k}"`);
    }
    for (const [k, v] of Object.entries(obj)) {
      if (k in props) out.push(...checkJsonSchema(props[k], v, `${path}/${k}`));
      else if (s['additionalProperties'] !== undefined) out.push(...checkJsonSchema(s['additionalProperties'], v, `${path}/${k}`));
    }
  }
  for (const sub of Array.isArray(s['allOf']) ? s['allOf'] : []) out.push(...checkJsonSchema(sub, value, path));
  if (Array.isArray(s['anyOf']) && !s['anyOf'].some((sub) => checkJsonSchema(sub, value, path).length === 0)) out.push(`${at}: matches none of anyOf`);
  if (Array.isArray(s['oneOf']) && s['oneOf'].filter((sub) => checkJsonSchema(sub, value, path).length === 0).length !== 1) out.push(`${at}: must match exactly one of oneOf`);
  return out;
}

function typeOk(t: string, v: unknown): boolean {
  switch (t) {
    case 'null':
      return v === null;
    case 'array':
      return Array.isArray(v);
    case 'object':
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    default:
      return typeof v === t;
  }
}

function typeName(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
