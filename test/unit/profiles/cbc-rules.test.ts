// Issue #16, cbc 2.117.0 read from its bundle and measured: --disallowedTools entries are rules as given, their tool
// names compared without case (opt_disallowedTools_multi_h3, opt_disallowedTools_lowercase_cbc); set_config { model }
// sets later turns' model (ctl_set_config_model_then_turn_cbc); subscribe to a channel other than `commands` answers
// subscribed: false (ctl_subscribe_elicitation_cbc).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { runInMemory } from '../../../src/testkit/harness.js';
import { controlLine as ctl, framesOf, printArgv, replyTo, streamArgv, userLine } from '../../helpers/stream-json.js';

const scenario = parseScenario('turns:\n  - reply: "hello"\n');
const P = printArgv('cbc-2.117.0', 'hi');
const STREAM = streamArgv('cbc-2.117.0');

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
    const stdin = ctl('req_1', { subtype: 'initialize' }) + ctl('req_2', { subtype: 'set_config', config: { model: 'gpt-5.2' } }) + ctl('req_3', { subtype: 'subscribe', channel: 'elicitation' }) + userLine('hi');
    const frames = framesOf((await runInMemory({ argv: STREAM, scenario, stdin })).stdout);
    expect(frames.find((f) => f['subtype'] === 'init')?.['model']).toBe('gpt-5.2');
    expect(replyTo(frames, 'req_3')?.['response']).toEqual({ subscribed: false, channel: 'elicitation' });
  });
});
