// The control server's clock hold (issue #19): at any speed a held clock fires nothing due later;
// advancing fires what falls due, each callback at its own virtual time; releasing lets time run on.
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../../src/engine/clock.js';

describe('Scheduler.freeze / advance / thaw (#19)', () => {
  for (const speed of [0, 1]) {
    it(`speed ${speed}: nothing later fires while held; an advance fires each due callback at its time`, async () => {
      const s = new Scheduler(1000, speed);
      const seen: string[] = [];
      s.freeze();
      s.start();
      s.after(0, () => seen.push(`now@${s.now()}`));
      s.after(30, () => {
        seen.push(`a@${s.now()}`);
        s.after(10, () => seen.push(`chained@${s.now()}`)); // scheduled from a's own time, not the target
      });
      s.after(500, () => seen.push(`late@${s.now()}`));
      await s.whenSettled();
      const t0 = s.now();
      expect(seen).toEqual([`now@${t0}`]);
      expect(s.advance(100)).toBe(t0 + 100);
      await s.whenSettled();
      expect(seen).toEqual([`now@${t0}`, `a@${t0 + 30}`, `chained@${t0 + 40}`]);
      expect(s.now()).toBe(t0 + 100);
      expect(s.isFrozen).toBe(true);
      s.advance(400);
      await s.whenSettled();
      expect(seen.at(-1)).toBe(`late@${t0 + 500}`);
      s.stop();
    });
  }

  it('thaw lets time run on from where it stood', async () => {
    const s = new Scheduler(0, 0);
    const seen: number[] = [];
    s.freeze();
    s.start();
    s.after(50, () => seen.push(s.now()));
    await s.whenSettled();
    expect(seen).toEqual([]);
    s.thaw();
    await s.whenIdle();
    expect(seen).toEqual([50]);
    expect(s.isFrozen).toBe(false);
    s.stop();
  });
});
