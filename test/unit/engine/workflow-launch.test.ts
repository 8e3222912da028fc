// Issue #16: the Workflow launch as Claude Code writes it (captures wf_complete / wf_stopped of 2.1.220 and
// 2.1.328): the tool call carries the script and description the model wrote (scenario `source`,
// `call_description`), and the launch result names the run (`wf_<hex8>-<hex3>`), its transcript folder and
// its script file beside the session transcript, with the version's resume advice in the text.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { runInMemory } from '../../../src/testkit/harness.js';
import type { Frame } from '../../helpers/frames.js';
import { controlLine, framesOf, streamArgv, userLine } from '../../helpers/stream-json.js';

const SCRIPT = "export const meta = { name: 'wf-x' }\nawait agent('go', {label: 'one'})\n";
const scenario = parseScenario(`
turns:
  - workflow:
      name: wf-x
      description: "The long description"
      source: ${JSON.stringify(SCRIPT)}
      call_description: "Short"
      followup: false
      agents:
        - { label: one, duration: 10ms }
    result: done
`);

async function launch(profile: string): Promise<{ call: Frame; result: Frame; started: Frame; sessionId: string }> {
  const stdin = controlLine('req_1', { subtype: 'initialize' }) + userLine('go');
  const r = await runInMemory({ argv: streamArgv(profile, '--emu-seed', 'wf', '--no-session-persistence'), env: { CBC_EMU_LOG_LEVEL: 'silent' }, cwd: '/work/project', scenario, stdin });
  const frames = framesOf(r.stdout);
  const call = frames.find((f) => f['type'] === 'assistant' && f['message']['content'][0]?.['name'] === 'Workflow');
  const result = frames.find((f) => f['type'] === 'user' && f['tool_use_result']?.['status'] === 'async_launched');
  const started = frames.find((f) => f['subtype'] === 'task_started');
  const init = frames.find((f) => f['subtype'] === 'init');
  if (!call || !result || !started || !init) throw new Error(`missing frames in:\n${r.stdout}\n${r.stderr}`);
  return { call, result, started, sessionId: init['session_id'] as string };
}

describe('Claude Workflow launch (#16, captures wf_*)', () => {
  for (const profile of ['claude-2.1.220', 'claude-2.1.328']) {
    it(`${profile}: the call carries source and call_description verbatim; the result names the run and its files`, async () => {
      const { call, result, started, sessionId } = await launch(profile);
      expect(call['message']['content'][0]['input']).toEqual({ script: SCRIPT, description: 'Short' });
      expect(started['prompt']).toBe(SCRIPT);
      expect(started['description']).toBe('The long description');
      const u = result['tool_use_result'] as Record<string, string>;
      expect(Object.keys(u)).toEqual(['status', 'taskId', 'taskType', 'workflowName', 'runId', 'summary', 'transcriptDir', 'scriptPath']);
      expect(u['runId']).toMatch(/^wf_[0-9a-f]{8}-[0-9a-f]{3}$/);
      const sessionDir = join(homedir(), '.claude', 'projects', '-work-project', sessionId);
      expect(u['transcriptDir']).toBe(join(sessionDir, 'subagents', 'workflows', u['runId'] as string));
      expect(u['scriptPath']).toBe(join(sessionDir, 'workflows', 'scripts', `wf-x-${u['runId']}.js`));
      const text = result['message']['content'][0]['content'] as string;
      expect(text).toContain(`\nTranscript dir: ${u['transcriptDir']}\nScript file: ${u['scriptPath']}\n`);
      expect(text).toContain(`\nRun ID: ${u['runId']}\nTo resume after editing the script`);
      expect(text.endsWith('\n\nYou will be notified when it completes. Use /workflows to watch live progress.')).toBe(true);
      // the resume advice differs by version (2.1.328 mentions args and the first failed call)
      expect(text.includes('with the same args if this run had any')).toBe(profile === 'claude-2.1.328');
    });
  }

  it('without source and call_description the script is generated and the call description is the task description', async () => {
    const plain = parseScenario('turns:\n  - workflow: { name: wf-y, description: Desc, followup: false, agents: [{ label: one, duration: 10ms }] }\n    result: done\n');
    const r = await runInMemory({ argv: streamArgv('claude-2.1.328', '--no-session-persistence'), env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario: plain, stdin: userLine('go') });
    const call = r.stdout.split('\n').filter((l) => l.includes('"name":"Workflow"')).map((l) => JSON.parse(l) as Frame)[0];
    const input = call?.['message']['content'][0]['input'] as Record<string, string>;
    expect(input['description']).toBe('Desc');
    expect(input['script']).toContain("name: 'wf-y',\n  description: 'Desc',");
  });
});
