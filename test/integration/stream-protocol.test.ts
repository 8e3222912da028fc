// Raw-byte conformance of the stream-json control protocol per profile (issue #2 acceptance).
// Sources: claude-code-cli.md §2 (framing), §3 (initialize envelope), §8 (interrupt, unknown
// subtype, malformed line, exit code on stdin close); codebuddy-sdk.md §4, §8 (cbc 2.117.0);
// seed 000_*.txt §4 (cbc interrupt ACK without payload); captures claude-code-2.1.328/text2, text3,
// claude-code-2.1.220/text2.stderr.txt, cbc-2.117.0/real-init.out.
// The replies run the drop-in's entry in this process (runInProcess; a spawn each was ~0.15 s of CPU, issue #21);
// what belongs to the process stays spawned: the exit codes at stdin's close and at a malformed line (Claude), and
// the raw bytes of a full session's stdout.
import { afterAll, describe, expect, it } from 'vitest';
import { ndjson, runBin } from '../helpers/run-bin.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { cleanupTemps, ctl, expectNdjson, PROFILES, scenarioFile, streamArgs, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

const INIT = ctl('req_1', { subtype: 'initialize' });
const keys = (o: unknown) => Object.keys(o as object);
const resp = (f: Record<string, unknown>) => f['response'] as Record<string, unknown>;

describe('initialize reply', () => {
  // claude-code-cli.md §3; capture claude-code-2.1.328/text3.stdout.ndjson lines 1 and 9 (req_4)
  it('claude-2.1.328: envelope key order, pending_* keys on every reply', async () => {
    const r = await runInProcess(streamArgs('claude-2.1.328', tempDir()), ndjson(INIT, ctl('req_4', { subtype: 'initialize' })));
    expect(r.code).toBe(0);
    const frames = expectNdjson(r.stdout);
    const replies = frames.filter((f) => f['type'] === 'control_response');
    expect(replies).toHaveLength(2);
    for (const f of replies) {
      expect(keys(f)).toEqual(['type', 'response']);
      expect(keys(resp(f))).toEqual(['subtype', 'request_id', 'response', 'pending_permission_requests', 'pending_user_dialog_requests']);
      expect(resp(f)['pending_permission_requests']).toEqual([]);
      expect(resp(f)['pending_user_dialog_requests']).toEqual([]);
      const inner = keys(resp(f)['response']);
      expect(inner.slice(0, 6)).toEqual(['commands', 'agents', 'output_style', 'available_output_styles', 'user_output_styles_dir', 'models']);
      expect(inner.slice(-3)).toEqual(['fast_mode_disabled_reason', 'session_state', 'capabilities']);
    }
    expect(r.lines[0]).toMatch(/^\{"type":"control_response","response":\{"subtype":"success","request_id":"req_1","response":\{"commands":\[/);
    // no session_id or uuid on control responses (§3)
    expect(r.lines[0]).toMatch(/,"pending_permission_requests":\[\],"pending_user_dialog_requests":\[\]\}\}$/);
  });

  // claude-code-cli.md §3 "In 2.1.220 the first initialize reply has no pending_* keys"; §10 table
  it('claude-2.1.220: first reply has no pending_* keys, a repeated one has them', async () => {
    const r = await runInProcess(streamArgs('claude-2.1.220', tempDir()), ndjson(INIT, ctl('req_2', { subtype: 'initialize' })));
    expect(r.code).toBe(0);
    const [first, second] = expectNdjson(r.stdout).filter((f) => f['type'] === 'control_response');
    expect(keys(resp(first!))).toEqual(['subtype', 'request_id', 'response']);
    expect(keys(resp(second!))).toEqual(['subtype', 'request_id', 'response', 'pending_permission_requests', 'pending_user_dialog_requests']);
    // §3: 2.1.220 inner keys
    expect(keys(resp(first!)['response'])).toEqual([
      'commands', 'agents', 'output_style', 'available_output_styles', 'models', 'account', 'pid',
      'remote_control_auto_enable', 'remote_control_auto_on_by_default', 'ide_rc_auto_enable_gate', 'fast_mode_state', 'fast_mode_disabled_reason',
    ]);
  });

  // codebuddy-sdk.md §4 "initialize reply" key order; capture cbc-2.117.0/real-init.out
  for (const p of ['cbc', 'cbc-2.117.0']) {
    it(`${p}: envelope and inner key order`, async () => {
      const r = await runInProcess(streamArgs(p, tempDir()), ndjson(INIT));
      expect(r.code).toBe(0);
      const frames = expectNdjson(r.stdout);
      expect(frames).toHaveLength(1);
      expect(keys(frames[0])).toEqual(['type', 'response']);
      expect(keys(resp(frames[0]!))).toEqual(['subtype', 'request_id', 'response']);
      expect(keys(resp(frames[0]!)['response'])).toEqual(['commands', 'output_style', 'available_output_styles', 'models', 'account', 'currentModelId']);
    });
  }
});

describe('interrupt reply while idle', () => {
  // seed 000 §4: cbc ACK {"type":"control_response","response":{"subtype":"success","request_id":"stop-1"}}
  // cbc 2.117.0 before its first turn has no session: measured `Session not found: <session_id or "current">`
  // (docs/fidelity.md); after a turn it answers {session_id,interrupted:true,reason:<reason or "SDK request">}
  // claude-code-cli.md §8 / capture claude-code-2.1.328/text3 line 8: {"still_queued":[]}
  const cases: Record<string, RegExp> = {
    cbc: /^\{"type":"control_response","response":\{"subtype":"success","request_id":"stop-1"\}\}$/,
    'cbc-2.117.0': /^\{"type":"control_response","response":\{"subtype":"error","request_id":"stop-1","error":"Session not found: x"\}\}$/,
    'claude-2.1.220': /^\{"type":"control_response","response":\{"subtype":"success","request_id":"stop-1","response":\{"still_queued":\[\]\}\}\}$/,
    'claude-2.1.328': /^\{"type":"control_response","response":\{"subtype":"success","request_id":"stop-1","response":\{"still_queued":\[\]\}\}\}$/,
  };
  for (const p of PROFILES) {
    it(p, async () => {
      const interrupt = ctl('stop-1', { subtype: 'interrupt', session_id: 'x', reason: 'user cancel' });
      const r = await runInProcess(streamArgs(p, tempDir()), ndjson(INIT, interrupt));
      expect(r.code).toBe(0);
      expectNdjson(r.stdout);
      expect(r.lines).toHaveLength(2);
      expect(r.lines[1]).toMatch(cases[p]!);
    });
  }
});

describe('unknown control_request subtype', () => {
  // claude-code-cli.md §8 and §10; capture claude-code-2.1.328/text3 line 2; codebuddy-sdk.md §4
  const expected: Record<string, string> = {
    cbc: '{"type":"control_response","response":{"subtype":"error","request_id":"req_2","error":"Unknown control request subtype: bogus_subtype"}}',
    'cbc-2.117.0': '{"type":"control_response","response":{"subtype":"error","request_id":"req_2","error":"Unknown control request subtype: bogus_subtype"}}',
    'claude-2.1.220': '{"type":"control_response","response":{"subtype":"error","request_id":"req_2","error":"Unsupported control request subtype: bogus_subtype"}}',
    'claude-2.1.328':
      '{"type":"control_response","response":{"subtype":"error","request_id":"req_2","error":"Unsupported control request subtype: bogus_subtype","error_code":"unsupported_request"}}',
  };
  for (const p of PROFILES) {
    it(p, async () => {
      const r = await runInProcess(streamArgs(p, tempDir()), ndjson(INIT, ctl('req_2', { subtype: 'bogus_subtype' })));
      expect(r.code).toBe(0);
      expectNdjson(r.stdout);
      expect(r.lines[1]).toBe(expected[p]);
    });
  }
});

describe('malformed stdin line', () => {
  // capture-kit/inputs-s_text2.json: initialize, then "not json"
  const input = ndjson(INIT) + 'not json\n' + ndjson(ctl('req_2', { subtype: 'bogus_subtype' }));

  // claude-code-cli.md §8; captures claude-code-2.1.328/text2.stderr.txt, claude-code-2.1.220/text2.stderr.txt
  const stderr: Record<string, string> = {
    'claude-2.1.328': 'Error parsing streaming input line (type=unknown, 8 chars): SyntaxError\n',
    'claude-2.1.220': 'Error parsing streaming input line: not json: SyntaxError: JSON Parse error: Unexpected identifier "not"\n',
  };
  for (const p of ['claude-2.1.328', 'claude-2.1.220']) {
    it(`${p}: one stderr line, nothing more on stdout, exit 1`, async () => {
      const r = await runBin(streamArgs(p, tempDir()), input);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(stderr[p]);
      const frames = expectNdjson(r.stdout);
      // only the initialize reply; the later bogus_subtype request is never answered
      expect(frames).toHaveLength(1);
      expect(resp(frames[0]!)['request_id']).toBe('req_1');
    });
  }

  // measured on the real cbc 2.117.0 (docs/fidelity.md): an error frame on stdout, and the session goes on
  // (codebuddy-sdk.md §8's reading of the code, "becomes a user message", is not what the binary does)
  for (const p of ['cbc', 'cbc-2.117.0']) {
    it(`${p}: an error frame, then the session goes on`, async () => {
      const r = await runInProcess(streamArgs(p, tempDir()), input);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      const frames = expectNdjson(r.stdout);
      expect(frames[1]).toEqual({ type: 'error', error: `Error parsing streaming input line: not json: SyntaxError: Unexpected token 'o', "not json" is not valid JSON` });
      expect(Object.keys(frames[1]!)).toEqual(['type', 'error']);
      expect(frames.some((f) => f['type'] === 'control_response' && resp(f)['request_id'] === 'req_2')).toBe(true);
      expect(frames).toHaveLength(3); // no user message, so no turn
    });
  }
});

describe('exit code when stdin closes', () => {
  // claude-code-cli.md §8 "Exit code on stdin close": 0 after success or no turn, 1 after an error result
  const boom = () => scenarioFile('name: boom\nturns:\n  - error: "boom"\n');
  const okThenBoom = () => scenarioFile('name: ok-then-boom\nturns:\n  - match: { regex: "^ok" }\n    reply: "fine"\n  - error: "boom"\n');

  for (const p of PROFILES) {
    it(`${p}: 0 with no turn, 0 after a success`, async () => {
      const none = await runBin(streamArgs(p, tempDir()), ndjson(INIT));
      expect(none.code).toBe(0);
      const ok = await runBin(streamArgs(p, tempDir()), ndjson(INIT, user('hi')));
      expect(ok.code).toBe(0);
      expect(expectNdjson(ok.stdout).filter((f) => f['type'] === 'result').map((f) => f['is_error'])).toEqual([false]);
    });

    const errCode = p.startsWith('claude') ? 1 : 0;
    it(`${p}: ${errCode} after an error result`, async () => {
      const r = await runBin(streamArgs(p, tempDir(), ['--emu-scenario', boom()]), ndjson(INIT, user('hi')));
      expect(expectNdjson(r.stdout).filter((f) => f['type'] === 'result').map((f) => f['is_error'])).toEqual([true]);
      expect(r.code).toBe(errCode);
    });
  }

  // capture claude-code-2.1.328/err_then_ok: "An error followed by a later success gives 0"; the reverse gives 1
  it('claude-2.1.328: the last result decides (error then success 0, success then error 1)', async () => {
    const scn = okThenBoom();
    const a = await runBin(streamArgs('claude-2.1.328', tempDir(), ['--emu-scenario', scn]), ndjson(user('bad'), user('ok')));
    expect(expectNdjson(a.stdout).filter((f) => f['type'] === 'result').map((f) => f['is_error'])).toEqual([true, false]);
    expect(a.code).toBe(0);
    const b = await runBin(streamArgs('claude-2.1.328', tempDir(), ['--emu-scenario', scn]), ndjson(user('ok'), user('bad')));
    expect(expectNdjson(b.stdout).filter((f) => f['type'] === 'result').map((f) => f['is_error'])).toEqual([false, true]);
    expect(b.code).toBe(1);
  });
});

describe('framing of a full session', () => {
  // claude-code-cli.md §2: raw UTF-8 ("—" is e2 80 94), no escaped "/", one object per line
  for (const p of PROFILES) {
    it(`${p}: a workflow session is pure NDJSON with raw UTF-8`, async () => {
      const r = await runBin(streamArgs(p, tempDir()), ndjson(INIT, user('/deep-research caf\u00e9 \u2014 \ud83d\ude80'), user('hello')));
      expect(r.code).toBe(0);
      const frames = expectNdjson(r.stdout);
      expect(frames.filter((f) => f['type'] === 'result').length).toBeGreaterThanOrEqual(2);
      expect(r.stdout).toContain('\u2014');
      expect(r.stdout).not.toContain('\\u2014');
      expect(r.stdout).not.toContain('\\/');
    });
  }

  // issue #2: CRLF input, blank lines, and a final line without newline are accepted
  it('CRLF, blank lines and a final line without a newline on stdin', async () => {
    const input = JSON.stringify(INIT) + '\r\n\r\n\n' + JSON.stringify(user('hi'));
    const r = await runBin(streamArgs('claude-2.1.328', tempDir()), input);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const frames = expectNdjson(r.stdout);
    expect(frames[0]?.['type']).toBe('control_response');
    expect(frames.filter((f) => f['type'] === 'result').map((f) => f['result'])).toEqual(['hi']);
  });
});

describe('cbc-2.117.0 interrupt after a turn', () => {
  // measured on cbc 2.117.0: {"session_id":…,"interrupted":true,"reason":<request reason or "SDK request">}
  it('answers with the real payload once a session exists', async () => {
    const r2 = await runInProcess(streamArgs('cbc-2.117.0', tempDir()), ndjson(INIT, user('hi'), ctl('stop-9', { subtype: 'interrupt' })));
    const frames = expectNdjson(r2.stdout);
    const sid = frames.find((f) => f['subtype'] === 'init')?.['session_id'];
    const ack = frames.find((f) => f['type'] === 'control_response' && resp(f)['request_id'] === 'stop-9');
    expect(typeof sid).toBe('string');
    expect(Object.keys(resp(ack!)['response'] as object)).toEqual(['session_id', 'interrupted', 'reason']);
    expect(resp(ack!)['response']).toEqual({ session_id: sid, interrupted: true, reason: 'SDK request' });
  });
});
