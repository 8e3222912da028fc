// Interop: the CodeBuddy SDK finds bin/cbc.js through env CODEBUDDY_CODE_PATH (no option at all).
// Issue #2 acceptance ("complete a turn against bin/cbc.js with no option beyond the executable path")
// and /work/shared/reference/codebuddy-sdk.md §1: resolveCLIPath() tries CODEBUDDY_CODE_PATH first, and
// caches the resolved path for the whole process, so this lives in its own test file (own worker).
import { describe, expect, it } from 'vitest';
import { CBC_BIN, collect, failOnProcessNoise, isolateEmuEnv } from './helpers.js';

failOnProcessNoise();
// Set in the SDK's own process, as an app would; the SDK passes it on to the child (§1).
isolateEmuEnv({ CODEBUDDY_CODE_PATH: CBC_BIN, CBC_EMU_SPEED: '0' });

describe('CodeBuddy SDK query() with CODEBUDDY_CODE_PATH=bin/cbc.js', () => {
  it('completes a turn with no options', async () => {
    const { query } = await import('@tencent-ai/agent-sdk');
    const msgs = await collect(query({ prompt: 'found through CODEBUDDY_CODE_PATH' }));

    // The bundled real CLI would answer "Authentication required" and throw ExecutionError (§7
    // real-cli-check); an echo proves the emulator ran.
    expect(msgs[0]).toMatchObject({ type: 'system', subtype: 'init', apiKeySource: 'www.codebuddy.ai' });
    const assistant = msgs.find((m) => m.type === 'assistant');
    expect(assistant).toMatchObject({ message: { content: [{ type: 'text', text: 'found through CODEBUDDY_CODE_PATH' }] } });
    expect(msgs.at(-1)).toMatchObject({ type: 'result', subtype: 'success', is_error: false, result: 'found through CODEBUDDY_CODE_PATH' });
  });
});
