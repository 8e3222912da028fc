import { describe, expect, it } from 'vitest';
import type { EngineEvent, TaskInfo } from '../../../dist/engine/events.js';
import { StreamTail } from '../../../dist/engine/stream-tail.js';

const task = (kind: TaskInfo['kind']): TaskInfo => ({ taskId: 't1', toolUseId: 'tu1', kind, description: 'd', outputFile: '/tmp/t1', startedAt: 0 });
const call: EngineEvent = { kind: 'assistant_tool_use', messageId: 'm1', toolUseId: 'tu1', name: 'Agent', input: {} };
/** The frames of a streamed tool call, as Claude's encoder writes them (one label per frame). */
const CALL = ['status', 'message_start', 'block_start', 'block_delta', 'assistant', 'block_stop', 'message_delta', 'message_stop'].map((f) => ({ f }));
const labels = (out: Array<{ f?: unknown }>) => out.map((o) => o.f);
const ask: EngineEvent = { kind: 'host_request', requestId: 'r1', request: { subtype: 'can_use_tool', toolName: 'Bash', input: {}, toolUseId: 'tu1' } };
const result: EngineEvent = { kind: 'tool_result', toolUseId: 'tu1', content: 'ok', isError: false } as unknown as EngineEvent;

/** Plays a streamed call, then `then` (each event with its one frame): the frames in write order. */
function play(rules: { askInsideToolStream?: number; launchInsideToolStream?: number }, then: Array<[EngineEvent, string]>): unknown[] {
  const tail = new StreamTail(rules, true);
  const out = [...tail.order(call, CALL)];
  for (const [ev, f] of then) out.push(...tail.order(ev, [{ f }]));
  return labels(out);
}

// issue #16: Claude Code runs a tool as soon as its tool_use block is complete (streaming tool execution)
describe('StreamTail: a streamed tool call\'s last events (#16)', () => {
  const launch: Array<[EngineEvent, string]> = [
    [{ kind: 'bg_tasks_changed', at: 'start', tasks: [task('agent')] }, 'tasks'],
    [{ kind: 'task_started', task: task('agent') }, 'started'],
    [result, 'result'],
  ];
  it('2.1.220: a background agent\'s task frames after the assistant frame, its result after content_block_stop (ses_partial_bg_slow_agent_h8)', () => {
    expect(play({ askInsideToolStream: 3, launchInsideToolStream: 3 }, launch)).toEqual(['status', 'message_start', 'block_start', 'block_delta', 'assistant', 'tasks', 'started', 'block_stop', 'result', 'message_delta', 'message_stop']);
  });
  it('2.1.328: the task frames after content_block_stop, its result between message_delta and message_stop (same capture)', () => {
    expect(play({ askInsideToolStream: 1, launchInsideToolStream: 2 }, launch)).toEqual(['status', 'message_start', 'block_start', 'block_delta', 'assistant', 'block_stop', 'tasks', 'started', 'message_delta', 'result', 'message_stop']);
  });
  it('a background shell\'s frames come after message_stop (ses_partial_bg_bash_h7)', () => {
    const shell: Array<[EngineEvent, string]> = [[{ kind: 'bg_tasks_changed', at: 'start', tasks: [task('bash')] }, 'tasks'], [{ kind: 'task_started', task: task('bash') }, 'started'], [result, 'result']];
    expect(play({ askInsideToolStream: 1, launchInsideToolStream: 2 }, shell).slice(-5)).toEqual(['message_delta', 'message_stop', 'tasks', 'started', 'result']);
  });
  it('the permission request before the last askInsideToolStream frames (req_can_use_tool_allow_partial_h4)', () => {
    expect(play({ askInsideToolStream: 1, launchInsideToolStream: 2 }, [[ask, 'ask']]).slice(-3)).toEqual(['message_delta', 'ask', 'message_stop']);
    expect(play({ askInsideToolStream: 3, launchInsideToolStream: 3 }, [[ask, 'ask']]).slice(-5)).toEqual(['assistant', 'ask', 'block_stop', 'message_delta', 'message_stop']);
  });
  it('without partial messages nothing is held', () => {
    const tail = new StreamTail({ askInsideToolStream: 1, launchInsideToolStream: 2 }, false);
    expect(labels(tail.order(call, CALL))).toEqual(labels(CALL));
  });
});
