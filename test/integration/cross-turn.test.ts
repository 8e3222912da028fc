// Cross-turn push of background task events (issue #4 acceptance "Integration tests with stdin held open").
// Seed 002 §8 "后台任务事件": in a long-lived stdio session (stdin open) a task that ends after the turn's
// result is pushed to the same stream without new input, so a reader must keep reading after the first
// result; a task may end with task_updated alone (terminal-only). codebuddy-sdk.md §5: query() stops at
// the first result, then ends stdin and sends SIGTERM, so it loses the late events; the 2.117.0 CLI on
// stdin EOF waits for its running tasks and exits 0. Capture claude-code-2.1.328/ss_bgbash_sj: the
// follow-up turn after a notification carries `origin`.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/run-bin.js';
import { cleanupTemps, ctl, expectNdjson, liveInProcess, PROFILES, scenarioFile, spawnLive, streamArgs, tempDir, user, type Live } from './helpers.js';

afterAll(cleanupTemps);

// the real cbc 2.117.0 runs no background task in headless mode (#16: it refuses a background shell call and spawns a
// background agent as a team member; captures bg_bash, bg_agent): its own test is at the end
const BG = PROFILES.filter((p) => p !== 'cbc-2.117.0');
const BOTH = scenarioFile(`name: both
turns:
  - match: { contains: "build" }
    background:
      - { kind: bash, description: "npm run build", command: "npm run build", duration: 3s, exit_code: 0, output: "built\\n" }
    result: "Started."
  - match: { contains: "stop" }
    background:
      - { kind: agent, description: "quiet stop", duration: 2s, end: killed, notify: false }
    result: "Spawned."
`);

// A 3 s (virtual) shell task at --emu-speed 10 ends ~300 ms of real time after the turn's result, so the
// result and the notification are separated in real time (no timed assertion depends on it).
const LATE = join(ROOT, 'test', 'fixtures', 'scenarios', 'late-build.yaml');
const QUIET = scenarioFile(`name: quiet
turns:
  - match: { contains: "stop" }
    background:
      - { kind: agent, description: "quiet stop", duration: 2s, end: killed, notify: false }
    result: "Started."
`);

type F = Record<string, unknown>;
const is = (t: string, sub?: string) => (f: F) => f['type'] === t && (sub === undefined || f['subtype'] === sub);
const args = (profile: string, scenario: string, speed = '10') => {
  const a = streamArgs(profile, tempDir(), ['--emu-scenario', scenario]);
  a[a.indexOf('--emu-speed') + 1] = speed;
  return a;
};
/**
 * The drop-in with its first two frames sent: spawned where the process is the subject (stdin left open, SIGTERM),
 * else its entry in this process (a spawn was ~0.2 s of CPU; issue #21).
 */
const start = (profile: string, scenario: string, prompt: string, speed?: string, spawned = false): Live => {
  const live = (spawned ? spawnLive : liveInProcess)(args(profile, scenario, speed));
  live.send(ctl('req_1', { subtype: 'initialize' }));
  live.send(user(prompt));
  return live;
};

describe('a reader that keeps reading after the first result (seed 002 §8)', () => {
  for (const profile of BG) {
    it(`${profile}: receives the late task_notification and the follow-up turn's result, stdin still open`, async () => {
      const live = start(profile, LATE, 'build it', undefined, true);
      try {
        const firstResult = await live.waitFor(is('result'));
        const note = await live.waitFor(is('system', 'task_notification'));
        expect(note).toBeGreaterThan(firstResult);
        const frames = live.frames();
        expect(frames[firstResult]).toMatchObject({ subtype: 'success', result: 'Started.' });
        const started = frames.find(is('system', 'task_started'))!;
        expect(frames[note]).toMatchObject({ task_id: started['task_id'], status: 'completed' });
        // the follow-up turn: a second result, after the notification, with no new input written
        const followIdx = await live.waitFor((f) => is('result')(f) && f['result'] !== 'Started.');
        expect(followIdx).toBeGreaterThan(note);
        const follow = live.frames()[followIdx]!;
        expect(follow).toMatchObject({ type: 'result', subtype: 'success', result: 'The background task "npm run build" completed.' });
        expect(live.frames().filter(is('result'))).toHaveLength(2);
        // capture claude-code-2.1.328/ss_bgbash_sj: the follow-up result carries origin (Claude profiles only)
        if (profile.startsWith('claude')) expect(follow['origin']).toMatchObject({ kind: 'task-notification' });
        else expect(follow).not.toHaveProperty('origin');
        expect(live.child.exitCode).toBeNull(); // stdin is open: the process is still running
      } finally {
        live.child.stdin.end();
      }
      expect((await live.exited).code).toBe(0);
      expectNdjson(live.raw());
    });
  }
});

describe('a reader that stops at the first result, as the CodeBuddy SDK query() does (codebuddy-sdk.md §5)', () => {
  for (const profile of BG) {
    it(`${profile}: stdin EOF + SIGTERM at the first result, the late notification never arrives`, async () => {
      // real time (speed 1): the task ends 3 s after the result, far after the SIGTERM below
      const live = start(profile, LATE, 'build it', '1', true);
      const firstResult = await live.waitFor(is('result'));
      // what the reader saw: everything up to and including the first result
      const seen = live.frames().slice(0, firstResult + 1);
      live.child.stdin.end();
      live.child.kill('SIGTERM');
      const { code } = await live.exited;
      // SIGTERM ends the process after flushing stdout; cbc 2.117.0 with exit 0 (captures sig_term_*; #16)
      expect(code).toBe(143);
      expect(seen.some(is('system', 'task_started'))).toBe(true);
      expect(seen.some(is('system', 'task_notification'))).toBe(false);
      // and nothing later was written either: the task was still running when the process ended (Claude Code closes
      // it as it shuts down: a `stopped` notification, never the completion; #16, capture sig_term_bg_task_running_fm)
      const all = expectNdjson(live.raw());
      expect(all.filter(is('system', 'task_notification')).map((f) => f['status'])).toEqual(profile.startsWith('claude') ? ['stopped'] : []);
      expect(all.filter(is('result'))).toHaveLength(1);
    });
  }
});

describe('stdin EOF while background work runs (codebuddy-sdk.md §5: the CLI waits for running tasks)', () => {
  for (const profile of BG) {
    it(`${profile}: EOF right after the first result still gets the notification, exit 0`, async () => {
      const live = start(profile, LATE, 'build it');
      const firstResult = await live.waitFor(is('result'));
      live.child.stdin.end();
      expect(live.frames().slice(0, firstResult + 1).some(is('system', 'task_notification'))).toBe(false);
      const { code } = await live.exited;
      expect(code).toBe(0);
      const all = expectNdjson(live.raw());
      const note = all.findIndex(is('system', 'task_notification'));
      expect(note).toBeGreaterThan(firstResult);
      expect(all[note]).toMatchObject({ status: 'completed' });
      // the follow-up turn still runs before the exit
      expect(all.filter(is('result')).map((r) => r['result'])).toEqual(['Started.', 'The background task "npm run build" completed.']);
    });
  }
});

describe('terminal-only variant, notify: false (seed 002 §8: "终态可能只来 task_updated")', () => {
  for (const profile of BG) {
    it(`${profile}: the task ends with task_updated killed alone, no notification, no follow-up turn`, async () => {
      const live = start(profile, QUIET, 'stop it');
      try {
        const firstResult = await live.waitFor(is('result'));
        const upd = await live.waitFor(is('system', 'task_updated'));
        expect(upd).toBeGreaterThan(firstResult);
        const started = live.frames().find(is('system', 'task_started'))!;
        expect(live.frames()[upd]).toMatchObject({ task_id: started['task_id'], patch: { status: 'killed' } });
      } finally {
        live.child.stdin.end();
      }
      expect((await live.exited).code).toBe(0);
      const all = expectNdjson(live.raw());
      const upd = all.findIndex(is('system', 'task_updated'));
      expect(all.some(is('system', 'task_notification'))).toBe(false);
      expect(all.filter(is('result'))).toHaveLength(1);
      // only the claude-2.1.328 profile lists the remaining tasks after the end (bgbash1 capture)
      const rest = all.slice(upd + 1).map((f) => `${String(f['type'])}/${String(f['subtype'])}`);
      expect(rest).toEqual(profile === 'claude-2.1.328' ? ['system/background_tasks_changed'] : []);
    });
  }
});

describe('cbc-2.117.0 runs no background task (#16, captures bg_bash, bg_agent, eof_bg_task_running_fm)', () => {
  it('refuses the background shell call and spawns the background agent as a team member: no task frames, no follow-up turn, exit 0 at EOF', async () => {
    // bypassPermissions: the shell call is not asked for (under the default mode the host would be: req_can_use_tool_bg_bash_fq)
    const live = liveInProcess([...args('cbc-2.117.0', BOTH), '--permission-mode', 'bypassPermissions']);
    live.send(ctl('req_1', { subtype: 'initialize' }));
    live.send(user('build it'));
    await live.waitFor(is('result'));
    live.send(user('stop it'));
    await live.waitFor((f) => is('result')(f) && f['result'] === 'Spawned.');
    live.send(user('stop it again')); // a second agent of the same type: general-purpose-2 (capture ses_bg_agent_twice_fq)
    await live.waitFor(() => live.frames().filter(is('result')).length === 3);
    live.child.stdin.end();
    expect((await live.exited).code).toBe(0);
    const all = expectNdjson(live.raw());
    expect(all.filter((f) => is('system')(f) && String(f['subtype']).startsWith('task_'))).toEqual([]);
    const results = all.filter((f) => f['type'] === 'user').map((f) => (f['message'] as { content: Array<{ content: Array<{ text: string }>; _meta?: unknown }> }).content[0]!);
    expect(results).toHaveLength(3);
    expect(results[2]!.content[0]!.text).toMatch(/^Spawned successfully\.\nagent_id: general-purpose-2@_auto_[0-9a-f-]{36}\nname: general-purpose-2\n/);
    expect(results[0]!.content[0]!.text).toMatch(/^Command rejected: npm run build\nReason: Background command execution is not supported in print mode \(-p\)/);
    expect(results[0]!._meta).toMatchObject({ rawResponse: { is_error: true, tool_error_code: '8009' } });
    const sid = String(all.find(is('system', 'init'))!['session_id']);
    expect(results[1]!.content[0]!.text).toBe(
      `Spawned successfully.\nagent_id: general-purpose-1@_auto_${sid}\nname: general-purpose-1\nteam_name: _auto_${sid}\n` +
        `task_id: ${/task_id: (agent-[0-9a-f]{8})/.exec(results[1]!.content[0]!.text)?.[1] ?? '(none)'}\nThe agent is now running and will receive instructions via mailbox.`,
    );
    expect(all.filter(is('result')).map((r) => r['result'])).toEqual(['Started.', 'Spawned.', 'Spawned.']);
  });
});
