// set_model and the session checks of cbc 2.117.0's control handlers (src/engine/set-model.ts, issue #16).
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../src/engine/events.js';
import { sessionRefusal, setModel, setPermissionMode, type ModelState } from '../../../src/engine/set-model.js';
import { cbc2117Profile, cbcProfile } from '../../../src/profiles/cbc/index.js';

const strict = cbc2117Profile().behavior;
const seeds = cbcProfile().behavior;

function state(model: string, chosen?: string): ModelState & { events: EngineEvent[] } {
  const events: EngineEvent[] = [];
  return { sessionId: 'S1', model, modelChosen: chosen, events, emit: (ev) => events.push(ev) };
}

describe('set_model on cbc 2.117.0 (#16)', () => {
  it('keeps the name as given and reports the model last named as previous (captures ctl_set_model_twice, ctl_set_model_default_then_turn)', () => {
    const s = state('default-model');
    setModel(s, strict, 'r1', { model: 'zz-one' }, false);
    setModel(s, strict, 'r2', { model: 'default' }, false);
    expect(s.model).toBe('default');
    expect(s.events.map((e) => (e.kind === 'control_success' && e.payload.kind === 'set_model' ? [e.payload.model, e.payload.previousChosen] : e.kind))).toEqual([
      ['zz-one', undefined],
      ['default', 'zz-one'],
    ]);
  });

  it('refuses an empty model; the seeds profile resolves "default" and takes an empty one as "default"', () => {
    const s = state('default-model', 'gpt-5.5');
    setModel(s, strict, 'r1', { model: '' }, false);
    expect(s.events[0]).toMatchObject({ kind: 'control_error', message: 'Model is required' });
    const t = state('gpt-5.5');
    setModel(t, seeds, 'r1', { model: '' }, false);
    expect(t.model).toBe('default-model');
  });

  it('before the first turn, a request naming a session is answered for it (capture ctl_set_model_idle_sid)', () => {
    const s = state('default-model', 'gpt-5.5');
    setModel(s, strict, 'r1', { model: 'gpt-5.2', session_id: 'zz-sid' }, true);
    expect(s.events[0]).toMatchObject({ kind: 'control_success', payload: { sessionId: 'zz-sid', model: 'gpt-5.2', previousChosen: undefined } });
  });

  it('session checks: none before the first turn unless named, a named one must be this one (captures ctl_set_model_*_sid)', () => {
    expect(sessionRefusal(strict, 'set_model', {}, true, 'S1')?.message).toBe('Session not found: current');
    expect(sessionRefusal(strict, 'interrupt', { session_id: 'x' }, true, 'S1')?.message).toBe('Session not found: x');
    expect(sessionRefusal(strict, 'set_model', { session_id: 'x' }, true, 'S1')).toBeUndefined();
    expect(sessionRefusal(strict, 'set_model', { session_id: 'x' }, false, 'S1')?.message).toBe('Session mismatch: expected x, got S1');
    expect(sessionRefusal(strict, 'set_model', { session_id: 'S1' }, false, 'S1')).toBeUndefined();
    expect(sessionRefusal(seeds, 'set_model', {}, true, 'S1')).toBeUndefined();
  });
});

describe('set_permission_mode arguments on cbc 2.117.0 (#16)', () => {
  it('quotes the mode as a template string does: a missing one is "undefined" (capture ctl_set_permission_mode_missing_mode_fw)', () => {
    const events: EngineEvent[] = [];
    const s = { sessionId: 'S1', permissionMode: 'default', emit: (ev: EngineEvent) => events.push(ev) };
    setPermissionMode(s, strict, 'r1', {}, false, undefined);
    setPermissionMode(s, strict, 'r2', { mode: 5 }, false, undefined);
    expect(events.map((e) => (e.kind === 'control_error' ? e.message : e.kind))).toEqual(['Invalid permission mode: undefined', 'Invalid permission mode: 5']);
    expect(s.permissionMode).toBe('default');
  });
});
