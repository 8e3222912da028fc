// Issue #16: cbc 2.117.0 sends each stdin line as a request of its own naming the session of the last request that
// finished (its CliExecutor.executeStreamMode). A prompt while the first turn runs therefore opens a session of its own
// and is answered at once beside it (capture in_user_mid_first_turn_cbc); a line that holds no user message at idle
// after a finished turn ends its request with the session's last result again (capture in_keep_alive_idle_after_turn_fe).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import type { Frame } from '../../helpers/frames.js';
import { answerLine, controlLine, driveStream, line, userLine as prompt, type Host } from '../../helpers/stream-json.js';

const scenario = parseScenario(
  'turns:\n  - match: { contains: "hi" }\n    reply: "hello"\n  - match: { contains: "go" }\n    ask: { tool: Bash, input: { command: "touch x" }, output: "done" }\n    result: "ran it"\n',
);
const home = mkdtempSync(join(tmpdir(), 'cbc-emu-prompt-beside-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
/** A cbc 2.117.0 session: `first`, then `on` answers each frame and ends stdin. */
async function session(first: string, on: (f: Frame, host: Host) => void, extra: string[] = []): Promise<Frame[]> {
  return (await driveStream({ profile: 'cbc-2.117.0', extra: ['--emu-seed', 'beside', '--emu-home', home, ...extra], scenario, first, on, endAtResult: false })).frames;
}

/** At the Bash call's can_use_tool: a prompt "hi" at once, then allow. */
function hiThenAllow(f: Frame, host: Host): void {
  if (f['type'] !== 'control_request' || f['request']['subtype'] !== 'can_use_tool') return;
  host.write(prompt('hi'));
  host.send(answerLine(f['request_id'], { behavior: 'allow', allowed: true }));
}

/** "go" (its Bash call waits for the host), a prompt "hi" while it waits, then allow; EOF after "ran it". */
function midFirstTurn(extra: string[] = []): Promise<Frame[]> {
  return session(prompt('go'), (f, host) => {
    hiThenAllow(f, host);
    if (f['type'] === 'result' && f['result'] === 'ran it') host.end();
  }, extra);
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
    const frames = await session(prompt('go'), (f, host) => {
      hiThenAllow(f, host);
      if (f['type'] === 'result' && f['result'] === 'ran it') host.write(controlLine('m', { subtype: 'set_model', model: 'x' }));
      if (f['type'] === 'control_response' && f['response']['request_id'] === 'm') host.end();
    });
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
    let results = 0;
    const frames = await session(prompt('hi'), (f, host) => {
      if (f['type'] !== 'result') return;
      results += 1;
      if (results === 1) host.send(line({ type: 'keep_alive' }));
      if (results === 2) host.send(prompt('hi'));
      if (results === 3) host.end();
    });
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
