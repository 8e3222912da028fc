// Prompts the model has not answered (src/engine/unanswered.ts) and set_permission_mode / set_config on cbc 2.117.0
// (src/engine/set-model.ts, src/profiles/cbc/control.ts), issue #16.
import { describe, expect, it } from 'vitest';
import type { EngineEvent, TurnStats } from '../../../src/engine/events.js';
import { setPermissionMode } from '../../../src/engine/set-model.js';
import { messagesOf, Unanswered } from '../../../src/engine/unanswered.js';
import { setConfigReply } from '../../../src/profiles/cbc/control.js';
import { cbc2117Profile } from '../../../src/profiles/cbc/index.js';

const result = { kind: 'result', ok: true, text: '', errors: [], stats: {} as TurnStats, interrupted: false } as const satisfies EngineEvent;
const reply = (text: string): EngineEvent => ({ kind: 'assistant_text', messageId: 'm', text });

describe('Unanswered (#16)', () => {
  it('joins a prompt that got no reply to the next one, matched from where the script stood (ctl_interrupt_slow_h2)', () => {
    const u = new Unanswered();
    expect(u.ask('SLOWTEXT please', 0, true)).toEqual({ text: 'SLOWTEXT please', from: 0 });
    u.heard({ kind: 'interrupted_user', messageId: 'm' });
    u.heard(result);
    expect(u.ask('hi', 2, true)).toEqual({ text: 'SLOWTEXT please\nhi', from: 0 });
    u.heard(reply('slow reply'));
    u.heard(result);
    expect(u.ask('hi', 2, true)).toEqual({ text: 'hi', from: 2 });
    expect(u.lastReply).toBe('slow reply');
  });

  it('a failed call leaves the prompt unanswered, a streamed partial reply answers it, a profile without the flag never joins', () => {
    const u = new Unanswered();
    u.ask('APIERR x', 0, true);
    u.heard({ kind: 'assistant_text', messageId: 'm', text: 'error text', apiError: true });
    u.heard(result);
    expect(u.ask('hi', 3, false)).toEqual({ text: 'hi', from: 3 });
    u.heard({ kind: 'interrupted_user', messageId: 'm', partial: 'thinking...' });
    u.heard(result);
    expect(u.ask('hi', 3, true).text).toBe('hi');
  });

  it('counts an interrupt as its streamed text plus its own text unless unwritten (int_mid, ctl_interrupt_second_turn_cbc)', () => {
    expect(messagesOf({ kind: 'interrupted_user', messageId: 'm' })).toBe(1);
    expect(messagesOf({ kind: 'interrupted_user', messageId: 'm', partial: 'p' })).toBe(2);
    expect(messagesOf({ kind: 'interrupted_user', messageId: 'm', unwritten: true })).toBe(0);
    expect(messagesOf(reply('x'))).toBe(1);
    expect(messagesOf(result)).toBe(0);
  });
});

describe('cbc 2.117.0 set_permission_mode and set_config (#16)', () => {
  const b = cbc2117Profile().behavior;
  const state = () => {
    const events: EngineEvent[] = [];
    return { sessionId: 'S1', permissionMode: 'default', events, emit: (ev: EngineEvent) => events.push(ev) };
  };

  it('takes dontAsk and auto, and answers a session named before the first turn without changing the mode (ctl_set_permission_mode_idle_sid_cbc)', () => {
    const s = state();
    setPermissionMode(s, b, 'r1', { mode: 'acceptEdits', session_id: 'zz' }, true, undefined);
    expect(s.permissionMode).toBe('default');
    expect(s.events[0]).toMatchObject({ kind: 'control_success', payload: { mode: 'acceptEdits', previous: undefined, sessionId: 'zz' } });
    setPermissionMode(s, b, 'r2', { mode: 'dontAsk' }, false, undefined);
    setPermissionMode(s, b, 'r3', { mode: 'auto' }, false, undefined);
    expect(s.permissionMode).toBe('auto');
    setPermissionMode(s, b, 'r4', { mode: 'zz-mode' }, false, undefined);
    expect(s.events[3]).toMatchObject({ kind: 'control_error', message: 'Invalid permission mode: zz-mode' });
  });

  it('set_config echoes the session id, converts string values and names the keys it does not take (its bundle)', () => {
    expect(setConfigReply({ session_id: 'zz', config: { cleanupPeriodDays: '30', autoUpdates: 'false', language: 'en', nope: 1 } })).toEqual({
      session_id: 'zz',
      updated: { cleanupPeriodDays: 30, autoUpdates: false, language: 'en' },
      errors: { nope: '"nope" is not a configurable key' },
    });
    expect(setConfigReply({ config: {} })).toEqual({ session_id: '', updated: {} });
  });
});
