import { query, type SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { startEmulator, type Emulator } from 'cbc-emulator';
import { afterEach, expect, it } from 'vitest';

let emu: Emulator;
afterEach(() => emu.close());

it('the Claude Agent SDK sees the background workflow finish, and sent one initialize', async () => {
  emu = startEmulator({ scenario: 'deep-research', profile: 'claude-2.1.328', seed: 'docs' });

  const messages: SDKMessage[] = [];
  const run = query({
    prompt: '/deep-research topic=emulators',
    // the Claude SDK does not merge options.env into process.env, so pass both
    options: { pathToClaudeCodeExecutable: emu.executablePath, env: { ...process.env, ...emu.env } },
  });
  for await (const m of run) messages.push(m);

  // what the consumer saw
  expect(messages).toContainEqual(expect.objectContaining({ type: 'system', subtype: 'task_notification', status: 'completed' }));
  expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
  // what the consumer sent, from the two-way journal
  const sent = (await emu.finished()).filter((e) => e.dir === 'in');
  expect(sent.filter((e) => (e.frame as { request?: { subtype?: string } }).request?.subtype === 'initialize')).toHaveLength(1);
  // and the whole exchange keeps the protocol's promises (docs/rules.md)
  expect(emu.check()).toEqual([]);
});
