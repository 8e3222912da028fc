// cbc 2.117.0's simple commands of a shell line (src/engine/simple-commands.ts; its CommandParserService's tree-sitter
// strategy) and the deny rules read by them (issue #16, capture opt_disallowedTools_touch_pattern_stream_ask_h8).
import { describe, expect, it } from 'vitest';
import { CBC_READING, decide, denyCovers } from '../../../src/engine/permissions.js';
import { simpleCommands } from '../../../src/engine/simple-commands.js';

const bash = (command: string) => ({ command });

describe('simpleCommands (cbc)', () => {
  it('cuts lists, pipelines and background jobs, inside a subshell too', () => {
    expect(simpleCommands('touch fg.txt && echo fg-output')).toEqual(['touch fg.txt', 'echo fg-output']);
    expect(simpleCommands('a || b; c | d & e')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(simpleCommands('(touch a) && echo b')).toEqual(['touch a', 'echo b']);
  });
  it('leaves out assignments before the name, redirections, command substitutions, and the quotes of an argument', () => {
    expect(simpleCommands('FOO=1 BAR=x touch a && echo b')).toEqual(['touch a', 'echo b']);
    expect(simpleCommands('touch a > out.txt 2>&1; ls&>/dev/null')).toEqual(['touch a', 'ls']);
    expect(simpleCommands('echo $(touch a) | cat')).toEqual(['echo', 'cat']);
    expect(simpleCommands('echo "a && b" \'x\'')).toEqual(['echo a && b x']);
  });
});

describe('deny rules as cbc 2.117.0 reads them (denyCovers with CBC_READING)', () => {
  const deny = (rule: string, command: string) => denyCovers(rule, 'Bash', bash(command), CBC_READING);
  it('a pattern covers a compound line when it covers one simple command', () => {
    expect(deny('Bash(touch:*)', 'touch fg.txt && echo fg-output')).toBe(true);
    expect(deny('Bash(echo:*)', 'touch fg.txt && echo fg-output')).toBe(true);
    expect(deny('Bash(rm:*)', 'touch fg.txt && echo fg-output')).toBe(false);
    expect(deny('bash(touch:*)', 'FOO=1 touch a | cat')).toBe(true);
    expect(deny('Bash(touch:*)', 'touchy a && b')).toBe(false);
  });
  it('a line without &&, ||, | or ; is read whole: an assignment or a subshell hides the command', () => {
    expect(deny('Bash(touch:*)', 'touch a')).toBe(true);
    expect(deny('Bash(touch:*)', 'FOO=1 touch a')).toBe(false);
    expect(deny('Bash(touch:*)', '(touch a)')).toBe(false);
    expect(deny('Bash(touch:*)', '(touch a) && echo b')).toBe(true);
  });
  it('is what decide uses for deny rules when rulesAsGiven is set', () => {
    const ctx = { mode: 'default', allowed: [], disallowed: ['Bash(touch:*)'], canAsk: true, rulesAsGiven: true };
    expect(decide(ctx, 'Bash', bash('touch fg.txt && echo fg-output'))).toBe('deny');
    expect(decide(ctx, 'Bash', bash('FOO=1 touch a'))).toBe('ask');
  });
});
