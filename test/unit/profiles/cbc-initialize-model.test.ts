// Issue #16: cbc 2.117.0's initialize reply names the model CODEBUDDY_MODEL sets even where --model picks the
// session's model (capture env_model_with_flag_stream_h4); without the variable it names --model's
// (ctl_get_available_models_flag).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { controlLine, runStream } from '../../helpers/stream-json.js';

const scenario = parseScenario('turns:\n  - reply: "hello"\n');

async function currentModel(env: Record<string, string>): Promise<unknown> {
  const frames = await runStream({ profile: 'cbc-2.117.0', extra: ['--model', 'gpt-5.4'], env, scenario, stdin: controlLine('req_1', { subtype: 'initialize' }) });
  return frames.find((f) => f['type'] === 'control_response')?.['response']['response']['currentModelId'];
}

describe('cbc initialize currentModelId (#16)', () => {
  it('names CODEBUDDY_MODEL over --model, else --model', async () => {
    expect(await currentModel({ CODEBUDDY_MODEL: 'gpt-5.4-mini' })).toBe('gpt-5.4-mini');
    expect(await currentModel({})).toBe('gpt-5.4');
  });
});
