import { validateFrame } from '../../../protocol/schemas/index.js';
import { frameName, type Rule } from '../types.js';

/** With `--strict`: a known frame carries exactly its profile's key set (what the emulator promises to emit). */
export const frameSchemaKeys: Rule = {
  id: 'frame.schema.keys',
  source: 'docs/fidelity.md key sets; captures under test/golden/real/',
  summary: "(--strict only) a known frame has no key outside its profile's key set",
  strictOnly: true,
  create: (ctx) => ({
    out(f, line) {
      for (const i of validateFrame(ctx.profile, f, 'out')) {
        if (i.unknownKey) ctx.report(line, `${frameName(f)}: ${i.path}: not in the ${ctx.profile} key set`);
      }
    },
  }),
};
