// The initialize reply's models list and the session's model (src/profiles/claude/models.ts, issue #16).
import { describe, expect, it } from 'vitest';
import { profileData } from '../../../../src/profiles/data.js';
import { withSessionModel } from '../../../../src/profiles/claude/models.js';
import { CLAUDE_220, CLAUDE_328, type ClaudeSpec } from '../../../../src/profiles/claude/spec.js';

const models = (name: ClaudeSpec['name']) => profileData(name).initializeResponse['models'] as Array<Record<string, unknown>>;

describe('initialize models and the session model (#16)', () => {
  it('a model the catalogue carries in another form is listed as itself (2.1.220 captures env_model_stream, ses_resume_stream_h2)', () => {
    const spec = CLAUDE_220;
    const list = models(spec.name);
    expect(withSessionModel(spec, list, 'claude-haiku-4-5').at(-1)).toEqual({ value: 'claude-haiku-4-5', resolvedModel: 'claude-haiku-4-5', displayName: 'Haiku 4.5', description: 'Fastest for quick answers (claude-haiku-4-5)' });
    expect(withSessionModel(spec, list, 'claude-opus-5').at(-1)).toMatchObject({ displayName: 'Opus 5', description: 'Best for everyday, complex tasks (claude-opus-5)', supportsFastMode: true });
    expect(withSessionModel(spec, list, 'claude-opus-5[1m]')).toHaveLength(list.length);
    expect(withSessionModel(spec, list, 'my-own-model')).toHaveLength(list.length);
  });

  it('on 2.1.328 an older version of a listed family points to the newer one (capture env_model_stream)', () => {
    const spec = CLAUDE_328;
    expect(withSessionModel(spec, models(spec.name), 'claude-haiku-4-5').at(-1)).toEqual({ value: 'claude-haiku-4-5', resolvedModel: 'claude-haiku-4-5', displayName: 'Haiku 4.5', description: 'Newer version available · select Haiku for Haiku 5.5', supportsThinkingOff: true });
  });
});
