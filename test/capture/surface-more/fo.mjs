// Surface cases: FO's tuning variants of the option and session-flag rows (issue #16, round 6): the argument forms an
// SDK author writes (a file path where JSON is accepted, `=`, an empty or unreadable value) and the budget and
// --resume-session-at rows in other combinations.
import { close, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, CBC, CLAUDE, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

const AGENTS = '{"reviewer":{"description":"Reviews code","prompt":"You review."}}';
const SETTINGS = '{"permissions":{"deny":["WebFetch"]}}';
const optP = (name, about, clis, extra, more = {}) => ({ name, about, clis, args: ['-p', 'hi', ...P_STREAM, ...extra], steps: [close], ...more });
const PRE_TURN = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [
  optP('opt_agents_file_fo', '--agents naming a JSON file (2.1.328 --help: a file path with --print)', ALL, ['--agents', 'agents.json'], { files: { 'agents.json': AGENTS } }),
  optP('opt_agents_invalid_fo', '--agents with text that is not JSON', ALL, ['--agents', 'not json']),
  optP('opt_json_schema_file_fo', '--json-schema naming a file rather than inline JSON', ALL, ['--json-schema', 'schema.json'], { files: { 'schema.json': '{"type":"object","properties":{"a":{"type":"string"}}}' } }),
  optP('opt_settings_missing_fo', '--settings naming a file that does not exist', ALL, ['--settings', 'nope.json']),
  optP('opt_settings_eq_file_fo', '--settings=<file> (written with `=`)', ALL, ['--settings=my-settings.json'], { files: { 'my-settings.json': SETTINGS } }),
  optP('opt_settings_empty_fo', '--settings with an empty value', ALL, ['--settings', '']),
  optP('opt_settings_invalid_fo', '--settings with inline text that is not JSON', ALL, ['--settings', '{not json']),
  optP('opt_mcp_config_eq_file_fo', '--mcp-config=<file> (written with `=`)', ALL, ['--mcp-config=mcp.json'], { files: { 'mcp.json': '{"mcpServers":{}}' } }),
  optP('opt_mcp_config_missing_fo', '--mcp-config naming a file that does not exist', ALL, ['--mcp-config', 'nope.json']),
  { name: 'opt_max_budget_usd_tool_stream_fo', about: '--max-budget-usd spent by a bypassed Bash call in stream-json input mode, then a second turn', clis: CLAUDE, args: [...STREAM, '--max-budget-usd', '0.0000001'], bypass: true, steps: [...ready(), user('FGBASH please'), waitFor(RESULT, 30), sleep(1), user('hi'), sleep(4), close] },
  { name: 'ses_resume_session_at_no_resume_fo', about: '--resume-session-at without --resume', clis: CLAUDE, args: ['-p', 'hi', '--resume-session-at', '00000000-0000-4000-8000-0000000000cc', ...P_STREAM], steps: [close] },
  { name: 'ses_resume_session_at_stream_fo', about: '--resume with an unknown --resume-session-at in stream-json input mode', clis: CLAUDE, args: [...STREAM, '--resume', SID, '--resume-session-at', '00000000-0000-4000-8000-0000000000cc'], pre: PRE_TURN, steps: [...ready(), user('hi'), sleep(4), close] },
  // second round: files with bad JSON, `=` forms of the session flags, other values
  optP('opt_settings_bad_json_file_fo', '--settings naming a file whose text is not JSON', ALL, ['--settings', 'bad.json'], { files: { 'bad.json': '{oops' } }),
  optP('opt_mcp_config_bad_json_file_fo', '--mcp-config naming a file whose text is not JSON', ALL, ['--mcp-config', 'bad.json'], { files: { 'bad.json': '{oops' } }),
  optP('opt_agents_bad_json_file_fo', '--agents naming a file whose text is not JSON', ALL, ['--agents', 'bad.json'], { files: { 'bad.json': '{oops' } }),
  optP('opt_system_prompt_file_missing_fo', '--system-prompt-file naming a file that does not exist', [CBC], ['--system-prompt-file', 'nope.txt']),
  optP('opt_model_eq_fo', '--model=<alias> (written with `=`)', ALL, ['--model=sonnet']),
  optP('opt_permission_mode_eq_plan_fo', '--permission-mode=plan (written with `=`)', ALL, ['--permission-mode=plan']),
  optP('opt_max_budget_usd_zero_fo', '--max-budget-usd 0', ALL, ['--max-budget-usd', '0']),
  optP('opt_add_dir_eq_fo', '--add-dir=<outside folder> and --add-dir=<subfolder> (written with `=`)', ALL, ['--add-dir=../tmp', '--add-dir=sub'], { files: { 'sub/x.txt': 'x' } }),
  { name: 'ses_max_turns_eq_fo', about: '--max-turns=1 (written with `=`) with a tool call', clis: ALL, args: ['-p', 'FGBASH please', '--max-turns=1', ...P_STREAM], bypass: true, steps: [close] },
  { name: 'ses_resume_eq_fo', about: '--resume=<id> (written with `=`) of a stored session', clis: ALL, args: ['-p', 'hi', `--resume=${SID}`, ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_session_id_eq_fo', about: '--session-id=<uuid> (written with `=`)', clis: ALL, args: ['-p', 'hi', '--session-id=5e551011-0000-4000-8000-0000000000e1', ...P_STREAM], steps: [close] },
  { name: 'ses_resume_session_at_continue_fo', about: '--continue with an unknown --resume-session-at', clis: CLAUDE, args: ['-p', 'hi', '--continue', '--resume-session-at', '00000000-0000-4000-8000-0000000000cc', ...P_STREAM], pre: PRE_TURN, steps: [close] },
];
