// Surface cases: cbc (see index.mjs). Tuning cases for the cbc 2.117.0 rows (issue #16): the same surface rows
// as the held-back cases, with other values (another subtype, model, id, format, role, line).
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { afterTurn, around, CBC, P_STREAM, ready, RESULT } from '../surface-kit.mjs';

const ONLY = [CBC];

/** Control subtypes outside cbc 2.117.0's handler list, after one turn and before the first. */
const UNKNOWN = [
  { name: 'ctl_get_hooks_listing_cbc', about: 'get_hooks_listing (a Claude subtype) on cbc, before the first turn', steps: [...ready(), ctl('req_2', { subtype: 'get_hooks_listing' }), sleep(2), close] },
  { name: 'ctl_get_settings_cbc', about: 'get_settings with a body, before the first turn', steps: [...ready(), ctl('req_2', { subtype: 'get_settings', scope: 'user' }), sleep(2), close] },
  { name: 'ctl_reload_skills_cbc', about: 'reload_skills before the first turn', steps: [...ready(), ctl('req_2', { subtype: 'reload_skills' }), sleep(2), close] },
  { name: 'ctl_reload_plugins_cbc', about: 'reload_plugins after one turn', steps: afterTurn(ctl('req_2', { subtype: 'reload_plugins' })) },
  { name: 'ctl_mcp_reconnect_cbc', about: 'mcp_reconnect after one turn', steps: afterTurn(ctl('req_2', { subtype: 'mcp_reconnect', serverName: 'x' })) },
  { name: 'ctl_rewind_files_cbc', about: 'rewind_files after one turn', steps: afterTurn(ctl('req_2', { subtype: 'rewind_files', user_message_id: 'u1' })) },
  { name: 'ctl_bogus_subtype_cbc', about: 'a subtype no CLI knows, mid-session', steps: around(ctl('req_2', { subtype: 'no_such_subtype_x' })) },
].map((c) => ({ ...c, clis: ONLY, args: STREAM }));

/** get_available_models and set_model with other values. */
const MODELS = [
  { name: 'ctl_get_available_models_idle', about: 'get_available_models before the first turn', args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'get_available_models' }), sleep(2), close] },
  { name: 'ctl_get_available_models_flag', about: 'get_available_models after a turn under --model gpt-5.5', args: [...STREAM, '--model', 'gpt-5.5'], steps: afterTurn(ctl('req_2', { subtype: 'get_available_models' })) },
  { name: 'ctl_set_model_gpt', about: 'set_model to a listed model, then a turn (model of the next frames)', args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_model', model: 'gpt-5.2' }), sleep(1), user('hi'), sleep(6)) },
  { name: 'ctl_set_model_default_then_turn', about: 'set_model "default" after a turn, then a turn', args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_model', model: 'default' }), sleep(1), user('hi'), sleep(6)) },
  { name: 'ctl_set_model_twice', about: 'set_model twice (previous_model of the second)', args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_model', model: 'zz-model-one' }), sleep(1), ctl('req_3', { subtype: 'set_model', model: 'default' })) },
  { name: 'ctl_set_model_after_flag', about: 'set_model "default" under --model gpt-5.5 (previous_model)', args: [...STREAM, '--model', 'gpt-5.5'], steps: afterTurn(ctl('req_2', { subtype: 'set_model', model: 'default' })) },
  { name: 'ctl_set_model_idle_sid', about: 'set_model before the first turn, naming a session id', args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_model', model: 'gpt-5.2', session_id: 'zz-sid-1' }), sleep(2), close] },
  { name: 'ctl_set_model_other_sid', about: 'set_model after a turn, naming another session id', args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_model', model: 'gpt-5.2', session_id: 'zz-sid-2' })) },
  { name: 'ctl_set_model_empty', about: 'set_model with an empty model', args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_model', model: '' })) },
  { name: 'ctl_set_model_unknown_turn', about: 'set_model to an unknown model, then a turn', args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_model', model: 'zz-unknown-model' }), sleep(1), user('hi'), sleep(6)) },
].map((c) => ({ ...c, clis: ONLY }));

/** CODEBUDDY_MODEL / ANTHROPIC_MODEL with other values. */
const ENV = [
  { name: 'env_model_cbc_other', about: 'CODEBUDDY_MODEL=gpt-5.2 alone', env: { CODEBUDDY_MODEL: 'gpt-5.2' } },
  { name: 'env_model_cbc_unknown', about: 'CODEBUDDY_MODEL naming a model cbc does not list', env: { CODEBUDDY_MODEL: 'zz-env-model' } },
  { name: 'env_model_cbc_anthropic', about: 'ANTHROPIC_MODEL alone (does cbc read it?)', env: { ANTHROPIC_MODEL: 'claude-haiku-4-5' } },
  { name: 'env_model_cbc_flag', about: 'CODEBUDDY_MODEL and --model (which wins)', env: { CODEBUDDY_MODEL: 'gpt-5.2' }, extra: ['--model', 'gpt-5.5'] },
].map(({ extra = [], ...c }) => ({ ...c, clis: ONLY, args: ['-p', 'hi', ...P_STREAM, ...extra], steps: [close] }));

/** Session flags' error paths with other values; `_requestId` on frames of other turns. */
const SESSION = [
  { name: 'ses_session_id_invalid_short', about: '--session-id abc', args: ['-p', 'hi', '--session-id', 'abc', ...P_STREAM], steps: [close] },
  { name: 'ses_session_id_invalid_lead', about: '--session-id starting with an underscore (invalid for cbc)', args: ['-p', 'hi', '--session-id', '_zz', ...P_STREAM], steps: [close] },
  { name: 'ses_session_id_invalid_input', about: 'an invalid --session-id in stream-json input mode', args: [...STREAM, '--session-id', 'zz/bad'], steps: [...ready(), user('hi'), waitFor(RESULT, 10), sleep(1), close] },
  { name: 'ses_session_id_invalid_json', about: 'an invalid --session-id with json output', args: ['-p', 'hi', '--session-id', 'zz bad', '--output-format', 'json'], steps: [close] },
  { name: 'ses_session_id_invalid_stream', about: '--session-id that is no uuid in stream-json input mode', args: [...STREAM, '--session-id', 'zz-not-uuid'], steps: [...ready(), user('hi'), waitFor(RESULT, 10), sleep(1), close] },
  { name: 'ses_bad_input_format_xml', about: '--input-format xml with stream-json output', args: ['-p', 'hi', '--input-format', 'xml', ...P_STREAM], steps: [close] },
  { name: 'ses_bad_input_format_yaml', about: '--input-format yaml', args: ['-p', 'hi', '--input-format', 'yaml'], steps: [close] },
  { name: 'ses_api_error_cbc', about: 'a failing turn as the first and only turn', args: STREAM, steps: [...ready(), user('APIERR now'), waitFor(RESULT), sleep(2), close] },
  { name: 'eof_after_error_cbc', about: 'stdin EOF after a turn and then an error result', args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('APIERR again'), waitFor('"is_error":true'), close, sleep(3)] },
  { name: 'opt_json_schema_cbc', about: '--json-schema with another schema in stream-json mode', args: ['-p', 'hi', ...P_STREAM, '--json-schema', '{"type":"object","properties":{"count":{"type":"number"}},"required":["count"]}'], steps: [close] },
].map((c) => ({ ...c, clis: ONLY }));

/** can_use_tool deny with another message. */
const HOST = [
  { name: 'req_can_use_tool_deny_cbc_other', about: 'a gated Bash call, the host denies with another message', clis: ONLY, args: STREAM, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'deny', allowed: false, message: 'no thanks', reason: 'policy says no' } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_can_use_tool_deny_cbc_bare', about: 'a gated Bash call, the host denies with no message', clis: ONLY, args: STREAM, steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { allowed: false } }, waitFor(RESULT), sleep(1), close] },
];

/** stdin lines: another role, other JSON that is no object, keep_alive more than once. */
const STDIN = [
  ['in_user_role_system', 'a user line whose message role is system', { send: { type: 'user', message: { role: 'system', content: 'hi' }, parent_tool_use_id: null, session_id: '' } }],
  ['in_json_true', 'a JSON true line', { send: 'true' }],
  ['in_json_string_long', 'a JSON string line with spaces', { send: '"hello there, cbc"' }],
  ['in_keep_alive_twice', 'two keep_alive lines', { send: { type: 'keep_alive' } }, { send: { type: 'keep_alive' } }],
].map(([name, about, ...steps]) => ({ name, about, clis: ONLY, args: STREAM, steps: around(...steps) }));

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...UNKNOWN, ...MODELS, ...ENV, ...SESSION, ...HOST, ...STDIN];
