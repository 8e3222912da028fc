// Issue #16: a bare --disallowedTools name removes the agent tool under either of its names (Claude 2.1.220 lists it as
// Task, 2.1.328 as Agent; capture opt_disallowedTools_agent_stream_bgagent_h9 of the ninth held-back set).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../../src/scenario/load.js';
import { runStream, userLine } from '../../../helpers/stream-json.js';

const scenario = parseScenario('turns: []\nfallback:\n  reply: "hi"\n');
const tools = async (profile: string, name: string) => {
  const frames = await runStream({ profile, extra: ['--no-session-persistence', '--disallowedTools', name], scenario, stdin: userLine('hi') });
  return frames.find((f) => f['subtype'] === 'init')?.['tools'] as string[];
};

describe('--disallowedTools and the agent tool (#16)', () => {
  for (const profile of ['claude-2.1.220', 'claude-2.1.328']) {
    it(`${profile}: Agent and Task each remove it, whatever name the init lists`, async () => {
      for (const name of ['Agent', 'Task']) {
        const listed = await tools(profile, name);
        expect(listed).toContain('Bash');
        expect(listed).not.toContain('Agent');
        expect(listed).not.toContain('Task');
      }
    });
  }
});
