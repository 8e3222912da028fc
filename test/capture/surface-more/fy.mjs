// Surface cases: FY's tuning set (issue #16, round 10): options and environment switches in combination, on all
// three CLIs. Each environment switch one CLI reads is also given to the OTHER CLI (a fresh miss was a switch read
// by the wrong profile); options meet another option, a phase, an argument form or an error path (stderr text,
// exit code, and whether anything reaches stdout). Tuning material: used to fix the emulator.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, C220, CBC, CLAUDE, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

/** A turn to its result, then 1 s. */
const turn = (text = 'hi', until = RESULT, t = 20) => [user(text), waitFor(until, t), sleep(1)];
const JSON_OUT = ['--output-format', 'json'];
/** -p `prompt` in stream-json output with `extra` flags; stdin closed at once. */
const optP = (name, about, clis, extra, prompt = 'hi', more = {}) => ({ name, about, clis, args: ['-p', prompt, ...P_STREAM, ...extra], steps: [close], ...more });
/** A stream-json session with `extra` flags: initialize, one `hi` turn, EOF. */
const optS = (name, about, clis, extra, more = {}) => ({ name, about, clis, args: [...STREAM, ...extra], steps: [...ready(), ...turn(), close], ...more });
/** A raw argv (no -p added), stdin closed at once. */
const argv = (name, about, clis, args, more = {}) => ({ name, about, clis, args, steps: [close], ...more });

/** Environment switches of one CLI given to the other, which should ignore them. */
const CROSS_ENV = [
  optS('env_claude_simple_on_cbc_stream_fy', 'CLAUDE_CODE_SIMPLE=1 (Claude Code\'s --bare) given to cbc, stream-json, a turn', [CBC], [], { env: { CLAUDE_CODE_SIMPLE: '1' } }),
  optS('env_claude_safe_mode_on_cbc_stream_fy', 'CLAUDE_CODE_SAFE_MODE=1 (Claude Code\'s --safe-mode) given to cbc, stream-json, a turn', [CBC], [], { env: { CLAUDE_CODE_SAFE_MODE: '1' } }),
  optP('env_claude_restricted_on_cbc_fy', 'CLAUDE_CODE_RESTRICTED=1 (Claude Code 2.1.328\'s --restricted) given to cbc and Claude 2.1.220, -p', [CBC, C220], [], 'hi', { env: { CLAUDE_CODE_RESTRICTED: '1' } }),
  optP('env_codebuddy_max_turns_on_claude_fy', 'CODEBUDDY_CODE_MAX_TURNS=1 (cbc\'s turn limit) given to Claude, -p FGBASH with Bash allowed', CLAUDE, ['--allowedTools', 'Bash'], 'FGBASH please', { env: { CODEBUDDY_CODE_MAX_TURNS: '1' } }),
  optS('env_codebuddy_model_on_claude_stream_fy', 'CODEBUDDY_MODEL=gpt-5.2 (cbc\'s model switch) given to Claude, stream-json, a turn', CLAUDE, [], { env: { CODEBUDDY_MODEL: 'gpt-5.2' } }),
  optS('env_anthropic_model_on_cbc_stream_fy', 'ANTHROPIC_MODEL=claude-haiku-4-5 (Claude Code\'s model switch) given to cbc, stream-json, a turn', [CBC], [], { env: { ANTHROPIC_MODEL: 'claude-haiku-4-5' } }),
  argv('env_disable_auto_memory_on_claude_json_fy', 'CODEBUDDY_DISABLE_AUTO_MEMORY=1 (cbc\'s json history switch) given to Claude, -p --output-format json', CLAUDE, ['-p', 'hi', ...JSON_OUT], { env: { CODEBUDDY_DISABLE_AUTO_MEMORY: '1' } }),
  optS('env_max_thinking_tokens_on_cbc_stream_fy', 'MAX_THINKING_TOKENS=2048 given to cbc, stream-json, a turn', [CBC], [], { env: { MAX_THINKING_TOKENS: '2048' } }),
  optP('env_effort_level_on_cbc_fy', 'CLAUDE_CODE_EFFORT_LEVEL=low (Claude Code\'s effort switch) given to cbc, -p', [CBC], [], 'hi', { env: { CLAUDE_CODE_EFFORT_LEVEL: 'low' } }),
  optS('env_codebuddy_disable_plan_mode_on_claude_stream_fy', 'CODEBUDDY_DISABLE_PLAN_MODE=1 (cbc\'s plan-mode switch) given to Claude, stream-json, a turn', CLAUDE, [], { env: { CODEBUDDY_DISABLE_PLAN_MODE: '1' } }),
  optS('env_file_checkpointing_on_cbc_stream_fy', 'CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true (Claude Code\'s SDK checkpointing) given to cbc, stream-json, a turn', [CBC], [], { env: { CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: 'true' } }),
  optP('env_is_sandbox_on_cbc_skip_permissions_fy', 'IS_SANDBOX=1 (Claude Code\'s root-bypass switch) given to cbc, -p FGBASH with --dangerously-skip-permissions', [CBC], ['--dangerously-skip-permissions'], 'FGBASH please', { env: { IS_SANDBOX: '1' } }),
  optP('env_codebuddy_entrypoint_on_claude_p_fy', 'CODEBUDDY_CODE_ENTRYPOINT=sdk-ts (cbc\'s entrypoint switch) given to Claude, -p', CLAUDE, [], 'hi', { env: { CODEBUDDY_CODE_ENTRYPOINT: 'sdk-ts' } }),
];

/** Environment switches ON with the feature they gate, in other phases and argument forms. */
const ENV_ON = [
  { name: 'env_claude_disable_workflows_workflow_fy', about: 'CLAUDE_CODE_DISABLE_WORKFLOWS=1 with a prompt that asks for a (slow, one-agent) workflow', clis: ALL, args: STREAM, bypass: true, env: { CLAUDE_CODE_DISABLE_WORKFLOWS: '1' }, steps: [...ready(), user('WFSLOW please'), waitFor(RESULT, 30), waitFor('"subtype":"task_notification"', 40), sleep(4), close] },
  optP('env_is_sandbox_true_skip_permissions_fy', 'IS_SANDBOX=true (not "1") with --dangerously-skip-permissions as root, -p FGBASH', CLAUDE, ['--dangerously-skip-permissions'], 'FGBASH please', { env: { IS_SANDBOX: 'true' } }),
  { name: 'env_max_turns_cbc_stream_two_fy', about: 'CODEBUDDY_CODE_MAX_TURNS=1 in stream-json: a bypassed FGBASH turn (limit hit), then a hi turn', clis: [CBC], args: STREAM, bypass: true, env: { CODEBUDDY_CODE_MAX_TURNS: '1' }, steps: [...ready(), ...turn('FGBASH please', RESULT, 30), ...turn('hi', '"result":"Hello from fake API."', 30), close] },
  optP('env_max_turns_cbc_flag_beats_fy', 'CODEBUDDY_CODE_MAX_TURNS=1 with --max-turns 5, -p FGBASH bypassed (the flag wins)', [CBC], ['--max-turns', '5'], 'FGBASH please', { env: { CODEBUDDY_CODE_MAX_TURNS: '1' }, bypass: true }),
  optP('env_max_turns_cbc_zero_fy', 'CODEBUDDY_CODE_MAX_TURNS=0, -p FGBASH bypassed (0 sets no limit)', [CBC], [], 'FGBASH please', { env: { CODEBUDDY_CODE_MAX_TURNS: '0' }, bypass: true }),
  { name: 'env_codebuddy_model_resume_stream_fy', about: 'CODEBUDDY_MODEL=gpt-5.2 with --resume of a session pinned with --session-id, stream-json, a turn', clis: [CBC], args: [...STREAM, '--resume', SID], env: { CODEBUDDY_MODEL: 'gpt-5.2' }, steps: [...ready(), ...turn(), close], pre: { args: ['-p', 'hi', ...P_STREAM, '--session-id', SID], steps: [close] } },
  optS('env_simple_with_tools_flag_stream_fy', 'CLAUDE_CODE_SIMPLE=1 with --tools Read,Grep, stream-json, a turn', CLAUDE, ['--tools', 'Read,Grep'], { env: { CLAUDE_CODE_SIMPLE: '1' } }),
];

const BAD_MCP = JSON.stringify({ mcpServers: { nowhere: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } });
/** Per-CLI model names: cbc's catalogue and Claude's aliases. */
const models = (cli) => (cli === CBC ? { model: 'gpt-5.2', fallback: 'gpt-5.5', next: 'gpt-5.5' } : { model: 'haiku', fallback: 'sonnet', next: 'opus' });

/** Options combined with another option or a phase, argument forms and error paths. */
const OPTIONS = [
  optP('opt_settings_invalid_setting_sources_fy', '--settings with invalid inline JSON and --setting-sources project, -p', ALL, ['--settings', '{not json', '--setting-sources', 'project']),
  { name: 'opt_settings_missing_stream_fy', about: '--settings naming a missing file, stream-json input (initialize sent)', clis: ALL, args: [...STREAM, '--settings', 'nope.json'], steps: [...ready(), ...turn(), close] },
  optP('opt_add_dir_file_fy', '--add-dir naming a file, not a directory, -p', ALL, ['--add-dir', 'notadir.txt'], 'hi', { files: { 'notadir.txt': 'x\n' } }),
  optS('opt_add_dir_file_stream_fy', '--add-dir naming a file, not a directory, stream-json, a turn', ALL, ['--add-dir', 'notadir.txt'], { files: { 'notadir.txt': 'x\n' } }),
  optP('opt_mcp_config_invalid_strict_fy', '--mcp-config with invalid inline JSON and --strict-mcp-config, -p', ALL, ['--mcp-config', '{bad', '--strict-mcp-config']),
  { name: 'opt_mcp_config_status_idle_fy', about: '--mcp-config with an unreachable http server, mcp_status right after initialize, then a turn (not on 2.1.328: its server was "pending" in one capture, "failed" in the other)', clis: [CBC, C220], args: [...STREAM, '--mcp-config', BAD_MCP], steps: [...ready(), ctl('req_2', { subtype: 'mcp_status' }), sleep(3), ...turn(), close] },
  optP('opt_tools_read_allowed_bash_fy', '--tools Read with --allowedTools Bash, -p FGBASH (the allow rule names a tool not offered)', ALL, ['--tools', 'Read', '--allowedTools', 'Bash'], 'FGBASH please'),
  optP('opt_permission_mode_auto_p_fgbash_fy', '--permission-mode auto, -p FGBASH', ALL, ['--permission-mode', 'auto'], 'FGBASH please'),
  optP('opt_permission_mode_default_allowed_bash_fy', '--permission-mode default with --allowedTools Bash, -p FGBASH', ALL, ['--permission-mode', 'default', '--allowedTools', 'Bash'], 'FGBASH please'),
  argv('opt_output_format_repeated_fy', '-p with --output-format json then --output-format stream-json --verbose (the last wins)', ALL, ['-p', 'hi', '--output-format', 'json', '--output-format', 'stream-json', '--verbose']),
  argv('opt_prompt_first_json_fy', 'the prompt before -p and the flags: hi -p --output-format json', ALL, ['hi', '-p', '--output-format', 'json']),
  argv('opt_dashdash_prompt_fy', 'a prompt that starts with a dash, after --: -p --output-format json -- -hi', ALL, ['-p', '--output-format', 'json', '--', '-hi']),
  argv('opt_output_format_eq_stream_fy', '-p hi --output-format=stream-json --verbose', ALL, ['-p', 'hi', '--output-format=stream-json', '--verbose']),
  { name: 'opt_input_format_eq_stream_fy', about: '--input-format=stream-json --output-format=stream-json --verbose, a turn', clis: ALL, args: ['--input-format=stream-json', '--output-format=stream-json', '--verbose'], steps: [...ready(), ...turn(), close] },
  { name: 'opt_system_prompt_resume_stream_fy', about: '--system-prompt on a --resume of a session started with another --system-prompt, stream-json, a turn', clis: ALL, args: [...STREAM, '--resume', SID, '--system-prompt', 'You are B.'], steps: [...ready(), ...turn(), close], pre: { args: ['-p', 'hi', ...P_STREAM, '--session-id', SID, '--system-prompt', 'You are A.'], steps: [close] } },
  { name: 'opt_append_system_prompt_continue_fy', about: '-p --continue with --append-system-prompt after a first -p run', clis: ALL, args: ['-p', 'hi', ...P_STREAM, '--continue', '--append-system-prompt', 'Be brief.'], steps: [close], pre: { args: ['-p', 'hi', ...P_STREAM], steps: [close] } },
  { name: 'opt_model_fallback_set_model_stream_fy', about: '--model and --fallback-model in stream-json: a turn, set_model to a third model, a turn', clis: ALL,
    args: (cli) => [...STREAM, '--model', models(cli).model, '--fallback-model', models(cli).fallback],
    steps: (cli) => [...ready(), ...turn(), ctl('req_2', { subtype: 'set_model', model: models(cli).next }), sleep(1), ...turn('hi again'), close] },
  argv('opt_max_budget_usd_json_fy', '-p --output-format json with --max-budget-usd 0.000001 (spent after the first call)', CLAUDE, ['-p', 'hi', ...JSON_OUT, '--max-budget-usd', '0.000001']),
  optP('opt_setting_sources_invalid_fy', '--setting-sources bogus (not user, project or local), -p', ALL, ['--setting-sources', 'bogus']),
  optP('opt_system_prompt_file_missing_with_prompt_fy', '--system-prompt-file naming a missing file beside --system-prompt, -p', [CBC], ['--system-prompt', 'You are A.', '--system-prompt-file', 'nope.txt']),
];

const ASK = [...STREAM, '--permission-prompt-tool', 'stdio'];
const ALLOW = { behavior: 'allow', updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
/** A FGBASH turn whose can_use_tool request, if one comes within 5 s, the host allows. */
const fgbashAllowed = [user('FGBASH please'), { answer: 'can_use_tool', response: ALLOW, timeout: 5 }, waitFor(RESULT, 20), sleep(1)];

/** Second batch: the fixes above at other phases and argument forms (Claude). */
const MORE = [
  optP('env_claude_disable_workflows_p_fy', 'CLAUDE_CODE_DISABLE_WORKFLOWS=1, -p hi in stream-json output', ALL, [], 'hi', { env: { CLAUDE_CODE_DISABLE_WORKFLOWS: '1' } }),
  optS('env_claude_disable_workflows_zero_stream_fy', 'CLAUDE_CODE_DISABLE_WORKFLOWS=0 (off), stream-json, a turn', CLAUDE, [], { env: { CLAUDE_CODE_DISABLE_WORKFLOWS: '0' } }),
  optP('opt_bare_with_tools_fy', '-p hi with --bare and --tools Read,Grep', CLAUDE, ['--bare', '--tools', 'Read,Grep']),
  optP('opt_setting_sources_trailing_comma_fy', '--setting-sources "user," (an empty item after the comma), -p', ALL, ['--setting-sources', 'user,']),
  { name: 'opt_permission_mode_auto_stream_ask_fy', about: '--permission-mode auto with --permission-prompt-tool stdio, stream-json, a FGBASH turn (allowed if asked)', clis: CLAUDE, args: [...ASK, '--permission-mode', 'auto'], steps: [...ready(), ...fgbashAllowed, close] },
  { name: 'opt_permission_mode_auto_stream_fgbash_cbc_fy', about: '--permission-mode auto in stream-json, a FGBASH turn (allowed if asked)', clis: [CBC], args: [...STREAM, '--permission-mode', 'auto'], steps: [...ready(), ...fgbashAllowed, close] },
  { name: 'ctl_set_permission_mode_auto_then_fgbash_fy', about: 'set_permission_mode auto after initialize, then a FGBASH turn (allowed if asked)', clis: CLAUDE, args: ASK, steps: [...ready(), ctl('req_2', { subtype: 'set_permission_mode', mode: 'auto' }), sleep(1), ...fgbashAllowed, close] },
];

export const CASES = [...CROSS_ENV, ...ENV_ON, ...OPTIONS, ...MORE];
