// Issue #16: Claude Code's set_permission_mode (captures ctl_set_permission_mode*, 2.1.220 and 2.1.328):
// bypassPermissions is refused for a session not launched able to bypass, and a system/status frame
// follows the reply only when the mode changes.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../helpers/frames.js';
import { controlLine, runStream } from '../../../helpers/stream-json.js';

async function setMode(profile: string, mode: string): Promise<Frame[]> {
  const stdin = controlLine('req_1', { subtype: 'initialize' }) + controlLine('req_2', { subtype: 'set_permission_mode', mode });
  const frames = await runStream({ profile, extra: ['--no-session-persistence'], stdin });
  return frames.slice(frames.findIndex((f) => f['response']?.['request_id'] === 'req_2'));
}

describe('Claude set_permission_mode (#16)', () => {
  for (const profile of ['claude-2.1.220', 'claude-2.1.328']) {
    it(`${profile}: bypassPermissions without a launch flag that allows it is refused, the mode unchanged`, async () => {
      const [reply, ...after] = await setMode(profile, 'bypassPermissions');
      expect(reply?.['response']).toMatchObject({
        subtype: 'error',
        error: 'Cannot set permission mode to bypassPermissions because the session was not launched with --dangerously-skip-permissions',
      });
      // only 2.1.328 names an error code (its wire carries error_code)
      expect(reply?.['response']['error_code']).toBe(profile === 'claude-2.1.328' ? 'bypass_not_launched' : undefined);
      expect(after.filter((f) => f['subtype'] === 'status')).toEqual([]);
    });

    it(`${profile}: a status frame follows a change of mode, none follows the mode it already has`, async () => {
      const [changed, status] = await setMode(profile, 'acceptEdits');
      expect(changed?.['response']).toMatchObject({ subtype: 'success', response: { mode: 'acceptEdits' } });
      expect(status).toMatchObject({ type: 'system', subtype: 'status', permissionMode: 'acceptEdits' });
      const same = await setMode(profile, 'default');
      expect(same[0]?.['response']).toMatchObject({ subtype: 'success', response: { mode: 'default' } });
      expect(same.filter((f) => f['subtype'] === 'status')).toEqual([]);
    });
  }
});
