// Issue #16 (helper FX): Claude Code 2.1.328 stays `running` past a result while a background agent or workflow runs
// (read from its print loop; capture env_session_state_bg_slow_agent_h8), and Claude's print mode holds a result back
// while one runs once the input is closed (capture ses_partial_p_bg_slow_agent_fx; a shell holds nothing: env_disable_bg_empty_ft).
import { describe, expect, it } from 'vitest';
import type { EngineEvent, TaskInfo } from '../../../src/engine/events.js';
import { HeldResults } from '../../../src/engine/held-results.js';
import { reportState } from '../../../src/engine/session-state.js';
import type { TurnHost } from '../../../src/engine/turn-host.js';
import { getProfile } from '../../../src/profiles/index.js';
import type { TaskKind } from '../../../src/protocol/vocabulary.js';

const run = (kind: TaskKind) => ({ terminal: false, info: { taskId: `t-${kind}`, toolUseId: `u-${kind}`, kind, description: kind, startedAt: 0, outputFile: '/dev/null' } as TaskInfo });
/** A session of `profile` with `kinds` running in the background; `events` collects what it emits. */
function host(profile: string, kinds: TaskKind[], env: Record<string, string> = { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, closed = { singleShot: false, host: false }) {
  const events: EngineEvent[] = [];
  const runs = kinds.map(run);
  const s = { p: getProfile(profile), o: { env, singleShot: closed.singleShot }, host: { closed: closed.host }, runs, emit: (e: EngineEvent) => events.push(e) } as unknown as TurnHost;
  return { s, runs, states: () => events.map((e) => (e.kind === 'session_state' ? e.state : e.kind)) };
}

describe('reportState (#16)', () => {
  it('2.1.328: a running background agent or workflow keeps the session running from a result to the next turn', () => {
    for (const kind of ['agent', 'workflow'] as const) {
      const h = host('claude-2.1.328', [kind]);
      reportState(h.s, 'running');
      reportState(h.s, 'idle'); // the turn's result: held back
      reportState(h.s, 'running'); // the follow-up turn: not repeated
      h.runs[0]!.terminal = true;
      reportState(h.s, 'idle');
      expect(h.states()).toEqual(['running', 'idle']);
    }
  });
  it('2.1.328: a shell task holds nothing, nor does any task when CLAUDE_CODE_BG_TASKS_REPORT_RUNNING is false', () => {
    const shell = host('claude-2.1.328', ['bash']);
    const off = host('claude-2.1.328', ['agent'], { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1', CLAUDE_CODE_BG_TASKS_REPORT_RUNNING: '0' });
    for (const h of [shell, off]) {
      for (const st of ['running', 'idle', 'running', 'idle'] as const) reportState(h.s, st);
      expect(h.states()).toEqual(['running', 'idle', 'running', 'idle']);
    }
  });
  it('a result held back (-p, a background agent running) reports no idle, on 2.1.220 too (env_session_state_p_bg_slow_agent_fx)', () => {
    const h = host('claude-2.1.220', ['agent'], { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, { singleShot: true, host: false });
    for (const st of ['running', 'idle', 'running'] as const) reportState(h.s, st);
    h.runs[0]!.terminal = true;
    reportState(h.s, 'idle');
    expect(h.states()).toEqual(['running', 'idle']);
  });
  it('2.1.220 reports idle at every result; nothing is reported without the environment switch', () => {
    const h = host('claude-2.1.220', ['agent']);
    for (const st of ['running', 'idle', 'running', 'idle'] as const) reportState(h.s, st);
    expect(h.states()).toEqual(['running', 'idle', 'running', 'idle']);
    const quiet = host('claude-2.1.328', ['agent'], {});
    reportState(quiet.s, 'running');
    expect(quiet.states()).toEqual([]);
  });
});

describe('HeldResults (#16)', () => {
  const result = { kind: 'result' } as EngineEvent;
  const other = { kind: 'assistant' } as unknown as EngineEvent;
  it('Claude -p: a result waits while a background agent runs, and goes out before the next result', () => {
    for (const profile of ['claude-2.1.220', 'claude-2.1.328']) {
      const h = host(profile, ['agent'], {}, { singleShot: true, host: false });
      const held = new HeldResults();
      expect(held.pass(h.s, result, [{ r: 1 }])).toEqual([]);
      expect(held.pass(h.s, other, [{ a: 1 }])).toEqual([{ a: 1 }]);
      h.runs[0]!.terminal = true;
      expect(held.pass(h.s, result, [{ r: 2 }])).toEqual([{ r: 1 }, { r: 2 }]);
      expect(held.release()).toEqual([]);
    }
  });
  it('held results go out at the run\'s end; an open input or a shell task holds nothing', () => {
    const h = host('claude-2.1.328', ['workflow'], {}, { singleShot: false, host: true });
    const held = new HeldResults();
    expect(held.pass(h.s, result, [{ r: 1 }])).toEqual([]);
    expect(held.release()).toEqual([{ r: 1 }]);
    for (const [kinds, closed] of [[['agent'], { singleShot: false, host: false }], [['bash'], { singleShot: true, host: false }]] as const) {
      expect(new HeldResults().pass(host('claude-2.1.328', [...kinds], {}, closed).s, result, [{ r: 1 }])).toEqual([{ r: 1 }]);
    }
  });
  it('cbc holds nothing', () => {
    expect(new HeldResults().pass(host('cbc-2.117.0', ['agent'], {}, { singleShot: true, host: false }).s, result, [{ r: 1 }])).toEqual([{ r: 1 }]);
  });
});

describe('an interrupt with no turn running (#16)', () => {
  // capture env_session_state_interrupt_bg_slow_agent_fx (both versions): the agents stop before the reply, then idle
  it('that stopped a background agent reports idle after its reply, on both Claude versions', async () => {
    const { controlInterrupt } = await import('../../../src/engine/interrupt-soon.js');
    for (const profile of ['claude-2.1.220', 'claude-2.1.328']) {
      const h = host(profile, ['agent']);
      const r = h.runs[0]! as { terminal: boolean; kill?: () => boolean };
      r.kill = () => ((r.terminal = true), true);
      const order: string[] = [];
      Object.assign(h.s, { active: undefined, sessionId: 's1', queue: [], host: { announceCancel: () => {}, waiting: () => false }, interrupt: () => {}, o: { ...h.s.o, scheduler: { after: () => {} } } });
      controlInterrupt(h.s, {}, () => order.push('reply'));
      order.push(...h.states());
      expect(order).toEqual(['reply', 'idle']);
      expect(r.terminal).toBe(true);
    }
  });
  it('that stopped nothing reports no state', async () => {
    const { controlInterrupt } = await import('../../../src/engine/interrupt-soon.js');
    const h = host('claude-2.1.328', ['bash']);
    Object.assign(h.s, { active: undefined, sessionId: 's1', queue: [], host: { announceCancel: () => {}, waiting: () => false }, interrupt: () => {}, o: { ...h.s.o, scheduler: { after: () => {} } } });
    controlInterrupt(h.s, {}, () => {});
    expect(h.states()).toEqual([]);
  });
});
