// Issue #16 (fourth held-back set, tuning by FP): two interrupts read together are both answered before the turn's
// end (ctl_interrupt_twice_mid_turn_h4, cbc adding one status frame each); read_file's max_bytes / base64
// (ctl_read_file_base64_h4); a failed model call costs nothing (ctl_get_session_cost_after_error_h4); Claude's
// can_use_tool inside a streamed tool call (req_can_use_tool_allow_partial_h4); mcp_set_servers connecting an sdk
// server (ctl_mcp_set_servers_sdk_h4).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import type { Frame } from '../../helpers/frames.js';
import { answerLine, controlLine as ctl, driveStream, userLine, type Host } from '../../helpers/stream-json.js';

const SLOW = parseScenario('turns:\n  - delay: 5s\n    reply: "slow"\n');
const ASK = parseScenario('turns:\n  - ask: { tool: Bash, input: { command: "touch x" }, output: "done" }\n    result: "after"\n');
const FAIL = parseScenario('turns:\n  - error: "boom"\n');

/** `first`, then `on` answers each frame (on the next tick) and ends stdin. */
function run(profile: string, scenario: ReturnType<typeof parseScenario>, opts: { extra?: string[]; cwd?: string; on: (f: Frame, host: Host) => void; first: string }) {
  const claude = profile.startsWith('claude');
  return driveStream({ profile, extra: [...(claude ? ['--no-session-persistence'] : []), ...(opts.extra ?? [])], scenario, cwd: opts.cwd, first: opts.first, on: opts.on, endAtResult: false });
}

const kinds = (frames: Frame[]) => frames.map((f) => (f['type'] === 'control_response' ? `reply:${f['response']['request_id']}` : f['type'] === 'system' ? `system:${f['subtype']}:${f['status'] ?? ''}` : f['type']));

describe('interrupts read together are all answered before the turn ends (#16)', () => {
  for (const profile of ['cbc-2.117.0', 'claude-2.1.220', 'claude-2.1.328']) {
    it(profile, async () => {
      const { frames } = await run(profile, SLOW, {
        // one chunk: the turn starts, then both interrupts are read before the clock runs again
        first: userLine('go') + ctl('i1', { subtype: 'interrupt' }) + ctl('i2', { subtype: 'interrupt' }),
        on: (f, host) => f['type'] === 'result' && host.end(),
      });
      const k = kinds(frames);
      const [i1, i2, result] = [k.indexOf('reply:i1'), k.indexOf('reply:i2'), k.indexOf('result')];
      expect(i1).toBeGreaterThanOrEqual(0);
      expect(i2).toBe(i1 + 1);
      expect(result).toBeGreaterThan(i2);
      // cbc: one status frame per interrupt between the replies and the result
      const statuses = k.slice(i2 + 1, result).filter((x) => x === 'system:status:');
      expect(statuses).toHaveLength(profile.startsWith('cbc') ? 2 : 0);
    });
  }
});

describe('read_file max_bytes and encoding (#16)', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'fp-read-'));
  writeFileSync(join(cwd, 'note.txt'), 'héllo file\n');
  const read = async (profile: string, fields: Record<string, unknown>) => {
    const { frames } = await run(profile, SLOW, {
      cwd,
      first: ctl('r', { subtype: 'read_file', path: 'note.txt', ...fields }),
      on: (f, host) => f['type'] === 'control_response' && host.end(),
    });
    return frames.find((f) => f['type'] === 'control_response')?.['response']['response'] as Record<string, unknown>;
  };
  it('base64 with max_bytes: the first bytes, truncated, encoding named (both versions)', async () => {
    expect(await read('claude-2.1.220', { encoding: 'base64', max_bytes: 4 })).toMatchObject({ contents: Buffer.from('héllo').subarray(0, 4).toString('base64'), truncated: true, encoding: 'base64' });
    const r = await read('claude-2.1.328', { encoding: 'base64', max_bytes: 4 });
    expect(Object.keys(r)).toEqual(['contents', 'absPath', 'truncated', 'encoding', 'requested_path']);
  });
  it('utf-8 cut inside a character is lossy on 2.1.328; the whole file is not truncated', async () => {
    expect(await read('claude-2.1.328', { max_bytes: 2 })).toMatchObject({ contents: 'h\ufffd', truncated: true, lossy: true });
    const whole = await read('claude-2.1.328', {});
    expect(whole).toMatchObject({ contents: 'héllo file\n', lossy: false });
    expect(whole).not.toHaveProperty('truncated');
  });
});

describe('a model call that failed costs the session nothing (#16)', () => {
  it('claude-2.1.328 /cost after an API error', async () => {
    const { frames } = await run('claude-2.1.328', FAIL, {
      first: userLine('go'),
      on: (f, host) => {
        if (f['type'] === 'result') host.send(ctl('c', { subtype: 'get_session_cost' }));
        if (f['type'] === 'control_response') host.end();
      },
    });
    const text = String(frames.find((f) => f['type'] === 'control_response')?.['response']['response']['text']);
    expect(text).toMatch(/^Estimated cost: +\$0\.0000\n/);
    expect(text).toContain('Usage:                 0 input, 0 output');
  });
});

describe('Claude asks can_use_tool inside a streamed tool call (#16)', () => {
  const order = async (profile: string) => {
    const { frames } = await run(profile, ASK, {
      extra: ['--permission-prompt-tool', 'stdio', '--include-partial-messages'],
      first: userLine('go'),
      on: (f, host) => {
        if (f['type'] === 'control_request') host.send(answerLine(f['request_id'], { behavior: 'allow', updatedInput: { command: 'touch x' } }));
        if (f['type'] === 'result') host.end();
      },
    });
    const k = frames.map((f) => (f['type'] === 'stream_event' ? String(f['event']['type']) : f['type'] === 'control_request' ? 'ask' : String(f['type'])));
    const ask = k.indexOf('ask');
    return k.slice(ask - 1, ask + 2);
  };
  it('2.1.220: right after the assistant frame', async () => expect(await order('claude-2.1.220')).toEqual(['assistant', 'ask', 'content_block_stop']));
  it('2.1.328: before message_stop', async () => expect(await order('claude-2.1.328')).toEqual(['message_delta', 'ask', 'message_stop']));
});

describe('mcp_set_servers connects an sdk server at once (#16)', () => {
  it('claude-2.1.328: its initialize request follows the reply', async () => {
    const { frames } = await run('claude-2.1.328', SLOW, {
      first: ctl('m', { subtype: 'mcp_set_servers', servers: { inproc: { type: 'sdk', name: 'inproc' } } }),
      on: (f, host) => f['type'] === 'control_request' && host.end(),
    });
    const ask = frames.find((f) => f['type'] === 'control_request');
    expect(ask?.['request']).toMatchObject({ subtype: 'mcp_message', server_name: 'inproc', message: { method: 'initialize', jsonrpc: '2.0', id: 0, params: { protocolVersion: '2025-11-25' } } });
  });
});
