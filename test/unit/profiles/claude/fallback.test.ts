// Issue #16: --fallback-model. Claude Code's retry loop switches to the fallback model on some failed calls and writes
// system/model_fallback (capture opt_fallback_model_api_error_h6: a 400 is a "last_resort" switch); the other triggers
// are read from its FallbackTriggeredError sites. A -p run of the emulator shows the frame before the error.
import { describe, expect, it } from 'vitest';
import { fallbackTrigger, modelLabel } from '../../../../src/profiles/claude/fallback.js';
import { parseScenario } from '../../../../src/scenario/load.js';
import type { Frame } from '../../../helpers/frames.js';
import { runPrint } from '../../../helpers/stream-json.js';

describe('fallbackTrigger (#16)', () => {
  const t = (error: string, fallback = 'claude-haiku-4-5-20251001') => fallbackTrigger(error, 'claude-sonnet-5', fallback);
  it('names the trigger per status', () => {
    expect(t('API Error: 400 fake invalid request')).toBe('last_resort');
    expect(t('API Error: 422 unprocessable')).toBe('last_resort');
    expect(t('API Error: 500 internal')).toBe('server_error');
    expect(t('API Error: 503 unavailable')).toBe('server_error');
    expect(t('API Error: 529 overloaded')).toBe('overloaded');
    expect(t('API Error: 404 model: claude-sonnet-5')).toBe('model_not_found');
    expect(t('API Error: 403 model: claude-sonnet-5')).toBe('permission_denied');
  });
  it('does not switch on auth, rate limits, plain 404/403, retried statuses, errors without a status, or onto the same model', () => {
    for (const e of ['API Error: 401 x', 'API Error: 429 x', 'API Error: 404 not found', 'API Error: 403 forbidden', 'API Error: 413 big', 'API Error: 408 x', 'API Error: 409 x', 'Connection error.']) {
      expect(t(e)).toBeUndefined();
    }
    expect(t('API Error: 400 x', 'claude-sonnet-5')).toBeUndefined();
    expect(t('API Error: 529 x', 'claude-sonnet-5')).toBe('overloaded'); // the overload switch has no such check
  });
  it('labels models as the CLI does', () => {
    expect(modelLabel('claude-haiku-4-5-20251001')).toBe('Haiku 4.5');
    expect(modelLabel('claude-sonnet-5')).toBe('Sonnet 5');
    expect(modelLabel('claude-opus-5[1m]')).toBe('Opus 5 (1M context)');
    expect(modelLabel('my-own-model')).toBe('my-own-model');
  });
});

describe('-p with --fallback-model and a failing call (#16)', () => {
  const scenario = parseScenario('turns:\n  - error: "API Error: 400 bad request"\n');
  for (const profile of ['claude-2.1.220', 'claude-2.1.328']) {
    it(profile, async () => {
      const run = (extra: string[]): Promise<Frame[]> => runPrint({ profile, prompt: 'go', extra: ['--no-session-persistence', '--model', 'sonnet', ...extra], scenario });
      const frames = await run(['--fallback-model', 'haiku']);
      expect(frames.map((f) => `${String(f['type'])}/${String(f['subtype'] ?? '')}`)).toEqual(['system/init', 'system/model_fallback', 'assistant/', 'result/success']);
      expect(frames[1]).toMatchObject({ trigger: 'last_resort', original_model: profile.endsWith('220') ? 'claude-sonnet-5' : 'claude-sonnet-5-5' });
      expect(String(frames[1]?.['content'])).toMatch(/^Switched to Haiku [\d.]+ because Sonnet [\d.]+ returned an error that could not be retried \(400 \{"type":"error","error":\{"type":"invalid_request_error","message":"bad request"\},"request_id":"req_\w+"\}\)$/);
      // no --fallback-model: no notice
      expect((await run([])).some((f) => f['subtype'] === 'model_fallback')).toBe(false);
    });
  }
});
