// Session flags of the real CLIs (issue #16; surface captures ses_max_turns, ses_partial, ses_replay_user in
// test/golden/real/<cli>/surface/): --max-turns ends a turn with the CLI's max-turns error, --include-partial-messages
// streams the API's events around each assistant text, --replay-user-messages echoes user lines (Claude Code).
import { afterAll, describe, expect, it } from 'vitest';
import { ndjson, STREAM_FLAGS } from '../helpers/run-bin.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { cleanupTemps, ctl, expectNdjson, scenarioFile, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

const TOOL = scenarioFile(`name: tool
turns:
  - ask: { tool: Bash, input: { command: "echo hi" }, output: "hi" }
    result: "done"
`);
type F = Record<string, unknown>;

async function run(profile: string, scenario: string, extra: string[], prompts = ['go'], env: Record<string, string> = { IS_SANDBOX: '1' }) {
  const args = [...STREAM_FLAGS, '--emu-profile', profile, '--emu-speed', '0', '--emu-home', tempDir(), '--emu-scenario', scenario, ...extra];
  // IS_SANDBOX=1: Claude Code refuses bypassPermissions as root otherwise (the container escape it documents)
  // the drop-in's entry in this process: the subject is the flags' frames (a spawn each was ~0.2 s of CPU; issue #21)
  const r = await runInProcess(args, ndjson(ctl('req_1', { subtype: 'initialize' }), ...prompts.map(user)), { cwd: tempDir(), env });
  return { ...r, frames: expectNdjson(r.stdout) as F[] };
}

describe('--permission-mode bypassPermissions as root (#16, capture opt_permission_mode_bypass_bash_call)', () => {
  it.runIf(process.getuid?.() === 0)('Claude Code refuses it like --dangerously-skip-permissions: exit 1, nothing on stdout', async () => {
    const r = await run('claude-2.1.328', TOOL, ['--permission-mode', 'bypassPermissions'], ['go'], { IS_SANDBOX: '' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons');
  });

  it.runIf(process.getuid?.() === 0)('another mode, or cbc, is not refused', async () => {
    expect((await run('claude-2.1.328', TOOL, ['--permission-mode', 'acceptEdits'], ['go'], { IS_SANDBOX: '' })).code).toBe(0);
    expect((await run('cbc-2.117.0', TOOL, ['--permission-mode', 'bypassPermissions'], ['go'], { IS_SANDBOX: '' })).code).toBe(0);
  });
});

describe('--max-turns (ses_max_turns)', () => {
  it('Claude Code: the tool call and its result, then error_max_turns, exit 1', async () => {
    const r = await run('claude-2.1.328', TOOL, ['--max-turns', '1', '--permission-mode', 'bypassPermissions']);
    expect(r.code).toBe(1);
    const result = r.frames.find((f) => f['type'] === 'result')!;
    expect(result).toMatchObject({ subtype: 'error_max_turns', is_error: true, stop_reason: 'tool_use', terminal_reason: 'max_turns', num_turns: 2, errors: ['Reached maximum number of turns (1)'] });
    expect(r.frames.filter((f) => f['type'] === 'assistant')).toHaveLength(1);
  });

  it('cbc: "Max turns (1) exceeded" as an assistant text, then an error_during_execution result, exit 0', async () => {
    const r = await run('cbc-2.117.0', TOOL, ['--max-turns', '1', '--permission-mode', 'bypassPermissions']);
    expect(r.code).toBe(0);
    const texts = r.frames.filter((f) => f['type'] === 'assistant').map((f) => JSON.stringify((f['message'] as F)['content']));
    expect(texts.at(-1)).toContain('Max turns (1) exceeded');
    expect(r.frames.at(-1)).toMatchObject({ type: 'result', subtype: 'error_during_execution', errors: ['Max turns (1) exceeded'] });
  });
});

describe('--include-partial-messages (ses_partial) and --replay-user-messages (ses_replay_user)', () => {
  const kinds = (fs: F[]) => fs.filter((f) => f['type'] !== 'control_response' && f['subtype'] !== 'init').map((f) => (f['type'] === 'stream_event' ? `event:${String((f['event'] as F)['type'])}` : `${String(f['type'])}${f['subtype'] ? '/' + String(f['subtype']) : ''}`));
  const ECHO = scenarioFile('name: echo\nturns: []\n');

  it('Claude Code: a requesting status, the API events around the assistant frame', async () => {
    const r = await run('claude-2.1.328', ECHO, ['--include-partial-messages'], ['hi']);
    expect(kinds(r.frames)).toEqual(['system/status', 'event:message_start', 'event:content_block_start', 'event:content_block_delta', 'assistant',
      'event:content_block_stop', 'event:message_delta', 'event:message_stop', 'result/success']);
  });

  it('cbc: the six API events, then the assistant frame', async () => {
    const r = await run('cbc-2.117.0', ECHO, ['--include-partial-messages'], ['hi']);
    expect(kinds(r.frames)).toEqual(['system/status', 'file-history-snapshot', 'event:message_start', 'event:content_block_start', 'event:content_block_delta',
      'event:content_block_stop', 'event:message_delta', 'event:message_stop', 'assistant', 'result/success']);
  });

  it('Claude Code echoes the user line after init, marked isReplay; cbc does not', async () => {
    const c = await run('claude-2.1.220', ECHO, ['--replay-user-messages'], ['hi']);
    const echo = c.frames.find((f) => f['type'] === 'user')!;
    expect(Object.keys(echo)).toEqual(['type', 'message', 'session_id', 'parent_tool_use_id', 'uuid', 'timestamp', 'isReplay']);
    expect(echo).toMatchObject({ message: { role: 'user', content: 'hi' }, isReplay: true });
    const b = await run('cbc-2.117.0', ECHO, ['--replay-user-messages'], ['hi']);
    expect(b.frames.some((f) => f['type'] === 'user')).toBe(false);
  });
});
