// cbc 2.117.0's plan file in the set_permission_mode reply (src/profiles/cbc/plan-file.ts, control.ts; issue #16):
// named when a running session switches to plan (captures ctl_set_permission_mode_plan_tool_cbc,
// ctl_set_permission_mode_after_interrupt_fw), not for another mode nor for a session named ahead of its start.
import { describe, expect, it } from 'vitest';
import type { ControlPayload } from '../../../src/engine/events.js';
import type { EncodeContext } from '../../../src/engine/profile.js';
import { cbcControlPayload } from '../../../src/profiles/cbc/control.js';
import { planFilePath } from '../../../src/profiles/cbc/plan-file.js';

const ctx = { userHome: '/h' } as EncodeContext;
const reply = (mode: string, previous: string | undefined, sessionId = 'S1') =>
  cbcControlPayload({ kind: 'set_permission_mode', mode, previous, sessionId } as ControlPayload, ctx, true);

describe('the plan file of cbc 2.117.0 (#16)', () => {
  it('is <home>/.codebuddy/plans/<adjective>-<noun>-<surname>.md, the same for a session each time', () => {
    const path = planFilePath('/h', 'S1');
    expect(path).toMatch(/^\/h\/\.codebuddy\/plans\/(toasty|blazing|swift|cosmic|radiant|stellar|quantum|electric)-(forging|aurora|thunder|cascade|nebula|pulse|vortex|beacon)-(babbage|tesla|curie|einstein|newton|darwin|lovelace|turing)\.md$/);
    expect(planFilePath('/h', 'S1')).toBe(path);
    const names = new Set(['S1', 'S2', 'S3', 'S4', 'S5', 'S6'].map((id) => planFilePath('/h', id)));
    expect(names.size).toBeGreaterThan(1);
  });

  it('is named in the reply only when a running session switches to plan', () => {
    expect(reply('plan', 'default')).toEqual({ session_id: 'S1', mode: 'plan', previous_mode: 'default', plan_file_path: planFilePath('/h', 'S1') });
    expect(reply('acceptEdits', 'default')?.['plan_file_path']).toBeUndefined();
    expect(reply('plan', undefined)?.['plan_file_path']).toBeUndefined();
  });
});
