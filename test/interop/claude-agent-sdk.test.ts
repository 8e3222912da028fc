// Interop: the real `@anthropic-ai/claude-agent-sdk@0.3.328` drives bin/cbc.js.
// Issue #2 acceptance: "`@anthropic-ai/claude-agent-sdk` `query()` (string prompt and streaming input) ...
// complete a turn against `bin/cbc.js` with no option beyond the executable path".
// Reference: /work/shared/reference/claude-agent-sdk.md §1 (launch), §4 (lifecycle), §7 (mock requirements).
import { query, type SDKMessage, type SDKResultMessage, type SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { ndjson } from '../helpers/run-bin.js';
import { CBC_BIN, CLAUDE_SDK_ADDED_ENV, claudeEnv, collect, failOnProcessNoise, Inbox, normalizeRunSpecific, runDirect, userMessage } from './helpers.js';

failOnProcessNoise();

const CLAUDE_PROFILES = ['claude-2.1.328', 'claude-2.1.220'] as const;

function results(msgs: SDKMessage[]): SDKResultMessage[] {
  return msgs.filter((m): m is SDKResultMessage => m.type === 'result');
}

function systemSubtypes(msgs: SDKMessage[]): string[] {
  return msgs.filter((m) => m.type === 'system').map((m) => (m as { subtype: string }).subtype);
}

describe.each(CLAUDE_PROFILES)('Claude Agent SDK query() against bin/cbc.js, profile %s', (profile) => {
  // §1.1: a `.js` path is run as `node <path> ...`; §1.3: options.env is not merged (PATH/HOME given).
  // §4.1/§4.2: a string prompt is one user line; stdin closes at the first result; §4.3: the iterator
  // ends when the process exits 0.
  it('string prompt: completes a turn with system/init, assistant, result(success)', async () => {
    const env = claudeEnv({ CBC_EMU_PROFILE: profile, CBC_EMU_SEED: '4242' });
    const msgs = await collect(query({ prompt: 'hello from the claude sdk', options: { pathToClaudeCodeExecutable: CBC_BIN, env } }));

    expect(msgs.map((m) => m.type)).toEqual(['system', 'assistant', 'result']);
    const [init, assistant, result] = msgs as [SDKMessage, SDKMessage, SDKMessage];
    expect(init).toMatchObject({ type: 'system', subtype: 'init', claude_code_version: profile.slice('claude-'.length) });
    expect(assistant).toMatchObject({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'hello from the claude sdk' }] } });
    expect(result).toMatchObject({ type: 'result', subtype: 'success', is_error: false, result: 'hello from the claude sdk', num_turns: 1 });
    // One session across the turn (§7 item 6: copy session_id onto messages).
    const sid = (init as { session_id: string }).session_id;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(msgs.every((m) => (m as { session_id?: string }).session_id === sid)).toBe(true);

    // The SDK yields CLI frames unchanged (§6): replay the same stdin the SDK wrote (§4.1; initialize
    // with systemPrompt [""] then the user line) with the same seed and env, straight into bin/cbc.js,
    // and the non-control frames must deep-equal what the SDK yielded.
    const direct = await runDirect(
      ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'],
      ndjson(
        { request_id: 'replay-init', type: 'control_request', request: { subtype: 'initialize', systemPrompt: [''] } },
        { type: 'user', session_id: '', message: { role: 'user', content: [{ type: 'text', text: 'hello from the claude sdk' }] }, parent_tool_use_id: null },
      ),
      { ...env, ...CLAUDE_SDK_ADDED_ENV },
    );
    expect(direct.code).toBe(0);
    // the SDK keeps frames marked sdk_host_only (2.1.328's session-state frames under CLAUDE_CODE_SDK_READS_SESSION_STATE) to itself
    const written = direct.frames.filter((f) => f['type'] !== 'control_response' && f['sdk_host_only'] !== true);
    expect(msgs.map(normalizeRunSpecific)).toEqual(written.map(normalizeRunSpecific));
  });

  // §4.1/§4.2 streaming input: every yielded user message is written at once, stdin closes when the
  // iterable finishes (before the results); §7 item 10: the CLI must still finish queued turns after EOF.
  it('streaming input (AsyncIterable of two user messages): two results, in order', async () => {
    async function* prompts(): AsyncGenerator<SDKUserMessage> {
      yield userMessage('first streamed prompt');
      yield userMessage('second streamed prompt');
    }
    const msgs = await collect(query({ prompt: prompts(), options: { pathToClaudeCodeExecutable: CBC_BIN, env: claudeEnv({ CBC_EMU_PROFILE: profile }) } }));

    const res = results(msgs);
    expect(res).toHaveLength(2);
    expect(res.map((r) => [r.subtype, r.is_error])).toEqual([
      ['success', false],
      ['success', false],
    ]);
    expect(res.map((r) => (r as { result: string }).result)).toEqual(['first streamed prompt', 'second streamed prompt']);
    expect(msgs.at(-1)?.type).toBe('result');
    const texts = msgs.filter((m) => m.type === 'assistant').map((m) => JSON.stringify((m as { message: unknown }).message));
    expect(texts[0]).toContain('first streamed prompt');
    expect(texts.at(-1)).toContain('second streamed prompt');
    expect(new Set(msgs.map((m) => (m as { session_id?: string }).session_id)).size).toBe(1);
  });

  // §4.3 "Messages that arrive after result are yielded normally until stdout EOF" and §7 item 12
  // (task_* system messages pass through unchanged). Default scenario: /deep-research runs a workflow
  // in the background, then a follow-up turn reports its completion.
  it('/deep-research under the default scenario: task_started / task_progress / task_notification are yielded', async () => {
    const msgs = await collect(
      query({ prompt: (async function* () { yield userMessage('/deep-research topic=foo'); })(), options: { pathToClaudeCodeExecutable: CBC_BIN, env: claudeEnv({ CBC_EMU_PROFILE: profile }) } }),
    );

    const subtypes = systemSubtypes(msgs);
    expect(subtypes).toContain('task_started');
    expect(subtypes).toContain('task_progress');
    expect(subtypes).toContain('task_notification');
    const started = msgs.find((m) => m.type === 'system' && (m as { subtype: string }).subtype === 'task_started') as Record<string, unknown>;
    const progress = msgs.filter((m) => m.type === 'system' && (m as { subtype: string }).subtype === 'task_progress') as Record<string, unknown>[];
    const note = msgs.find((m) => m.type === 'system' && (m as { subtype: string }).subtype === 'task_notification') as Record<string, unknown>;
    expect(started).toMatchObject({ task_type: 'local_workflow', workflow_name: 'deep-research', description: 'Deep research harness' });
    expect(typeof started['task_id']).toBe('string');
    // All task events refer to the same task, in order: started < progress < notification.
    for (const p of progress) expect(p['task_id']).toBe(started['task_id']);
    expect(note).toMatchObject({ task_id: started['task_id'], status: 'completed' });
    const idx = (m: unknown): number => msgs.indexOf(m as SDKMessage);
    expect(idx(started)).toBeLessThan(idx(progress[0]));
    expect(idx(progress.at(-1))).toBeLessThan(idx(note));

    // The first turn answers at once, the follow-up turn comes after the notification.
    const res = results(msgs);
    expect(res).toHaveLength(2);
    expect(res.every((r) => r.subtype === 'success')).toBe(true);
    expect(idx(res[0])).toBeLessThan(idx(progress[0]));
    expect(idx(note)).toBeLessThan(idx(res[1]));
    expect((res[1] as { result: string }).result).toContain('deep-research');
  });

  // §7 item 8: `interrupt` is answered ({still_queued: []}) and the running turn ends with an
  // error_during_execution result carrying `errors`; §4.3: the last result is an error AND the process
  // exits non-zero (claude profiles exit 1 after an error result) => the SDK yields the result, then
  // throws `Claude Code returned an error result: <errors joined>`.
  it('interrupt() on a long turn: resolves, the turn ends with error_during_execution, the SDK throws the documented error', async () => {
    const env = claudeEnv({ CBC_EMU_PROFILE: profile, CBC_EMU_SPEED: '10', CBC_EMU_SCENARIO: 'scenarios/long-run.yaml' });
    const q = query({ prompt: 'start the long run', options: { pathToClaudeCodeExecutable: CBC_BIN, env } });
    const seen: SDKMessage[] = [];
    let interrupted: Promise<unknown> | undefined;
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
    await expect(interrupted).resolves.toEqual({ still_queued: [] });
    const res = results(seen);
    expect(res).toHaveLength(1);
    const r = res[0] as SDKResultMessage & { errors?: string[] };
    expect(r).toMatchObject({ type: 'result', subtype: 'error_during_execution', is_error: true });
    expect(Array.isArray(r.errors) && r.errors.length > 0).toBe(true);
    expect(seen.at(-1)).toBe(r);
    // The workflow was stopped, not completed.
    const note = seen.find((m) => m.type === 'system' && (m as { subtype: string }).subtype === 'task_notification');
    expect(note).toMatchObject({ status: 'stopped' });
    // Documented SDK behaviour for error result + exit 1.
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe(`Claude Code returned an error result: ${(r.errors ?? []).join('; ')}`);
    // The interrupt cut the two 60 s agents short: the task was killed, not completed (event order, no wall clock).
    expect(seen.find((m) => m.type === 'system' && (m as { subtype: string }).subtype === 'task_updated')).toMatchObject({ patch: { status: 'killed' } });
  });

  // §7 item 4 (initialize answer feeds initializationResult()/supported*()) and item 8
  // (set_permission_mode / set_model are answered); streaming input keeps the session open meanwhile.
  it('initializationResult(), supportedCommands(), setPermissionMode("plan"), setModel("x")', async () => {
    const inbox = new Inbox<SDKUserMessage>();
    const q = query({ prompt: inbox, options: { pathToClaudeCodeExecutable: CBC_BIN, env: claudeEnv({ CBC_EMU_PROFILE: profile }) } });
    const drained = collect(q);

    const init = await q.initializationResult();
    expect(init.commands.length).toBeGreaterThan(0);
    expect(init.commands.map((c) => c.name)).toContain('deep-research');
    expect(init.models.length).toBeGreaterThan(0);
    expect(init.output_style).toBe('default');
    expect(init.account).toMatchObject({ apiProvider: 'firstParty' });
    // claude_code_version / current_permission_mode are in the 2.1.328 reply only (the 2.1.220
    // profile reproduces the older, shorter initialize reply).
    if (profile === 'claude-2.1.328') expect(init).toMatchObject({ claude_code_version: '2.1.328', current_permission_mode: 'default' });

    const commands = await q.supportedCommands();
    expect(commands).toEqual(init.commands);

    await expect(q.setPermissionMode('plan')).resolves.toBeUndefined();
    await expect(q.setModel('x')).resolves.toBeUndefined();

    inbox.push(userMessage('after the control requests'));
    inbox.end();
    const msgs = await drained;

    // The next turn runs with the new mode and model.
    expect(msgs.find((m) => m.type === 'system' && (m as { subtype: string }).subtype === 'init')).toMatchObject({ permissionMode: 'plan', model: 'x' });
    expect(msgs.find((m) => m.type === 'assistant')).toMatchObject({ message: { model: 'x' } });
    expect(results(msgs).map((r) => r.subtype)).toEqual(['success']);
  });
});
