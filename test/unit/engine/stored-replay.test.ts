// Issue #16: cbc 2.117.0 replays a stored conversation at --resume under stream-json input when the host's first
// line is an initialize without hasPrompt: true (captures ses_resume_stream_h2, ses_resume_stream_tool_cbc,
// ses_resume_stream_hasprompt_cbc); the store keeps each turn's prompts, replies, tool calls and results for it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { runInMemory } from '../../../src/testkit/harness.js';
import { controlLine, printArgv, streamArgv, userLine } from '../../helpers/stream-json.js';

const scenario = parseScenario('turns:\n  - match: { contains: "go" }\n    ask: { tool: Bash, input: { command: "touch x" }, output: "done" }\n    result: "ran it"\n  - reply: "hello"\n');
const home = mkdtempSync(join(tmpdir(), 'cbc-emu-replay-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const SID = '5e551011-0000-4000-8000-0000000000c1';
const STREAM = streamArgv('cbc-2.117.0', '--emu-home', home);
const prompt = userLine('hi');
const init = (extra: object) => controlLine('req_1', { subtype: 'initialize', ...extra });
type Frame = Record<string, unknown>;
/** Stricter than the helper's framesOf: an empty stdout throws, so a run that wrote nothing cannot pass `before`. */
const framesOf = (stdout: string): Frame[] => stdout.trim().split('\n').map((l) => JSON.parse(l) as Frame);
/** The frames before the initialize reply, as type[/first content block type]. */
const before = (frames: Frame[]) => frames.slice(0, frames.findIndex((f) => f['type'] === 'control_response')).map(label);
function label(f: Frame): string {
  const content = (f['message'] as { content?: Array<{ type: string }> } | undefined)?.content;
  return content?.[0] !== undefined ? `${String(f['type'])}/${content[0].type}` : String(f['subtype'] ?? f['type']);
}

describe('cbc 2.117.0: --resume under stream-json input replays the stored conversation (#16)', () => {
  it('stores a tool turn, then replays it before the initialize reply; hasPrompt: true or --continue replays nothing', async () => {
    const first = await runInMemory({ argv: printArgv('cbc-2.117.0', 'go', '--emu-home', home, '--session-id', SID, '--permission-mode', 'bypassPermissions'), scenario, stdin: '' });
    expect(first.code).toBe(0);

    const resumed = framesOf((await runInMemory({ argv: [...STREAM, '--resume', SID], scenario, stdin: init({}) + prompt })).stdout);
    expect(before(resumed)).toEqual(['init', 'user/text', 'file-history-snapshot', 'assistant/tool_use', 'user/tool_result', 'assistant/text', 'success']);
    const replayInit = resumed[0] ?? {};
    expect(replayInit).toMatchObject({ session_id: SID, tools: [], model: 'unknown' });
    const replayResult = resumed[6] ?? {};
    expect(replayResult).toMatchObject({ result: '', num_turns: 4, usage: { input_tokens: 200, output_tokens: 40 } });
    expect(replayResult).not.toHaveProperty('_requestId');
    expect(resumed.filter((f) => f['type'] === 'result').at(-1)).toMatchObject({ result: 'hello', num_turns: 6 });

    const withPrompt = framesOf((await runInMemory({ argv: [...STREAM, '--resume', SID], scenario, stdin: init({ hasPrompt: true }) + prompt })).stdout);
    expect(before(withPrompt)).toEqual([]);
    const promptFirst = framesOf((await runInMemory({ argv: [...STREAM, '--resume', SID], scenario, stdin: prompt })).stdout);
    expect(promptFirst.filter((f) => f['type'] === 'result')).toHaveLength(1);
    const continued = framesOf((await runInMemory({ argv: [...STREAM, '--continue'], scenario, stdin: init({}) + prompt })).stdout);
    expect(before(continued)).toEqual([]);
  });
});
