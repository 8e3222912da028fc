// CLI-initiated requests through the built binary (issue #10; seed 004's request_id correlation and
// pending -> approved | rejected state machine): an interrupt cancels a pending request with
// control_cancel_request, unknown and duplicate answers are logged and ignored, an unanswered request
// times out into the scenario's denial, and every state change is visible in the journal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/run-bin.js';
import { cleanupTemps, ctl, expectNdjson, liveInProcess, scenarioFile, spawnLive, streamArgs, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

const PERMISSIONS = join(ROOT, 'scenarios', 'permissions.yaml');
type F = Record<string, any>;
const states = (journal: string) =>
  readFileSync(journal, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((e) => e.event === 'host_request').map((e) => `${e.subtype}:${e.state}`);

describe('host requests', () => {
  // issue #16 (captures req_hook_callback_prompt_submit_h3): the prompt's hook is asked before the turn starts, on both CLIs
  it.each(['claude-2.1.328', 'cbc-2.117.0'])('%s: a UserPromptSubmit hook gets its hook_callback with the prompt before system/init', async (profile) => {
    const live = spawnLive(streamArgs(profile, tempDir()));
    live.send(ctl('req_1', { subtype: 'initialize', hooks: { UserPromptSubmit: [{ hookCallbackIds: ['hook_0'] }] } }));
    live.send(user('hi there'));
    const i = await live.waitFor((f) => f['type'] === 'control_request');
    const asked = live.frames()[i]!;
    expect(asked['request']).toMatchObject({ subtype: 'hook_callback', callback_id: 'hook_0', input: { hook_event_name: 'UserPromptSubmit', prompt: 'hi there' } });
    expect(live.frames().some((f) => f['type'] === 'system')).toBe(false);
    live.send({ type: 'control_response', response: { subtype: 'success', request_id: asked['request_id'], response: { continue: true } } });
    await live.waitFor((f) => f['type'] === 'result');
    live.child.stdin.end();
    expect((await live.exited).code).toBe(0);
    const frames = expectNdjson(live.raw()) as F[];
    expect(frames.findIndex((f) => f['type'] === 'system' && f['subtype'] === 'init')).toBeGreaterThan(i);
  });

  it('an interrupt while can_use_tool is pending sends control_cancel_request for it', async () => {
    const journal = join(tempDir(), 'j.ndjson');
    const live = liveInProcess(streamArgs('cbc', tempDir(), ['--emu-scenario', PERMISSIONS, '--emu-journal', journal]));
    live.send(user('clean up'));
    const i = await live.waitFor((f) => f['type'] === 'control_request');
    const requestId = live.frames()[i]!['request_id'];
    live.send(ctl('stop-1', { subtype: 'interrupt' }));
    await live.waitFor((f) => f['type'] === 'result');
    live.child.stdin.end();
    expect((await live.exited).code).toBe(0);
    const frames = expectNdjson(live.raw()) as F[];
    const cancel = frames.findIndex((f) => f['type'] === 'control_cancel_request');
    expect(frames[cancel]).toEqual({ type: 'control_cancel_request', request_id: requestId });
    expect(cancel).toBeGreaterThan(frames.findIndex((f) => f['type'] === 'control_response' && f['response'].request_id === 'stop-1'));
    expect(states(journal)).toEqual(['can_use_tool:pending', 'can_use_tool:cancelled']);
  });

  it('unknown and duplicate answers are ignored, journaled, and quiet on stderr (surface capture in_ctl_response_unknown); the right one decides', async () => {
    const journal = join(tempDir(), 'j.ndjson');
    const live = liveInProcess(streamArgs('cbc', tempDir(), ['--emu-scenario', PERMISSIONS, '--emu-journal', journal]));
    live.send(user('clean up'));
    const i = await live.waitFor((f) => f['type'] === 'control_request');
    const requestId = live.frames()[i]!['request_id'] as string;
    const answer = (id: string) => ({ type: 'control_response', response: { subtype: 'success', request_id: id, response: { allowed: true } } });
    live.send(answer('nobody-asked'));
    live.send(answer(requestId));
    live.send(answer(requestId));
    await live.waitFor((f) => f['type'] === 'result');
    live.child.stdin.end();
    await live.exited;
    expect(live.stderr()).toBe('');
    const frames = expectNdjson(live.raw()) as F[];
    const result = frames.find((f) => f['type'] === 'result')!;
    expect(result['result']).toBe('Clean finished.');
    expect(result['permission_denials']).toEqual([]);
    expect(states(journal)).toEqual(['can_use_tool:pending', 'can_use_tool:approved']);
    const warnings = readFileSync(journal, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((e) => e.event === 'warning');
    expect(warnings).toHaveLength(2);
  });

  it('a host that never answers: the timeout cancels the request and the step\'s policy applies', async () => {
    const journal = join(tempDir(), 'j.ndjson');
    const scn = scenarioFile('name: t\nturns:\n  - ask: { tool: Bash, input: { command: "make" }, timeout: 300ms, on_deny: error }\n    result: "built"\n');
    const live = liveInProcess(streamArgs('cbc', tempDir(), ['--emu-scenario', scn, '--emu-journal', journal]));
    live.send(user('build'));
    await live.waitFor((f) => f['type'] === 'result', 10_000);
    live.child.stdin.end();
    await live.exited;
    const frames = expectNdjson(live.raw()) as F[];
    const req = frames.find((f) => f['type'] === 'control_request')!;
    expect(frames.find((f) => f['type'] === 'control_cancel_request')).toEqual({ type: 'control_cancel_request', request_id: req['request_id'] });
    expect(frames.find((f) => f['type'] === 'result')).toMatchObject({ is_error: true, errors: ['Permission denied for tool(s): Bash'] });
    expect(states(journal)).toEqual(['can_use_tool:pending', 'can_use_tool:timed-out']);
  });

  it('bypassPermissions (-y) skips the ask; --disallowedTools denies without asking', async () => {
    const bypass = liveInProcess(streamArgs('cbc', tempDir(), ['--emu-scenario', PERMISSIONS, '-y']));
    bypass.send(user('clean up'));
    await bypass.waitFor((f) => f['type'] === 'result');
    bypass.child.stdin.end();
    await bypass.exited;
    const a = expectNdjson(bypass.raw()) as F[];
    expect(a.some((f) => f['type'] === 'control_request')).toBe(false);
    expect(a.find((f) => f['type'] === 'result')!['permission_denials']).toEqual([]);

    const denied = liveInProcess(streamArgs('cbc', tempDir(), ['--emu-scenario', PERMISSIONS, '--disallowedTools', 'Bash(rm:*)']));
    denied.send(user('clean up'));
    await denied.waitFor((f) => f['type'] === 'result');
    denied.child.stdin.end();
    await denied.exited;
    const b = expectNdjson(denied.raw()) as F[];
    expect(b.some((f) => f['type'] === 'control_request')).toBe(false);
    expect(b.find((f) => f['type'] === 'result')!['permission_denials']).toEqual([{ tool_name: 'Bash', tool_use_id: expect.any(String), tool_input: { command: 'rm -rf build' } }]);
  });
});

describe('SDK MCP tools (mcp_message)', () => {
  it('cbc: initialize handshake once, then tools/call; the JSON-RPC answer becomes the tool result', async () => {
    const scn = scenarioFile('name: m\nturns:\n  - ask: { tool: mcp__srv__add, input: { a: 2, b: 3 } }\n    result: "added"\n  - ask: { tool: mcp__srv__add, input: { a: 1, b: 1 } }\n    result: "again"\n');
    const live = liveInProcess(streamArgs('cbc', tempDir(), ['--emu-scenario', scn, '-y']));
    live.send(ctl('init', { subtype: 'initialize', sdkMcpServers: ['srv'] }));
    const seen: F[] = [];
    let answered = 0;
    const answerAll = () => {
      const reqs = (live.frames() as F[]).filter((f) => f['type'] === 'control_request');
      for (const r of reqs.slice(answered)) {
        seen.push(r);
        const m = r['request'].message;
        const result = m.method === 'tools/call' ? { content: [{ type: 'text', text: String(m.params.arguments.a + m.params.arguments.b) }] } : {};
        live.send({ type: 'control_response', response: { subtype: 'success', request_id: r['request_id'], response: { mcp_response: { jsonrpc: '2.0', id: m.id ?? 0, result } } } });
      }
      answered = reqs.length;
    };
    live.child.stdout.on('data', answerAll);
    live.send(user('add'));
    await live.waitFor((f) => f['type'] === 'result');
    live.send(user('add again'));
    await live.waitFor((f) => f['type'] === 'result' && f['result'] === 'again');
    live.child.stdin.end();
    await live.exited;
    // codebuddy-sdk.md §4: mcp_<ms>_<n> ids and {subtype, server_name, message}
    expect(seen.map((r) => r['request'].message.method)).toEqual(['initialize', 'notifications/initialized', 'tools/call', 'tools/call']);
    for (const r of seen) {
      expect(r['request_id']).toMatch(/^mcp_\d+_\d+$/);
      expect(Object.keys(r['request'])).toEqual(['subtype', 'server_name', 'message']);
      expect(r['request'].server_name).toBe('srv');
    }
    const results = (expectNdjson(live.raw()) as F[]).filter((f) => f['type'] === 'user').map((f) => f['message'].content[0].content[0].text);
    expect(results).toEqual(['5', '2']);
  });
});

// issue #16 (captures req_can_use_tool_allow_then_second_call_h5, req_can_use_tool_updated_permissions): an allow answer's
// updatedPermissions addRules hold for the rest of the session on Claude (a whole-tool rule: the next call is not asked,
// and 2.1.328 records it as source user_temporary, reason_type rule); a rule naming a whole compound command does not
// cover it (Claude checks each subcommand); cbc 2.117.0 never reads updatedPermissions and asks again.
describe('session rules from an allow answer (#16)', () => {
  const ASKS = scenarioFile(`name: asks
turns:
  - match: { contains: "RUN" }
    ask: { tool: Bash, input: { command: "touch a.txt && echo done" }, output: "done" }
    result: "ran"
fallback:
  reply: "other"
`);
  /** Runs RUN twice, answering the first can_use_tool with `rules`; returns how many can_use_tool requests came and the frames. */
  async function twice(profile: string, rules: unknown[]): Promise<{ asked: number; frames: F[] }> {
    const live = liveInProcess(streamArgs(profile, tempDir(), ['--emu-scenario', ASKS, ...(profile.startsWith('claude') ? ['--permission-prompt-tool', 'stdio'] : [])]));
    live.send(ctl('req_1', { subtype: 'initialize' }));
    live.send(user('RUN one'));
    const i = await live.waitFor((f) => f['type'] === 'control_request' && (f['request'] as F)['subtype'] === 'can_use_tool', 60_000);
    const allow = { behavior: 'allow', allowed: true, updatedInput: { command: 'touch a.txt && echo done' }, updatedPermissions: [{ type: 'addRules', rules, behavior: 'allow', destination: 'session' }] };
    live.send({ type: 'control_response', response: { subtype: 'success', request_id: live.frames()[i]!['request_id'], response: allow } });
    await live.waitFor((f) => f['type'] === 'result', 60_000);
    live.send(user('RUN two'));
    const asked = () => live.frames().filter((f) => f['type'] === 'control_request' && (f['request'] as F)['subtype'] === 'can_use_tool');
    await live.waitFor(() => asked().length === 2 || live.frames().filter((f) => f['type'] === 'result').length === 2, 60_000);
    const n = asked().length;
    if (n === 2) live.send({ type: 'control_response', response: { subtype: 'success', request_id: asked()[1]!['request_id'], response: { behavior: 'allow', allowed: true, updatedInput: {} } } });
    await live.waitFor(() => live.frames().filter((f) => f['type'] === 'result').length === 2, 60_000);
    live.child.stdin.end();
    expect((await live.exited).code).toBe(0);
    return { asked: n, frames: expectNdjson(live.raw()) as F[] };
  }
  it('claude-2.1.328: a whole-tool rule allows the next call without asking, as user_temporary by rule', async () => {
    const { asked, frames } = await twice('claude-2.1.328', [{ toolName: 'Bash' }]);
    expect(asked).toBe(1);
    const metas = frames.filter((f) => f['type'] === 'user' && Array.isArray(f['tool_result_meta'])).map((f) => (f['tool_result_meta'] as F[])[0]!['permission_decision']);
    expect(metas).toEqual([
      { decision: 'accept', source: 'user_temporary' },
      { decision: 'accept', source: 'user_temporary', reason_type: 'rule' },
    ]);
  });
  it('claude-2.1.328: a rule naming the whole compound command does not cover it: asked again', async () => {
    expect((await twice('claude-2.1.328', [{ toolName: 'Bash', ruleContent: 'touch a.txt && echo done' }])).asked).toBe(2);
  });
  it('claude-2.1.328: a prefix rule covers the compound command by its subcommands (echo is read-only)', async () => {
    expect((await twice('claude-2.1.328', [{ toolName: 'Bash', ruleContent: 'touch:*' }])).asked).toBe(1);
  });
  it('cbc-2.117.0: updatedPermissions are not read: asked again', async () => {
    expect((await twice('cbc-2.117.0', [{ toolName: 'Bash' }])).asked).toBe(2);
  });
});
