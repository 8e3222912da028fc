// The drop-in's stdin decoding at the transport edge (src/transport/inbound.ts, issue #14): a zod-free
// twin of INBOUND_ENVELOPE (src/protocol/schemas/inbound.ts), held to that declaration here, and the
// per-line outcomes test/hardening/stdin.test.ts relies on (issue #16: what is wrong with JSON that is no
// readable frame, for the profile to act on).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INBOUND_ENVELOPE } from '../../../src/protocol/schemas/inbound.js';
import { decodeInbound, InboundReader, MAX_INBOUND_DEPTH, nestsDeeper } from '../../../src/transport/inbound.js';

/** What survives a trip through a JSON line (no undefined values, no -0). */
const wire = (v: unknown): unknown => JSON.parse(JSON.stringify(v) ?? 'null');

const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined));
const frameLike = fc.record(
  {
    type: fc.oneof(fc.constantFrom('user', 'control_request', 'control_response', 'control_cancel_request', 'keep_alive', 'assistant', 'constructor', '__proto__'), anyValue),
    request_id: fc.oneof(fc.string(), anyValue),
    request: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 })), anyValue),
    response: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 })), anyValue),
    message: anyValue,
  },
  { requiredKeys: [] },
);

describe('decodeInbound = INBOUND_ENVELOPE (issue #14)', () => {
  it('accepts exactly what the zod schema accepts, and hands back the parsed object itself', () => {
    fc.assert(
      fc.property(fc.oneof(frameLike, fc.jsonValue()), (v) => {
        const value = wire(v);
        const d = decodeInbound(value);
        expect('frame' in d).toBe(INBOUND_ENVELOPE.safeParse(value).success);
        if ('frame' in d) expect(d.frame).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['[1,2]', 'not-object'],
    ['"hi"', 'not-object'],
    ['null', 'null'],
    ['{"type":"assistant"}', 'unknown-type'],
    ['{"foo":1}', 'unknown-type'],
    ['{"__proto__":{"type":"user"}}', 'unknown-type'],
    ['{"type":"control_request","request_id":"a","request":"initialize"}', 'no-request'],
    ['{"type":"control_request","request_id":"a"}', 'no-request'],
    ['{"type":"user"}', 'no-message'],
    ['{"type":"user","message":5}', 'no-message'],
    ['{"type":"user","message":{"role":"assistant","content":"hi"}}', 'user-role'],
    ['{"type":"control_response","response":5}', 'bad-response'],
  ])('%s is no readable frame: %s', (line, problem) => {
    expect(decodeInbound(JSON.parse(line))).toEqual({ problem });
  });

  it('a control_request without subtype or request_id is still a frame (the CLIs answer it)', () => {
    expect('frame' in decodeInbound({ type: 'control_request', request_id: 'x', request: {} })).toBe(true);
    expect('frame' in decodeInbound({ type: 'control_request', request: { subtype: 'interrupt' } })).toBe(true);
  });
});

describe('InboundReader', () => {
  it('frames lines, then decodes them: frame, odd, malformed (CRLF and a last line without newline too)', () => {
    const r = new InboundReader();
    const evs = [...r.push('{"type":"keep_alive"}\r\n42\nnot js'), ...r.push('on\n{"type":"user","message":{"role":"user","content":"hi"}}')];
    evs.push(...r.end());
    expect(evs.map((e) => e.kind)).toEqual(['frame', 'odd', 'malformed', 'frame']);
    const bad = evs[2];
    expect(bad?.kind === 'malformed' && bad.text).toBe('not json');
    expect(bad?.kind === 'malformed' && bad.error).toBeInstanceOf(SyntaxError);
  });

  it('skips a leading UTF-8 BOM, as both real CLIs do (#16, captures in_bom_user_line_fm); a BOM inside stays', () => {
    const r = new InboundReader();
    const evs = [...r.push('\uFEFF{"type":"keep_alive"}\n \uFEFF{"type":"keep_alive"}\n')];
    expect(evs.map((e) => e.kind)).toEqual(['frame', 'malformed']);
  });
});

describe('nesting depth (issue #18 class 11)', () => {
  it('counts brackets outside strings only', () => {
    expect(nestsDeeper('{"a":"[[[[[[[[[["}', 3)).toBe(false);
    expect(nestsDeeper('[[[[1]]]]', 3)).toBe(true);
    expect(nestsDeeper('{"a":"\\"[[[[["}', 2)).toBe(false);
  });
  it('a line deeper than MAX_INBOUND_DEPTH is ignored without being parsed', () => {
    const deep = '{"type":"control_response","response":' + '['.repeat(MAX_INBOUND_DEPTH) + ']'.repeat(MAX_INBOUND_DEPTH) + '}\n';
    const [ev] = new InboundReader().push(deep);
    expect(ev).toMatchObject({ kind: 'too-deep', reason: expect.stringContaining('nested more than') as unknown });
  });
});
