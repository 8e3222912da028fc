// Surface cases (tuning, issue #16, helper FA): Claude Code's initialize request in every phase and with the SDK's
// fields (sdk.d.ts SDKControlInitializeRequest: hooks, agents, jsonSchema, title, promptSuggestions, systemPrompt, …),
// user message content forms (strings and blocks of whitespace, unknown blocks, images), --json-schema with tools,
// errors and --max-turns, --fallback-model with the failures the fake API can produce, and --model forms.
import { close, ctl, init, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CLAUDE, P_STREAM, PNG, ready, RESULT } from '../surface-kit.mjs';

const ASK = [...STREAM, '--permission-prompt-tool', 'stdio'];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const HI_RESULT = '"result":"Hello from fake API."';
const SLOW_RESULT = '"result":"slow reply"';
const SCHEMA = '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}';
/** The Claude SDK's hook matcher shape in initialize. */
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];
/** A turn to its result, then 1 s. */
const turn = (text = 'hi', until = RESULT, t = 20) => [user(text), waitFor(until, t), sleep(1)];
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"', 60), sleep(1)];
const ALLOW = { behavior: 'allow', updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
const AGENTS = { helper: { description: 'Helps with chores', prompt: 'You help tersely.' } };

/** initialize in other phases and with other fields (`ctl_initialize_*`: the initialize row). */
const INITIALIZE = [
  { name: 'ctl_initialize_after_turn_fa', about: 'initialize, a turn, a second initialize (idle), another turn', clis: CLAUDE, args: STREAM, steps: [...ready(), ...turn(), init({}, 'req_2'), waitFor('"request_id":"req_2"'), sleep(1), ...turn(), close] },
  { name: 'ctl_initialize_pending_permission_fa', about: 'a second initialize while a can_use_tool request waits, then the host allows', clis: CLAUDE, args: ASK, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL, 30), sleep(1), init({}, 'req_2'), waitFor('"request_id":"req_2"'), sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_initialize_title_trim_fa', about: 'initialize with a title padded with spaces, then a turn', clis: CLAUDE, args: STREAM, steps: [...ready({ title: '  Padded title  ' }), ...turn(), close] },
  { name: 'ctl_initialize_title_blank_fa', about: 'initialize with a title of spaces only, then a turn', clis: CLAUDE, args: STREAM, steps: [...ready({ title: '   ' }), ...turn(), close] },
  { name: 'ctl_initialize_title_repeat_fa', about: 'initialize, a turn, a second initialize with a title, a turn', clis: CLAUDE, args: STREAM, steps: [...ready(), ...turn(), init({ title: 'Later title' }, 'req_2'), waitFor('"request_id":"req_2"'), sleep(1), ...turn(), close] },
  { name: 'ctl_initialize_hooks_after_prompt_fa', about: 'a turn with no initialize, then initialize with a Stop hook, then a turn (is the hook taken?)', clis: CLAUDE, args: STREAM, steps: [...turn(), init({ hooks: { Stop: hook('hook_0') } }), waitFor('"request_id":"req_1"'), sleep(1), user('hi'), { answer: 'hook_callback', response: {}, timeout: 8 }, waitFor(HI_RESULT), sleep(2), close] },
  { name: 'ctl_initialize_json_schema_after_prompt_fa', about: 'a turn with no initialize, then initialize with jsonSchema, then a turn', clis: CLAUDE, args: STREAM, steps: [...turn(), init({ jsonSchema: JSON.parse(SCHEMA) }), waitFor('"request_id":"req_1"'), sleep(1), ...turn(), close] },
  { name: 'ctl_initialize_agents_after_prompt_fa', about: 'a turn with no initialize, then initialize with agents, then a turn', clis: CLAUDE, args: STREAM, steps: [...turn(), init({ agents: AGENTS }), waitFor('"request_id":"req_1"'), sleep(1), ...turn(), close] },
  { name: 'ctl_initialize_mid_turn_after_init_fa', about: 'initialize, a slow turn, a second initialize while it runs', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, init({}, 'req_2'), waitFor(SLOW_RESULT, 30), sleep(1), close] },
  { name: 'ctl_initialize_prompt_suggestions_true_fa', about: 'initialize with promptSuggestions true, then a turn', clis: CLAUDE, args: STREAM, steps: [...ready({ promptSuggestions: true }), ...turn(), sleep(2), close] },
  { name: 'ctl_initialize_system_prompt_array_fa', about: 'initialize with systemPrompt [""] and appendSystemPrompt, then a turn', clis: CLAUDE, args: STREAM, steps: [...ready({ systemPrompt: [''], appendSystemPrompt: 'Be brief.' }), ...turn(), close] },
  { name: 'ctl_initialize_sdk_mcp_after_prompt_fa', about: 'a turn with no initialize, then initialize naming an SDK MCP server, then mcp_status', clis: CLAUDE, args: STREAM, steps: [...turn(), init({ sdkMcpServers: ['inproc'] }), waitFor('"request_id":"req_1"'), sleep(3), ctl('req_2', { subtype: 'mcp_status' }), sleep(2), close] },
];

/** user message content forms (`in_*` rows). */
const line = (content) => ({ send: { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' } });
const CONTENT = [
  { name: 'in_content_whitespace_blocks_fa', about: 'a content array of two text blocks of whitespace only', clis: CLAUDE, args: STREAM, steps: [...ready(), line([{ type: 'text', text: '  ' }, { type: 'text', text: '\n' }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_tab_string_fa', about: 'a string content of a tab and a non-breaking space', clis: CLAUDE, args: STREAM, steps: [...ready(), line('\t\u00a0'), waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_whitespace_then_turn_fa', about: 'a string content of spaces, then a text turn', clis: CLAUDE, args: STREAM, steps: [...ready(), line('   '), waitFor(RESULT), sleep(1), ...turn(), close] },
  { name: 'in_content_whitespace_no_init_fa', about: 'a string content of spaces with no initialize first', clis: CLAUDE, args: STREAM, steps: [line(' \n'), waitFor(RESULT, 60), sleep(1), close] },
  { name: 'in_content_unknown_block_fa', about: 'a text block and a block of an unknown type', clis: CLAUDE, args: STREAM, steps: [...ready(), line([{ type: 'text', text: 'hi' }, { type: 'mystery', data: 1 }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_image_only_fa', about: 'a content array of one PNG image block and no text', clis: CLAUDE, args: STREAM, steps: [...ready(), line([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_two_blocks_keyword_fa', about: 'two text blocks, the second naming FGBASH (bypassPermissions)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready(), line([{ type: 'text', text: 'hello' }, { type: 'text', text: 'FGBASH please' }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_whitespace_replay_fa', about: 'a string content of spaces with --replay-user-messages', clis: CLAUDE, args: [...STREAM, '--replay-user-messages'], steps: [...ready(), line('  '), waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_whitespace_partial_fa', about: 'a string content of spaces with --include-partial-messages', clis: CLAUDE, args: [...STREAM, '--include-partial-messages'], steps: [...ready(), line('  '), waitFor(RESULT), sleep(1), close] },
];

/** A second round: other phases and combinations the first round's findings point to. */
const ROUND2 = [
  { name: 'ctl_initialize_bg_task_running_fa', about: 'a second initialize while a background Bash task runs (after its turn)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready(), user('BGBASH please'), waitFor('"subtype":"task_started"', 30), waitFor(RESULT, 30), init({}, 'req_2'), waitFor('"request_id":"req_2"'), waitFor('"subtype":"task_notification"', 25), waitFor('FINAL', 15), sleep(2), close] },
  { name: 'ctl_initialize_pending_hook_fa', about: 'a second initialize while a PreToolUse hook_callback waits, then the hook is answered', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor('"subtype":"hook_callback"', 30), sleep(1), init({}, 'req_2'), waitFor('"request_id":"req_2"'), sleep(1), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_initialize_twice_idle_fa', about: 'two initialize requests before any prompt, then a turn', clis: CLAUDE, args: STREAM, steps: [...ready(), init({}, 'req_2'), waitFor('"request_id":"req_2"'), sleep(1), ...turn(), close] },
  { name: 'ctl_initialize_json_schema_tool_fa', about: 'initialize with jsonSchema, then a bypassed Bash turn', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready({ jsonSchema: JSON.parse(SCHEMA) }), ...turn('FGBASH please'), close] },
  { name: 'in_content_whitespace_prompt_hook_fa', about: 'a UserPromptSubmit hook registered, then a string content of spaces', clis: CLAUDE, args: STREAM, steps: [...ready({ hooks: { UserPromptSubmit: hook('hook_0') } }), line('  '), { answer: 'hook_callback', response: {}, timeout: 8 }, waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_whitespace_queued_fa', about: 'a string content of spaces queued behind a slow turn', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, line('  '), waitFor(SLOW_RESULT, 30), sleep(2), close] },
  { name: 'in_content_whitespace_uuid_fa', about: 'a string content of spaces on a user line with a uuid', clis: CLAUDE, args: STREAM, steps: [...ready(), { send: { type: 'user', uuid: '11111111-2222-4333-8444-555555555555', message: { role: 'user', content: ' ' }, parent_tool_use_id: null, session_id: '' } }, waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_document_block_fa', about: 'a text block and a plain-text document block', clis: CLAUDE, args: STREAM, steps: [...ready(), line([{ type: 'text', text: 'hi' }, { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'a note' } }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_empty_text_and_text_fa', about: 'an empty text block and a text block', clis: CLAUDE, args: STREAM, steps: [...ready(), line([{ type: 'text', text: '' }, { type: 'text', text: 'hi' }]), waitFor(RESULT), sleep(1), close] },
  { name: 'opt_print_whitespace_stdin_fa', about: '-p with no prompt argument and spaces on stdin', clis: CLAUDE, args: ['-p', ...P_STREAM], steps: [{ send: '   ' }, close] },
  { name: 'opt_json_schema_bg_task_fa', about: '--json-schema with a background Bash call (bypassPermissions)', clis: CLAUDE, args: ['-p', 'BGBASH please', ...P_STREAM, '--json-schema', SCHEMA], bypass: true, steps: [sleep(8), close] },
  { name: 'opt_json_schema_stream_max_turns_fa', about: '--json-schema and --max-turns 1 in stream-json input mode, a bypassed Bash turn', clis: CLAUDE, args: [...STREAM, '--json-schema', SCHEMA, '--max-turns', '1'], bypass: true, steps: [...ready(), ...turn('FGBASH please'), close] },
  { name: 'opt_json_schema_interrupt_fa', about: '--json-schema in stream-json input mode, an interrupt while a slow turn runs', clis: CLAUDE, args: [...STREAM, '--json-schema', SCHEMA], steps: [...ready(), ...slowTurnRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), close] },
  { name: 'opt_fallback_model_1m_api_error_fa', about: '-p with --model sonnet[1m] and --fallback-model haiku, the model request fails', clis: CLAUDE, args: ['-p', 'APIERR please', ...P_STREAM, '--model', 'sonnet[1m]', '--fallback-model', 'haiku'], steps: [close] },
  { name: 'opt_fallback_model_two_errors_fa', about: '--fallback-model in stream-json input mode: two failing turns', clis: CLAUDE, args: [...STREAM, '--model', 'sonnet', '--fallback-model', 'haiku'], steps: [...ready(), ...turn('APIERR please'), ...turn('APIERR again'), close] },
  { name: 'opt_fallback_model_upper_api_error_fa', about: '-p with --fallback-model HAIKU (capitals), the model request fails', clis: CLAUDE, args: ['-p', 'APIERR please', ...P_STREAM, '--model', 'sonnet', '--fallback-model', 'HAIKU'], steps: [close] },
  { name: 'opt_model_opus_1m_fa', about: '-p with --model opus[1m]', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, '--model', 'opus[1m]'], steps: [close] },
];

/** A third round: more forms of the same rows. */
const ROUND3 = [
  { name: 'opt_json_schema_json_output_fa', about: '-p --output-format json with --json-schema, a text answer', clis: CLAUDE, args: ['-p', 'hi', '--output-format', 'json', '--json-schema', SCHEMA], steps: [close] },
  { name: 'opt_json_schema_text_output_tool_fa', about: '-p --output-format text with --json-schema, a bypassed Bash call', clis: CLAUDE, args: ['-p', 'FGBASH please', '--output-format', 'text', '--json-schema', SCHEMA], bypass: true, steps: [close] },
  { name: 'opt_fallback_model_text_api_error_fa', about: '-p --output-format text with --fallback-model, the model request fails', clis: CLAUDE, args: ['-p', 'APIERR please', '--output-format', 'text', '--model', 'sonnet', '--fallback-model', 'haiku'], steps: [close] },
  { name: 'opt_fallback_model_json_schema_api_error_fa', about: '-p with --json-schema and --fallback-model, the model request fails', clis: CLAUDE, args: ['-p', 'APIERR please', ...P_STREAM, '--json-schema', SCHEMA, '--model', 'sonnet', '--fallback-model', 'haiku'], steps: [close] },
  { name: 'opt_model_default_fa', about: '-p with --model default', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, '--model', 'default'], steps: [close] },
  { name: 'opt_model_opusplan_fa', about: '-p with --model opusplan', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, '--model', 'opusplan'], steps: [close] },
  { name: 'opt_model_best_fa', about: '-p with --model best', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, '--model', 'best'], steps: [close] },
  { name: 'ctl_set_model_uppercase_fa', about: 'set_model with an alias in capitals, then a turn', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_model', model: 'HAIKU' }), waitFor('"request_id":"req_2"'), sleep(1), ...turn(), close] },
  { name: 'in_content_cache_control_fa', about: 'a text block with cache_control', clis: CLAUDE, args: STREAM, steps: [...ready(), line([{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_content_newlines_only_fa', about: 'a string content of newlines only, then a turn', clis: CLAUDE, args: STREAM, steps: [...ready(), line('\n\n'), waitFor(RESULT), sleep(1), ...turn(), close] },
  { name: 'ctl_initialize_title_mid_turn_fa', about: 'a slow turn with no initialize, initialize with a title while it runs', clis: CLAUDE, args: STREAM, steps: [user('SLOWTEXT please'), waitFor('"subtype":"init"', 60), sleep(1), init({ title: 'Mid turn title' }), waitFor(SLOW_RESULT, 60), sleep(1), close] },
];

/** Options (`opt_<option>_*`: inventory.mjs OPTION_CASES cites them). */
const optP = (name, about, extra, prompt = 'hi', more = {}) => ({ name, about, clis: CLAUDE, args: ['-p', prompt, ...P_STREAM, ...extra], steps: [close], ...more });
const OPTIONS = [
  optP('opt_json_schema_max_turns_fa', '-p with --json-schema and --max-turns 1, a bypassed Bash call', ['--json-schema', SCHEMA, '--max-turns', '1'], 'FGBASH please', { bypass: true }),
  optP('opt_json_schema_api_error_fa', '-p with --json-schema, the model request fails', ['--json-schema', SCHEMA], 'APIERR please'),
  optP('opt_json_schema_max_turns_two_fa', '-p with --json-schema and --max-turns 2, a text answer', ['--json-schema', SCHEMA, '--max-turns', '2']),
  { name: 'opt_json_schema_stream_tool_fa', about: '--json-schema in stream-json input mode: a bypassed Bash turn, then a text turn', clis: CLAUDE, args: [...STREAM, '--json-schema', SCHEMA], bypass: true, steps: [...ready(), ...turn('FGBASH please'), ...turn(), close] },
  { name: 'opt_json_schema_deny_fa', about: '--json-schema, a gated Bash call the host denies', clis: CLAUDE, args: [...ASK, '--json-schema', SCHEMA], steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'deny', message: 'not now' } }, waitFor(RESULT), sleep(1), close] },
  optP('opt_json_schema_p_whitespace_fa', '-p of spaces only with --json-schema', ['--json-schema', SCHEMA], '   '),
  optP('opt_print_whitespace_prompt_fa', '-p of spaces only', [], '   '),
  optP('opt_fallback_model_default_api_error_fa', '-p with --fallback-model sonnet and the default model, the model request fails', ['--fallback-model', 'sonnet'], 'APIERR please'),
  optP('opt_fallback_model_full_id_api_error_fa', '-p with --model opus and a full --fallback-model id, the model request fails', ['--model', 'opus', '--fallback-model', 'claude-haiku-4-5-20251001'], 'APIERR please'),
  optP('opt_fallback_model_unknown_api_error_fa', '-p with --fallback-model naming no known model, the model request fails', ['--model', 'sonnet', '--fallback-model', 'my-fallback-model'], 'APIERR please'),
  optP('opt_fallback_model_same_api_error_fa', '-p with the same --model and --fallback-model, the model request fails', ['--model', 'sonnet', '--fallback-model', 'sonnet'], 'APIERR please'),
  optP('opt_fallback_model_tool_fa', '-p with --model and --fallback-model, a bypassed Bash call (no failure)', ['--model', 'sonnet', '--fallback-model', 'haiku'], 'FGBASH please', { bypass: true }),
  { name: 'opt_fallback_model_json_api_error_fa', about: '-p --output-format json with --fallback-model, the model request fails', clis: CLAUDE, args: ['-p', 'APIERR please', '--output-format', 'json', '--model', 'sonnet', '--fallback-model', 'haiku'], steps: [close] },
  { name: 'opt_fallback_model_stream_api_error_fa', about: '--fallback-model in stream-json input mode: a failing turn, then a text turn (which model answers?)', clis: CLAUDE, args: [...STREAM, '--model', 'sonnet', '--fallback-model', 'haiku'], steps: [...ready(), ...turn('APIERR please'), ...turn(), close] },
  { name: 'opt_fallback_model_partial_api_error_fa', about: '--fallback-model with --include-partial-messages, a failing turn', clis: CLAUDE, args: [...STREAM, '--include-partial-messages', '--model', 'sonnet', '--fallback-model', 'haiku'], steps: [...ready(), ...turn('APIERR please'), close] },
  { name: 'opt_fallback_model_set_model_api_error_fa', about: '--fallback-model haiku, set_model sonnet, then a failing turn', clis: CLAUDE, args: [...STREAM, '--fallback-model', 'haiku'], steps: [...ready(), ctl('req_2', { subtype: 'set_model', model: 'sonnet' }), waitFor('"request_id":"req_2"'), sleep(1), ...turn('APIERR please'), close] },
  optP('opt_model_uppercase_alias_fa', '-p with --model SONNET (an alias in capitals)', ['--model', 'SONNET']),
  optP('opt_model_1m_alias_fa', '-p with --model sonnet[1m]', ['--model', 'sonnet[1m]']),
  optP('opt_model_haiku_full_id_fa', '-p with --model claude-haiku-4-5-20251001', ['--model', 'claude-haiku-4-5-20251001']),
  optP('opt_model_spaces_fa', '-p with --model " sonnet " (padded)', ['--model', ' sonnet ']),
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...INITIALIZE, ...CONTENT, ...OPTIONS, ...ROUND2, ...ROUND3];
