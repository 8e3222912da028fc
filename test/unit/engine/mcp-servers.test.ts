import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredMcpServers, mcpFacts } from '../../../src/engine/mcp-servers.js';
import { claudeBehavior } from '../../../src/profiles/claude/behavior.js';
import { initMcpServers, statusMcpServers } from '../../../src/profiles/claude/mcp-servers.js';
import { CLAUDE_220, CLAUDE_328 } from '../../../src/profiles/claude/spec.js';
import { loadSettings } from '../../../src/settings.js';

const GHOST = { type: 'stdio', command: '/nonexistent/mcp-ghost', args: [] };
const flags = (entries: Array<[string, string | true | string[]]>) => new Map(entries);

// issue #16: external MCP servers Claude Code cannot connect (captures opt_mcp_config_*, ctl_mcp_*_bad_server, ctl_mcp_status_*)
describe('configured MCP servers (#16)', () => {
  it('lists the cwd .mcp.json (project) and every --mcp-config value (dynamic, JSON or file, an sdk-type one too: opt_mcp_config_sdk_server_h5) in order; --strict-mcp-config drops the project file', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mcp-'));
    writeFileSync(join(cwd, '.mcp.json'), JSON.stringify({ mcpServers: { proj: GHOST } }));
    writeFileSync(join(cwd, 'more.json'), JSON.stringify({ mcpServers: { web: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } }));
    const given = ['{"mcpServers":{"zeta":{"command":"/nonexistent/z"},"host":{"type":"sdk","name":"host"}}}', 'more.json'];
    const all = configuredMcpServers(flags([['mcp-config', given]]), cwd, {});
    expect(all.map((s) => [s.name, s.scope, s.failure.kind])).toEqual([['proj', 'project', 'spawn'], ['zeta', 'dynamic', 'spawn'], ['host', 'dynamic', 'sdk'], ['web', 'dynamic', 'unreachable']]);
    const strict = configuredMcpServers(flags([['mcp-config', given], ['strict-mcp-config', true]]), cwd, {});
    expect(strict.map((s) => s.name)).toEqual(['zeta', 'host', 'web']);
  });

  it('a command found along PATH connects and closes; one that is not cannot be spawned', () => {
    const bin = mkdtempSync(join(tmpdir(), 'bin-'));
    writeFileSync(join(bin, 'quick'), '');
    const list = configuredMcpServers(flags([['mcp-config', '{"mcpServers":{"a":{"command":"quick"},"b":{"command":"nope"}}}']]), bin, { PATH: bin });
    expect(list.map((s) => s.failure)).toEqual([{ kind: 'closed' }, { kind: 'spawn', command: 'nope', onPath: true }]);
  });

  it('a bare name not found along PATH and a missing path fail in different words; a config without type or args is shown parsed (capture ctl_mcp_status_mid_turn_fr)', () => {
    const list = configuredMcpServers(flags([['mcp-config', '{"mcpServers":{"bare":{"command":"no-such-mcp-binary"},"path":{"command":"/nonexistent/x","env":{"A":"1"}}}}']]), '/', { PATH: '/nonexistent-dir' });
    expect(list.map((s) => s.failure)).toEqual([{ kind: 'spawn', command: 'no-such-mcp-binary', onPath: true }, { kind: 'spawn', command: '/nonexistent/x', onPath: false }]);
    expect(statusMcpServers(CLAUDE_220, list).map((s) => [s['error'], s['config']])).toEqual([
      ['Executable not found in $PATH: "no-such-mcp-binary"', { type: 'stdio', command: 'no-such-mcp-binary', args: [] }],
      ["ENOENT: no such file or directory, posix_spawn '/nonexistent/x'", { type: 'stdio', command: '/nonexistent/x', args: [], env: { A: '1' } }],
    ]);
    // 2.1.328 names a dynamic server's transport where the command was (as with ENOENT)
    expect(statusMcpServers(CLAUDE_328, list)[0]?.['error']).toBe('Executable not found in $PATH: "stdio"');
    expect(JSON.stringify(statusMcpServers(CLAUDE_328, list)[0]?.['config'])).toBe('{"type":"stdio","command":"no-such-mcp-binary","args":[]}');
  });

  it('mcp_toggle turns a configured server off and on; mcp_set_servers replaces the dynamic ones', () => {
    const list = configuredMcpServers(flags([['mcp-config', JSON.stringify({ mcpServers: { ghost: GHOST } })]]), '/', {});
    expect(mcpFacts('mcp_toggle', { serverName: 'ghost', enabled: false }, list, '/', {})?.mcp.server?.disabled).toBe(true);
    expect(statusMcpServers(CLAUDE_220, list)).toEqual([{ name: 'ghost', status: 'disabled', config: GHOST, scope: 'dynamic' }]);
    mcpFacts('mcp_toggle', { serverName: 'ghost', enabled: true }, list, '/', {});
    expect(list[0]?.disabled).toBe(false);
    expect(mcpFacts('mcp_toggle', { serverName: 'nosuch', enabled: false }, list, '/', {})).toBeUndefined();
    // the command line's servers stay; a second mcp_set_servers replaces only the first one's
    const set = mcpFacts('mcp_set_servers', { servers: { other: GHOST } }, list, '/', {});
    expect([set?.mcp.added?.map((s) => s.name), set?.mcp.removed, list.map((s) => s.name)]).toEqual([['other'], [], ['ghost', 'other']]);
    const again = mcpFacts('mcp_set_servers', { servers: { third: GHOST } }, list, '/', {});
    expect([again?.mcp.removed, list.map((s) => s.name)]).toEqual([['other'], ['ghost', 'third']]);
  });

  it('turning a server on again fails it again; a project server names its command on 2.1.328 too', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mcp-'));
    writeFileSync(join(cwd, '.mcp.json'), JSON.stringify({ mcpServers: { proj: GHOST } }));
    const [proj] = configuredMcpServers(undefined, cwd, {});
    expect(proj && statusMcpServers(CLAUDE_328, [proj])[0]?.['error']).toBe("ENOENT: no such file or directory, posix_spawn '/nonexistent/mcp-ghost'");
  });

  it('Claude words a failure per version in system/init and mcp_status', () => {
    const list = configuredMcpServers(flags([['mcp-config', JSON.stringify({ mcpServers: { ghost: GHOST } })]]), '/', {});
    expect(initMcpServers(CLAUDE_220, list)).toEqual([{ name: 'ghost', status: 'failed' }]);
    expect(initMcpServers(CLAUDE_328, list)).toEqual([{ name: 'ghost', status: 'failed', source: 'dynamic' }]);
    expect(statusMcpServers(CLAUDE_220, list)[0]?.['error']).toBe("ENOENT: no such file or directory, posix_spawn '/nonexistent/mcp-ghost'");
    expect(statusMcpServers(CLAUDE_328, list)).toEqual([
      { name: 'ghost', status: 'failed', error: "ENOENT: no such file or directory, posix_spawn 'stdio'", config: GHOST, transport: 'stdio', scope: 'dynamic', source: 'dynamic' },
    ]);
  });
});

// issue #16: Bun's JSON.parse messages for malformed stdin lines (captures in_two_objects_one_line_h3, in_object_trailing_text, ...)
describe('Claude 2.1.220 malformed stdin lines (#16)', () => {
  const said = (line: string): string => {
    try {
      JSON.parse(line);
      return 'parsed';
    } catch (err) {
      const out = claudeBehavior(CLAUDE_220).malformedLine(line, err as Error);
      return 'fatal' in out ? out.fatal : out.report;
    }
  };
  it.each([
    ['{"type":"keep_alive"}{"type":"keep_alive"}', 'Unable to parse JSON string'],
    ["{'type':'keep_alive'}", "Single quotes (') are not allowed in JSON"],
    ['{"type":"keep_alive"', "Expected '}'"],
    ['[1,2', "Expected ']'"],
    ['"abc', 'Unterminated string'],
    ['oops not json', 'Unexpected identifier "oops"'],
  ])('%s', (line, message) => {
    expect(said(line)).toBe(`Error parsing streaming input line: ${line}: SyntaxError: JSON Parse error: ${message}`);
  });
});

// issue #16: the initialize request's jsonSchema lists StructuredOutput after the sorted tools; --json-schema sorts it in
// (captures ctl_initialize_json_schema_h3, opt_json_schema)
describe('Claude StructuredOutput placement (#16)', () => {
  const tools = (structuredOutput: boolean | 'initialize') =>
    claudeBehavior(CLAUDE_328).initTools({ disallowed: [], hostAnswersPrompts: false, disableWorkflows: false, structuredOutput, model: 'claude-opus-5-5' });
  it('initialize: last; --json-schema: in name order', () => {
    expect(tools('initialize').at(-1)).toBe('StructuredOutput');
    const flagged = tools(true);
    expect(flagged.at(-1)).not.toBe('StructuredOutput');
    expect(flagged.filter((t) => t !== 'Task')).toEqual([...flagged.filter((t) => t !== 'Task')].sort());
    expect(tools(false)).not.toContain('StructuredOutput');
  });
});

// issue #16: Claude Code ignores the project settings file's allow rules in an untrusted workspace, not the local file's,
// and gives --settings' own allow rules as the command line's (captures opt_settings_allow_bash_project, _local, _h3)
describe('settings sources (#16)', () => {
  it('sets the project allow rules aside when asked, and names --settings allow rules', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'set-'));
    mkdirSync(join(cwd, '.claude'));
    writeFileSync(join(cwd, '.claude', 'settings.json'), '{"permissions":{"allow":["Bash","Read"],"deny":["Write"]}}');
    const base = { cwd, dir: '.claude', sources: 'project', home: cwd };
    expect(loadSettings({ ...base, flag: undefined })).toMatchObject({ allow: ['Bash', 'Read'], ignoredProjectAllow: 0 });
    expect(loadSettings({ ...base, flag: undefined, ignoreProjectAllow: true })).toMatchObject({ allow: [], deny: ['Write'], ignoredProjectAllow: 2 });
    expect(loadSettings({ ...base, flag: '{"permissions":{"allow":["Grep"]}}', ignoreProjectAllow: true }).flagAllow).toEqual(['Grep']);
  });

  // capture opt_settings_file_h4: a relative --settings path names a file in the session's cwd, not the process's
  it('reads a --settings file path relative to the session cwd, and passes over a missing one', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'set-'));
    writeFileSync(join(cwd, 'my-settings.json'), '{"permissions":{"deny":["WebFetch"]}}');
    const base = { cwd, dir: '.claude', sources: '', home: cwd };
    expect(loadSettings({ ...base, flag: 'my-settings.json' }).deny).toEqual(['WebFetch']);
    // a path that names no file is passed over (cbc; Claude Code refuses it in its start checks: opt_settings_missing_fo)
    expect(loadSettings({ ...base, flag: 'nope.json' }).deny).toEqual([]);
    expect(loadSettings({ ...base, flag: '{not json' }).deny).toEqual([]);
    writeFileSync(join(cwd, 'bad.json'), '{oops');
    expect(loadSettings({ ...base, flag: 'bad.json' }).deny).toEqual([]); // opt_settings_bad_json_file_fo
  });
});
