// Interop: the real `@tencent-ai/agent-sdk@0.3.201` (CodeBuddy SDK) drives bin/cbc.js.
// Issue #2 acceptance: "`@tencent-ai/agent-sdk` `query()` complete[s] a turn against `bin/cbc.js` with no
// option beyond the executable path".
// Reference: /work/shared/reference/codebuddy-sdk.md §1 (finding/spawning the CLI), §5 (when a turn or
// query is finished; the v2 session API), §9 (mock requirements).
import { query, unstable_v2_createSession, type Message } from '@tencent-ai/agent-sdk';
import { describe, expect, it } from 'vitest';
import { CBC_BIN, collect, failOnProcessNoise, isolateEmuEnv } from './helpers.js';

failOnProcessNoise();
isolateEmuEnv();

// The CodeBuddy SDK merges options.env over process.env (§1), so only emulator settings are given.
// CBC_EMU_PROFILE is left unset on purpose in the first case: the default profile is cbc.
const ENV = { CBC_EMU_SPEED: '0' };

function texts(msgs: Message[]): string[] {
  return msgs
    .filter((m) => m.type === 'assistant')
    .flatMap((m) => ((m as { message: { content: Array<{ type: string; text?: string }> } }).message.content ?? []).filter((b) => b.type === 'text').map((b) => b.text ?? ''));
}

describe('CodeBuddy SDK query() against bin/cbc.js (profile cbc, the default)', () => {
  // §1: pathToCodebuddyCode ending in .js is run as `node <path> --input-format=stream-json ...`;
  // §9 items 3-6: initialize answered, one user line -> one turn ending in a result;
  // §5: query() yields up to and including the first result, then stops.
  it.each([
    ['unset (default)', ENV],
    ['cbc', { ...ENV, CBC_EMU_PROFILE: 'cbc' }],
    ['cbc-2.117.0', { ...ENV, CBC_EMU_PROFILE: 'cbc-2.117.0' }],
  ])('pathToCodebuddyCode = bin/cbc.js, CBC_EMU_PROFILE %s: completes a turn', async (_profile, env) => {
    const msgs = await collect(query({ prompt: 'hello from the codebuddy sdk', options: { pathToCodebuddyCode: CBC_BIN, env } }));

    expect(msgs[0]).toMatchObject({ type: 'system', subtype: 'init', apiKeySource: 'www.codebuddy.ai', permissionMode: 'default' });
    expect(texts(msgs)).toEqual(['hello from the codebuddy sdk']);
    const last = msgs.at(-1) as Record<string, unknown>;
    expect(last).toMatchObject({ type: 'result', subtype: 'success', is_error: false, result: 'hello from the codebuddy sdk', num_turns: 2 }); // cbc counts the conversation's messages: prompt and reply (measured, issue #16)
    expect(msgs.filter((m) => m.type === 'result')).toHaveLength(1);
    // cbc-profile turn shape (the real 2.117.0 CLI's, §8): init, status, file-history-snapshot, assistant, result.
    expect(msgs.map((m) => (m.type === 'system' ? `system/${(m as { subtype: string }).subtype}` : m.type))).toEqual([
      'system/init',
      'system/status',
      'file-history-snapshot',
      'assistant',
      'result',
    ]);
    const sid = (msgs[0] as { session_id: string }).session_id;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(last['session_id']).toBe(sid);
  });

  // §9 item 7: `interrupt` is answered and the interrupted turn still ends with a result. As measured on the
  // real cbc 2.117.0 (docs/fidelity.md), that result is a success with result "" after an "Interrupted by user"
  // assistant frame, so the SDK does not throw; the workflow ends killed / stopped (seed 000 §4.3).
  it('interrupt() on a long turn: "Interrupted by user", then an empty success result', async () => {
    const q = query({ prompt: 'start the long run', options: { pathToCodebuddyCode: CBC_BIN, env: { CBC_EMU_SPEED: '10', CBC_EMU_SCENARIO: 'scenarios/long-run.yaml' } } });
    const seen: Message[] = [];
    let interrupted: Promise<void> | undefined;
    let thrown: unknown;
    try {
      for await (const m of q) {
        seen.push(m);
        if (!interrupted && m.type === 'system' && (m as { subtype: string }).subtype === 'task_progress') interrupted = q.interrupt();
      }
    } catch (err) {
      thrown = err;
    }
    expect(interrupted, 'a task_progress arrived and interrupt() was called').toBeDefined();
    await expect(interrupted).resolves.toBeUndefined();
    expect(thrown).toBeUndefined();
    const texts = seen.filter((m) => m.type === 'assistant').map((m) => JSON.stringify((m as { message: unknown }).message));
    expect(texts.some((t) => t.includes('Interrupted by user'))).toBe(true);
    const result = seen.at(-1) as Record<string, unknown>;
    expect(result).toMatchObject({ type: 'result', subtype: 'success', is_error: false, result: '' });
    expect(seen.find((m) => (m as { subtype?: string }).subtype === 'task_updated')).toMatchObject({ patch: { status: 'killed' } });
    // the interrupt cut the 60 s workflow short: it ended killed / stopped, not completed (event order, no wall clock)
    expect(seen.find((m) => (m as { subtype?: string }).subtype === 'task_notification')).toMatchObject({ status: 'stopped' });
  });
});

describe('CodeBuddy SDK unstable_v2_createSession against bin/cbc.js', () => {
  // §5 "Session": one long-lived process; send() then stream() returns after the result; every
  // stream() reuses the same iterator; §1: the session API always passes --session-id <uuid>.
  it('send() a prompt, stream() to the result, twice in one session', async () => {
    const session = unstable_v2_createSession({ pathToCodebuddyCode: CBC_BIN, env: ENV });
    try {
      expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);

      await session.send('first session prompt');
      const first = await collect(session.stream());
      expect(first.at(-1)).toMatchObject({ type: 'result', subtype: 'success', is_error: false, result: 'first session prompt', session_id: session.sessionId });
      expect(texts(first)).toEqual(['first session prompt']);
      expect(first.find((m) => m.type === 'system')).toMatchObject({ subtype: 'init', session_id: session.sessionId });

      await session.send('second session prompt');
      const second = await collect(session.stream());
      expect(second.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'second session prompt', session_id: session.sessionId });
      expect(texts(second)).toEqual(['second session prompt']);
      expect(second.filter((m) => m.type === 'result')).toHaveLength(1);
    } finally {
      session.close();
    }
  });
});
