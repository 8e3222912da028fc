// Surface cases: claude-options (see index.mjs). Tuning variants (issue #16) of the Claude option, environment,
// session and host-request rows: other values than the inventory's own cases, to fix general behaviour.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { afterTurn, ALL, CBC, CLAUDE, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

/** `-p hi` in stream-json with `extra` options. */
const p = (name, about, extra, more = {}) => ({ name, about, clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, ...extra], steps: [close], ...more });
/** initialize, one `hi` turn, EOF, in stream-json input with `extra` options. */
const s = (name, about, extra, more = {}) => ({ name, about, clis: CLAUDE, args: [...STREAM, ...extra], steps: afterTurn(), ...more });

const TWO_AGENTS = JSON.stringify({
  tester: { description: 'Writes tests', prompt: 'You write tests' },
  doc: { description: 'Writes docs', prompt: 'You write docs', tools: ['Read'], model: 'haiku' },
});

const OPTIONS = [
  p('opt_tools_read', '-p hi with --tools Read', ['--tools', 'Read']),
  p('opt_tools_bash_edit', '-p hi with --tools Bash,Edit,Glob', ['--tools', 'Bash,Edit,Glob']),
  p('opt_tools_empty', '-p hi with --tools "" (no built-in tools)', ['--tools', '']),
  s('opt_disable_slash_commands_stream', 'stream-json with --disable-slash-commands (initialize reply, init)', ['--disable-slash-commands']),
  p('opt_agents_two', '-p hi with --agents naming two agents', ['--agents', TWO_AGENTS]),
  s('opt_agents_stream', 'stream-json with --agents (initialize reply agents)', ['--agents', '{"helper":{"description":"Helps out","prompt":"You help"}}']),
  p('opt_betas_other', '-p hi with --betas of two other betas', ['--betas', 'other-beta-2024-06-01', 'more-beta-2025-02-02']),
  p('opt_max_budget_usd_small', '-p hi with --max-budget-usd 0.000001', ['--max-budget-usd', '0.000001']),
  p('opt_max_budget_usd_large', '-p hi with --max-budget-usd 100 (not reached)', ['--max-budget-usd', '100']),
  s('opt_max_budget_usd_stream', 'stream-json with --max-budget-usd 0.000001 (second turn after the budget error)', ['--max-budget-usd', '0.000001'], { steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('hi'), waitFor('"num_turns"', 20), sleep(2), close] }),
  p('opt_name_other', '-p hi with --name other-name', ['--name', 'other-name']),
  s('opt_name_stream', 'stream-json with --name my-run', ['--name', 'my-run']),
  p('opt_plugin_dir_other', '-p hi with --plugin-dir of another missing folder', ['--plugin-dir', 'extras/my-plugin']),
  p('opt_plugin_url_other', '-p hi with --plugin-url of another unreachable URL', ['--plugin-url', 'http://127.0.0.1:7/other.zip']),
  s('opt_safe_mode_stream', 'stream-json with --safe-mode', ['--safe-mode']),
  p('opt_effort_low', '-p hi with --effort low', ['--effort', 'low']),
  p('opt_effort_max', '-p hi with --effort max', ['--effort', 'max']),
  p('opt_add_dir_other', '-p hi with --add-dir of another existing folder', ['--add-dir', '../tmp']),
  p('opt_add_dir_missing', '-p hi with --add-dir of a folder that does not exist', ['--add-dir', 'nowhere']),
  p('opt_setting_sources_project', '-p hi with --setting-sources project', ['--setting-sources', 'project']),
  p('opt_setting_sources_two', '-p hi with --setting-sources user,local', ['--setting-sources', 'user,local']),
  s('opt_exclude_dynamic_stream', 'stream-json with --exclude-dynamic-system-prompt-sections', ['--exclude-dynamic-system-prompt-sections']),
  s('opt_no_chrome_stream', 'stream-json with --no-chrome', ['--no-chrome']),
];

const ENV = [
  { name: 'env_model_sonnet', about: 'ANTHROPIC_MODEL=claude-sonnet-4-5', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM], env: { ANTHROPIC_MODEL: 'claude-sonnet-4-5' }, steps: [close] },
  { name: 'env_model_alias_opus', about: 'ANTHROPIC_MODEL=opus (an alias)', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM], env: { ANTHROPIC_MODEL: 'opus' }, steps: [close] },
  { name: 'env_model_stream', about: 'ANTHROPIC_MODEL=claude-haiku-4-5 in stream-json input', clis: CLAUDE, args: STREAM, env: { ANTHROPIC_MODEL: 'claude-haiku-4-5' }, steps: afterTurn() },
  { name: 'env_sdk_reads_state_two', about: 'both session-state switches, two turns', clis: CLAUDE, args: STREAM, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1', CLAUDE_CODE_SDK_READS_SESSION_STATE: '1' }, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('hi again'), waitFor('"num_turns":2', 20), sleep(2), close] },
  { name: 'env_sdk_reads_state_only', about: 'CLAUDE_CODE_SDK_READS_SESSION_STATE=1 alone', clis: CLAUDE, args: STREAM, env: { CLAUDE_CODE_SDK_READS_SESSION_STATE: '1' }, steps: afterTurn() },
];

const PROMPT = (cli) => [...STREAM, ...(cli === CBC ? [] : ['--permission-prompt-tool', 'stdio'])];
const HOST = [
  { name: 'req_can_use_tool_deny_other', about: 'a gated Bash call, the host denies with another message', clis: ALL, args: PROMPT, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'deny', allowed: false, message: 'denied by policy X', reason: 'denied by policy X' } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_can_use_tool_deny_then_turn', about: 'a denied Bash call, then a second turn', clis: CLAUDE, args: PROMPT, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'deny', message: 'no thanks' } }, waitFor(RESULT), sleep(1), user('hi'), waitFor('"num_turns"', 20), sleep(2), close] },
  { name: 'req_no_prompt_tool_p', about: 'a gated Bash call in -p mode with no permission prompt tool', clis: CLAUDE, args: ['-p', 'FGBASH please', ...P_STREAM], steps: [close] },
];

const PRE = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
const SESSION = [
  { name: 'ses_resume_fork_stream', about: '--resume --fork-session in stream-json input', clis: CLAUDE, args: [...STREAM, '--resume', SID, '--fork-session'], pre: PRE, steps: afterTurn() },
  { name: 'ses_fork_no_resume', about: '--fork-session without --resume', clis: CLAUDE, args: ['-p', 'hi', '--fork-session', ...P_STREAM], steps: [close] },
  { name: 'ses_session_id_short', about: '--session-id 1234 (no uuid)', clis: CLAUDE, args: ['-p', 'hi', '--session-id', '1234', ...P_STREAM], steps: [close] },
  { name: 'ses_session_id_empty', about: '--session-id "" (empty)', clis: CLAUDE, args: ['-p', 'hi', '--session-id', '', ...P_STREAM], steps: [close] },
  { name: 'ses_session_id_with_resume', about: '--session-id with --resume but no --fork-session', clis: CLAUDE, args: ['-p', 'hi', '--resume', SID, '--session-id', '5e551011-0000-4000-8000-0000000000aa', ...P_STREAM], pre: PRE, steps: [close] },
];

const SIGNALS = [
  { name: 'sig_term_after_turn', about: 'SIGTERM after a turn and a pause, stdin open', clis: CLAUDE, args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(3), { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'sig_term_after_init_late', about: 'SIGTERM 3 s after the initialize reply', clis: CLAUDE, args: STREAM, steps: [...ready(), sleep(3), { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'sig_int_after_init_late', about: 'SIGINT 3 s after the initialize reply', clis: CLAUDE, args: STREAM, steps: [...ready(), sleep(3), { signal: 'SIGINT' }, sleep(3)] },
  { name: 'sig_term_after_ctl', about: 'SIGTERM right after a control reply', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'mcp_status' }), waitFor('"request_id":"req_2"', 20), { signal: 'SIGTERM' }, sleep(3)] },
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...OPTIONS, ...ENV, ...HOST, ...SESSION, ...SIGNALS];
