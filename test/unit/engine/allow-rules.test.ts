// cbc 2.117.0's allow rules (issue #16): each --allowedTools entry is one rule, tool names without case, a Bash
// rule must cover every subcommand, a redirection only by the whole command (captures opt_allowedTools_*_cbc).
import { describe, expect, it } from 'vitest';
import { allowRuleCovers } from '../../../dist/engine/allow-rules.js';
import { decide, ruleMatches } from '../../../dist/engine/permissions.js';

const bash = (command: string) => ({ command });
const covers = (rule: string, tool: string, input: Record<string, unknown>) => allowRuleCovers(rule, tool, input, (c) => ruleMatches(`${tool}(${c})`, tool, input));

describe('allowRuleCovers (cbc)', () => {
  it('takes a whole entry as one rule: a list in one entry names no tool', () => {
    expect(covers('Bash', 'Bash', bash('touch a && echo b'))).toBe(true);
    expect(covers('Bash,Read', 'Bash', bash('ls'))).toBe(false);
    expect(covers('Bash Read', 'Bash', bash('ls'))).toBe(false);
    expect(covers('bash', 'Bash', bash('ls'))).toBe(true);
    expect(covers('Bash(*)', 'Bash', bash('anything at all'))).toBe(true);
  });
  it('needs every subcommand covered, and the whole command when it redirects', () => {
    expect(covers('Bash(touch:*)', 'Bash', bash('touch fg.txt'))).toBe(true);
    expect(covers('Bash(touch:*)', 'Bash', bash('touch fg.txt && echo fg-output'))).toBe(false);
    expect(covers('Bash(git:*)', 'Bash', bash('git add . && git commit -m x'))).toBe(true);
    expect(covers('Bash(git:*)', 'Bash', bash('git log | head'))).toBe(false);
    expect(covers('Bash(echo:*)', 'Bash', bash('echo a > f'))).toBe(false);
    expect(covers('Bash(echo a > f)', 'Bash', bash('echo a > f'))).toBe(true);
    expect(covers('Bash(npm run *)', 'Bash', bash('NPM RUN build'))).toBe(true);
    expect(covers('Bash(npm test)', 'Bash', bash('npm test --watch'))).toBe(false);
  });
  it('is what decide uses when rulesAsGiven is set', () => {
    const ctx = { mode: 'default', allowed: ['Bash(touch:*)'], disallowed: [], canAsk: true };
    expect(decide(ctx, 'Bash', bash('touch a && echo b'))).toBe('allow');
    expect(decide({ ...ctx, rulesAsGiven: true }, 'Bash', bash('touch a && echo b'))).toBe('ask');
    expect(decide({ ...ctx, rulesAsGiven: true }, 'Bash', bash('touch a'))).toBe('allow');
  });
});
