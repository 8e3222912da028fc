// Issue #16 (round 10, helper FW): what cbc 2.117.0 does with control requests while a prompt's UserPromptSubmit
// hook_callback waits (src/engine/prompt-hooks.ts, set-model.ts), measured by test/capture/surface-more/fw.mjs:
// an interrupt opens the turn and ends it (ctl_interrupt_pending_prompt_hook_fw), a set_model reaches the turn,
// which opens after the hook (ctl_set_model_pending_prompt_hook_fw).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { startInMemory } from '../../../src/testkit/harness.js';
import { readFrames, type Frame } from '../../helpers/frames.js';

const scenario = parseScenario('turns:\n  - result: "plain reply"\n');

/** One `hi` prompt with a UserPromptSubmit hook; `onHook` is what the host sends when the hook_callback comes. */
async function run(profile: string, onHook: (send: (o: unknown) => void, hookRequestId: string) => void): Promise<Frame[]> {
  const claude = profile.startsWith('claude');
  const { stdin, stdout, exit } = startInMemory({
    argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-speed', '0', ...(claude ? ['--no-session-persistence'] : [])],
    env: { CBC_EMU_LOG_LEVEL: 'silent' },
    scenario,
  });
  const send = (o: unknown) => setImmediate(() => stdin.write(JSON.stringify(o) + '\n'));
  const frames = readFrames(stdout, (f) => {
    if (f['type'] === 'control_response' && f['response']['request_id'] === 'req_1') send({ type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '' });
    if (f['type'] === 'control_request' && f['request']['subtype'] === 'hook_callback') onHook(send, f['request_id']);
    if (f['type'] === 'result') setImmediate(() => stdin.end());
  });
  send({ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize', hooks: { UserPromptSubmit: [{ hookCallbackIds: ['hook_0'] }] } } });
  await exit;
  return frames;
}

const label = (f: Frame) => [f['type'], f['subtype'] ?? f['response']?.['request_id'] ?? f['request']?.['subtype']].filter(Boolean).join('/');

describe('an interrupt while the UserPromptSubmit hook waits (#16)', () => {
  it('cbc-2.117.0: the turn opens after the reply, then its status and "Interrupted by user" naming its request id, a success result (ctl_interrupt_pending_prompt_hook_fw)', async () => {
    const frames = await run('cbc-2.117.0', (send) => send({ type: 'control_request', request_id: 'req_int', request: { subtype: 'interrupt' } }));
    const after = frames.slice(frames.findIndex((f) => f['request']?.['subtype'] === 'hook_callback') + 1);
    expect(after.map(label)).toEqual(['control_response/req_int', 'system/init', 'system/status', 'assistant', 'result/success']);
    const [status, text] = [after[2], after[3]];
    expect(text?.['message']['content']).toEqual([{ type: 'text', text: 'Interrupted by user' }]);
    expect(text?.['_requestId']).toBe(status?.['_requestId']);
    expect(typeof text?.['_requestId']).toBe('string');
    expect(after[4]).toMatchObject({ result: '', is_error: false });
  });
});

describe('set_model while the UserPromptSubmit hook waits (#16)', () => {
  const setModelThenAnswer = (send: (o: unknown) => void, hookRequestId: string) => {
    send({ type: 'control_request', request_id: 'req_2', request: { subtype: 'set_model', model: 'gpt-5.4' } });
    send({ type: 'control_response', response: { subtype: 'success', request_id: hookRequestId, response: { continue: true } } });
  };

  it('cbc-2.117.0: the turn opens after the hook, with the new model (ctl_set_model_pending_prompt_hook_fw)', async () => {
    const frames = await run('cbc-2.117.0', setModelThenAnswer);
    expect(frames.find((f) => f['subtype'] === 'init')?.['model']).toBe('gpt-5.4');
    expect(frames.find((f) => f['type'] === 'assistant')?.['message']['model']).toBe('gpt-5.4');
  });

  it('claude-2.1.328: the turn keeps the model it started with (ctl_set_model_pending_prompt_hook_fd)', async () => {
    const frames = await run('claude-2.1.328', (send, id) => {
      send({ type: 'control_request', request_id: 'req_2', request: { subtype: 'set_model', model: 'haiku' } });
      send({ type: 'control_response', response: { subtype: 'success', request_id: id, response: { continue: true } } });
    });
    expect(frames.find((f) => f['subtype'] === 'init')?.['model']).not.toMatch(/haiku/);
  });
});
