// Issue #7 acceptance: record the real cbc 2.117.0 (bundled in @tencent-ai/agent-sdk, offline) driven by
// the CodeBuddy SDK, then replay the cassette to the same SDK code with the real CLI absent: the SDK
// sees identical messages (and the same auth error the real CLI ends its turn with offline).
import { query, type Message } from '@tencent-ai/agent-sdk';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CBC_BIN, failOnProcessNoise, isolateEmuEnv, ROOT } from './helpers.js';

failOnProcessNoise();
isolateEmuEnv();

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-rec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The same consumer code both times: one prompt, every message collected, the error kept. */
async function consume(pathToCodebuddyCode: string, env: Record<string, string>): Promise<{ msgs: Message[]; error: string | undefined }> {
  const msgs: Message[] = [];
  let error: string | undefined;
  try {
    for await (const m of query({ prompt: 'say hi', options: { pathToCodebuddyCode, env } })) msgs.push(m);
  } catch (e) {
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  return { msgs, error };
}

it('a recorded real cbc session replays to the same SDK code with identical messages', async () => {
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  const cassette = join(dir, 'real-cbc.ndjson');
  const real = await consume(join(ROOT, 'test', 'fixtures', 'record-wrapper.mjs'), { HOME: home, CASSETTE_OUT: cassette });
  // the real CLI runs offline: init, status, file-history-snapshot, the auth-error assistant, then an error result
  expect(real.msgs.map((m) => m.type)).toEqual(['system', 'system', 'file-history-snapshot', 'assistant']);
  expect(real.error).toContain('Authentication required');
  const text = readFileSync(cassette, 'utf8');
  expect(text.split('\n')[0]).toContain('"cassette":"cbc-emulator"');

  const replayed = await consume(CBC_BIN, { HOME: home, CBC_EMU_REPLAY: cassette, CBC_EMU_SPEED: '0' });
  expect(replayed.msgs).toEqual(real.msgs);
  expect(replayed.error).toBe(real.error);
}, 90_000);
