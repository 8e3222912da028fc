// cbc 2.117.0's team members report into the lead's conversation (src/engine/team-members.ts, issue #16): two messages
// MEMBER_START after the agent's run, in the session it was spawned in, none once an interrupt stopped the members
// (captures ses_bg_agent_wait_fq, ctl_set_model_bg_slow_agent_fw, ctl_interrupt_bg_slow_agent_fw, ses_bg_agent_twice_fq).
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../../src/engine/clock.js';
import { MEMBER_START, memberReports, stopMembers } from '../../../src/engine/team-members.js';
import type { TurnHost } from '../../../src/engine/turn-host.js';

function host() {
  const scheduler = new Scheduler(0, 0);
  const s = { sessionId: 'S1', messages: 4, o: { scheduler } } as unknown as TurnHost;
  return { s, scheduler };
}

describe('cbc team member reports (#16)', () => {
  it('adds two messages MEMBER_START after the agent ran, not before', async () => {
    const { s, scheduler } = host();
    memberReports(s, 6000);
    scheduler.after(6000 + MEMBER_START - 1, () => expect(s.messages).toBe(4));
    scheduler.start();
    await scheduler.whenIdle();
    expect(s.messages).toBe(6);
    scheduler.stop();
  });

  it('an interrupt stops the members: none reports', async () => {
    const { s, scheduler } = host();
    memberReports(s, 1000);
    stopMembers(s);
    scheduler.start();
    await scheduler.whenIdle();
    expect(s.messages).toBe(4);
    scheduler.stop();
  });

  it('a report for a session the process has left is dropped', async () => {
    const { s, scheduler } = host();
    memberReports(s, 1000);
    (s as { sessionId: string }).sessionId = 'S2';
    scheduler.start();
    await scheduler.whenIdle();
    expect(s.messages).toBe(4);
    scheduler.stop();
  });
});
