// Who decides a tool call (issue #10): permission modes, --allowedTools / --disallowedTools rules, and
// whether the host can be asked; and which hook callback ids the host registered apply.
import { describe, expect, it } from 'vitest';
import { allowCovers, decide, ruleMatches } from '../../../dist/engine/permissions.js';

const ctx = (mode: string, over: Partial<{ allowed: string[]; disallowed: string[]; canAsk: boolean }> = {}) => ({ mode, allowed: [], disallowed: [], canAsk: true, ...over });

describe('ruleMatches', () => {
  it('matches a bare tool, an exact command, a prefix and a wildcard', () => {
    expect(ruleMatches('Bash', 'Bash', { command: 'ls' })).toBe(true);
    expect(ruleMatches('Bash(npm test)', 'Bash', { command: 'npm test' })).toBe(true);
    expect(ruleMatches('Bash(npm test)', 'Bash', { command: 'npm test --watch' })).toBe(false);
    expect(ruleMatches('Bash(git:*)', 'Bash', { command: 'git push' })).toBe(true);
    expect(ruleMatches('Bash(git:*)', 'Bash', { command: 'rm -rf /' })).toBe(false);
    expect(ruleMatches('Edit(src/*)', 'Edit', { file_path: 'src/a.ts' })).toBe(true);
    expect(ruleMatches('Read', 'Bash', { command: 'ls' })).toBe(false);
  });
});

describe('decide', () => {
  const rm = { command: 'rm -rf build' };
  it('bypassPermissions allows, but a disallow rule still wins', () => {
    expect(decide(ctx('bypassPermissions'), 'Bash', rm)).toBe('allow');
    expect(decide(ctx('bypassPermissions', { disallowed: ['Bash(rm:*)'] }), 'Bash', rm)).toBe('deny');
  });
  it('allow rules, read-only tools and acceptEdits skip the ask', () => {
    expect(decide(ctx('default', { allowed: ['Bash(rm:*)'] }), 'Bash', rm)).toBe('allow');
    expect(decide(ctx('default'), 'Read', {})).toBe('allow');
    expect(decide(ctx('acceptEdits'), 'Edit', {})).toBe('allow');
    expect(decide(ctx('acceptEdits'), 'Bash', rm)).toBe('ask');
  });
  it('dontAsk denies; nobody to ask denies; otherwise ask', () => {
    expect(decide(ctx('dontAsk'), 'Bash', rm)).toBe('deny');
    expect(decide(ctx('default', { canAsk: false }), 'Bash', rm)).toBe('deny');
    expect(decide(ctx('default'), 'Bash', rm)).toBe('ask');
    expect(decide(ctx('plan'), 'ExitPlanMode', { plan: 'x' })).toBe('ask');
  });
});

// issue #16 (captures opt_allowedTools_pattern_bash_call, req_can_use_tool_updated_permissions): Claude checks a rule with a
// pattern against each subcommand of a compound Bash command
describe('allowCovers (#16)', () => {
  const bash = (command: string) => ({ command });
  it('a prefix rule covers a compound command when it covers one subcommand and the others are read-only', () => {
    expect(allowCovers('Bash(touch:*)', 'Bash', bash('touch a && echo b'))).toBe(true);
    expect(allowCovers('Bash(touch:*)', 'Bash', bash('touch a && rm b'))).toBe(false);
    expect(allowCovers('Bash(git:*)', 'Bash', bash('echo a; echo b'))).toBe(false);
  });
  it('a rule naming the whole compound line does not cover it; a whole-tool rule and a simple command are as before', () => {
    expect(allowCovers('Bash(touch a && echo b)', 'Bash', bash('touch a && echo b'))).toBe(false);
    expect(allowCovers('Bash', 'Bash', bash('touch a && echo b'))).toBe(true);
    expect(allowCovers('Bash(touch a)', 'Bash', bash('touch a'))).toBe(true);
    expect(allowCovers('Read', 'Bash', bash('touch a'))).toBe(false);
  });
});
