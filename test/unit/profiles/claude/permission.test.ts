import { describe, expect, it } from 'vitest';
import { permissionExtras, ruleReasonType, ruleRefusal, writtenPath } from '../../../../src/profiles/claude/permission.js';
import { decide, denyCovers } from '../../../../src/engine/permissions.js';

// issue #16: Claude Code's can_use_tool extras (capture req_can_use_tool_allow)
describe('Claude permission extras (#16)', () => {
  it('finds the file a command writes: redirect, writer operand, cp/mv target; none for a read-only command', () => {
    expect(writtenPath('touch fg.txt && echo fg-output')).toBe('fg.txt');
    expect(writtenPath('echo hi > out.log')).toBe('out.log');
    expect(writtenPath('ls -la; cp a.txt b.txt')).toBe('b.txt');
    expect(writtenPath('echo hi 2>/dev/null')).toBeUndefined();
    expect(writtenPath('ls -la && cat x')).toBeUndefined();
  });

  it('a writing Bash command: the exact-command rule, the working directory, acceptEdits and the blocked path', () => {
    const x = permissionExtras('Bash', { command: 'touch fg.txt && echo fg-output' }, '/w');
    expect(x).toEqual({
      suggestions: [
        { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'touch fg.txt && echo fg-output' }], behavior: 'allow', destination: 'localSettings' },
        { type: 'addDirectories', directories: ['/w'], destination: 'session' },
        { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
      ],
      blockedPath: '/w/fg.txt',
    });
  });

  it('a read-only Bash command only gets its rule; other tools get no suggestions', () => {
    expect(permissionExtras('Bash', { command: 'ls' }, '/w')).toEqual({
      suggestions: [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'ls' }], behavior: 'allow', destination: 'localSettings' }],
    });
    expect(permissionExtras('Write', { file_path: '/w/a' }, '/w')).toEqual({ suggestions: [] });
  });
});

describe('Claude deny-rule refusals (#16)', () => {
  const bash = (command: string, rule: string) => ({ ran: { name: 'Bash', input: { command } }, denyRule: { rule } });
  it('names the command for a Bash content rule, by subcommands when compound', () => {
    expect(ruleRefusal(bash(' touch a && echo b ', 'Bash(touch:*)'))).toBe('Permission to use Bash with command touch a && echo b has been denied.');
    expect(ruleReasonType(bash('touch a && echo b', 'Bash(touch:*)'))).toBe('subcommandResults');
    expect(ruleReasonType(bash('touch a', 'Bash(touch:*)'))).toBe('rule');
  });
  it('names only the tool for a whole-tool rule', () => {
    expect(ruleRefusal(bash('touch a && echo b', 'Bash'))).toBe('Permission to use Bash has been denied.');
    expect(ruleReasonType(bash('touch a && echo b', 'Bash'))).toBe('rule');
  });
});

describe('deny rules by subcommand (#16)', () => {
  // capture opt_disallowedTools_echo_pattern_stream_fgbash_g1: Bash(echo:*) refuses `touch a && echo b`
  it('a Bash content deny rule covers a compound command by any of its subcommands', () => {
    const call = { command: 'touch fg.txt && echo fg-output' };
    expect(denyCovers('Bash(echo:*)', 'Bash', call)).toBe(true);
    expect(denyCovers('Bash(touch:*)', 'Bash', call)).toBe(true);
    expect(denyCovers('Bash(rm:*)', 'Bash', call)).toBe(false);
    expect(denyCovers('Bash(echo:*)', 'Bash', { command: 'touch a' })).toBe(false);
    expect(decide({ mode: 'default', allowed: [], disallowed: ['Bash(echo:*)'], canAsk: true }, 'Bash', call)).toBe('deny');
  });
});
