// argv + environment -> the drop-in's config (src/dropin/config.ts, issue #14): pure, so each flag rule
// is checked here without streams. Messages are the real CLIs' (commander's, cli.md §1) or the emulator's.
import { describe, expect, it } from 'vitest';
import { resolveConfig, type DropinConfig, type ServeConfig, type UsageError } from '../../../src/dropin/config.js';

const STREAM = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];

function serve(argv: string[], env: NodeJS.ProcessEnv = {}): ServeConfig {
  const c = resolveConfig(argv, env);
  if (c.mode !== 'serve') throw new Error(`expected a serve config, got ${JSON.stringify(c)}`);
  return c;
}

function usage(argv: string[], env: NodeJS.ProcessEnv = {}): Omit<UsageError, 'mode'> {
  const c: DropinConfig | UsageError = resolveConfig(argv, env);
  if (c.mode !== 'usage-error') throw new Error(`expected a usage error, got mode ${c.mode}`);
  return { exit: c.exit, message: c.message };
}

describe('resolveConfig (issue #14)', () => {
  it('stream-json defaults: cbc profile, real-time speed, no seed, the default scenario, permissions "default"', () => {
    const c = serve(STREAM);
    expect(c.profile.name).toBe('cbc');
    expect(c).toMatchObject({ outputFormat: 'stream-json', streamIn: true, speed: 1, seed: undefined, scenarioFile: undefined, home: undefined, permissionMode: 'default', bridge: false, fuzzToken: undefined });
    expect(c.session).toEqual({ resume: undefined, continue: false, sessionId: undefined, fork: false, persist: true });
  });

  it('a flag beats its CBC_EMU_* variable; an empty variable is unset', () => {
    const env = { CBC_EMU_SEED: 'env', CBC_EMU_SPEED: '', CBC_EMU_PROFILE: 'claude', CBC_EMU_HOME: '/h', CBC_EMU_BRIDGE: '1' };
    const c = serve([...STREAM, '--emu-seed', 'flag'], env);
    expect(c).toMatchObject({ seed: 'flag', speed: 1, home: '/h', bridge: true });
    expect(c.profile.name).toBe('claude-2.1.328');
  });

  it('reshapes the real flags: -p with a prompt, -y, tool lists, session flags, --json-schema', () => {
    const c = serve(['-p', '-y', '--allowedTools', 'Read,Bash(git commit,push)', 'Edit', '--resume', '--fork-session', '--json-schema', '{"type":"object"}', '--', 'hello', 'there']);
    expect(c).toMatchObject({ streamIn: false, outputFormat: 'text', prompt: 'hello there', permissionMode: 'bypassPermissions', jsonSchema: { type: 'object' } });
    // cbc 2.117.0 takes each argv entry as one rule; Claude Code splits commas and spaces (#16)
    expect(c.allowedTools).toEqual(['Read,Bash(git commit,push)', 'Edit']);
    expect(serve(['-p', '--allowedTools', 'Read,Bash(git commit,push)', 'Edit', '--', 'hi'], { CBC_EMU_PROFILE: 'claude' }).allowedTools).toEqual(['Read', 'Bash(git commit,push)', 'Edit']);
    expect(c.session).toMatchObject({ resume: true, fork: true, persist: true });
    expect(serve([...STREAM, '--no-session-persistence'], { CBC_EMU_PROFILE: 'claude' }).session.persist).toBe(false);
  });

  it('help, version and replay come before any format rule', () => {
    expect(resolveConfig(['--help', '--output-format', 'xml'], {}).mode).toBe('help');
    expect(resolveConfig(['-v'], {}).mode).toBe('version');
    expect(resolveConfig([], { CBC_EMU_REPLAY: 'c.ndjson', CBC_EMU_SPEED: 'fast' })).toEqual({ mode: 'replay', file: 'c.ndjson', sessionId: undefined, speed: 1 });
  });

  it.each<[string[], NodeJS.ProcessEnv, number, string | RegExp]>([
    [['--nope'], {}, 1, "error: unknown option '--nope'"],
    [STREAM, { CBC_EMU_PROFILE: 'claud-2.1.328' }, 2, /^cbc-emu: unknown profile "claud-2.1.328"; did you mean "claude-2.1.328"\?/],
    [['-p', '--output-format', 'xml'], { CBC_EMU_PROFILE: 'claude' }, 1, "error: option '--output-format <format>' argument 'xml' is invalid. Allowed choices are text, json, stream-json."],
    [['-p', '--input-format', 'json'], { CBC_EMU_PROFILE: 'claude-2.1.220' }, 1, "error: option '--input-format <format>' argument 'json' is invalid. Allowed choices are text, stream-json."],
    // cbc declares no commander choices: the emulator's own refusal of a format it cannot serve
    [['-p', '--verbos'], {}, 1, "error: unknown option '--verbos'\n(Did you mean --verbose?)"],
    [['-p', '--model'], {}, 1, "error: option '--model <model>' argument missing"],
    [['-p', '--bare'], {}, 1, "error: unknown option '--bare'\n(Did you mean --name?)"],
    [['-p', '--acp'], { CBC_EMU_PROFILE: 'claude' }, 1, "error: unknown option '--acp'"],
    [['-pz'], {}, 1, "error: unknown option '-z'"],
    [['-p', '--max-turns', 'x'], { CBC_EMU_PROFILE: 'claude' }, 1, "error: option '--max-turns <turns>' argument 'x' is invalid. must be a number"],
    [['-p', '--session-id', 'nope'], { CBC_EMU_PROFILE: 'claude' }, 1, 'Error: Invalid session ID. Must be a valid UUID.'],
    [['-p', '--session-id', '_x'], {}, 0, 'Invalid session ID format: "_x". Session IDs support numbers, letters, hyphens, underscores, and colons, but must start with a letter or number.'],
    [[], {}, 2, /the interactive terminal UI is not emulated/],
    [['-p', '--output-format', 'stream-json'], { CBC_EMU_PROFILE: 'claude' }, 1, 'Error: When using --print, --output-format=stream-json requires --verbose'],
    [['--input-format', 'stream-json', '--output-format', 'json'], { CBC_EMU_PROFILE: 'claude-2.1.220' }, 1, 'Error: --input-format=stream-json requires output-format=stream-json.'],
    [[...STREAM, '--emu-speed', '-1'], {}, 2, 'cbc-emu: --emu-speed must be a number >= 0 (got "-1"); 0 emits instantly, 1 is real time'],
    [[...STREAM, '--json-schema', '{'], { CBC_EMU_PROFILE: 'claude' }, 1, /^Error: --json-schema is not valid JSON: /],
    // Bun's words for a text that starts with a word (capture opt_json_schema_file_fo, #16)
    [[...STREAM, '--json-schema', 'schema.json'], { CBC_EMU_PROFILE: 'claude' }, 1, 'Error: --json-schema is not valid JSON: JSON Parse error: Unexpected identifier "schema"'],
  ])('%j %j: exit %i', (argv, env, exit, message) => {
    const u = usage(argv, env);
    expect(u.exit).toBe(exit);
    expect(u.message).toMatch(message);
  });

  it('cbc 2.117.0 prints text for an --output-format it does not know (capture ses_bad_output_format, #16)', () => {
    const c = resolveConfig(['-p', 'hi', '--output-format', 'xml'], {});
    expect(c.mode === 'serve' ? c.outputFormat : c.mode).toBe('text');
  });

  it('cbc 2.117.0 reads an --input-format it does not know as text (captures ses_bad_input_format_xml/_yaml, #16)', () => {
    expect(serve(['-p', 'hi', '--input-format', 'yaml'])).toMatchObject({ streamIn: false, outputFormat: 'text' });
    expect(serve(['-p', 'hi', '--input-format', 'xml', '--output-format', 'stream-json'])).toMatchObject({ streamIn: false, outputFormat: 'stream-json' });
  });

  it('cbc 2.117.0 refuses an invalid --session-id with an error frame under stream-json output (capture ses_session_id_invalid_lead, #16)', () => {
    const c = serve(['-p', 'hi', '--session-id', '_zz', '--output-format', 'stream-json']);
    expect(c.sessionRefusal).toMatch(/^Invalid session ID format: "_zz"\./);
    expect(c.session.sessionId).toBeUndefined();
    expect(serve(['-p', 'hi', '--session-id', 'abc', '--output-format', 'stream-json']).sessionRefusal).toBeUndefined();
  });

  it('bundled shorts, = forms, cbc\'s single-valued --tools, and an unparsable --json-schema that cbc ignores', () => {
    expect(serve(['-pc', '--permission-mode=plan', '--tools', 'Bash', 'the prompt'])).toMatchObject({ prompt: 'the prompt', permissionMode: 'plan', session: { continue: true } });
    expect(serve(['-p', '--allowedTools=Read', '--emu-profile=claude-2.1.220', 'x'])).toMatchObject({ allowedTools: ['Read'], prompt: 'x' });
    expect(serve(['-p', '--json-schema', '{', 'x']).jsonSchema).toBeUndefined();
  });

  it('Claude Code answers --version, -v and -V alone (or with --verbose) before commander; -V with other flags is unknown', () => {
    const env = { CBC_EMU_PROFILE: 'claude-2.1.328' };
    for (const argv of [['-V'], ['-V', '--verbose'], ['--version'], ['-p', '-v']]) expect(resolveConfig(argv, env).mode).toBe('version');
    expect(usage(['-p', '-V'], env).message).toBe("error: unknown option '-V'");
  });

  it('--max-turns: cbc 2.117.0 reads it with Number() (0, negatives and fractions limit; NaN does not); Claude only whole numbers above 0 (#16)', () => {
    const turns = (v: string, env: NodeJS.ProcessEnv = {}) => serve(['-p', '--max-turns', v, '--', 'hi'], env).maxTurns;
    expect([turns('0'), turns('-1'), turns('1.5'), turns('abc'), turns('2'), turns('')]).toEqual([0, -1, 1.5, undefined, 2, 0]);
    const claude = { CBC_EMU_PROFILE: 'claude' };
    expect([turns('0', claude), turns('-1', claude), turns('2', claude)]).toEqual([undefined, undefined, 2]);
    // without the flag cbc reads CODEBUDDY_CODE_MAX_TURNS, when finite and above 0
    const env = (v: string, profile = 'cbc') => serve(['-p', '--', 'hi'], { CODEBUDDY_CODE_MAX_TURNS: v, CBC_EMU_PROFILE: profile }).maxTurns;
    expect([env('3'), env('0'), env('x'), env('3', 'claude'), turns('1', { CODEBUDDY_CODE_MAX_TURNS: '3' })]).toEqual([3, undefined, undefined, undefined, 1]);
  });

  it('cbc takes stream-json output without --verbose', () => {
    expect(serve(['-p', '--output-format', 'stream-json']).outputFormat).toBe('stream-json');
  });
});

// issue #16, capture env_disable_workflows_workflow_h8: CODEBUDDY_DISABLE_WORKFLOWS is cbc's switch; Claude Code reads none
describe('the workflow switch per profile (#16)', () => {
  it('cbc reads CODEBUDDY_DISABLE_WORKFLOWS; Claude Code does not', () => {
    const off = { CODEBUDDY_DISABLE_WORKFLOWS: '1' };
    expect(serve(STREAM, off).disableWorkflows).toBe(true);
    expect(serve([...STREAM, '--emu-profile', 'cbc-2.117.0'], off).disableWorkflows).toBe(true);
    expect(serve([...STREAM, '--emu-profile', 'claude-2.1.328'], off).disableWorkflows).toBe(false);
    expect(serve([...STREAM, '--emu-profile', 'claude-2.1.220'], off).disableWorkflows).toBe(false);
  });
});
