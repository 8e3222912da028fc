// Surface cases: claude-control (see index.mjs). Tuning variants of the control request rows the Claude
// profiles answered wrongly (issue #16): the same subtype with other values, another moment (before the first
// turn, after two turns, after a tool call) or another file, so a fix has to be the general behaviour.
// Every case runs on all three CLIs (cbc 2.117.0 answers most of these subtypes as unknown).
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { afterTurn, ALL, ready, RESULT } from '../surface-kit.mjs';

/** init, then `mid` before any turn, 2 s, EOF. */
const idle = (...mid) => [...ready(), ...mid, sleep(2), close];
/** init, two `hi` turns to their results, then `after`, 2 s, EOF. */
const afterTwo = (...after) => [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('hi again'), waitFor('"num_turns"', 20), sleep(2), ...after, sleep(2), close];
/** init, a bypassed Bash turn (tool call + result), then `after`. */
const afterTool = (...after) => [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(1), ...after, sleep(2), close];
const req = (subtype, body = {}) => ctl('req_2', { subtype, ...body });

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [
  // get_settings
  { name: 'ctl_get_settings_idle', about: 'get_settings before the first turn', steps: idle(req('get_settings')) },
  { name: 'ctl_get_settings_after_mode', about: 'get_settings after set_permission_mode acceptEdits', steps: afterTurn(ctl('req_3', { subtype: 'set_permission_mode', mode: 'acceptEdits' }), sleep(1), req('get_settings')) },
  { name: 'ctl_get_settings_model_flag', about: 'get_settings with --model sonnet', args: [...STREAM, '--model', 'sonnet'], steps: afterTurn(req('get_settings')) },
  // list_models
  { name: 'ctl_list_models_idle', about: 'list_models before the first turn', steps: idle(req('list_models')) },
  { name: 'ctl_list_models_after_set_model', about: 'list_models after set_model haiku', steps: afterTurn(ctl('req_3', { subtype: 'set_model', model: 'haiku' }), sleep(1), req('list_models')) },
  // mcp_set_servers
  { name: 'ctl_mcp_set_servers_idle', about: 'mcp_set_servers with no servers before the first turn', steps: idle(req('mcp_set_servers', { servers: {} })) },
  { name: 'ctl_mcp_set_servers_stdio', about: 'mcp_set_servers with one stdio server whose command exits at once', steps: afterTurn(req('mcp_set_servers', { servers: { quick: { type: 'stdio', command: 'true', args: [] } } })) },
  // read_file
  { name: 'ctl_read_file_exists', about: 'read_file of a file in the cwd', files: { 'notes.txt': 'first line\nsecond line\n' }, steps: afterTurn(req('read_file', { path: 'notes.txt' })) },
  { name: 'ctl_read_file_missing_other', about: 'read_file of another missing file', steps: afterTurn(req('read_file', { path: 'missing/other.md' })) },
  { name: 'ctl_read_file_absent', about: 'read_file of a missing file in the cwd itself', steps: afterTurn(req('read_file', { path: 'absent.txt' })) },
  { name: 'ctl_read_file_exists_idle', about: 'read_file of a file in the cwd before the first turn', files: { 'data.json': '{"a": 1}\n' }, steps: idle(req('read_file', { path: 'data.json' })) },
  // reload_skills / reload_plugins
  { name: 'ctl_reload_skills_idle', about: 'reload_skills before the first turn', steps: idle(req('reload_skills')) },
  { name: 'ctl_reload_skills_twice', about: 'reload_skills twice after a turn', steps: afterTurn(req('reload_skills'), sleep(1), ctl('req_3', { subtype: 'reload_skills' })) },
  { name: 'ctl_reload_plugins_idle', about: 'reload_plugins before the first turn', steps: idle(req('reload_plugins')) },
  // rename_session
  { name: 'ctl_rename_session_other', about: 'rename_session with another title', steps: afterTurn(req('rename_session', { title: 'Another title, with spaces' })) },
  { name: 'ctl_rename_session_idle', about: 'rename_session before the first turn', steps: idle(req('rename_session', { title: 'early name' })) },
  { name: 'ctl_rename_session_empty', about: 'rename_session with an empty title', steps: afterTurn(req('rename_session', { title: '' })) },
  // get_task_output
  { name: 'ctl_get_task_output_other', about: 'get_task_output of another unknown task id', steps: afterTurn(req('get_task_output', { task_id: 'b0123abcd' })) },
  { name: 'ctl_get_task_output_known', about: 'get_task_output of the background Bash task of the turn', bypass: true, steps: [...ready(), user('BGBASH please'), waitFor('task_notification', 25), waitFor('FINAL', 15), sleep(1), req('get_task_output', { task_id: '{task_id}' }), sleep(2), close] },
  // usage / cost / context
  { name: 'ctl_get_usage_two_turns', about: 'get_usage after two turns', steps: afterTwo(req('get_usage', { skip_behaviors: true })) },
  { name: 'ctl_get_usage_idle', about: 'get_usage before the first turn', steps: idle(req('get_usage', { skip_behaviors: true })) },
  { name: 'ctl_get_usage_tool', about: 'get_usage after a turn with a Bash call (two API requests)', bypass: true, steps: afterTool(req('get_usage', { skip_behaviors: true })) },
  { name: 'ctl_get_session_cost_two_turns', about: 'get_session_cost after two turns', steps: afterTwo(req('get_session_cost')) },
  { name: 'ctl_get_session_cost_idle', about: 'get_session_cost before the first turn', steps: idle(req('get_session_cost')) },
  { name: 'ctl_get_session_cost_tool', about: 'get_session_cost after a turn with a Bash call', bypass: true, steps: afterTool(req('get_session_cost')) },
  { name: 'ctl_get_context_usage_two_turns', about: 'get_context_usage after two turns', steps: afterTwo(req('get_context_usage', { detail: 'summary' })) },
  { name: 'ctl_get_context_usage_idle', about: 'get_context_usage before the first turn', steps: idle(req('get_context_usage', { detail: 'summary' })) },
  // register_repo_root / update_settings / apply_flag_settings
  { name: 'ctl_register_repo_root_parent', about: 'register_repo_root of the parent of the cwd', steps: afterTurn(req('register_repo_root', { directory: '..' })) },
  { name: 'ctl_register_repo_root_sub', about: 'register_repo_root of a sub-directory of the cwd', files: { 'sub/README.md': 'sub\n' }, steps: afterTurn(req('register_repo_root', { directory: 'sub' })) },
  { name: 'ctl_register_repo_root_missing', about: 'register_repo_root of a directory that does not exist', steps: afterTurn(req('register_repo_root', { directory: 'no-such-dir' })) },
  { name: 'ctl_update_settings_key', about: 'update_settings with one key', steps: afterTurn(req('update_settings', { source: 'localSettings', settings: { includeCoAuthoredBy: false } })) },
  { name: 'ctl_update_settings_user', about: 'update_settings of userSettings with no key', steps: afterTurn(req('update_settings', { source: 'userSettings', settings: {} })) },
  { name: 'ctl_apply_flag_settings_model', about: 'apply_flag_settings with a model, then a turn', steps: [...ready(), req('apply_flag_settings', { settings: { model: 'haiku' } }), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
].map((c) => ({ clis: ALL, args: STREAM, ...c }));
