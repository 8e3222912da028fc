// The test kit's in-process mode (issue #6: "spawns the built drop-in (or runs it in-process over an
// in-memory transport)"): the same seed and inputs give the same frames as the spawned drop-in, the
// journal is written, and the rules hold.
import { tmpdir } from 'node:os';
import { afterEach, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../dist/index.js';

const emus: Emulator[] = [];
afterEach(async () => {
  for (const e of emus.splice(0)) await e.close();
});

async function drive(inProcess: boolean) {
  const emu = startEmulator({ scenarioFile: 'scenarios/deep-research.yaml', profile: 'cbc', seed: 5, speed: 0, inProcess, cwd: '/tmp' });
  emus.push(emu);
  emu.send({ type: 'control_request', request_id: 'init_1', request: { subtype: 'initialize' } });
  emu.send({ type: 'user', message: { role: 'user', content: '/deep-research topic=foo' }, parent_tool_use_id: null, session_id: '' });
  await emu.waitFor((f) => f.type === 'result' && String(f.result).includes('completed'), 20_000);
  const { code } = await emu.close();
  return { emu, code };
}

it('in-process and spawned runs write the same frames; the journal passes the checker', async () => {
  const spawned = await drive(false);
  const inproc = await drive(true);
  expect(inproc.code).toBe(0);
  expect(spawned.code).toBe(0);
  // the output files live under each run's own temp home ($TMPDIR/cbc-emu-*): compare everything else
  const home = new RegExp(`${tmpdir().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/cbc-emu-[^/"]+`, 'g');
  const strip = (fs: Array<Record<string, unknown>>) => JSON.stringify(fs).replace(home, '<home>');
  expect(strip(inproc.emu.frames())).toBe(strip(spawned.emu.frames()));
  expect(inproc.emu.frames().some((f) => f.subtype === 'task_notification')).toBe(true);
  expect(inproc.emu.journal().at(-1)).toMatchObject({ dir: 'meta', event: 'exit', code: 0 });
  expect(inproc.emu.check()).toEqual([]);
});
