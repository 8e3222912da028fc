// Issue #16, cbc 2.117.0 read from its bundle and measured: --disallowedTools entries are rules as given, their tool
// names compared without case (opt_disallowedTools_multi_h3, opt_disallowedTools_lowercase_cbc); set_config { model }
// sets later turns' model (ctl_set_config_model_then_turn_cbc); subscribe to a channel other than `commands` answers
// subscribed: false (ctl_subscribe_elicitation_cbc).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { runInMemory } from '../../../src/testkit/harness.js';

const scenario = parseScenario('turns:\n  - reply: "hello"\n');
type Frame = Record<string, unknown>;
const framesOf = (stdout: string): Frame[] => stdout.trim().split('\n').map((l) => JSON.parse(l) as Frame);
const P = ['-p', 'hi', '--output-format', 'stream-json', '--verbose', '--emu-profile', 'cbc-2.117.0', '--emu-speed', '0'];
const STREAM = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', 'cbc-2.117.0', '--emu-speed', '0'];
const line = (v: unknown) => JSON.stringify(v) + '\n';

async function initTools(...disallowed: string[]): Promise<unknown> {
  const r = await runInMemory({ argv: [...P, '--disallowedTools', ...disallowed], scenario, stdin: '' });
  return framesOf(r.stdout).find((f) => f['subtype'] === 'init')?.['tools'];
}

describe('cbc 2.117.0 rules (#16)', () => {
  it('--disallowedTools: one rule per argv entry, names without case, scoped rules keep the tool listed', async () => {
    expect(await initTools('Write,Edit,WebFetch')).toEqual(expect.arrayContaining(['Write', 'Edit', 'WebFetch']));
    expect(await initTools('Write Edit')).toEqual(expect.arrayContaining(['Write', 'Edit']));
    const split = (await initTools('Write', 'bash')) as string[];
    expect(split).not.toContain('Write');
    expect(split).not.toContain('Bash');
    expect(await initTools('Bash(rm:*)')).toContain('Bash');
  });

  it('set_config { model } sets the model of the next turn; subscribe to elicitation is refused', async () => {
    const ctl = (id: string, request: object) => line({ type: 'control_request', request_id: id, request });
    const stdin = ctl('req_1', { subtype: 'initialize' }) + ctl('req_2', { subtype: 'set_config', config: { model: 'gpt-5.2' } }) + ctl('req_3', { subtype: 'subscribe', channel: 'elicitation' }) + line({ type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '' });
    const frames = framesOf((await runInMemory({ argv: STREAM, scenario, stdin })).stdout);
    expect(frames.find((f) => f['subtype'] === 'init')?.['model']).toBe('gpt-5.2');
    const sub = frames.find((f) => f['type'] === 'control_response' && (f['response'] as Frame)['request_id'] === 'req_3');
    expect((sub?.['response'] as Frame)['response']).toEqual({ subscribed: false, channel: 'elicitation' });
  });
});
