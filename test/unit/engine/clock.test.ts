// The virtual clock (issue #3: every timestamp from one clock; speed 0 emits instantly and
// deterministically; a pending host request holds virtual time, issue #10).
import { describe, expect, it, vi } from 'vitest';
import { PRIO, Scheduler } from '../../../dist/engine/clock.js';

const settle = (s: Scheduler) => s.whenIdle();

describe('Scheduler', () => {
  it('fires callbacks in (time, priority, insertion) order and advances virtual time to each', async () => {
    const s = new Scheduler(1000, 0);
    const seen: string[] = [];
    s.at(1010, () => seen.push(`b@${s.now()}`));
    s.at(1005, () => seen.push(`a@${s.now()}`));
    s.at(1010, () => seen.push(`flush@${s.now()}`), PRIO.flush);
    s.at(1010, () => seen.push(`c@${s.now()}`));
    s.start();
    await settle(s);
    expect(seen).toEqual(['a@1005', 'b@1010', 'c@1010', 'flush@1010']);
    s.stop();
  });

  it('a cancelled timer never fires; callbacks can schedule more', async () => {
    const s = new Scheduler(0, 0);
    const seen: number[] = [];
    const t = s.after(5, () => seen.push(5));
    s.after(1, () => s.after(10, () => seen.push(s.now())));
    t.cancel();
    s.start();
    await settle(s);
    expect(seen).toEqual([11]);
    s.stop();
  });

  it('speed 0 jumps an hour of virtual time at once: no real-time wait is ever scheduled', async () => {
    // setTimeout is faked and never advanced: a scheduler that waited in real time would never fire
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const s = new Scheduler(0, 0);
      let at = -1;
      s.after(3_600_000, () => (at = s.now()));
      s.start();
      await settle(s);
      expect(at).toBe(3_600_000);
      expect(vi.getTimerCount()).toBe(0);
      s.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('hold() keeps virtual time at now until released (callbacks due now still run)', async () => {
    const s = new Scheduler(0, 0);
    const seen: string[] = [];
    s.start();
    const release = s.hold();
    s.after(0, () => seen.push('now'));
    s.after(50, () => seen.push('later'));
    await new Promise((r) => setTimeout(r, 30));
    expect(seen).toEqual(['now']);
    expect(s.now()).toBe(0);
    release();
    await settle(s);
    expect(seen).toEqual(['now', 'later']);
    expect(s.now()).toBe(50);
    s.stop();
  });
});
