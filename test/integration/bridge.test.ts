// --emu-bridge / CBC_EMU_BRIDGE (issue #5): for consumers like OpenASE whose Claude CLI bridge reads
// flattened top-level task_started / task_progress / task_notification frames (seed 003, "传输事件" and
// "任务与会话事件"), each system/task_* frame of those subtypes is followed by its flattened copy:
// the same fields in the same order, `type` = the subtype, no `subtype`. Off by default.
import { afterAll, describe, expect, it } from 'vitest';
import { ndjson, runBin } from '../helpers/run-bin.js';
import { runInProcess, spawnFirst } from '../helpers/run-in-process.js';
import { cleanupTemps, ctl, expectNdjson, PROFILES, streamArgs, tempDir, user } from './helpers.js';

afterAll(cleanupTemps);

const FLAT = ['task_started', 'task_progress', 'task_notification'];
// the default scenario's /deep-research launches a background workflow: started, progress rows, notification
const stdin = ndjson(ctl('r1', { subtype: 'initialize' }), user('/deep-research bridges'));
const isTask = (f: Record<string, unknown>) => f['type'] === 'system' && FLAT.includes(String(f['subtype']));

describe('--emu-bridge', () => {
  for (const p of PROFILES) {
    it(`${p}: off by default: no top-level task frames`, async () => {
      const r = await spawnFirst(p, PROFILES[0])(streamArgs(p, tempDir()), stdin);
      expect(r.code).toBe(0);
      const frames = expectNdjson(r.stdout);
      expect(frames.some(isTask)).toBe(true);
      expect(frames.filter((f) => FLAT.includes(String(f['type'])))).toEqual([]);
    });

    it(`${p}: each system/task_started|progress|notification is followed by its flattened copy`, async () => {
      const r = await spawnFirst(p, PROFILES[0])(streamArgs(p, tempDir(), ['--emu-bridge']), stdin);
      expect(r.code).toBe(0);
      const frames = expectNdjson(r.stdout);
      const tasks = frames.filter(isTask);
      expect(tasks.map((f) => f['subtype'])).toEqual(expect.arrayContaining(FLAT));
      for (let i = 0; i < frames.length; i++) {
        const f = frames[i]!;
        if (isTask(f)) {
          const { type: _t, subtype, ...rest } = f;
          void _t;
          const next = frames[i + 1]!;
          expect(next).toEqual({ type: subtype, ...rest });
          // same key order as the system frame, minus `subtype`
          expect(Object.keys(next)).toEqual(['type', ...Object.keys(rest)]);
        } else if (FLAT.includes(String(f['type']))) {
          expect(isTask(frames[i - 1]!), `top-level ${String(f['type'])} at line ${i + 1} follows its system frame`).toBe(true);
        }
      }
      // task_updated and other system frames are not flattened (seed 003 lists only these three)
      expect(frames.filter((f) => f['type'] === 'task_updated')).toEqual([]);
      expect(frames.filter((f) => FLAT.includes(String(f['type']))).length).toBe(tasks.length);
    });
  }

  it('CBC_EMU_BRIDGE=1 turns it on too', async () => {
    const r = await runBin(streamArgs('claude-2.1.328', tempDir()), stdin, { env: { CBC_EMU_BRIDGE: '1' } });
    const frames = expectNdjson(r.stdout);
    expect(frames.filter((f) => f['type'] === 'task_started')).toHaveLength(1);
    expect(frames.filter((f) => f['type'] === 'task_notification')).toHaveLength(1);
  });

  it('CBC_EMU_BRIDGE=0 leaves it off', async () => {
    const r = await runInProcess(streamArgs('cbc', tempDir()), stdin, { env: { CBC_EMU_BRIDGE: '0' } });
    expect(expectNdjson(r.stdout).filter((f) => FLAT.includes(String(f['type'])))).toEqual([]);
  });
});
