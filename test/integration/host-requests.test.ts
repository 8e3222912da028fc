// CLI-initiated requests through the built binary (issue #10; seed 004's request_id correlation and
// pending -> approved | rejected state machine): an interrupt cancels a pending request with
// control_cancel_request, unknown and duplicate answers are logged and ignored, an unanswered request
// times out into the scenario's denial, and every state change is visible in the journal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/run-bin.js';
import { cleanupTemps, ctl, expectNdjson, scenarioFile, spawnLive, streamArgs, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

const PERMISSIONS = join(ROOT, 'scenarios', 'permissions.yaml');
type F = Record<string, any>;
const states = (journal: string) =>
  readFileSync(journal, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((e) => e.event === 'host_request').map((e) => `${e.subtype}:${e.state}`);

describe('host requests', () => {
  it('an interrupt while can_use_tool is pending sends control_cancel_request for it', async () => {
    const journal = join(tempDir(), 'j.ndjson');
    const live = spawnLive(streamArgs('cbc', tempDir(), ['--emu-scenario', PERMISSIONS, '--emu-journal', journal]));
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

  it('unknown and duplicate answers are logged on stderr and ignored; the right one decides', async () => {
    const journal = join(tempDir(), 'j.ndjson');
    const live = spawnLive(streamArgs('cbc', tempDir(), ['--emu-scenario', PERMISSIONS, '--emu-journal', journal]));
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
    expect(live.stderr()).toContain('ignoring a control_response for unknown request nobody-asked');
    expect(live.stderr()).toContain(`ignoring a second control_response for request ${requestId}: it was already settled`);
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
    const live = spawnLive(streamArgs('cbc', tempDir(), ['--emu-scenario', scn, '--emu-journal', journal]));
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
    const bypass = spawnLive(streamArgs('cbc', tempDir(), ['--emu-scenario', PERMISSIONS, '-y']));
    bypass.send(user('clean up'));
    await bypass.waitFor((f) => f['type'] === 'result');
    bypass.child.stdin.end();
    await bypass.exited;
    const a = expectNdjson(bypass.raw()) as F[];
    expect(a.some((f) => f['type'] === 'control_request')).toBe(false);
    expect(a.find((f) => f['type'] === 'result')!['permission_denials']).toEqual([]);

    const denied = spawnLive(streamArgs('cbc', tempDir(), ['--emu-scenario', PERMISSIONS, '--disallowedTools', 'Bash(rm:*)']));
    denied.send(user('clean up'));
    await denied.waitFor((f) => f['type'] === 'result');
    denied.child.stdin.end();
    await denied.exited;
    const b = expectNdjson(denied.raw()) as F[];
    expect(b.some((f) => f['type'] === 'control_request')).toBe(false);
    expect(b.find((f) => f['type'] === 'result')!['permission_denials']).toEqual([{ tool_name: 'Bash', tool_use_id: expect.any(String), tool_input: { command: 'rm -rf build' } }]);
  });
});
