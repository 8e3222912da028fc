import { isIPv4, isIPv6 } from 'node:net';
import type { Ajv as AjvClass, ErrorObject, Options, ValidateFunction } from 'ajv';
import { requireLazily } from '../require.js';

/*
 * `--json-schema` (seed 002 §9): a scenario turn's `structured_output` checked against the schema with
 * ajv 8 (issue #15: the hand-written checker it replaces passed `$ref`, `not`, `uniqueItems`, `format` and
 * key-order-sensitive `const`/`enum` silently). ajv is required on first use only: the drop-in's start path
 * never loads it (test/hardening/startup.test.ts), and the engine stays synchronous.
 */

/** What checking a value against a schema found. */
export type SchemaCheck = { ok: true } | { ok: false; problems: string[] } | { ok: false; schemaError: string };

type AjvCtor = new (opts: Options) => AjvClass;
// ajv is required when a schema is first checked (src/require.ts)
const load = requireLazily;

/** The ajv class for the schema's `$schema` (draft-07, the default, also reads draft-06 schemas). */
function ajvClass(schema: unknown): AjvCtor {
  const dialect = typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>)['$schema'] : undefined;
  if (typeof dialect === 'string' && dialect.includes('2020-12')) return (load('ajv/dist/2020') as { Ajv2020: AjvCtor }).Ajv2020;
  if (typeof dialect === 'string' && dialect.includes('2019-09')) return (load('ajv/dist/2019') as { Ajv2019: AjvCtor }).Ajv2019;
  return (load('ajv') as { Ajv: AjvCtor }).Ajv;
}

// By hand: ajv-formats is not a dependency (only a dev-time transitive one); these are the formats a
// structured output commonly declares, checked with the platform's own parsers where it has one.
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/i;
const validDate = (s: string): boolean => {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};
const FORMATS: Record<string, (s: string) => boolean> = {
  date: validDate,
  time: (s) => TIME.test(s),
  'date-time': (s) => {
    const [d, t, ...rest] = s.split(/[tT ]/);
    return rest.length === 0 && d !== undefined && t !== undefined && validDate(d) && TIME.test(t) && /(z|[+-]\d{2}:?\d{2})$/i.test(t);
  },
  email: (s) => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(s),
  uri: (s) => URL.canParse(s) && /^[a-z][a-z\d+.-]*:/i.test(s),
  uuid: (s) => /^(urn:uuid:)?[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i.test(s),
  ipv4: (s) => isIPv4(s),
  ipv6: (s) => isIPv6(s),
  hostname: (s) => s.length <= 253 && s.split('.').every((l) => /^[a-z\d]([a-z\d-]{0,61}[a-z\d])?$/i.test(l)),
  regex: (s) => {
    try {
      new RegExp(s, 'u');
      return true;
    } catch {
      return false;
    }
  },
};

const typeName = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** One problem as `<json pointer>: <what>` (the wording of the emulator's earlier checker where it had one). */
function describe(e: ErrorObject): string {
  const at = e.instancePath || '/';
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'type') return `${at}: expected ${String(p['type'])}, got ${typeName(e.data)}`;
  if (e.keyword === 'required') return `${at}: missing required property "${String(p['missingProperty'])}"`;
  if (e.keyword === 'additionalProperties') return `${at}: unexpected property "${String(p['additionalProperty'])}"`;
  return `${at}: ${e.message ?? e.keyword}`;
}

const compiled = new WeakMap<object, ValidateFunction | string>();

/** The schema compiled once per schema object (a session checks every turn against the same one), or why it cannot be. */
function compile(schema: object | boolean): ValidateFunction | string {
  const key = typeof schema === 'object' ? schema : undefined;
  const seen = key && compiled.get(key);
  if (seen !== undefined) return seen;
  const Ajv = ajvClass(schema);
  // strict: false: unknown keywords and formats are ignored, as a validator must; allErrors: every problem at once
  const ajv = new Ajv({ strict: false, allErrors: true, verbose: true, logger: false });
  if (Ajv.name === 'Ajv') ajv.addMetaSchema(load('ajv/dist/refs/json-schema-draft-06.json') as object);
  for (const [name, test] of Object.entries(FORMATS)) ajv.addFormat(name, test);
  let out: ValidateFunction | string;
  try {
    out = ajv.compile(schema);
  } catch (e) {
    out = (e as Error).message;
  }
  if (key) compiled.set(key, out);
  return out;
}

/** Checks `value` against the parsed `--json-schema`; an unusable schema is reported as such, not as a mismatch. */
export function checkJsonSchema(schema: unknown, value: unknown): SchemaCheck {
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) {
    return { ok: false, schemaError: `a schema is a JSON object or a boolean, got ${typeName(schema)}` };
  }
  const validate = compile(schema);
  if (typeof validate === 'string') return { ok: false, schemaError: validate };
  if (validate(value)) return { ok: true };
  return { ok: false, problems: (validate.errors ?? []).map(describe) };
}
