// Issue #16: Claude Code takes an initialize that comes after a prompt (or after another initialize) as a
// re-initialize: 2.1.220 adds the pending_* lists and applies nothing of the request, 2.1.328 reports the session's state
// and writes the task list after the reply; 2.1.328 announces an initialize's title (captures
// ctl_initialize_mid_first_turn_h6, ctl_initialize_title_h6).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../../src/scenario/load.js';
import type { Frame } from '../../../helpers/frames.js';
import { controlLine, frameKinds as kinds, runStream, userLine as user } from '../../../helpers/stream-json.js';

const scenario = parseScenario('turns:\n  - match: { contains: "slow" }\n    delay: 5s\n    reply: "slow reply"\nfallback:\n  reply: "hi there"\n');
const init = (extra: Record<string, unknown> = {}) => controlLine('req_1', { subtype: 'initialize', ...extra });
const run = (profile: string, stdin: string) => runStream({ profile, extra: ['--no-session-persistence'], scenario, stdin });
const reply = (frames: Frame[]) => (frames.find((f) => f['type'] === 'control_response')?.['response'] ?? {}) as Record<string, unknown>;
const inner = (frames: Frame[]) => (reply(frames)['response'] ?? {}) as Record<string, unknown>;

describe('an initialize after the first prompt is a re-initialize (#16)', () => {
  it('claude-2.1.220: the pending lists, and its hooks are not taken', async () => {
    const frames = await run('claude-2.1.220', user('slow please') + init({ hooks: { Stop: [{ hookCallbackIds: ['hook_0'] }] } }));
    expect(reply(frames)).toMatchObject({ pending_permission_requests: [], pending_user_dialog_requests: [] });
    expect(kinds(frames)).not.toContain('control_request/'); // no Stop hook_callback: the hooks were not registered
    // the first initialize has neither list, and takes its hooks
    const first = await run('claude-2.1.220', init({ hooks: { Stop: [{ hookCallbackIds: ['hook_0'] }] } }) + user('hi'));
    expect(reply(first)).not.toHaveProperty('pending_permission_requests');
    expect(frames.length).toBeGreaterThan(2);
    expect(first.some((f) => f['type'] === 'control_request')).toBe(true);
  });
  it('claude-2.1.328: session_state "running" and the task list after the reply', async () => {
    const frames = await run('claude-2.1.328', user('slow please') + init());
    expect(inner(frames)['session_state']).toBe('running');
    const at = kinds(frames).indexOf('control_response/');
    expect(kinds(frames)[at + 1]).toBe('system/background_tasks_changed');
    const idle = await run('claude-2.1.328', init() + user('hi'));
    expect(inner(idle)['session_state']).toBe('idle');
    expect(kinds(idle)).not.toContain('system/background_tasks_changed');
  });
});

describe('initialize with a title (#16)', () => {
  it('claude-2.1.328 announces the trimmed title before the reply; 2.1.220 does not', async () => {
    const frames = await run('claude-2.1.328', init({ title: '  My task ' }) + user('hi'));
    expect(frames[0]).toMatchObject({ type: 'system', subtype: 'session_title_changed', title: 'My task' });
    expect(kinds(frames)[1]).toBe('control_response/');
    const blank = await run('claude-2.1.328', init({ title: '   ' }) + user('hi'));
    expect(kinds(blank)).not.toContain('system/session_title_changed');
    const old = await run('claude-2.1.220', init({ title: 'My task' }) + user('hi'));
    expect(kinds(old)).not.toContain('system/session_title_changed');
  });
});
