// Issue #16: Claude Code's set_permission_mode (captures ctl_set_permission_mode*, 2.1.220 and 2.1.328):
// bypassPermissions is refused for a session not launched able to bypass, and a system/status frame
// follows the reply only when the mode changes.
import { describe, expect, it } from 'vitest';
import { runInMemory } from '../../../../src/testkit/harness.js';

type Frame = Record<string, any>;

async function setMode(profile: string, mode: string): Promise<Frame[]> {
  const line = (o: unknown) => JSON.stringify(o) + '\n';
  const r = await runInMemory({
    argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-speed', '0', '--no-session-persistence'],
    env: { CBC_EMU_LOG_LEVEL: 'silent' },
    stdin: line({ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize' } }) + line({ type: 'control_request', request_id: 'req_2', request: { subtype: 'set_permission_mode', mode } }),
  });
  const frames = r.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Frame);
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
