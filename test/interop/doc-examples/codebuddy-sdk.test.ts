import { query, type Message } from '@tencent-ai/agent-sdk';
import { startEmulator, type Emulator } from 'cbc-emulator';
import { afterEach, expect, it } from 'vitest';

let emu: Emulator;
afterEach(() => emu.close());

it('the CodeBuddy SDK gets the scripted reply; the journal shows one user message', async () => {
  emu = startEmulator({
    scenario: { name: 'greeting', turns: [{ match: { contains: 'hello' }, reply: 'Hi! How can I help?' }] },
    profile: 'cbc',
    seed: 42,
  });

  const messages: Message[] = [];
  // the CodeBuddy SDK merges options.env over process.env
  for await (const m of query({ prompt: 'hello there', options: { pathToCodebuddyCode: emu.executablePath, env: emu.env } })) messages.push(m);

  expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'Hi! How can I help?' });
  // the SDK stops reading at the first result; wait until the drop-in it spawned has exited
  const journal = await emu.finished();
  const users = journal.filter((e) => e.dir === 'in' && (e.frame as { type?: string }).type === 'user');
  expect(users).toHaveLength(1);
  expect(emu.frames().filter((f) => f.type === 'result')).toHaveLength(1);
  expect(emu.check()).toEqual([]);
});
