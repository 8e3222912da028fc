// --agent selecting an --agents definition for the main thread (#16, capture opt_agent_stream_h7; the rule read from
// Claude Code's agent tool resolver as its headless tool refresh runs it for the main thread).
import { describe, expect, it } from 'vitest';
import { agentTools, mainAgent, mainAgentModel } from '../../../../src/profiles/claude/main-agent.js';
import { bunJsonError } from '../../../../src/profiles/claude/bun-json.js';

const ALL = ['Task', 'Bash', 'Edit', 'Read', 'StructuredOutput', 'mcp__srv__one', 'mcp__srv__two', 'mcp__other__x'];
const flags = (agents: unknown, agent = 'reviewer') => new Map<string, string>([['agents', JSON.stringify(agents)], ['agent', agent]]);

describe('mainAgent (#16)', () => {
  it('finds the definition by name or as <plugin>:<name>, none for an unknown name or unreadable JSON', () => {
    expect(mainAgent(flags({ reviewer: { tools: ['Read'] } }), undefined)).toEqual({ tools: ['Read'] });
    expect(mainAgent(flags({ 'p:reviewer': { model: 'haiku' } }), undefined)).toEqual({ model: 'haiku' });
    expect(mainAgent(flags({ other: { tools: ['Read'] } }), undefined)).toBeUndefined();
    expect(mainAgent(new Map([['agents', '{bad'], ['agent', 'reviewer']]), undefined)).toBeUndefined();
  });

  it("names the session's model unless it inherits", () => {
    expect(mainAgentModel(flags({ reviewer: { model: 'haiku' } }), undefined)).toBe('haiku');
    expect(mainAgentModel(flags({ reviewer: { model: 'inherit' } }), undefined)).toBeUndefined();
  });
});

describe('agentTools (#16)', () => {
  it('keeps the named tools in the agent order (StructuredOutput too only when named)', () => {
    expect(agentTools(ALL, { tools: ['Read', 'Bash', 'Nope'] })).toEqual(['Read', 'Bash']);
  });

  it('Task is the Agent tool; a rule with a pattern names its tool', () => {
    expect(agentTools(ALL, { tools: ['Agent', 'Bash(git *)'] })).toEqual(['Task', 'Bash']);
  });

  it('Glob and Grep come in when named and no Bash came through', () => {
    expect(agentTools(ALL, { tools: ['Read', 'Grep', 'Glob'] })).toEqual(['Read', 'Grep', 'Glob']);
    expect(agentTools(ALL, { tools: ['Bash', 'Grep'] })).toEqual(['Bash']);
  });

  it('no tools or * keeps everything less the disallowed tools; an mcp server name takes its tools', () => {
    expect(agentTools(ALL, { disallowedTools: ['Bash(rm *)', 'Edit'] })).toEqual(['Task', 'Read', 'StructuredOutput', 'mcp__srv__one', 'mcp__srv__two', 'mcp__other__x']);
    expect(agentTools(ALL, { tools: ['*'], disallowedTools: ['Task'] })).toHaveLength(ALL.length - 1);
    expect(agentTools(['Bash', 'Monitor', 'Read'], { disallowedTools: ['Bash'] })).toEqual(['Read']);
    expect(agentTools(ALL, { tools: ['mcp__srv'] })).toEqual(['mcp__srv__one', 'mcp__srv__two']);
    expect(agentTools(ALL, undefined)).toEqual(ALL);
  });
});

describe("bunJsonError: JSON.parse's complaint in JavaScriptCore's words (#16)", () => {
  const words = (text: string) => {
    try {
      JSON.parse(text);
      return 'parsed';
    } catch (e) {
      return bunJsonError(text, e as Error);
    }
  };
  it('per kind of bad text (captures opt_agents_bad_json_file_fo, in_nonjson_brace, in_single_quotes, in_object_trailing_text)', () => {
    expect(words('{oops')).toBe("Expected '}'");
    expect(words('not json')).toBe('Unexpected identifier "not"');
    expect(words("{'a':1}")).toBe("Single quotes (') are not allowed in JSON");
    expect(words('{} trailing')).toBe('Unable to parse JSON string');
    expect(words('')).toBe('Unexpected EOF');
  });
});

describe('--agents definitions with a wrongly typed field (#16, capture opt_agent_tools_string_stream_ff)', () => {
  it('2.1.328 refuses the run with its validator\'s words; 2.1.220 lists no such agent', async () => {
    const { startRefusal } = await import('../../../../src/dropin/start-checks.js');
    const { CLAUDE_2_1_328_OPTIONS } = await import('../../../../src/profiles/claude/options.js');
    const { customAgents } = await import('../../../../src/profiles/claude/flags.js');
    const flags = new Map<string, string>([['agents', JSON.stringify({ reviewer: { description: 'd', prompt: 'p', tools: 'Read, Bash' } })]]);
    const io = { cwd: '/', env: {} } as unknown as Parameters<typeof startRefusal>[1];
    const checks = (CLAUDE_2_1_328_OPTIONS.startChecks ?? []).filter((c) => c.when.kind === 'bad-agents');
    expect(startRefusal(checks, io, flags)).toEqual({ message: 'Error: Invalid --agents configuration:\nreviewer.tools: Invalid input: expected array, received string', exit: 1 });
    expect(customAgents(flags).map((a) => a.name)).toEqual([]);
    const fine = new Map<string, string>([['agents', JSON.stringify({ reviewer: { description: 'd', prompt: 'p', tools: ['Read'] } })]]);
    expect(startRefusal(checks, io, fine)).toBeUndefined();
  });
});
