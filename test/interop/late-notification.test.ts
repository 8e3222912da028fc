// Interop: late background-task events reach the real SDKs' long-lived readers (issue #4 acceptance:
// "The CodeBuddy SDK's unstable_v2_createSession receives a late notification by calling stream() again;
// the Claude Agent SDK streaming-input query receives it before the iterator ends").
// Seed 002 §8: in a long-lived stdio session a task that ends after the turn's result is pushed later,
// without new input. codebuddy-sdk.md §5: stream() returns at a result; calling it again (before the next
// send()) yields what arrives next. claude-agent-sdk.md §4.1/§4.2: streaming input keeps stdin open until
// the iterable ends; the CLI finishes running work after EOF (capture claude-code-2.1.328/ss_bgbash_sj).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { query, type SDKMessage, type SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { unstable_v2_createSession, type Message } from '@tencent-ai/agent-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { CBC_BIN, claudeEnv, collect, failOnProcessNoise, Inbox, isolateEmuEnv, ROOT, userMessage } from './helpers.js';

failOnProcessNoise();
isolateEmuEnv();

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-late-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// A 3 s (virtual) shell task; at speed 10 it ends ~300 ms of real time after the turn's result.
const SCENARIO = join(ROOT, 'test', 'fixtures', 'scenarios', 'late-build.yaml');
const FOLLOW_UP = 'The background task "npm run build" completed.';
const sub = (m: { type: string }) => (m.type === 'system' ? `system/${(m as unknown as { subtype: string }).subtype}` : m.type);

describe('CodeBuddy SDK unstable_v2_createSession: stream() again after the result (codebuddy-sdk.md §5)', () => {
  // the seeds' profile only: the real cbc 2.117.0 refuses a background Bash call in headless mode (tool error
  // 8009, no task: captures bg_bash, req_can_use_tool_bg_bash_fq), which test/integration/cross-turn.test.ts checks
  for (const profile of ['cbc']) {
    it(`${profile}: the second stream() yields the late task_notification, then the follow-up result`, async () => {
      const env = { CBC_EMU_SPEED: '10', CBC_EMU_SCENARIO: SCENARIO, CBC_EMU_PROFILE: profile, CBC_EMU_HOME: join(dir, `home-${profile}`) };
      const session = unstable_v2_createSession({ pathToCodebuddyCode: CBC_BIN, env });
      try {
        await session.send('build it');
        const first: Message[] = await collect(session.stream());
        expect(first.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'Started.' });
        const started = first.find((m) => sub(m) === 'system/task_started') as Record<string, unknown> | undefined;
        expect(started).toMatchObject({ task_type: 'Bash', description: 'npm run build' });
        expect(first.some((m) => sub(m) === 'system/task_notification')).toBe(false); // it ends later

        const late: Message[] = await collect(session.stream());
        const kinds = late.map(sub);
        const note = kinds.indexOf('system/task_notification');
        expect(note, `late messages: ${kinds.join(', ')}`).toBeGreaterThanOrEqual(0);
        expect(late[note]).toMatchObject({ task_id: started!['task_id'], status: 'completed', session_id: session.sessionId });
        expect(kinds.indexOf('system/task_updated')).toBeLessThan(note);
        expect(late.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: FOLLOW_UP, session_id: session.sessionId });
      } finally {
        session.close();
      }
    });
  }
});

describe('Claude Agent SDK streaming-input query: the notification arrives before the iterator ends (claude-agent-sdk.md §4)', () => {
  for (const profile of ['claude-2.1.328', 'claude-2.1.220']) {
    it(`${profile}: the prompt iterable stays open until the task_notification, then ends`, async () => {
      const inbox = new Inbox<SDKUserMessage>();
      const env = claudeEnv({ CBC_EMU_PROFILE: profile, CBC_EMU_SPEED: '10', CBC_EMU_SCENARIO: SCENARIO, CBC_EMU_HOME: join(dir, `home-${profile}`) });
      const q = query({ prompt: inbox, options: { pathToClaudeCodeExecutable: CBC_BIN, env } });
      inbox.push(userMessage('build it'));
      const seen: SDKMessage[] = [];
      let resultBeforeNote = false;
      for await (const m of q) {
        seen.push(m);
        if (m.type === 'result' && !seen.some((x) => sub(x) === 'system/task_notification')) resultBeforeNote = true;
        if (sub(m) === 'system/task_notification') inbox.end(); // the app's input ends once it has what it waited for
      }
      const kinds = seen.map(sub);
      const note = kinds.indexOf('system/task_notification');
      expect(note, `messages: ${kinds.join(', ')}`).toBeGreaterThan(kinds.indexOf('result'));
      expect(resultBeforeNote).toBe(true); // the first result came before the notification: it was late
      const started = seen.find((m) => sub(m) === 'system/task_started') as Record<string, unknown>;
      expect(started).toMatchObject({ task_type: 'local_bash' });
      expect(seen[note]).toMatchObject({ task_id: started['task_id'], status: 'completed' });
      // capture ss_bgbash_sj: after the notification a follow-up turn runs; its result carries origin
      const results = seen.filter((m) => m.type === 'result') as Array<Record<string, unknown>>;
      expect(results.map((r) => r['result'])).toEqual(['Started.', FOLLOW_UP]);
      expect(results[1]!['origin']).toMatchObject({ kind: 'task-notification' });
    });
  }
});
