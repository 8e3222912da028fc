import { fileURLToPath } from 'node:url';
import { unstable_v2_createSession, type Message } from '@tencent-ai/agent-sdk';
import { startControlServer, type ControlServerHandle } from 'cbc-emulator';
import { afterEach, expect, it } from 'vitest';

const path = (p: string) => fileURLToPath(import.meta.resolve(`cbc-emulator/${p}`));
let control: ControlServerHandle;
afterEach(() => control.close());

async function collect(stream: AsyncIterable<Message>): Promise<Message[]> {
  const out: Message[] = [];
  for await (const m of stream) out.push(m);
  return out;
}

it('a task_progress row that arrives after the task_notification reaches the CodeBuddy SDK session', async () => {
  // drop-ins register with their virtual clock held: nothing happens until the test lets it
  control = await startControlServer({ holdClock: true });
  const registered = control.nextSession();
  const session = unstable_v2_createSession({
    pathToCodebuddyCode: path('bin/cbc.js'),
    // the SDK spawns the CLI itself; CBC_EMU_CONTROL in its env makes the drop-in register with our server
    env: { ...control.env, CBC_EMU_SCENARIO: path('scenarios/background-tasks.yaml'), CBC_EMU_SPEED: '0' },
  });
  try {
    await session.send('run the build in the background');
    const emu = await registered;
    await emu.waitFor({ type: 'user', dir: 'in', afterSeq: 0 }); // the prompt reached the drop-in
    await emu.clock({ advance_ms: 100 }); // the turn starts the background task and ends
    const started = await emu.waitFor({ type: 'system', subtype: 'task_started', afterSeq: 0 });
    const taskId = (started.frame as { task_id: string }).task_id;

    // the late row, written right after the task's notification (the bug a consumer must survive)
    const late = { type: 'system', subtype: 'task_progress', task_id: taskId, description: 'late row', usage: { total_tokens: 1, tool_uses: 1, duration_ms: 1 }, session_id: session.sessionId, uuid: 'late-1' };
    await emu.inject([late], { when: { type: 'system', subtype: 'task_notification' } });
    await emu.clock({ hold: false });

    const first = await collect(session.stream()); // up to the turn's result
    expect(first.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
    const later = await collect(session.stream()); // the notification, the late row, the follow-up turn
    const note = later.findIndex((m) => m.type === 'system' && (m as { subtype?: string }).subtype === 'task_notification');
    expect(note).toBeGreaterThanOrEqual(0);
    expect(later[note + 1]).toMatchObject({ type: 'system', subtype: 'task_progress', task_id: taskId, uuid: 'late-1' });
    expect(emu.journal().some((e) => e.dir === 'out' && (e.frame as { uuid?: string }).uuid === 'late-1')).toBe(true);
  } finally {
    session.close();
  }
});
