// Surface cases added after the first inventory, one file per area so they can grow side by side (issue #16).
// `tuning` cases may be used to fix the emulator; `HELD_BACK_2` is a second held-back set, written and captured
// before anyone compared the emulator with it, that measures the fixes at the end (never used to tune).
import { CASES as CBC_CASES } from './cbc.mjs';
import { CASES as CBC_2 } from './cbc-2.mjs';
import { CASES as CBC_3 } from './cbc-3.mjs';
import { CASES as CLAUDE_CONTROL } from './claude-control.mjs';
import { CASES as CLAUDE_HOST } from './claude-host.mjs';
import { CASES as CLAUDE_OPTIONS } from './claude-options.mjs';
import { CASES as CLAUDE_SESSION } from './claude-session.mjs';
import { CASES as CLAUDE_STREAM } from './claude-stream.mjs';
import { CASES as FA } from './fa.mjs';
import { CASES as FB } from './fb.mjs';
import { CASES as FK } from './fk.mjs';
import { CASES as FL } from './fl.mjs';
import { CASES as FM } from './fm.mjs';
import { CASES as FN } from './fn.mjs';
import { CASES as FO } from './fo.mjs';
import { CASES as FP } from './fp.mjs';
import { CASES as FQ } from './fq.mjs';
import { CASES as FR } from './fr.mjs';
import { CASES as FT } from './ft.mjs';
import { CASES as FU } from './fu.mjs';
import { CASES as FC } from './fc.mjs';
import { CASES as FD } from './fd.mjs';
import { CASES as LEAD8 } from './lead8.mjs';
import { CASES as LEAD9 } from './lead9.mjs';
import { CASES as FF } from './ff.mjs';
import { CASES as FE } from './fe.mjs';
import { CASES as HELD_2 } from './held-back-2.mjs';
import { CASES as HELD_3 } from './held-back-3.mjs';
import { CASES as HELD_4 } from './held-back-4.mjs';
import { CASES as HELD_5 } from './held-back-5.mjs';
import { CASES as HELD_6 } from './held-back-6.mjs';
import { CASES as HELD_7 } from './held-back-7.mjs';
import { CASES as HELD_8 } from './held-back-8.mjs';
import { CASES as HELD_9 } from './held-back-9.mjs';
import { CASES as G1 } from './g1.mjs';
import { CASES as G2 } from './g2.mjs';

export const MORE_CASES = [...CBC_CASES, ...CBC_2, ...CBC_3, ...CLAUDE_CONTROL, ...CLAUDE_HOST, ...CLAUDE_OPTIONS, ...CLAUDE_SESSION, ...CLAUDE_STREAM, ...FA, ...FB, ...FK, ...FL, ...FM, ...FN, ...FO, ...FP, ...FQ, ...FR, ...FT, ...FU, ...FC, ...FD, ...LEAD8, ...LEAD9, ...FF, ...FE, ...G1, ...HELD_2, ...HELD_3, ...HELD_4, ...HELD_5, ...HELD_6, ...HELD_7, ...HELD_8, ...HELD_9, ...G2, ...FV, ...FY, ...FX, ...FW];
import { CASES as FV } from './fv.mjs';
import { CASES as FY } from './fy.mjs';
import { CASES as FX } from './fx.mjs';
import { CASES as FW } from './fw.mjs';
/** The names of the second held-back set. */
export const HELD_BACK_2 = new Set(HELD_2.map((c) => c.name));
/** The names of the third held-back set. */
export const HELD_BACK_3 = new Set(HELD_3.map((c) => c.name));
/** The names of the fourth held-back set. */
export const HELD_BACK_4 = new Set(HELD_4.map((c) => c.name));
/** The names of the fifth held-back set. */
export const HELD_BACK_5 = new Set(HELD_5.map((c) => c.name));
/** The names of the sixth held-back set. */
export const HELD_BACK_6 = new Set(HELD_6.map((c) => c.name));

/** The names of the seventh held-back set. */
export const HELD_BACK_7 = new Set(HELD_7.map((c) => c.name));

/** The names of the eighth held-back set. */
export const HELD_BACK_8 = new Set(HELD_8.map((c) => c.name));

/** The names of the ninth held-back set. */
export const HELD_BACK_9 = new Set(HELD_9.map((c) => c.name));
