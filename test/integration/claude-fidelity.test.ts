// Claude Code behaviours measured by the surface captures (issue #16; test/golden/real/claude-code-*/surface/):
// SIGINT interrupts a running turn and exits 0 (sig_int_mid_turn), 2.1.220 dies by SIGTERM while starting up (sig_term_idle),
// --help under -p has no subcommands (opt_help), a scenario error is the model API's (ses_api_error), and
// --json-schema without structured_output gets the CLI's reminder (opt_json_schema).
import { afterAll, describe, expect, it } from 'vitest';
import { ndjson, runBin, STREAM_FLAGS } from '../helpers/run-bin.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { cleanupTemps, ctl, expectNdjson, scenarioFile, spawnLive, streamArgs, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

const SCENARIO = scenarioFile(`name: claude-fidelity
turns:
  - match: { contains: "SLOW" }
    delay: 30s
    reply: "slow"
  - match: { contains: "APIERR" }
    error: "API Error: 429 too many requests"
  - match: { glob: "*" }
    reply: "hello"
`);
type F = Record<string, unknown>;

describe('Claude signals (#16)', () => {
  it('SIGINT while a turn runs: the interrupted user frame, an error_during_execution result, exit 0', async () => {
    const live = spawnLive([...streamArgs('claude-2.1.328', tempDir(), ['--emu-scenario', SCENARIO]), '--emu-speed', '1']);
    live.send(ctl('req_1', { subtype: 'initialize' }));
    live.send(user('SLOW please'));
    await live.waitFor((f) => f['subtype'] === 'init');
    live.child.kill('SIGINT');
    const end = await live.exited;
    expect(end).toEqual({ code: 0, signal: null });
    const frames = live.frames();
    expect(JSON.stringify(frames.at(-2))).toContain('[Request interrupted by user]');
    expect(frames.at(-1)).toMatchObject({ type: 'result', subtype: 'error_during_execution', terminal_reason: 'aborted_streaming' });
  });

  it('2.1.220 dies by SIGTERM while starting up (no exit code), exits 143 once it answered initialize; 2.1.328 exits 143', async () => {
    // measured: sig_term_idle (dies), sig_term_after_init_late and sig_term_after_ctl (143 after the initialize reply)
    const cases = [
      ['claude-2.1.220', false, { code: null, signal: 'SIGTERM' }],
      ['claude-2.1.220', true, { code: 143, signal: null }],
      ['claude-2.1.328', true, { code: 143, signal: null }],
    ] as const;
    for (const [profile, initialized, want] of cases) {
      const live = spawnLive(streamArgs(profile, tempDir(), ['--emu-scenario', SCENARIO]));
      if (initialized) {
        live.send(ctl('req_1', { subtype: 'initialize' }));
        await live.waitFor((f) => f['type'] === 'control_response');
      }
      live.child.kill('SIGTERM');
      expect(await live.exited).toEqual(want);
    }
  });
});

describe('Claude command line and turns (#16)', () => {
  it('--help with -p prints the usage without [command] and without the Commands section', async () => {
    const r = await runBin(['--emu-profile', 'claude-2.1.328', '-p', 'hi', '--help'], '');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('Usage: claude [options] [prompt]');
    expect(r.stdout).not.toContain('\nCommands:\n');
    const full = await runInProcess(['--emu-profile', 'claude-2.1.328', '--help'], '');
    expect(full.stdout).toContain('\nCommands:\n');
  });

  it('a scenario error is the model API error: a <synthetic> assistant and an is_error success result', async () => {
    const r = await runInProcess([...STREAM_FLAGS, '--emu-profile', 'claude-2.1.328', '--emu-speed', '0', '--emu-home', tempDir(), '--emu-scenario', SCENARIO],
      ndjson(ctl('req_1', { subtype: 'initialize' }), user('APIERR please')), { cwd: tempDir() });
    const frames = expectNdjson(r.stdout) as F[];
    const said = frames.find((f) => f['type'] === 'assistant')!;
    expect(said).toMatchObject({ error: 'unknown', is_api_error_message: true, api_error_status: 429, api_error_type: 'rate_limit_error', message: { model: '<synthetic>' } });
    expect(frames.at(-1)).toMatchObject({ type: 'result', subtype: 'success', is_error: true, terminal_reason: 'api_error', result: 'API Error: 429 too many requests' });
    expect(r.code).toBe(1);
  });

  it('--json-schema and a turn without structured_output: StructuredOutput listed, the reminder, a second answer, success', async () => {
    const r = await runInProcess(['-p', 'hi', '--output-format', 'stream-json', '--verbose', '--json-schema', '{"type":"object"}', '--emu-profile', 'claude-2.1.220',
      '--emu-speed', '0', '--emu-home', tempDir(), '--emu-scenario', SCENARIO], '', { cwd: tempDir() });
    const frames = expectNdjson(r.stdout) as F[];
    expect(frames[0]!['tools']).toContain('StructuredOutput');
    expect(frames.map((f) => f['type'])).toEqual(['system', 'assistant', 'user', 'assistant', 'result']);
    expect(frames[2]).toMatchObject({ isSynthetic: true });
    expect(frames.at(-1)).toMatchObject({ subtype: 'success', is_error: false, num_turns: 2, result: 'hello' });
  });
});
