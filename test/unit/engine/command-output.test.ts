// A host's rewritten Bash command (updatedInput) prints what the new command prints (issue #16, captures
// req_can_use_tool_rewrite_h2 and the claude-host.mjs rewrite variants): the ask's `outputs`, else the echoed
// words of an echo-only command, else the ask's `output`.
import { describe, expect, it } from 'vitest';
import { askOutput, echoOutput } from '../../../src/engine/command-output.js';

describe('echoOutput (#16)', () => {
  it('reads echo words, quotes and silent commands', () => {
    expect(echoOutput('echo rewritten-by-host')).toBe('rewritten-by-host');
    expect(echoOutput('echo first-line && echo second-line')).toBe('first-line\nsecond-line');
    expect(echoOutput('echo "hello from  the host"')).toBe('hello from  the host');
    expect(echoOutput("touch a.txt && echo 'it''s' done; true")).toBe('its done');
    expect(echoOutput('echo -n a; echo b')).toBe('ab');
    expect(echoOutput('echo a\\ b "q\\"x"')).toBe('a b q"x');
  });
  it('gives up past the literal subset', () => {
    for (const c of ['echo $HOME', 'echo a | tr a b', 'echo a > f', 'ls', 'echo "$x"', 'echo *', 'false || echo a', 'echo -e "a\\nb"', 'echo "open']) {
      expect(echoOutput(c), c).toBeUndefined();
    }
  });
});

describe('askOutput (#16)', () => {
  const ask = { tool: 'Bash', input: { command: 'touch f && echo fg-output' }, output: 'fg-output', outputs: { 'ls -1': 'a\nb' } };
  it('keeps the scenario output for the scenario command and for commands it cannot work out', () => {
    expect(askOutput(ask, { command: 'touch f && echo fg-output' })).toBe('fg-output');
    expect(askOutput(ask, { command: 'cat /etc/hostname' })).toBe('fg-output');
    expect(askOutput({ tool: 'Read' }, { file_path: '/x' })).toBe('ok');
  });
  it('follows a rewritten command: outputs first, then echo', () => {
    expect(askOutput(ask, { command: 'ls -1' })).toBe('a\nb');
    expect(askOutput(ask, { command: 'echo rewritten-by-host' })).toBe('rewritten-by-host');
  });
});
