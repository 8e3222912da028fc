import { validateFrame } from '../../../protocol/schemas/index.js';
import type { RawFrame } from '../../../protocol/raw-frame.js';
import { frameName, type Rule } from '../types.js';

/** Each known frame has its profile's required keys with the right types (src/protocol/schemas). */
export const frameSchema: Rule = {
  id: 'frame.schema',
  source: 'docs/protocol.md#message-catalogue, docs/fidelity.md, captures under test/golden/real/',
  summary: "a frame of a known type/subtype (and each known timeline row) matches the profile's schema; unknown keys are tolerated",
  create: (ctx) => {
    const check = (dir: 'in' | 'out') => (f: RawFrame, line: number) => {
      for (const i of validateFrame(ctx.profile, f, dir)) {
        if (!i.unknownKey) ctx.report(line, `${dir === 'in' ? 'inbound ' : ''}${frameName(f)}: ${i.path || '(frame)'}: ${i.message}`);
      }
    };
    return { out: check('out'), in: check('in') };
  },
};
