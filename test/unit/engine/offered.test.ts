// A model cannot call a tool it is not offered (issue #16, captures opt_disallowedTools_bash_call_h2,
// opt_tools_read_bash_call): a bare --disallowedTools name or a --tools list without the tool passes over the
// scenario turn that would call it, and the next matching turn answers.
import { describe, expect, it } from 'vitest';
import { isOffered, pickTurn, turnCallable } from '../../../src/engine/offered.js';
import { selectTurn } from '../../../src/scenario/match.js';
import type { ScenarioT, TurnT } from '../../../src/scenario/schema.js';

const flags = (tools?: string) => (tools === undefined ? undefined : new Map([['tools', tools]]));

describe('isOffered (#16)', () => {
  it('a bare disallowed name removes the tool, a pattern rule does not', () => {
    expect(isOffered('Bash', { disallowed: ['Bash'] })).toBe(false);
    expect(isOffered('Bash', { disallowed: ['Bash(rm:*)'] })).toBe(true);
  });
  it('--tools offers only what it names ("" none, default all)', () => {
    expect(isOffered('Bash', { disallowed: [], cliFlags: flags('Read') })).toBe(false);
    expect(isOffered('Bash', { disallowed: [], cliFlags: flags('Read,Bash') })).toBe(true);
    expect(isOffered('Read', { disallowed: [], cliFlags: flags('') })).toBe(false);
    expect(isOffered('Bash', { disallowed: [], cliFlags: flags('default') })).toBe(true);
  });
});

describe('selectTurn with turnCallable (#16)', () => {
  const bash: TurnT = { match: { contains: 'FGBASH' }, ask: { tool: 'Bash', input: { command: 'ls' } }, result: 'done' };
  const bg: TurnT = { match: { contains: 'BG' }, background: [{ kind: 'agent', description: 'helper' }] };
  const other: TurnT = { match: { glob: '*' }, reply: 'Hello' };
  const scenario = { turns: [bash, bg, other] } as ScenarioT;
  const pick = (prompt: string, disallowed: string[], tools?: string) => selectTurn(scenario, 0, prompt, (t) => turnCallable(t, { disallowed, cliFlags: flags(tools) }))?.turn;
  it('passes over a turn whose tool is not offered', () => {
    expect(pick('FGBASH please', [])).toBe(bash);
    expect(pick('FGBASH please', ['Bash'])).toBe(other);
    expect(pick('FGBASH please', [], 'Read')).toBe(other);
    expect(pick('FGBASH please', ['Bash(rm:*)'])).toBe(bash);
  });
  it('the agent tool goes by Agent and Task', () => {
    expect(pick('BG please', [])).toBe(bg);
    expect(pick('BG please', ['Task'])).toBe(other);
    expect(pick('BG please', [], 'Agent')).toBe(bg);
  });
});

// issue #16, captures env_disable_workflows_workflow_h8 (cbc) and env_claude_disable_workflows_workflow_fy (Claude):
// with the workflow switch on, the model is not offered Workflow and answers the workflow prompt otherwise
describe('pickTurn with workflows off (#16)', () => {
  const wf: TurnT = { match: { contains: 'WFSLOW' }, workflow: { name: 'w', agents: [{ label: 'a', duration: 1000 }] } } as TurnT;
  const hello: TurnT = { match: { contains: 'hello' }, reply: 'Hello' };
  const fallback: TurnT = { reply: 'Hello from fake API.' };
  it('passes over a workflow turn for the fallback (the cursor stays) or the next matching turn', () => {
    expect(pickTurn({ turns: [wf], fallback } as ScenarioT, 0, 'WFSLOW please', { disallowed: [], workflowsOff: true })).toEqual({ index: -1, turn: fallback });
    expect(pickTurn({ turns: [wf, hello] } as ScenarioT, 0, 'WFSLOW hello', { disallowed: [], workflowsOff: true })?.turn).toBe(hello);
  });
  it('plays the workflow turn when nothing else answers, and as before with the switch off', () => {
    expect(pickTurn({ turns: [wf] } as ScenarioT, 0, 'WFSLOW please', { disallowed: [], workflowsOff: true })?.turn).toBe(wf);
    expect(pickTurn({ turns: [wf], fallback } as ScenarioT, 0, 'WFSLOW please', { disallowed: [] })?.turn).toBe(wf);
    expect(pickTurn({ turns: [hello] } as ScenarioT, 0, 'nothing', { disallowed: [], workflowsOff: true })).toBeUndefined();
  });
});

