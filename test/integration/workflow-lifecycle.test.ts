// Workflow lifecycle edges through the built binary (issue #3): interrupt semantics of seed 000
// §4.2/§4.3 (duplicate, after the notification, another session), the disable switch of seed 000 §3,
// `wait: true`, and the configurable late-row window.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkTranscript } from '../../dist/tools/check/rules.js';
import { ndjson, runBin } from '../helpers/run-bin.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { cleanupTemps, ctl, expectNdjson, liveInProcess, scenarioFile, spawnLive, streamArgs, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

const INIT = ctl('init', { subtype: 'initialize' });
/** streamArgs at a real-time speed, for tests that react to frames while the run goes on. */
const liveArgs = (scenario: string, speed: number) => streamArgs('cbc', tempDir(), ['--emu-scenario', scenario, '--emu-speed', String(speed)]);
const taskFrames = (frames: Record<string, unknown>[]) => frames.filter((f) => typeof f['subtype'] === 'string' && (f['subtype'] as string).startsWith('task_'));

/** Two agents of `ms` each, in the background. */
const workflow = (ms: number, extra = '') =>
  scenarioFile(`name: wf\n${extra}turns:\n  - reply: "go"\n    workflow:\n      name: wf\n      phases:\n        - title: Work\n          agents:\n            - { label: a, duration: ${ms} }\n            - { label: b, duration: ${ms} }\n`);

describe('interrupt semantics (seed 000 §4.2)', () => {
  it('a duplicate interrupt is ACKed and adds no task events', async () => {
    const live = spawnLive(liveArgs(workflow(60_000), 10));
    live.send(INIT);
    live.send(user('go'));
    await live.waitFor((f) => f['subtype'] === 'task_progress');
    live.send(ctl('stop-1', { subtype: 'interrupt', reason: 'user cancel' }));
    await live.waitFor((f) => f['subtype'] === 'task_notification');
    const before = taskFrames(live.frames()).filter((f) => f['subtype'] !== 'task_progress').length;
    live.send(ctl('stop-2', { subtype: 'interrupt', reason: 'again' }));
    await live.waitFor((f) => f['type'] === 'control_response' && (f['response'] as any).request_id === 'stop-2');
    live.child.stdin.end();
    expect((await live.exited).code).toBe(0);
    const frames = expectNdjson(live.raw());
    expect(taskFrames(frames).filter((f) => f['subtype'] !== 'task_progress').length).toBe(before);
    expect(frames.filter((f) => f['subtype'] === 'task_notification')).toHaveLength(1);
    // late rows name the first interrupt's reason, never the duplicate's
    const late = frames.filter((f) => f['subtype'] === 'task_progress').flatMap((f) => (f['workflow_progress'] as any[]).filter((r) => r.state === 'error').map((r) => r.error));
    expect(new Set(late)).toEqual(new Set(['subagent aborted: user cancel']));
    expect(checkTranscript(live.raw())).toEqual([]);
  });

  it('an interrupt after the notification is ACKed and changes nothing', async () => {
    const live = liveInProcess(liveArgs(workflow(100), 20));
    live.send(INIT);
    live.send(user('go'));
    await live.waitFor((f) => f['subtype'] === 'task_notification');
    live.send(ctl('stop-1', { subtype: 'interrupt' }));
    await live.waitFor((f) => f['type'] === 'control_response' && (f['response'] as any).request_id === 'stop-1');
    live.child.stdin.end();
    await live.exited;
    const frames = expectNdjson(live.raw());
    const n = frames.findIndex((f) => f['type'] === 'control_response' && (f['response'] as any).request_id === 'stop-1');
    expect(taskFrames(frames.slice(n))).toEqual([]);
    expect(frames.find((f) => f['subtype'] === 'task_notification')?.['status']).toBe('completed');
  });

  it('an interrupt naming another session_id leaves this session untouched', async () => {
    const live = liveInProcess(liveArgs(workflow(2000), 10));
    live.send(INIT);
    live.send(user('go'));
    await live.waitFor((f) => f['subtype'] === 'task_progress');
    live.send(ctl('stop-x', { subtype: 'interrupt', session_id: 'some-other-session', reason: 'not yours' }));
    await live.waitFor((f) => f['subtype'] === 'task_notification');
    live.child.stdin.end();
    await live.exited;
    const frames = expectNdjson(live.raw());
    expect(frames.some((f) => f['type'] === 'control_response' && (f['response'] as any).request_id === 'stop-x')).toBe(true);
    expect(frames.find((f) => f['subtype'] === 'task_notification')?.['status']).toBe('completed');
    expect(frames.filter((f) => f['subtype'] === 'task_updated').map((f) => (f['patch'] as any).status)).toEqual(['completed']);
  });
});

describe('late rows (seed 000 §4.3.4, §6)', () => {
  it('arrive after the notification, inside the scenario-configured window', async () => {
    const r = await runBin(
      streamArgs('cbc', tempDir(), ['--emu-scenario', scenarioFile('name: w\nlate_rows: { min: 200ms, max: 400ms }\nturns:\n  - workflow:\n      name: w\n      agents:\n        - { label: a, duration: 10s }\n        - { label: b, duration: 10s }\n        - { label: c, duration: 10s }\n      interrupt: { after: 1s, reason: "stop now" }\n')]),
      ndjson(INIT, user('go')),
    );
    const frames = expectNdjson(r.stdout);
    const killed = frames.find((f) => f['subtype'] === 'task_updated') as any;
    const n = frames.findIndex((f) => f['subtype'] === 'task_notification');
    const late = frames.slice(n + 1).filter((f) => f['subtype'] === 'task_progress') as any[];
    expect(late).toHaveLength(3); // one frame per in-flight agent
    const last = late.at(-1).workflow_progress as any[];
    expect(last.map((row) => [row.label, row.state, row.error])).toEqual([
      ['a', 'error', 'subagent aborted: stop now'],
      ['b', 'error', 'subagent aborted: stop now'],
      ['c', 'error', 'subagent aborted: stop now'],
    ]);
    for (const row of last) {
      expect(row.endedAt - killed.patch.end_time).toBeGreaterThanOrEqual(200);
      expect(row.endedAt - killed.patch.end_time).toBeLessThanOrEqual(400);
    }
    expect(checkTranscript(r.stdout)).toEqual([]);
  });

  it('claude-2.1.220 has no late rows; claude-2.1.328 sends one final stopped snapshot before killed', async () => {
    const scn = scenarioFile('name: w\nturns:\n  - workflow:\n      name: w\n      agents:\n        - { label: a, duration: 10s }\n      interrupt: { after: 1s }\n');
    for (const [p, progressAfterStart] of [['claude-2.1.220', 1], ['claude-2.1.328', 2]] as const) {
      const frames = expectNdjson((await runInProcess(streamArgs(p, tempDir(), ['--emu-scenario', scn]), ndjson(INIT, user('go')))).stdout);
      const seq = taskFrames(frames).map((f) => f['subtype']);
      expect(seq).toEqual(['task_started', ...Array(progressAfterStart).fill('task_progress'), 'task_updated', 'task_notification']);
      if (p === 'claude-2.1.328') {
        const final = taskFrames(frames).at(-3) as any;
        expect(final.workflow_progress.at(-1)).toMatchObject({ state: 'error', error: 'Stopped because the workflow was stopped', endedWithRun: 'stopped' });
      }
    }
  });
});

describe('switches and turn shapes', () => {
  const DISABLED_TEXT = 'Workflows are disabled in this session';
  it('CODEBUDDY_DISABLE_WORKFLOWS=1: no Workflow tool, no workflow events (seed 000 §3)', async () => {
    const r = await runInProcess(streamArgs('cbc', tempDir()), ndjson(INIT, user('/deep-research topic=foo')), { env: { CODEBUDDY_DISABLE_WORKFLOWS: '1' } });
    const frames = expectNdjson(r.stdout);
    expect((frames.find((f) => f['subtype'] === 'init')!['tools'] as string[]).includes('Workflow')).toBe(false);
    expect(taskFrames(frames)).toEqual([]);
    expect(frames.find((f) => f['type'] === 'result')?.['result']).toContain(DISABLED_TEXT);
  });

  it('disableWorkflows: true in --settings and in the project settings file (seed 000 §3)', async () => {
    const viaFlag = await runInProcess(streamArgs('cbc', tempDir(), ['--settings', '{"disableWorkflows":true}']), ndjson(INIT, user('/deep-research x')));
    expect(taskFrames(expectNdjson(viaFlag.stdout))).toEqual([]);
    const cwd = tempDir();
    mkdirSync(join(cwd, '.codebuddy'));
    writeFileSync(join(cwd, '.codebuddy', 'settings.json'), '{"disableWorkflows": true}');
    const viaFile = await runInProcess(streamArgs('cbc', tempDir()), ndjson(INIT, user('/deep-research x')), { cwd });
    expect(taskFrames(expectNdjson(viaFile.stdout))).toEqual([]);
    const ignored = await runInProcess(streamArgs('cbc', tempDir(), ['--setting-sources', 'none']), ndjson(INIT, user('/deep-research x')), { cwd });
    expect(taskFrames(expectNdjson(ignored.stdout)).length).toBeGreaterThan(0);
  });

  it('wait: true holds the turn until the workflow ends; the output file exists (seed 000 §5.4)', async () => {
    const home = tempDir();
    const scn = scenarioFile('name: w\nturns:\n  - reply: "working"\n    result: "all done"\n    workflow:\n      name: w\n      wait: true\n      agents:\n        - { label: a, duration: 3s, result: "A" }\n');
    const frames = expectNdjson((await runInProcess(streamArgs('cbc', home, ['--emu-scenario', scn]), ndjson(INIT, user('go')))).stdout);
    const iResult = frames.findIndex((f) => f['type'] === 'result');
    const iNote = frames.findIndex((f) => f['subtype'] === 'task_notification');
    expect(iNote).toBeGreaterThan(0);
    expect(iResult).toBeGreaterThan(iNote);
    expect(frames[iResult]!['result']).toBe('all done');
    expect(frames.filter((f) => f['type'] === 'result')).toHaveLength(1); // no follow-up turn for a waited run
    const file = frames[iNote]!['output_file'] as string;
    expect(file.startsWith(home)).toBe(true);
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ workflow: 'w', status: 'completed', agents: [{ label: 'a', state: 'done', result: 'A' }] });
  });
});
