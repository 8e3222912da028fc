import { startEmulator, type Emulator } from 'cbc-emulator';
import { afterEach, expect, it } from 'vitest';

let emu: Emulator;
afterEach(() => emu.close());

it('a consumer under test interrupts a workflow: ACK first, then killed and stopped', async () => {
  emu = startEmulator({ scenario: 'long-run', profile: 'cbc', seed: 7, speed: 10 });

  emu.send({ type: 'control_request', request_id: 'init_1', request: { subtype: 'initialize' } });
  emu.send({ type: 'user', message: { role: 'user', content: 'start the long run' }, parent_tool_use_id: null, session_id: '' });
  await emu.waitFor((f) => f.type === 'system' && f.subtype === 'task_progress');
  const id = emu.interrupt();

  const stopped = await emu.waitFor((f) => f.type === 'system' && f.subtype === 'task_notification');
  expect(stopped.status).toBe('stopped');
  const frames = emu.frames();
  const ack = frames.findIndex((f) => f.type === 'control_response' && f.response.request_id === id);
  const killed = frames.findIndex((f) => f.type === 'system' && f.subtype === 'task_updated' && f.patch.status === 'killed');
  expect(ack).toBeGreaterThan(-1);
  expect(ack).toBeLessThan(killed);
  await emu.close(); // waits for the exit; the journal stays readable
  expect(emu.check()).toEqual([]); // includes interrupt.ack.before-killed: the journal has both directions
});
