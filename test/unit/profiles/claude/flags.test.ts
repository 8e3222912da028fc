import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliFlags } from '../../../../src/engine/profile.js';
import { additionalDirectories, betaWarnings, customAgents, flagList, pluginErrors, seatsSecDefault } from '../../../../src/profiles/claude/flags.js';
import { writeRefusal } from '../../../../src/profiles/claude/permission.js';
import { isPre5Model } from '../../../../src/profiles/claude/spec.js';
import { agentNames } from '../../../../src/profiles/claude/turn.js';

const flags = (entries: Array<[string, string | true | string[]]>): CliFlags => new Map(entries);

// issue #16: what Claude Code's options change in its frames (surface-more/claude-options.mjs tuning captures)
describe('Claude option values (#16)', () => {
  it('splits list flags on commas and spaces; an empty --tools is an empty list, an absent one undefined', () => {
    expect(flagList(flags([['tools', 'Bash,Edit Glob']]), 'tools')).toEqual(['Bash', 'Edit', 'Glob']);
    expect(flagList(flags([['tools', ['Read', 'Write']]]), 'tools')).toEqual(['Read', 'Write']);
    expect(flagList(flags([['tools', '']]), 'tools')).toEqual([]);
    expect(flagList(flags([]), 'tools')).toBeUndefined();
  });

  it('--agents: its agents join the captured ones, sorted without regard to case; --safe-mode drops the plugin agent', () => {
    const f = flags([['agents', '{"tester":{"description":"T","prompt":"p"},"doc":{"description":"D","prompt":"p","model":"haiku"}}']]);
    expect(customAgents(f)).toEqual([{ name: 'tester', description: 'T' }, { name: 'doc', description: 'D', model: 'haiku' }]);
    expect(agentNames(['claude', 'Explore', 'Plan', 'statusline-setup'], f)).toEqual(['claude', 'doc', 'Explore', 'Plan', 'statusline-setup', 'tester']);
    expect(agentNames(['claude', 'statusline-setup'], flags([['safe-mode', true]]))).toEqual(['claude']);
    expect(customAgents(flags([['agents', 'not json']]))).toEqual([]);
  });

  it("the initialize request's agents (the SDK's object by name) join them too (capture ctl_initialize_sdk_options_h2)", () => {
    const host = { tester: { description: 'Runs tests', prompt: 'You run tests.' } };
    expect(customAgents(undefined, host)).toEqual([{ name: 'tester', description: 'Runs tests' }]);
    expect(agentNames(['claude', 'Plan', 'statusline-setup'], undefined, host)).toEqual(['claude', 'Plan', 'statusline-setup', 'tester']);
    expect(customAgents(undefined, ['tester'])).toEqual([]);
    // 2.1.220's system/init appends them in the order given (capture ctl_initialize_agents_two)
    const two = { zeta: { description: 'Z' }, alpha: { description: 'A' } };
    expect(agentNames(['claude', 'Plan'], undefined, two, true)).toEqual(['claude', 'Plan', 'zeta', 'alpha']);
    expect(agentNames(['claude', 'Plan'], undefined, two)).toEqual(['alpha', 'claude', 'Plan', 'zeta']);
  });

  it('plugin_errors: a missing --plugin-dir is path-not-found (2.1.328 adds the path), a --plugin-url is never reached', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'fb-flags-'));
    mkdirSync(join(cwd, 'there'));
    const f = flags([['plugin-dir', ['there', 'gone']], ['plugin-url', 'http://127.0.0.1:7/x.zip']]);
    expect(pluginErrors(f, cwd, true)).toEqual([
      { plugin: 'inline[1]', type: 'path-not-found', message: `Path not found: ${join(cwd, 'gone')}`, path: join(cwd, 'gone') },
      { plugin: 'inline[2]', type: 'generic-error', message: 'Failed to load plugin: ECONNREFUSED: Unable to connect. Is the computer able to access the url' },
    ]);
    expect(pluginErrors(f, cwd, false)?.[0]?.message).toBe(`Path not found: ${join(cwd, 'gone')} (commands)`);
    expect(pluginErrors(flags([['plugin-dir', 'there']]), cwd, true)).toBeUndefined();
    // the working folder and the folders under it are not listed, a missing one neither; one outside is, once
    // (captures opt_add_dir, opt_add_dir_two_h4, opt_add_dir_other on 2.1.328, #16)
    const outside = mkdtempSync(join(tmpdir(), 'fb-out-'));
    expect(additionalDirectories(flags([['add-dir', ['there', 'gone', '.']]]), cwd)).toEqual([]);
    expect(additionalDirectories(flags([['add-dir', ['there', outside, outside]]]), cwd)).toEqual([outside]);
  });

  it('--betas warns once per beta it does not allow', () => {
    expect(betaWarnings(flags([['betas', ['x-1', 'context-1m-2025-08-07']]]))).toEqual([
      "Warning: Beta header 'x-1' is not allowed. Only the following betas are supported: context-1m-2025-08-07",
    ]);
    expect(betaWarnings(flags([]))).toEqual([]);
  });

  it('names the writer and the path of a Bash call refused for want of a prompt tool, per version; none for other calls', () => {
    expect(writeRefusal(false, 'Bash', { command: 'mkdir out && ls' }, '/w')).toBe(
      "mkdir in '/w/out' was blocked. For security, Claude Code may only create or modify files in the allowed working directories for this session: '/w'.",
    );
    expect(writeRefusal(true, 'Bash', { command: 'touch a.txt' }, '/w')).toMatch(/^touch in '\/w\/a\.txt' needs approval\. /);
    expect(writeRefusal(true, 'Bash', { command: 'ls -la' }, '/w')).toBeUndefined();
    expect(writeRefusal(true, 'Write', { file_path: 'a.txt' }, '/w')).toBeUndefined();
  });

  it('tells the 4.x models from the 5 family', () => {
    expect(isPre5Model('claude-sonnet-4-5')).toBe(true);
    expect(isPre5Model('claude-haiku-4-5-20251001')).toBe(true);
    expect(isPre5Model('claude-opus-5-5')).toBe(false);
    expect(isPre5Model('claude-opus-5[1m]')).toBe(false);
  });

  it('2.1.328 seats its security plugin with a managed settings document, unless it sets prependPlugins (capture opt_managed_settings_ft)', () => {
    const f = (v?: string): CliFlags => new Map(v === undefined ? [] : [['managed-settings', v]]);
    expect(seatsSecDefault(f('{"permissions":{"deny":["Bash"]}}'))).toBe(true);
    expect(seatsSecDefault(f('{"prependPlugins":["x@y"]}'))).toBe(false);
    expect([seatsSecDefault(f()), seatsSecDefault(f('{}')), seatsSecDefault(f('not json'))]).toEqual([false, false, false]);
  });
});
