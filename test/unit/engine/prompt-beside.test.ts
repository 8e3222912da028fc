// Issue #16: cbc 2.117.0 sends each stdin line as a request of its own naming the session of the last request that
// finished (its CliExecutor.executeStreamMode). A prompt while the first turn runs therefore opens a session of its own
// and is answered at once beside it (capture in_user_mid_first_turn_cbc); a line that holds no user message at idle
// after a finished turn ends its request with the session's last result again (capture in_keep_alive_idle_after_turn_fe).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { startInMemory } from '../../../src/testkit/harness.js';
import { readFrames, type Frame } from '../../helpers/frames.js';

const scenario = parseScenario(
  'turns:\n  - match: { contains: "hi" }\n    reply: "hello"\n  - match: { contains: "go" }\n    ask: { tool: Bash, input: { command: "touch x" }, output: "done" }\n    result: "ran it"\n',
);
const home = mkdtempSync(join(tmpdir(), 'cbc-emu-prompt-beside-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const line = (v: unknown) => JSON.stringify(v) + '\n';
const prompt = (text: string) => line({ type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' });

function start(extra: string[] = []) {
  return startInMemory({
    argv: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', 'cbc-2.117.0', '--emu-speed', '0', '--emu-seed', 'beside', '--emu-home', home, ...extra],
    env: { CBC_EMU_LOG_LEVEL: 'silent' },
    scenario,
  });
}

/** "go" (its Bash call waits for the host), a prompt "hi" while it waits, then allow; EOF after "ran it". */
async function midFirstTurn(extra: string[] = []): Promise<Frame[]> {
  const { stdin, stdout, exit } = start(extra);
  const frames = readFrames(stdout, (f) => {
    if (f['type'] === 'control_request' && f['request']['subtype'] === 'can_use_tool') {
      const allow = { subtype: 'success', request_id: f['request_id'], response: { behavior: 'allow', allowed: true } };
      stdin.write(prompt('hi'));
      setImmediate(() => stdin.write(line({ type: 'control_response', response: allow })));
    }
    if (f['type'] === 'result' && f['result'] === 'ran it') setImmediate(() => stdin.end());
  });
  stdin.write(prompt('go'));
  await exit;
  return frames;
}

describe('cbc 2.117.0: a prompt while the first turn runs (#16)', () => {
  it('is answered at once in a session of its own, the running turn untouched', async () => {
    const frames = await midFirstTurn();
    const main = frames.find((f) => f['subtype'] === 'init')?.['session_id'] as string;
    const results = frames.filter((f) => f['type'] === 'result');
    expect(results.map((r) => r['result'])).toEqual(['hello', 'ran it']);
    expect(results[0]?.['session_id']).not.toBe(main);
    expect(results[0]?.['num_turns']).toBe(2); // its own conversation: the prompt and the reply
    expect(results[1]?.['session_id']).toBe(main);
  });

  it('the side session stays the current one: a set_model reply names it, at idle too (ctl_set_model_idle_after_side_fe)', async () => {
    const { stdin, stdout, exit } = start();
    const frames = readFrames(stdout, (f) => {
      if (f['type'] === 'control_request' && f['request']['subtype'] === 'can_use_tool') {
        const allow = { subtype: 'success', request_id: f['request_id'], response: { behavior: 'allow', allowed: true } };
        stdin.write(prompt('hi'));
        setImmediate(() => stdin.write(line({ type: 'control_response', response: allow })));
      }
      if (f['type'] === 'result' && f['result'] === 'ran it') stdin.write(line({ type: 'control_request', request_id: 'm', request: { subtype: 'set_model', model: 'x' } }));
      if (f['type'] === 'control_response' && f['response']['request_id'] === 'm') setImmediate(() => stdin.end());
    });
    stdin.write(prompt('go'));
    await exit;
    const side = frames.find((f) => f['type'] === 'result' && f['result'] === 'hello')?.['session_id'];
    const reply = frames.find((f) => f['type'] === 'control_response' && f['response']['request_id'] === 'm');
    expect(reply?.['response']['response']['session_id']).toBe(side);
  });

  it('joins the running turn when the command line named the session (in_user_mid_first_turn_session_id_fe)', async () => {
    const frames = await midFirstTurn(['--session-id', '5e551011-0000-4000-8000-0000000000fe']);
    expect(new Set(frames.filter((f) => 'session_id' in f).map((f) => f['session_id'] as string)).size).toBe(1);
    expect(frames.filter((f) => f['type'] === 'result').map((r) => r['result'])).toEqual(['ran it', 'ran it']);
  });
});

describe('cbc 2.117.0: keep_alive at idle after a finished turn (#16)', () => {
  it('writes system/init, a bare status and the last result again, and adds nothing to the conversation', async () => {
    const { stdin, stdout, exit } = start();
    let results = 0;
    const frames = readFrames(stdout, (f) => {
      if (f['type'] !== 'result') return;
      results += 1;
      if (results === 1) setImmediate(() => stdin.write(line({ type: 'keep_alive' })));
      if (results === 2) setImmediate(() => stdin.write(prompt('hi')));
      if (results === 3) setImmediate(() => stdin.end());
    });
    stdin.write(prompt('hi'));
    await exit;
    const firstResult = frames.findIndex((f) => f['type'] === 'result');
    const after = frames.slice(firstResult + 1, firstResult + 4);
    expect(after.map((f) => `${String(f['type'])}/${String(f['subtype'])}`)).toEqual(['system/init', 'system/status', 'result/success']);
    expect(after[1]?.['_requestId']).toBeUndefined();
    const [first, again, next] = frames.filter((f) => f['type'] === 'result');
    expect(again?.['result']).toBe(first?.['result']);
    expect(again?.['num_turns']).toBe(first?.['num_turns']);
    expect(again?.['uuid']).not.toBe(first?.['uuid']);
    expect(next?.['num_turns']).toBe((first?.['num_turns'] as number) + 2);
  });
});
