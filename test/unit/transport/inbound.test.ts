// The drop-in's stdin decoding at the transport edge (src/transport/inbound.ts, issue #14): a zod-free
// twin of INBOUND_ENVELOPE (src/protocol/schemas/inbound.ts), held to that declaration here, and the
// per-line outcomes test/hardening/stdin.test.ts relies on (docs/fidelity.md: unusable JSON is ignored).
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
    ['[1,2]', 'ignoring a stdin frame that is not a JSON object'],
    ['null', 'ignoring a stdin frame that is not a JSON object'],
    ['{"type":"assistant"}', 'ignoring a stdin frame of unknown type'],
    ['{"__proto__":{"type":"user"}}', 'ignoring a stdin frame of unknown type'],
    ['{"type":"control_request","request_id":5,"request":{}}', 'ignoring a control_request without request_id or request'],
    ['{"type":"control_request","request_id":"a","request":"initialize"}', 'ignoring a control_request without request_id or request'],
    ['{"type":"control_response","response":5}', 'ignoring a control_response whose response is not an object'],
  ])('%s is ignored: %s', (line, reason) => {
    expect(decodeInbound(JSON.parse(line))).toEqual({ reason });
  });

  it('a user frame with an odd message and a control_request without subtype are still frames (the CLI answers them)', () => {
    expect('frame' in decodeInbound({ type: 'user', message: 5 })).toBe(true);
    expect('frame' in decodeInbound({ type: 'control_request', request_id: 'x', request: {} })).toBe(true);
  });
});

describe('InboundReader', () => {
  it('frames lines, then decodes them: frame, ignored, malformed (CRLF and a last line without newline too)', () => {
    const r = new InboundReader();
    const evs = [...r.push('{"type":"keep_alive"}\r\n42\nnot js'), ...r.push('on\n{"type":"user","message":{"content":"hi"}}')];
    evs.push(...r.end());
    expect(evs.map((e) => e.kind)).toEqual(['frame', 'ignored', 'malformed', 'frame']);
    const bad = evs[2];
    expect(bad?.kind === 'malformed' && bad.text).toBe('not json');
    expect(bad?.kind === 'malformed' && bad.error).toBeInstanceOf(SyntaxError);
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
    expect(ev).toMatchObject({ kind: 'ignored', reason: expect.stringContaining('nested more than') as unknown });
  });
});
