// Interop (issue #19): the real SDKs are the consumer — they spawn the drop-in themselves, with
// CBC_EMU_CONTROL in the env they were given — and the test steers the run through the control server.
import { join } from 'node:path';
import { query, type SDKMessage, type SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { query as cbQuery, type Message } from '@tencent-ai/agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { startControlServer, type ControlServerHandle } from '../../dist/index.js';
import { CBC_BIN, claudeEnv, failOnProcessNoise, Inbox, isolateEmuEnv, ROOT, userMessage } from './helpers.js';

failOnProcessNoise();
isolateEmuEnv();

const RESEARCH = join(ROOT, 'scenarios', 'deep-research.yaml');
let control: ControlServerHandle;
afterEach(() => control.close());
const sub = (m: { type: string }) => (m.type === 'system' ? `system/${(m as unknown as { subtype: string }).subtype}` : m.type);

describe('Claude Agent SDK as the consumer (#19)', () => {
  it('an interrupt event from the server stops the background workflow the SDK is watching', async () => {
    control = await startControlServer({ holdClock: true });
    const registered = control.nextSession();
    const inbox = new Inbox<SDKUserMessage>();
    const env = claudeEnv({ ...control.env, CBC_EMU_PROFILE: 'claude-2.1.328', CBC_EMU_SCENARIO: RESEARCH });
    const q = query({ prompt: inbox, options: { pathToClaudeCodeExecutable: CBC_BIN, env } });
    inbox.push(userMessage('cancel-me'));
    const seen: SDKMessage[] = [];
    const reading = (async () => {
      for await (const m of q) {
        seen.push(m);
        if (m.type === 'result') inbox.end();
      }
    })();
    const emu = await registered;
    expect(emu.info()).toMatchObject({ profile: 'claude-2.1.328', state: 'running' });
    await emu.waitFor({ type: 'user', dir: 'in', afterSeq: 0 });
    await emu.clock({ advance_ms: 500 }); // the workflow's two agents run; its scripted interrupt is at 2 s
    await emu.event({ kind: 'interrupt', reason: 'stopped from the control server' });
    await emu.clock({ hold: false });
    await reading;
    // the workflow ran in the background: the turn's result came first, then the interrupt's kill sequence
    const kinds = seen.map(sub);
    expect(kinds.slice(kinds.indexOf('result') + 1)).toEqual(['system/task_progress', 'system/task_progress', 'system/task_updated', 'system/task_notification', 'system/background_tasks_changed']);
    expect(seen.find((m) => sub(m) === 'system/task_updated')).toMatchObject({ patch: { status: 'killed' } });
    expect(seen.find((m) => sub(m) === 'system/task_notification')).toMatchObject({ status: 'stopped' });
    const journaled = emu.journal().filter((e) => e.dir === 'out' && (e.frame as { type?: string }).type === 'result');
    expect(journaled).toHaveLength(1);
    expect(JSON.stringify(journaled[0]!.frame)).toBe(JSON.stringify(seen.find((m) => m.type === 'result')));
  });
});

describe('CodeBuddy SDK as the consumer (#19)', () => {
  it('the drop-in the SDK spawned registers; its initialize request is in the journal; a stall delays the result', async () => {
    control = await startControlServer({ holdClock: true });
    const registered = control.nextSession();
    const messages: Message[] = [];
    const t0 = performance.now();
    let resultAt = 0;
    const reading = (async () => {
      for await (const m of cbQuery({ prompt: 'hello there', options: { pathToCodebuddyCode: CBC_BIN, env: { ...control.env, CBC_EMU_SPEED: '0' } } })) {
        messages.push(m);
        if (m.type === 'result') resultAt = performance.now();
      }
    })();
    const emu = await registered;
    expect(emu.info()).toMatchObject({ profile: 'cbc', state: 'running', argv: expect.arrayContaining(['--input-format=stream-json']) });
    await emu.waitFor({ type: 'user', dir: 'in', afterSeq: 0 });
    await emu.fault({ kind: 'stall', ms: 300 });
    await emu.clock({ hold: false });
    await reading;
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'hello there' });
    expect(resultAt - t0).toBeGreaterThanOrEqual(300);
    const sent = emu.journal().filter((e) => e.dir === 'in').map((e) => e.frame as { type: string; request?: { subtype?: string } });
    expect(sent.some((f) => f.type === 'control_request' && f.request?.subtype === 'initialize')).toBe(true);
  });
});
