import { describe, expect, it } from 'vitest';
import { hookIds, hookTimeoutMs, registeredHookIds } from '../../../dist/engine/hook-match.js';

const hooks = {
  PreToolUse: [
    { matcher: 'Bash', hookCallbackIds: ['hook_0'] },
    { matcher: 'Edit|Write', hookCallbackIds: ['hook_1'], timeout: 5 },
    { hookCallbackIds: ['hook_2'] },
    { matcher: '*', hookCallbackIds: ['hook_3'] },
    { matcher: 'Bas', hookCallbackIds: ['hook_4'] },
  ],
  Stop: [{ hookCallbackIds: ['hook_5'] }, { matcher: 'x', hookCallbackIds: ['hook_6'] }],
  SessionStart: [{ matcher: 'startup', hookCallbackIds: ['hook_7'] }, { matcher: 'resume', hookCallbackIds: ['hook_8'] }],
};

// issue #16: Claude Code's rule (captures req_hook_callback_matcher_{star,prefix,anchor}_l9 on 2.1.220 / 2.1.328: "*" fires,
// "Bas" does not, "^Bash$" does)
describe('hookIds, anchored (Claude Code)', () => {
  it('selects by exact name, a whole-name regular expression, "*" or no matcher', () => {
    expect(hookIds(hooks, 'PreToolUse', 'Bash')).toEqual(['hook_0', 'hook_2', 'hook_3']);
    expect(hookIds(hooks, 'PreToolUse', 'Write')).toEqual(['hook_1', 'hook_2', 'hook_3']);
    expect(hookIds({ PreToolUse: [{ matcher: '^Bash$', hookCallbackIds: ['a'] }] }, 'PreToolUse', 'Bash')).toEqual(['a']);
  });
  it('takes every matcher for an event with no subject; nothing when the event or the table is missing', () => {
    expect(hookIds(hooks, 'Stop', undefined)).toEqual(['hook_5', 'hook_6']);
    expect(hookIds(hooks, 'PostToolUse', 'Bash')).toEqual([]);
    expect(hookIds(undefined, 'Stop', undefined)).toEqual([]);
  });
});

// issue #16: cbc 2.117.0's matchesSdkMatcher (read from its bundle; the same captures: "*" does not fire, "Bas" does)
describe('hookIds, search (cbc 2.117.0)', () => {
  it('searches the matcher in the subject; a pattern that is no regular expression matches only its own text', () => {
    expect(hookIds(hooks, 'PreToolUse', 'Bash', 'search')).toEqual(['hook_0', 'hook_2', 'hook_4']);
    expect(hookIds({ PreToolUse: [{ matcher: '*', hookCallbackIds: ['a'] }] }, 'PreToolUse', '*', 'search')).toEqual(['a']);
  });
  it('matches only the matchers with no pattern for an event with no subject; SessionStart matches its source', () => {
    expect(hookIds(hooks, 'Stop', undefined, 'search')).toEqual(['hook_5']);
    expect(hookIds(hooks, 'SessionStart', 'startup', 'search')).toEqual(['hook_7']);
    expect(hookIds(hooks, 'SessionStart', 'resume', 'search')).toEqual(['hook_8']);
  });
});

describe('registeredHookIds and hookTimeoutMs (#16)', () => {
  it('lists every id whatever its matcher, and reads a matcher entry\'s timeout in ms', () => {
    expect(registeredHookIds(hooks, 'PreToolUse')).toEqual(['hook_0', 'hook_1', 'hook_2', 'hook_3', 'hook_4']);
    expect(hookTimeoutMs(hooks, 'PreToolUse', 'hook_1')).toBe(5000);
    expect(hookTimeoutMs(hooks, 'PreToolUse', 'hook_0')).toBeUndefined();
  });
});
