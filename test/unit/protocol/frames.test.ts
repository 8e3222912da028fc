// Wire frames are declared once (src/protocol/frames): fields + the key order of each dialect. The encoders
// lay frames out by these orders and the checker's schemas are built from them (STYLE practice 2 and 4),
// so a declaration must be coherent on its own: no field left out of every order, no key listed twice.
import { describe, expect, it } from 'vitest';
import { build, keysOf, OUTBOUND, ROWS, WIRES, type AnyFrameDecl } from '../../../dist/protocol/frames/index.js';
import { everywhere, frame, lit } from '../../../dist/protocol/frames/field.js';
import { TASK_STARTED, TASK_USAGE } from '../../../dist/protocol/frames/task.js';
import { validateFrame } from '../../../dist/protocol/schemas/index.js';

/** Every declaration reachable from the outbound frames and rows, nested ones included. */
function allDecls(): AnyFrameDecl[] {
  const seen = new Set<AnyFrameDecl>();
  const visitField = (f: unknown): void => {
    if (typeof f !== 'object' || f === null) return;
    const o = f as Record<string, unknown>;
    if ('nested' in o) visit(o['nested'] as AnyFrameDecl);
    if ('oneOf' in o) for (const d of o['oneOf'] as AnyFrameDecl[]) visit(d);
    for (const k of ['list', 'map', 'field']) if (k in o) visitField(o[k]);
    if ('anyOf' in o) for (const x of o['anyOf'] as unknown[]) visitField(x);
  };
  const visit = (d: AnyFrameDecl): void => {
    if (seen.has(d)) return;
    seen.add(d);
    for (const f of Object.values(d.fields)) visitField(f);
  };
  for (const d of [...Object.values(OUTBOUND), ...Object.values(ROWS)]) visit(d);
  return [...seen];
}

describe('frame declarations', () => {
  const decls = allDecls();
  it('reach the nested blocks too', () => {
    expect(decls.length).toBeGreaterThan(Object.keys(OUTBOUND).length + 10);
  });
  for (const d of decls) {
    it(`${d.name}: every field is in some order, no order lists a key twice`, () => {
      const used = new Set<string>();
      for (const w of WIRES) {
        const keys = keysOf(d, w);
        if (!keys) continue;
        expect(new Set(keys).size, `${w} order`).toBe(keys.length);
        for (const k of keys) used.add(k);
      }
      expect(Object.keys(d.fields).filter((k) => !used.has(k))).toEqual([]);
    });
  }
});

describe('build', () => {
  const usage = { total_tokens: 1, tool_uses: 0, duration_ms: 5 };
  it("lays a frame out in the dialect's order and drops undefined values", () => {
    const f = build(TASK_STARTED, 'claude-2.1.220', {
      session_id: 's', uuid: 'u', task_type: 'local_bash', description: 'd', task_id: 't', subtype: 'task_started', type: 'system', run_id: undefined,
    });
    expect(JSON.stringify(f)).toBe('{"type":"system","subtype":"task_started","task_id":"t","description":"d","task_type":"local_bash","uuid":"u","session_id":"s"}');
    expect(JSON.stringify(build(TASK_USAGE, 'cbc', { duration_ms: 5, tool_uses: 0, total_tokens: 1 }))).toBe(JSON.stringify(usage));
  });
  it('refuses a key the dialect does not have (2.1.220 has no run_id)', () => {
    expect(() =>
      build(TASK_STARTED, 'claude-2.1.220', { type: 'system', subtype: 'task_started', task_id: 't', run_id: 'r', description: 'd', task_type: 'x', uuid: 'u', session_id: 's' }),
    ).toThrow('shape: keys run_id are not declared');
  });
  it("what build lays out passes the checker's schema of the same dialect, and fails another's", () => {
    const f = build(TASK_STARTED, 'claude-2.1.328', {
      type: 'system', subtype: 'task_started', task_id: 't', run_id: 'r', description: 'd', task_type: 'local_bash', is_backgrounded: true, uuid: 'u', session_id: 's',
    });
    expect(validateFrame('claude-2.1.328', f)).toEqual([]);
    expect(validateFrame('claude-2.1.220', f).map((i) => i.message)).toEqual(['unknown key "run_id"', 'unknown key "is_backgrounded"']);
  });
});

describe('frame() (#21 session 14: fields made when first read)', () => {
  it('makes the field table once, at the first read of `fields`, not when declared or built', () => {
    let made = 0;
    const d = frame('probe', () => (made++, { type: lit('probe'), n: 'num' }), everywhere(['type', 'n?']));
    expect(made).toBe(0);
    expect(JSON.stringify(build(d, 'cbc', { type: 'probe', n: 1 }))).toBe('{"type":"probe","n":1}');
    expect(made).toBe(0);
    expect(Object.keys(d.fields)).toEqual(['type', 'n']);
    expect(d.fields).toBe(d.fields);
    expect(made).toBe(1);
  });
});
