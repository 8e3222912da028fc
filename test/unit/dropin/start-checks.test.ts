import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig, type ServeConfig } from '../../../src/dropin/config.js';
import type { RunIO } from '../../../src/dropin/io.js';
import { startRefusal } from '../../../src/dropin/start-checks.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const io = (env: NodeJS.ProcessEnv, cwd = dir) => ({ env, cwd }) as unknown as RunIO;
const checks = (argv: string[]) => (resolveConfig([...argv, '--emu-profile', 'claude-2.1.328', '-p', 'hi'], {}) as ServeConfig).startChecks;

// issue #16: Claude Code's start-up refusals (captures opt_file, opt_worktree, opt_dangerously_skip_permissions)
describe('start-up refusals (#16)', () => {
  it('--file without CLAUDE_CODE_SESSION_ACCESS_TOKEN is refused with exit 1; with it, the run goes on', () => {
    expect(startRefusal(checks(['--file', 'f:x']), io({}))).toEqual({
      message: 'Error: Session token required for file downloads. CLAUDE_CODE_SESSION_ACCESS_TOKEN must be set.',
      exit: 1,
    });
    expect(startRefusal(checks(['--file', 'f:x']), io({ CLAUDE_CODE_SESSION_ACCESS_TOKEN: 't' }))).toBeUndefined();
  });

  it('--worktree outside a git work tree names the folder; inside one (a .git above) it is accepted', () => {
    const plain = join(dir, 'plain');
    const repo = join(dir, 'repo');
    mkdirSync(plain);
    mkdirSync(join(repo, '.git'), { recursive: true });
    mkdirSync(join(repo, 'sub'));
    expect(startRefusal(checks(['--worktree']), io({}, plain))?.message).toBe(
      `Error: Can only use --worktree in a git repository, but ${plain} is not a git repository. Configure a WorktreeCreate hook to use --worktree with other VCS systems.`,
    );
    expect(startRefusal(checks(['--worktree']), io({}, join(repo, 'sub')))).toBeUndefined();
  });

  it('--dangerously-skip-permissions is refused as root unless IS_SANDBOX=1; a run without the flag has no checks', () => {
    const root = typeof process.getuid === 'function' && process.getuid() === 0;
    const r = startRefusal(checks(['--dangerously-skip-permissions']), io({}));
    expect(r?.message).toBe(root ? '--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons' : undefined);
    expect(startRefusal(checks(['--dangerously-skip-permissions']), io({ IS_SANDBOX: '1' }))).toBeUndefined();
    expect(checks([])).toEqual([]);
  });

  // captures ses_resume_session_at_no_resume_fo, opt_mcp_config_missing_fo, opt_settings_missing_fo / _invalid_fo,
  // opt_agents_invalid_fo: a json-or-file value that is no JSON object names a file, which must be there
  it('refuses --resume-session-at without --resume, and json-or-file values naming no file (2.1.220: --settings as given)', () => {
    const run = (argv: string[], profile = 'claude-2.1.328') => {
      const cfg = resolveConfig([...argv, '--emu-profile', profile, '-p', 'hi'], {}) as ServeConfig;
      return startRefusal(cfg.startChecks, io({}), cfg.cliFlags)?.message;
    };
    expect(run(['--resume-session-at', 'x'])).toBe('Error: --resume-session-at requires --resume');
    expect(run(['--resume-session-at', 'x', '--resume', 'y'])).toBeUndefined();
    expect(run(['--mcp-config', 'nope.json'])).toBe(`Error: Invalid MCP configuration:\nMCP config file not found: ${join(dir, 'nope.json')}`);
    expect(run(['--settings', '{not json'])).toBe(`Error: Settings file not found: ${join(dir, '{not json')}`);
    expect(run(['--settings', '{not json'], 'claude-2.1.220')).toBe('Error: Settings file not found: {not json');
    expect(run(['--agents', 'not json'])).toBe(`Error: --agents file not found: ${join(dir, 'not json')} (a value that is not a JSON object is read as a file path)`);
    expect(run(['--agents', 'not json'], 'claude-2.1.220')).toBeUndefined();
    expect(run(['--settings', '{"a":1}', '--mcp-config', '{"mcpServers":{}}', '--agents', '{}'])).toBeUndefined();
    expect(run(['--settings', '', '--settings', '  '])).toBeUndefined();
    expect(run(['--settings', 'x'], 'cbc-2.117.0')).toBeUndefined();
    // a named file whose text is not JSON (captures opt_mcp_config_bad_json_file_fo, opt_agents_bad_json_file_fo)
    writeFileSync(join(dir, 'bad.json'), '{oops');
    expect(run(['--mcp-config', 'bad.json'])).toBe('Error: Invalid MCP configuration:\nMCP config is not a valid JSON');
    expect(run(['--agents', 'bad.json'])).toMatch(new RegExp(`^Error: Invalid --agents configuration:\ninvalid JSON: .+\n\\(read from ${join(dir, 'bad.json')}\\)$`));
    expect(run(['--settings', 'bad.json'])).toBeUndefined();
  });

  // issue #16, capture opt_setting_sources_invalid_fy: an unknown source ends the run, exit 1 (cbc has no such check)
  it('refuses a --setting-sources item other than user, project or local; "" names none', () => {
    const run = (value: string, profile = 'claude-2.1.328') => {
      const cfg = resolveConfig(['--setting-sources', value, '--emu-profile', profile, '-p', 'hi'], {}) as ServeConfig;
      return startRefusal(cfg.startChecks, io({}), cfg.cliFlags);
    };
    expect(run('bogus')).toEqual({ message: 'Error processing --setting-sources: Invalid setting source: bogus. Valid options are: user, project, local', exit: 1 });
    expect(run('user, Project', 'claude-2.1.220')?.message).toBe('Error processing --setting-sources: Invalid setting source: Project. Valid options are: user, project, local');
    expect(run('user, project ,local')).toBeUndefined();
    expect(run('')).toBeUndefined();
    expect(run('bogus', 'cbc-2.117.0')).toBeUndefined();
  });
});
