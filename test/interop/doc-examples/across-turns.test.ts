import { startEmulator, type Emulator, type WireFrame } from 'cbc-emulator';
import { afterEach, expect, it } from 'vitest';

let emu: Emulator | undefined;
afterEach(() => emu?.close()); // runs when the test failed too: the temp folder goes either way

const user = (content: string) => ({ type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' });
/** Resolves with the n-th CLI frame (counting from the start) that matches `pred`. */
const nth = (n: number, pred: (f: WireFrame) => boolean) => {
  let seen = 0;
  return emu!.waitFor((f) => pred(f) && ++seen === n);
};
const isResult = (f: WireFrame) => f.type === 'result';

it('at speed 0, background work ends before the next prompt is read: wait for its follow-up turns first', async () => {
  emu = startEmulator({ scenario: 'background-tasks', seed: 5 }); // speed 0 by default

  emu.send(user('build it'));
  // the turn's result, then the build (3 s) and the agent (5 s) end in no wall time, and each notification
  // starts a follow-up turn with its own result: three results before the CLI reads anything else
  await nth(3, isResult);
  const followups = emu.frames().filter(isResult).slice(1);
  expect(followups.map((r) => r.result)).toEqual(['The background task "npm run build" completed.', 'The background task "bg agent" completed.']);

  emu.send(user('make it fail'));
  const fourth = await nth(4, isResult); // the next result is this prompt's, not a follow-up's
  expect(fourth.result).toBe('Tests are running.');
  await emu.close();
  expect(emu.check()).toEqual([]);
});
