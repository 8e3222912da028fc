// Issue #16: a user line with a client uuid is a tracked command on Claude Code (captures in_user_uuid_h2 and the
// in_user_uuid_* cases of test/capture/surface-more/claude-stream.mjs): command_lifecycle queued / started / completed
// (cancelled after a failed turn); lines queued behind a running turn run as one turn whose frames name all their
// uuids; results carry the session's running totals per model (ctl_set_model_mid_turn_twice). cbc tracks nothing.
import { describe, expect, it } from 'vitest';
import { nextTurn } from '../../../src/engine/commands.js';
import type { PendingTurn } from '../../../src/engine/turn-host.js';
import { parseScenario } from '../../../src/scenario/load.js';
import type { Frame } from '../../helpers/frames.js';
import { controlLine as ctl, driveStream, userLine } from '../../helpers/stream-json.js';

const scenario = parseScenario('turns:\n  - match: { contains: "SLOW" }\n    delay: 2s\n    reply: "slow"\n  - match: { glob: "*" }\n    reply: "fast"\n');
const line = (content: string, uuid?: string) => userLine(content, uuid ? { uuid } : {});

/** Runs `first`, then writes `later` (at once) when the first turn's init is out, and ends stdin after `results` results. */
async function run(profile: string, first: string[], later: string[], results: number): Promise<Frame[]> {
  const r = await driveStream({
    profile,
    extra: profile === 'cbc' ? [] : ['--no-session-persistence'],
    scenario,
    first,
    endAtResult: false,
    on: (f, host, frames) => {
      if (f['subtype'] === 'init' && frames.filter((g) => g['subtype'] === 'init').length === 1) for (const s of later) host.write(s);
      if (f['type'] === 'result' && frames.filter((g) => g['type'] === 'result').length === results) host.end();
    },
  });
  return r.frames;
}
const lifecycle = (frames: Frame[]) => frames.filter((f) => f['type'] === 'command_lifecycle').map((f) => `${f['state']} ${f['command_uuid']}`);

describe('nextTurn (#16)', () => {
  const user = (prompt: string, uuid?: string): PendingTurn => ({ prompt, origin: { kind: 'user', uuids: uuid ? [uuid] : undefined } });
  it('batches consecutive user lines only when asked', () => {
    const queue = [user('a', 'u1'), user('bb'), user('ccc', 'u3'), { prompt: '', origin: { kind: 'task-notification' as const } }, user('d')];
    const t = nextTurn(queue, true);
    expect([t.prompt, t.origin.uuids, queue.length]).toEqual(['ccc', ['u1', 'u3'], 2]);
    const n = nextTurn(queue, true);
    expect(n.origin.kind).toBe('task-notification');
    const single = [user('a', 'u1'), user('b', 'u2')];
    expect(nextTurn(single, false).origin.uuids).toEqual(['u1']);
    expect(single).toHaveLength(1);
  });
});

describe('client uuids on Claude Code (#16)', () => {
  it('claude-2.1.328: queued, started, completed; two lines queued mid-turn run as one turn naming both', async () => {
    const frames = await run('claude-2.1.328', [ctl('req_1', { subtype: 'initialize' }), line('SLOW', 'u1')], [line('hi', 'u2'), line('hi again', 'u3')], 2);
    expect(lifecycle(frames)).toEqual(['queued u1', 'started u1', 'queued u2', 'queued u3', 'completed u1', 'started u2', 'started u3', 'completed u2', 'completed u3']);
    const results = frames.filter((f) => f['type'] === 'result');
    expect(results.map((r) => [r['user_message_uuid'], r['user_message_uuids']])).toEqual([['u1', ['u1']], ['u3', ['u2', 'u3']]]);
    expect(results[1]?.['first_request_input_tokens']).toBeGreaterThan(0);
    const inits = frames.filter((f) => f['subtype'] === 'init');
    expect(inits.map((i) => i['user_message_uuids'])).toEqual([['u1'], ['u2', 'u3']]);
  });

  it('claude-2.1.220: a line without a uuid is not tracked; an interrupted one is cancelled and its result names none', async () => {
    const frames = await run('claude-2.1.220', [ctl('req_1', { subtype: 'initialize' }), line('hi'), line('SLOW', 'u9')], [], 2);
    expect(lifecycle(frames)).toEqual(['queued u9', 'started u9', 'completed u9']);
    const cut = await run('claude-2.1.220', [ctl('req_1', { subtype: 'initialize' }), line('SLOW', 'u1')], [ctl('req_int', { subtype: 'interrupt' })], 1);
    expect(lifecycle(cut)).toEqual(['queued u1', 'started u1', 'cancelled u1']);
    expect(cut.find((f) => f['type'] === 'result')?.['user_message_uuid']).toBeUndefined();
  });

  it('cbc writes no lifecycle frames', async () => {
    const frames = await run('cbc', [ctl('req_1', { subtype: 'initialize' }), line('hi', 'u1')], [], 1);
    expect(lifecycle(frames)).toEqual([]);
    expect(frames.some((f) => f['type'] === 'result')).toBe(true);
  });

  it('claude-2.1.328: a result lists every model the session used, with their summed cost', async () => {
    const frames = await run('claude-2.1.328', [ctl('req_1', { subtype: 'initialize' }), line('SLOW')], [ctl('req_2', { subtype: 'set_model', model: 'haiku' })], 1);
    const first = frames.find((f) => f['type'] === 'result');
    expect(Object.keys(first?.['modelUsage'] ?? {})).toHaveLength(1);
    const both = await run('claude-2.1.328', [ctl('req_1', { subtype: 'initialize' }), line('hi'), ctl('req_2', { subtype: 'set_model', model: 'haiku' }), line('hi again')], [], 2);
    const last = both.filter((f) => f['type'] === 'result')[1]!;
    const usage = last['modelUsage'] as Record<string, { costUSD: number }>;
    expect(Object.keys(usage)).toHaveLength(2);
    expect(last['total_cost_usd']).toBeCloseTo(Object.values(usage).reduce((s, u) => s + u.costUSD, 0), 10);
    expect(Object.keys(last['model_usage_since_last_result'] as object)).toHaveLength(1);
  });
});

// issue #16: cancel_async_message of a queued user line (capture ctl_cancel_async_message_queued_h7)
describe('cancel_async_message (#16)', () => {
  it('takes the queued line with that uuid out of the queue and marks its command cancelled; any other uuid cancels nothing', async () => {
    const { cancelQueued } = await import('../../../src/engine/commands.js');
    const events: unknown[] = [];
    const s = { emit: (ev: unknown) => void events.push(ev), queue: [{ prompt: 'a', origin: { kind: 'user' as const, uuids: ['u1'] } }, { prompt: 'b', origin: { kind: 'user' as const, uuids: ['u2'] } }] };
    expect(cancelQueued(s, 'cancel_async_message', { message_uuid: 'nope' })).toBeUndefined();
    expect(cancelQueued(s, 'cancel_async_message', { message_uuid: 'u2' })).toEqual({ cancelled: 'u2' });
    expect(s.queue.map((t) => t.prompt)).toEqual(['a']);
    expect(events).toEqual([{ kind: 'command_lifecycle', commandUuid: 'u2', state: 'cancelled' }]);
    expect(cancelQueued(s, 'interrupt', { message_uuid: 'u1' })).toBeUndefined();
  });
});

// capture ctl_interrupt_cancel_queued_with_queued_line_h8: the SDK's Stop (interrupt, cancel_queued: true) drops the
// lines queued behind the turn; the reply lists those with a uuid as cancelled
describe('interrupt with cancel_queued on Claude Code (#16)', () => {
  it('drops the queued lines with the turn: one result, the queued uuid cancelled', async () => {
    const frames = await run('claude-2.1.328', [ctl('req_1', { subtype: 'initialize' }), line('SLOW', 'u1')], [line('hi', 'u2'), line('hi again'), ctl('req_int', { subtype: 'interrupt', cancel_queued: true })], 1);
    const reply = frames.find((f) => JSON.stringify(f).includes('"request_id":"req_int"'));
    expect(JSON.stringify(reply)).toContain('"response":{"still_queued":[],"cancelled":["u2"]}');
    expect(lifecycle(frames)).toContain('cancelled u2');
    expect(frames.filter((f) => f['type'] === 'result').map((r) => r['subtype'])).toEqual(['error_during_execution']);
  });
});
