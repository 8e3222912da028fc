// Issue #16: Claude Code's own switches and modes as the captures of surface-more/fy.mjs show them.
import { describe, expect, it } from 'vitest';
import { getProfile } from '../../../../src/profiles/index.js';
import { initSkills, withoutWorkflowSkills, workflowsOff } from '../../../../src/profiles/claude/workflows-off.js';

const OFF = { CLAUDE_CODE_DISABLE_WORKFLOWS: '1' };
const tools = (name: string, o: { flags?: Array<[string, string | true]>; off?: boolean }) =>
  getProfile(name).behavior.initTools({ disallowed: [], hostAnswersPrompts: false, disableWorkflows: o.off === true, cliFlags: new Map(o.flags ?? []) });

describe('CLAUDE_CODE_DISABLE_WORKFLOWS (#16, capture env_claude_disable_workflows_workflow_fy)', () => {
  it('is read by both Claude versions, not by cbc (whose switch is CODEBUDDY_DISABLE_WORKFLOWS)', () => {
    expect(getProfile('claude-2.1.220').behavior.workflowsOffEnv).toBe('CLAUDE_CODE_DISABLE_WORKFLOWS');
    expect(getProfile('claude-2.1.328').behavior.workflowsOffEnv).toBe('CLAUDE_CODE_DISABLE_WORKFLOWS');
    expect(getProfile('cbc-2.117.0').behavior.workflowsOffEnv).toBe('CODEBUDDY_DISABLE_WORKFLOWS');
  });
  it('takes Workflow off the tools', () => {
    expect(tools('claude-2.1.328', {})).toContain('Workflow');
    expect(tools('claude-2.1.328', { off: true })).not.toContain('Workflow');
    expect(tools('claude-2.1.220', { off: true })).not.toContain('Workflow');
  });
  it('drops the workflow skills from names and command objects when on, and nothing when off or "0"', () => {
    expect(withoutWorkflowSkills(['deep-research', 'dataviz', 'workflow-authoring'], OFF)).toEqual(['dataviz']);
    expect(withoutWorkflowSkills([{ name: 'deep-research' }, { name: 'run' }], OFF)).toEqual([{ name: 'run' }]);
    expect(withoutWorkflowSkills(['deep-research'], { CLAUDE_CODE_DISABLE_WORKFLOWS: '0' })).toEqual(['deep-research']);
    expect(workflowsOff({})).toBe(false);
  });
  it('system/init: no skills at all with --disable-slash-commands, else the lists less the workflow skills', () => {
    const init: Record<string, unknown> = { slash_commands: ['deep-research', 'run'], skills: ['deep-research'], terminal_slash_commands: [] };
    initSkills(init, false, OFF);
    expect(init).toEqual({ slash_commands: ['run'], skills: [], terminal_slash_commands: [] });
    initSkills(init, true, {});
    expect(init).toEqual({ slash_commands: [], skills: [] });
  });
});

describe('--bare with --tools (#16, capture env_simple_with_tools_flag_stream_fy)', () => {
  it('offers the basic tools --tools names', () => {
    expect(tools('claude-2.1.328', { flags: [['bare', true]] })).toEqual(['Bash', 'Edit', 'Read']);
    expect(tools('claude-2.1.328', { flags: [['bare', true], ['tools', 'Read,Grep']] })).toEqual(['Read']);
    expect(tools('claude-2.1.220', { flags: [['bare', true], ['tools', 'default']] })).toEqual(['Bash', 'Edit', 'Read']);
  });
});

describe('auto mode (#16, capture opt_permission_mode_auto_p_fgbash_fy)', () => {
  it('allows what acceptEdits allows of a shell command, no other mode does', () => {
    const shell = getProfile('claude-2.1.328').behavior.acceptEditsShell!;
    const touch = { command: 'touch fg.txt && echo fg-output' };
    expect(shell(touch, '/w', 'auto')).toBe(true);
    expect(shell(touch, '/w', 'acceptEdits')).toBe(true);
    expect(shell(touch, '/w', 'default')).toBe(false);
    expect(shell({ command: 'touch /etc/x' }, '/w', 'auto')).toBe(false);
  });
});
