// Issue #16: Claude Code 2.1.220 writes system/permission_denied only from its stdio permission prompt (createCanUseTool):
// dontAsk refusals notice it with --permission-prompt-tool stdio (ctl_set_permission_mode_dontask_then_tool), not
// without (opt_permission_mode_dont_ask_stream_fgbash_h8); 2.1.328 notices them either way.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../../src/scenario/load.js';
import type { Frame } from '../../../helpers/frames.js';
import { driveStream, userLine } from '../../../helpers/stream-json.js';

const scenario = parseScenario('turns:\n  - match: { glob: "*" }\n    ask: { tool: Bash, input: { command: "touch a.txt" }, output: "" }\n    result: "done"\n');

/** One dontAsk turn calling Bash on `profile`; stdin ends after its result. */
async function run(profile: string, extra: string[]): Promise<Frame[]> {
  return (await driveStream({ profile, extra: ['--no-session-persistence', '--permission-mode', 'dontAsk', ...extra], scenario, first: userLine('go') })).frames;
}
const notices = (frames: Frame[]) => frames.filter((f) => f['subtype'] === 'permission_denied').map((f) => f['decision_reason_type']);

describe('permission_denied under dontAsk (#16)', () => {
  it('2.1.220: only with the stdio permission prompt', async () => {
    expect(notices(await run('claude-2.1.220', []))).toEqual([]);
    expect(notices(await run('claude-2.1.220', ['--permission-prompt-tool', 'stdio']))).toEqual(['mode']);
  });
  it('2.1.328: either way', async () => {
    expect(notices(await run('claude-2.1.328', []))).toEqual(['mode']);
  });
});
