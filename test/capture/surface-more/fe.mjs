// Surface cases (tuning, issue #16, helper FE): cbc 2.117.0 — lines that are no user message at idle after a turn
// (keep_alive, an unknown type: a request naming the finished session), user lines while the first turn runs (a
// request without a session: a session of its own, answered beside the running turn) and what the next line joins,
// the control subtypes its handler list takes that no earlier capture sent (get_auth_methods, authenticate), the
// handled subtypes in phases no capture showed, and --agent / --json-schema variants.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CBC, ready, RESULT } from '../surface-kit.mjs';

const ONLY = [CBC];
const KEEP_ALIVE = { send: { type: 'keep_alive' } };
const HELLO = '"result":"Hello from fake API."';
const SLOW = '"result":"slow reply"';
/** A first turn answered (hi), then a second beat. */
const turnDone = [...ready(), user('hi'), waitFor(RESULT), sleep(1.5)];
/** A slow first turn under way (its system/init is out; the reply takes 6 s). */
const slowFirst = [...ready(), user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
const agents = (tools) => JSON.stringify({ reviewer: { description: 'Reviews code', prompt: 'You review code tersely.', ...(tools ? { tools } : {}) } });

const IDLE = [
  { name: 'in_keep_alive_idle_after_turn_fe', about: 'keep_alive at idle after a finished turn, then a turn', clis: ONLY, args: STREAM, steps: [...turnDone, KEEP_ALIVE, sleep(2), user('SLOWTEXT please'), waitFor(SLOW, 30), sleep(1), close] },
  { name: 'in_unknown_type_idle_after_turn_fe', about: 'a line of an unknown type at idle after a finished turn, then a turn', clis: ONLY, args: STREAM, steps: [...turnDone, { send: { type: 'bogus_type', foo: 1 } }, sleep(2), user('SLOWTEXT please'), waitFor(SLOW, 30), sleep(1), close] },
  { name: 'in_keep_alive_idle_twice_after_turn_fe', about: 'two keep_alive lines at idle after a finished turn, then EOF', clis: ONLY, args: STREAM, steps: [...turnDone, KEEP_ALIVE, sleep(2), KEEP_ALIVE, sleep(2), close, sleep(2)] },
  { name: 'eof_after_keep_alive_after_turn_fe', about: 'keep_alive at idle after a finished turn, then stdin EOF at once', clis: ONLY, args: STREAM, steps: [...turnDone, KEEP_ALIVE, close, sleep(4)] },
  { name: 'in_keep_alive_after_tool_turn_fe', about: 'keep_alive at idle after a turn with a Bash call (bypassPermissions)', clis: ONLY, args: STREAM, bypass: true, steps: [...ready(), user('FGBASH please'), waitFor(RESULT, 30), sleep(1.5), KEEP_ALIVE, sleep(2), close, sleep(1)] },
];

const MID_FIRST = [
  { name: 'in_user_mid_first_turn_then_turn_fe', about: 'a user line while the first (slow) turn runs, both answered, then a third line', clis: ONLY, args: STREAM, steps: [...slowFirst, user('hi'), waitFor(SLOW, 30), sleep(1.5), user('hi'), sleep(5), close, sleep(1)] },
  { name: 'in_two_users_mid_first_turn_fe', about: 'two user lines at once while the first (slow) turn runs', clis: ONLY, args: STREAM, steps: [...slowFirst, user('hi'), user('hi'), waitFor(SLOW, 30), sleep(2), close, sleep(1)] },
  { name: 'in_user_mid_first_turn_eof_fe', about: 'a user line while the first (slow) turn runs, then stdin EOF', clis: ONLY, args: STREAM, steps: [...slowFirst, user('hi'), sleep(0.5), close, sleep(10)] },
  { name: 'in_slow_mid_first_turn_fe', about: 'a slow user line while the first (slow) turn runs', clis: ONLY, args: STREAM, steps: [...slowFirst, user('SLOWTEXT again'), sleep(14), close, sleep(1)] },
  { name: 'in_user_right_after_user_fe', about: 'two user lines in one beat before any turn (no initialize wait between)', clis: ONLY, args: STREAM, steps: [...ready(), user('hi'), user('hi'), sleep(6), close, sleep(1)] },
  { name: 'ctl_interrupt_mid_first_turn_side_fe', about: 'a user line while the first (slow) turn runs, then interrupt', clis: ONLY, args: STREAM, steps: [...slowFirst, user('SLOWTEXT again'), sleep(1), ctl('req_2', { subtype: 'interrupt' }), sleep(10), close, sleep(1)] },
];

const CONTROL = [
  { name: 'ctl_get_auth_methods_fe', about: 'get_auth_methods at idle (a subtype cbc 2.117.0 handles, no SDK sends)', clis: ONLY, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'get_auth_methods' }), sleep(2), close, sleep(1)] },
  { name: 'ctl_get_auth_methods_before_init_fe', about: 'get_auth_methods before initialize', clis: ONLY, args: STREAM, steps: [sleep(2), ctl('req_2', { subtype: 'get_auth_methods' }), waitFor('"request_id":"req_2"', 90), sleep(1), close, sleep(1)] },
  { name: 'ctl_get_auth_methods_mid_turn_fe', about: 'get_auth_methods while a slow turn runs', clis: ONLY, args: STREAM, steps: [...slowFirst, ctl('req_2', { subtype: 'get_auth_methods' }), waitFor(SLOW, 30), sleep(1), close] },
  { name: 'ctl_authenticate_bad_method_fe', about: 'authenticate with a method id of no login', clis: ONLY, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'authenticate', methodId: 'nosuch' }), sleep(4), close, sleep(1)] },
  { name: 'ctl_authenticate_bad_env_fe', about: 'authenticate with an unknown environment', clis: ONLY, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'authenticate', environment: 'nosuch' }), sleep(4), close, sleep(1)] },
  { name: 'ctl_logout_env_fe', about: 'logout naming the external environment', clis: ONLY, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'logout', environment: 'external' }), sleep(3), close, sleep(1)] },
  { name: 'ctl_get_available_models_mid_turn_fe', about: 'get_available_models while a slow turn runs', clis: ONLY, args: STREAM, steps: [...slowFirst, ctl('req_2', { subtype: 'get_available_models' }), waitFor(SLOW, 30), sleep(1), close] },
  { name: 'ctl_get_available_modes_before_init_fe', about: 'get_available_modes before initialize', clis: ONLY, args: STREAM, steps: [sleep(2), ctl('req_2', { subtype: 'get_available_modes' }), waitFor('"request_id":"req_2"', 90), sleep(1), close, sleep(1)] },
  { name: 'ctl_set_config_mid_turn_fe', about: 'set_config while a slow turn runs', clis: ONLY, args: STREAM, steps: [...slowFirst, ctl('req_2', { subtype: 'set_config', key: 'model', value: 'x' }), waitFor(SLOW, 30), sleep(1), close] },
  { name: 'ctl_subscribe_mid_turn_fe', about: 'subscribe while a slow turn runs', clis: ONLY, args: STREAM, steps: [...slowFirst, ctl('req_2', { subtype: 'subscribe' }), waitFor(SLOW, 30), sleep(1), close] },
  { name: 'ctl_initialize_after_turn_fe', about: 'a second initialize at idle after a turn', clis: ONLY, args: STREAM, steps: [...turnDone, ctl('req_2', { subtype: 'initialize' }), sleep(2), user('hi'), waitFor('"num_turns":4', 20), sleep(1), close] },
];

const OPTIONS = [
  { name: 'opt_agent_tools_empty_fe', about: '--agent naming an --agents agent whose tools list is empty (stream-json)', clis: ONLY, args: [...STREAM, '--agents', agents([]), '--agent', 'reviewer'], steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'opt_agent_tools_rules_fe', about: '--agent naming an --agents agent whose tools hold a rule, an unknown name and Agent', clis: ONLY, args: [...STREAM, '--agents', agents(['Bash(git:*)', 'Nosuch', 'Agent', 'Grep', 'ExitPlanMode']), '--agent', 'reviewer'], steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'opt_agent_tools_p_fe', about: '-p with --agent naming an --agents agent with a tools list', clis: ONLY, args: ['-p', 'hi', '--output-format', 'stream-json', '--verbose', '--agents', agents(['Read', 'Write']), '--agent', 'reviewer'], steps: [close] },
  { name: 'opt_json_schema_partial_stream_fe', about: '--json-schema and --include-partial-messages with stream-json input', clis: ONLY, args: [...STREAM, '--include-partial-messages', '--json-schema', '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}'], steps: [...ready(), user('hi'), waitFor(RESULT, 40), sleep(1), close] },
];

const P = ['-p', 'hi', '--output-format', 'stream-json', '--verbose'];
/** One environment switch that may change cbc 2.117.0's tool list: -p, its system/init shows it. */
const envCase = (name, about, env) => ({ name, about, clis: ONLY, args: P, env, steps: [close] });
const ENV = [
  envCase('env_cbc_disable_plan_mode_fe', 'CODEBUDDY_DISABLE_PLAN_MODE=1 (plan-mode tools)', { CODEBUDDY_DISABLE_PLAN_MODE: '1' }),
  envCase('env_cbc_disable_cron_fe', 'CODEBUDDY_DISABLE_CRON=1 (cron tools)', { CODEBUDDY_DISABLE_CRON: '1' }),
  envCase('env_cbc_video_gen_off_fe', 'CODEBUDDY_VIDEO_GEN_ENABLED=false', { CODEBUDDY_VIDEO_GEN_ENABLED: 'false' }),
  envCase('env_cbc_image_gen_off_fe', 'CODEBUDDY_IMAGE_GEN_ENABLED=false and CODEBUDDY_IMAGE_EDIT_ENABLED=false', { CODEBUDDY_IMAGE_GEN_ENABLED: 'false', CODEBUDDY_IMAGE_EDIT_ENABLED: 'false' }),
  envCase('env_cbc_computer_use_off_fe', 'CODEBUDDY_COMPUTER_USE_ENABLED=false', { CODEBUDDY_COMPUTER_USE_ENABLED: 'false' }),
  envCase('env_cbc_wait_mcp_off_fe', 'CODEBUDDY_WAIT_FOR_MCP_SERVERS_ENABLED=false', { CODEBUDDY_WAIT_FOR_MCP_SERVERS_ENABLED: 'false' }),
  envCase('env_cbc_defer_tools_fe', 'CODEBUDDY_DEFER_TOOL_LOADING=true', { CODEBUDDY_DEFER_TOOL_LOADING: 'true' }),
  envCase('env_cbc_disable_builtin_models_fe', 'CODEBUDDY_DISABLE_BUILTIN_MODELS=1', { CODEBUDDY_DISABLE_BUILTIN_MODELS: '1' }),
  envCase('env_cbc_disable_fork_subagent_fe', 'CODEBUDDY_DISABLE_FORK_SUBAGENT=1', { CODEBUDDY_DISABLE_FORK_SUBAGENT: '1' }),
  envCase('env_cbc_team_memory_fe', 'CODEBUDDY_TEAM_MEMORY_ENABLED=false', { CODEBUDDY_TEAM_MEMORY_ENABLED: 'false' }),
  { name: 'env_cbc_disable_plan_mode_stream_fe', about: 'CODEBUDDY_DISABLE_PLAN_MODE=1 with stream-json input: initialize, get_available_modes, set_permission_mode plan', clis: ONLY, args: STREAM, env: { CODEBUDDY_DISABLE_PLAN_MODE: '1' }, steps: [...ready(), ctl('req_2', { subtype: 'get_available_modes' }), sleep(1), ctl('req_3', { subtype: 'set_permission_mode', mode: 'plan' }), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'env_cbc_disable_builtin_models_stream_fe', about: 'CODEBUDDY_DISABLE_BUILTIN_MODELS=1: initialize and get_available_models', clis: ONLY, args: STREAM, env: { CODEBUDDY_DISABLE_BUILTIN_MODELS: '1' }, steps: [...ready(), ctl('req_2', { subtype: 'get_available_models' }), sleep(2), close, sleep(1)] },
];

const SID = '5e551011-0000-4000-8000-0000000000fe';
const SESSION = [
  { name: 'in_user_mid_first_turn_session_id_fe', about: '--session-id, a user line while the first (slow) turn runs', clis: ONLY, args: [...STREAM, '--session-id', SID], steps: [...slowFirst, user('hi'), waitFor(SLOW, 30), sleep(2), close, sleep(1)] },
  { name: 'in_keep_alive_mid_first_turn_session_id_fe', about: '--session-id, keep_alive while the first (slow) turn runs', clis: ONLY, args: [...STREAM, '--session-id', SID], steps: [...slowFirst, KEEP_ALIVE, waitFor(SLOW, 30), sleep(2), close, sleep(1)] },
  { name: 'in_keep_alive_first_session_id_fe', about: '--session-id, keep_alive before any turn, then a turn', clis: ONLY, args: [...STREAM, '--session-id', SID], steps: [...ready(), KEEP_ALIVE, sleep(2), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'in_user_mid_first_turn_partial_fe', about: '--include-partial-messages, a user line while the first (slow) turn runs', clis: ONLY, args: [...STREAM, '--include-partial-messages'], steps: [...slowFirst, user('hi'), waitFor(SLOW, 30), sleep(2), close, sleep(1)] },
  { name: 'in_user_mid_first_turn_model_fe', about: '--model gpt-5.5, a user line while the first (slow) turn runs', clis: ONLY, args: [...STREAM, '--model', 'gpt-5.5'], steps: [...slowFirst, user('hi'), waitFor(SLOW, 30), sleep(2), close, sleep(1)] },
  { name: 'in_tool_mid_first_turn_fe', about: 'a Bash prompt while the first (slow) turn runs (bypassPermissions)', clis: ONLY, args: STREAM, bypass: true, steps: [...slowFirst, user('FGBASH please'), waitFor(SLOW, 30), sleep(3), close, sleep(1)] },
  { name: 'ctl_set_model_mid_first_turn_side_fe', about: 'a user line while the first (slow) turn runs, then set_model', clis: ONLY, args: STREAM, steps: [...slowFirst, user('hi'), sleep(1), ctl('req_2', { subtype: 'set_model', model: 'gpt-5.5' }), waitFor(SLOW, 30), sleep(1), user('hi'), sleep(4), close, sleep(1)] },
  { name: 'ctl_get_auth_methods_after_turn_fe', about: 'get_auth_methods after a turn, then logout', clis: ONLY, args: STREAM, steps: [...turnDone, ctl('req_2', { subtype: 'get_auth_methods' }), sleep(1), ctl('req_3', { subtype: 'logout' }), sleep(2), close, sleep(1)] },
  { name: 'ctl_set_config_string_fe', about: 'set_config whose config is a string', clis: ONLY, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_config', config: 'ab' }), sleep(2), close, sleep(1)] },
  { name: 'ctl_set_config_values_fe', about: 'set_config with typed values: a number string, "true", an object, a key it does not take', clis: ONLY, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_config', session_id: 'x', config: { alwaysThinkingEnabled: 'true', cleanupPeriodDays: '7', outputStyle: { a: 1 }, nosuch: 1 } }), sleep(2), close, sleep(1)] },
];

const JSON_OUT = ['--output-format', 'json'];
const JSON_DONE = '"subtype": "success"';
const JSON_CASES = [
  { name: 'ses_stream_in_json_out_two_fe', about: 'stream-json input, --output-format json, two prompts one after the other', clis: ONLY, args: ['-p', '--input-format', 'stream-json', ...JSON_OUT], steps: [user('hi'), waitFor(JSON_DONE, 30), sleep(1), user('SLOWTEXT please'), waitFor('slow reply', 30), sleep(1), close] },
  { name: 'ses_stream_in_text_out_two_fe', about: 'stream-json input, text output, two prompts one after the other', clis: ONLY, args: ['-p', '--input-format', 'stream-json', '--output-format', 'text'], steps: [user('hi'), waitFor('Hello from fake API.', 30), sleep(1), user('SLOWTEXT please'), waitFor('slow reply', 30), sleep(1), close] },
  { name: 'ses_stream_in_json_out_keep_alive_fe', about: 'stream-json input, --output-format json: a prompt, then keep_alive, then a prompt', clis: ONLY, args: ['-p', '--input-format', 'stream-json', ...JSON_OUT], steps: [user('hi'), waitFor(JSON_DONE, 30), sleep(1), KEEP_ALIVE, sleep(2), user('hi'), sleep(4), close] },
  { name: 'ses_stream_in_json_out_session_id_fe', about: 'stream-json input, --output-format json, --session-id: two prompts', clis: ONLY, args: ['-p', '--input-format', 'stream-json', ...JSON_OUT, '--session-id', SID], steps: [user('hi'), waitFor(JSON_DONE, 30), sleep(1), user('hi'), sleep(4), close] },
  { name: 'ses_p_json_tool_fe', about: '-p --output-format json with a Bash call (bypassPermissions)', clis: ONLY, args: ['-p', 'FGBASH please', ...JSON_OUT], bypass: true, steps: [close] },
  { name: 'ses_p_json_model_fe', about: '-p --output-format json --model gpt-5.5', clis: ONLY, args: ['-p', 'hi', ...JSON_OUT, '--model', 'gpt-5.5'], steps: [close] },
  { name: 'ses_p_json_no_memory_fe', about: '-p --output-format json with CODEBUDDY_DISABLE_AUTO_MEMORY=1', clis: ONLY, args: ['-p', 'hi', ...JSON_OUT], env: { CODEBUDDY_DISABLE_AUTO_MEMORY: '1' }, steps: [close] },
  { name: 'ses_p_json_api_error_fe', about: '-p --output-format json whose model call fails', clis: ONLY, args: ['-p', 'APIERR please', ...JSON_OUT], steps: [close] },
  { name: 'ses_p_json_slow_fe', about: '-p --output-format json, a slow reply', clis: ONLY, args: ['-p', 'SLOWTEXT please', ...JSON_OUT], steps: [close] },
  { name: 'ctl_interrupt_after_side_done_fe', about: 'a prompt while the first (slow) turn runs, answered; then interrupt while the first turn still runs', clis: ONLY, args: STREAM, steps: [...slowFirst, user('hi'), waitFor(HELLO, 20), sleep(0.5), ctl('req_2', { subtype: 'interrupt' }), sleep(8), close, sleep(1)] },
  { name: 'ctl_set_permission_mode_mid_first_turn_side_fe', about: 'a prompt while the first (slow) turn runs, then set_permission_mode acceptEdits', clis: ONLY, args: STREAM, steps: [...slowFirst, user('hi'), sleep(0.5), ctl('req_2', { subtype: 'set_permission_mode', mode: 'acceptEdits' }), waitFor(SLOW, 30), sleep(1), close, sleep(1)] },
  { name: 'in_user_after_side_then_first_done_fe', about: 'a prompt while the first (slow) turn runs; after both, two more prompts in turn', clis: ONLY, args: STREAM, steps: [...slowFirst, user('hi'), waitFor(SLOW, 30), sleep(1.5), user('hi'), sleep(3), user('hi'), sleep(4), close, sleep(1)] },
];

const hiTurn = [...ready(), user('hi'), waitFor(RESULT), sleep(1), close];
const fgTurn = [...ready(), user('FGBASH please'), waitFor(RESULT, 30), sleep(1), close, sleep(1)];
const OPTIONS_2 = [
  { name: 'opt_dangerously_skip_permissions_stream_fe', about: '--dangerously-skip-permissions with stream-json input, a Bash call', clis: ONLY, args: [...STREAM, '--dangerously-skip-permissions'], steps: fgTurn },
  { name: 'opt_y_stream_fe', about: '-y with stream-json input, a Bash call', clis: ONLY, args: [...STREAM, '-y'], steps: fgTurn },
  { name: 'opt_no_verbose_stream_fe', about: 'stream-json input and output without --verbose', clis: ONLY, args: ['--input-format', 'stream-json', '--output-format', 'stream-json'], steps: hiTurn },
  { name: 'opt_output_format_stream_no_verbose_p_fe', about: '-p hi --output-format stream-json without --verbose', clis: ONLY, args: ['-p', 'hi', '--output-format', 'stream-json'], steps: [close] },
  { name: 'opt_input_format_text_fe', about: '-p --input-format text, the prompt on stdin', clis: ONLY, args: ['-p', '--input-format', 'text', '--output-format', 'stream-json', '--verbose'], steps: [{ send: 'hi' }, close] },
  { name: 'opt_permission_mode_before_plan_stream_fe', about: '--permission-mode plan --permission-mode-before-plan acceptEdits, then set_permission_mode default', clis: ONLY, args: [...STREAM, '--permission-mode', 'plan', '--permission-mode-before-plan', 'acceptEdits'], steps: [...ready(), ctl('req_2', { subtype: 'set_permission_mode', mode: 'default' }), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'opt_text_to_image_model_stream_fe', about: '--text-to-image-model with stream-json input (initialize, a turn)', clis: ONLY, args: [...STREAM, '--text-to-image-model', 'img-x'], steps: hiTurn },
  { name: 'opt_subagent_permission_mode_stream_fe', about: '--subagent-permission-mode bypassPermissions with stream-json input', clis: ONLY, args: [...STREAM, '--subagent-permission-mode', 'bypassPermissions'], steps: hiTurn },
  { name: 'opt_header_stream_fe', about: '--header with stream-json input', clis: ONLY, args: [...STREAM, '--header', 'X-Test: 1'], steps: hiTurn },
  { name: 'opt_worktree_stream_fe', about: '--worktree with stream-json input (the cwd is no git repository)', clis: ONLY, args: [...STREAM, '--worktree'], steps: hiTurn },
  { name: 'opt_max_turns_stream_fgbash_fe', about: '--max-turns 1 with stream-json input, a Bash call (bypassPermissions)', clis: ONLY, args: [...STREAM, '--max-turns', '1'], bypass: true, steps: fgTurn },
  { name: 'opt_model_stream_set_model_default_fe', about: '--model gpt-5.5 with stream-json input, then set_model default and a turn', clis: ONLY, args: [...STREAM, '--model', 'gpt-5.5'], steps: [...ready(), ctl('req_2', { subtype: 'set_model', model: 'default' }), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'opt_effort_stream_fe', about: '--effort high with stream-json input', clis: ONLY, args: [...STREAM, '--effort', 'high'], steps: hiTurn },
  { name: 'opt_fallback_model_stream_fe', about: '--fallback-model with stream-json input, a failing model call', clis: ONLY, args: [...STREAM, '--fallback-model', 'gpt-5.4'], steps: [...ready(), user('APIERR please'), waitFor(RESULT, 30), sleep(1), close] },
];

const sideDone = [...slowFirst, user('hi'), waitFor(SLOW, 30), sleep(1.5)];
const SCHEMA = '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}';
const PHASES = [
  { name: 'ctl_interrupt_idle_after_side_fe', about: 'a side session and the first turn both answered, then interrupt at idle, then a turn', clis: ONLY, args: STREAM, steps: [...sideDone, ctl('req_2', { subtype: 'interrupt' }), sleep(1), user('hi'), sleep(4), close, sleep(1)] },
  { name: 'ctl_set_model_idle_after_side_fe', about: 'a side session and the first turn both answered, then set_model at idle, then a turn', clis: ONLY, args: STREAM, steps: [...sideDone, ctl('req_2', { subtype: 'set_model', model: 'gpt-5.5' }), sleep(1), user('hi'), sleep(4), close, sleep(1)] },
  { name: 'in_keep_alive_after_interrupt_fe', about: 'a slow turn interrupted, then keep_alive at idle, then a turn', clis: ONLY, args: STREAM, steps: [...slowFirst, ctl('req_2', { subtype: 'interrupt' }), waitFor(RESULT, 20), sleep(1.5), KEEP_ALIVE, sleep(2), user('hi'), waitFor(HELLO, 20), sleep(1), close] },
  { name: 'in_keep_alive_after_api_error_fe', about: 'a turn whose model call fails, then keep_alive at idle', clis: ONLY, args: STREAM, steps: [...ready(), user('APIERR please'), waitFor(RESULT, 30), sleep(1.5), KEEP_ALIVE, sleep(2), close, sleep(1)] },
  { name: 'in_user_after_interrupt_first_turn_fe', about: 'the first (slow) turn interrupted, then a turn', clis: ONLY, args: STREAM, steps: [...slowFirst, ctl('req_2', { subtype: 'interrupt' }), waitFor(RESULT, 20), sleep(1.5), user('hi'), waitFor(HELLO, 20), sleep(1), close] },
  { name: 'ctl_get_auth_methods_pending_permission_fe', about: 'get_auth_methods while a can_use_tool request waits, then deny', clis: ONLY, args: STREAM, steps: [...ready(), user('FGBASH please'), waitFor('"subtype":"can_use_tool"', 30), sleep(1), ctl('req_2', { subtype: 'get_auth_methods' }), sleep(1), { answer: 'can_use_tool', response: { behavior: 'deny', message: 'no' } }, waitFor(RESULT, 20), sleep(1), close] },
  { name: 'in_keep_alive_after_json_schema_fe', about: '--json-schema turn answered with re-prompts, then keep_alive at idle', clis: ONLY, args: [...STREAM, '--json-schema', SCHEMA], steps: [...ready(), user('hi'), waitFor(RESULT, 40), sleep(1.5), KEEP_ALIVE, sleep(2), close, sleep(1)] },
];

const BLANK_SIDE = [
  { name: 'ctl_set_model_after_blank_side_fe', about: 'keep_alive while the first (slow) turn runs (a blank side session), then set_model', clis: ONLY, args: STREAM, steps: [...slowFirst, KEEP_ALIVE, sleep(1), ctl('req_2', { subtype: 'set_model', model: 'gpt-5.5' }), waitFor(SLOW, 30), sleep(1), close] },
  { name: 'ctl_interrupt_after_blank_side_fe', about: 'keep_alive while the first (slow) turn runs (a blank side session), then interrupt', clis: ONLY, args: STREAM, steps: [...slowFirst, KEEP_ALIVE, sleep(1), ctl('req_2', { subtype: 'interrupt' }), sleep(8), close, sleep(1)] },
  { name: 'in_prompt_after_blank_side_fe', about: 'keep_alive while the first (slow) turn runs, then a prompt while it still runs', clis: ONLY, args: STREAM, steps: [...slowFirst, KEEP_ALIVE, sleep(1), user('hi'), waitFor(SLOW, 30), sleep(1), close] },
];

const JSON_2 = [
  { name: 'ses_p_json_max_turns_fe', about: '-p --output-format json --max-turns 1 with a Bash call (bypassPermissions)', clis: ONLY, args: ['-p', 'FGBASH please', ...JSON_OUT, '--max-turns', '1'], bypass: true, steps: [close] },
  { name: 'ses_p_json_bgbash_fe', about: '-p --output-format json, a background Bash call (bypassPermissions)', clis: ONLY, args: ['-p', 'BGBASH please', ...JSON_OUT], bypass: true, steps: [close] },
  { name: 'ses_p_json_deny_fe', about: '-p --output-format json, a Bash call in default mode (refused)', clis: ONLY, args: ['-p', 'FGBASH please', ...JSON_OUT], steps: [close] },
  { name: 'ses_p_json_partial_fe', about: '-p --output-format json with --include-partial-messages', clis: ONLY, args: ['-p', 'hi', ...JSON_OUT, '--include-partial-messages'], steps: [close] },
  { name: 'ses_stream_in_text_out_keep_alive_fe', about: 'stream-json input, text output: a prompt, keep_alive, a prompt', clis: ONLY, args: ['-p', '--input-format', 'stream-json', '--output-format', 'text'], steps: [user('hi'), waitFor('Hello from fake API.', 30), sleep(1), KEEP_ALIVE, sleep(2), user('hi'), sleep(4), close] },
  { name: 'ses_stream_in_text_out_mid_turn_fe', about: 'stream-json input, text output: a prompt while the first (slow) turn runs', clis: ONLY, args: ['-p', '--input-format', 'stream-json', '--output-format', 'text'], steps: [user('SLOWTEXT please'), sleep(2), user('hi'), waitFor('slow reply', 30), sleep(1), close] },
  { name: 'ses_stream_in_json_out_mid_turn_fe', about: 'stream-json input, json output: a prompt while the first (slow) turn runs', clis: ONLY, args: ['-p', '--input-format', 'stream-json', ...JSON_OUT], steps: [user('SLOWTEXT please'), sleep(2), user('hi'), waitFor('slow reply', 30), sleep(1), close] },
  { name: 'ses_p_text_max_turns_fe', about: '-p text output, --max-turns 1 with a Bash call (bypassPermissions)', clis: ONLY, args: ['-p', 'FGBASH please', '--max-turns', '1'], bypass: true, steps: [close] },
  { name: 'ses_p_text_slow_fe', about: '-p text output, a slow reply', clis: ONLY, args: ['-p', 'SLOWTEXT please'], steps: [close] },
];

export const CASES = [...IDLE, ...MID_FIRST, ...CONTROL, ...OPTIONS, ...ENV, ...SESSION, ...JSON_CASES, ...OPTIONS_2, ...PHASES, ...BLANK_SIDE, ...JSON_2];
