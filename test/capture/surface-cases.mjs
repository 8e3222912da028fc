// The capture cases of the protocol surface inventory (issue #16; inventory.mjs names them per row), played by
// `npm run capture -- --set surface` on the real CLIs and by compare.mjs on the emulator. Step syntax: steps.mjs.
// Prompt keywords pick the fake model's reply (model-script.mjs); the emulator plays the same keywords from
// test/golden/real/scenarios/surface-model.yaml.
import { close, ctl, init, sleep, STREAM, user, waitFor } from './cases.mjs';
import { helpOptions } from './help-options.mjs';

import { ALL, afterTurn, around, CBC, CLAUDE, P_STREAM, PNG, ready, RESULT, SID } from './surface-kit.mjs';
import { MORE_CASES } from './surface-more/index.mjs';

/** @typedef {{name: string, about: string, clis: string[], args: string[] | ((cli: string) => string[]), steps: object[] | ((cli: string) => object[]), bypass?: boolean, env?: object, files?: object, pre?: {args: string[], steps: object[]}}} Case */

/** stdin edge cases: each line goes in after initialize, then a normal turn. */
const STDIN = [
  ['in_blank', 'an empty stdin line', { send: '' }],
  ['in_whitespace', 'a stdin line of spaces and a tab', { send: '   \t  ' }],
  ['in_nonjson_brace', 'a truncated JSON object line', { send: '{"type":"user"' }],
  ['in_json_array', 'a JSON array line', { send: '[1,2]' }],
  ['in_json_string', 'a JSON string line', { send: '"hello"' }],
  ['in_json_number', 'a JSON number line', { send: '42' }],
  ['in_json_null', 'a JSON null line', { send: 'null' }],
  ['in_unknown_type', 'an object with an unknown type', { send: { type: 'bogus_type', foo: 1 } }],
  ['in_no_type', 'an object without type', { send: { foo: 1 } }],
  ['in_ctl_no_request_id', 'a control_request without request_id', { send: { type: 'control_request', request: { subtype: 'interrupt' } } }],
  ['in_ctl_no_subtype', 'a control_request whose request has no subtype', { send: { type: 'control_request', request_id: 'req_2', request: {} } }],
  ['in_ctl_no_request', 'a control_request without request', { send: { type: 'control_request', request_id: 'req_2' } }],
  ['in_user_no_message', 'a user line without message', { send: { type: 'user', session_id: '' } }],
  ['in_user_wrong_role', 'a user line whose message role is assistant', { send: { type: 'user', message: { role: 'assistant', content: 'hi' }, parent_tool_use_id: null, session_id: '' } }],
  ['in_crlf', 'a user line ending in CRLF', { send: '{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null,"session_id":""}\r' }],
  ['in_ctl_response_unknown', 'a control_response for an id nobody asked', { send: { type: 'control_response', response: { subtype: 'success', request_id: 'nobody', response: {} } } }],
  ['in_cancel_unknown', 'a control_cancel_request for an unknown id', { send: { type: 'control_cancel_request', request_id: 'nobody' } }],
  ['in_keep_alive', 'a keep_alive line', { send: { type: 'keep_alive' } }],
].map(([name, about, step]) => ({ name, about, clis: ALL, args: STREAM, steps: around(step) }));

/** Content shapes of a user message. */
const CONTENT = [
  { name: 'in_huge_line', about: 'a 1 MiB user text line', clis: ALL, args: STREAM, steps: [...ready(), { send: { type: 'user', message: { role: 'user', content: 'hi {fill}' }, parent_tool_use_id: null, session_id: '' }, fill: 1 << 20 }, waitFor(RESULT, 30), sleep(1), close] },
  { name: 'in_unicode', about: 'a user text with CJK, emoji, RTL mark and a combining accent', clis: ALL, args: STREAM, steps: [...ready(), user('hi 你好 🎉 \u202eabc e\u0301'), waitFor(RESULT), sleep(1), close] },
  { name: 'in_text_blocks', about: 'user content as two text blocks', clis: ALL, args: STREAM, steps: [...ready(), user([{ type: 'text', text: 'hi' }, { type: 'text', text: 'there' }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_image', about: 'user content with a text and a base64 PNG image block', clis: ALL, args: STREAM, steps: [...ready(), user([{ type: 'text', text: 'hi' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }]), waitFor(RESULT), sleep(1), close] },
  { name: 'in_two_turns_queued', about: 'two user lines sent back to back', clis: ALL, args: STREAM, steps: [...ready(), user('hi'), user('hi again'), waitFor(RESULT), sleep(4), close] },
];

/** SDK → CLI control requests, sent after one turn (a session exists). */
const CONTROL = [
  ['set_permission_mode', { mode: 'acceptEdits' }],
  ['set_model', (cli) => ({ model: cli === CBC ? 'gpt-5.5' : 'sonnet' })],
  ['set_max_thinking_tokens', { max_thinking_tokens: 1024 }],
  ['mcp_status', {}],
  ['get_context_usage', { detail: 'summary' }],
  ['get_session_cost', {}],
  ['get_settings', {}],
  ['get_usage', { skip_behaviors: true }],
  ['get_binary_version', {}],
  ['get_hooks_listing', {}],
  ['list_models', {}],
  ['list_permission_rules', {}],
  ['rename_session', { title: 'renamed' }],
  ['set_color', { color: 'blue' }],
  ['file_suggestions', { query: 'x' }],
  ['read_file', { path: 'nofile.txt' }],
  ['seed_read_state', { path: 'nofile.txt', mtime: 0 }],
  ['rewind_files', { user_message_id: '00000000-0000-4000-8000-000000000000', dry_run: true }],
  ['cancel_async_message', { message_uuid: '00000000-0000-4000-8000-000000000000' }],
  ['mcp_call', { tool: 'mcp__none__tool', arguments: {} }],
  ['mcp_message', { server_name: 'none', message: { jsonrpc: '2.0', id: 1, method: 'ping' } }],
  ['mcp_set_servers', { servers: {} }],
  ['mcp_reconnect', { serverName: 'none' }],
  ['mcp_toggle', { serverName: 'none', enabled: false }],
  ['mcp_read_resource', { serverName: 'none', uri: 'ui://x' }],
  ['register_repo_root', { directory: '.' }],
  ['reload_plugins', {}],
  ['reload_skills', {}],
  ['reload_output_styles', {}],
  ['set_has_subscribers', { has_subscribers: true }],
  ['background_tasks', {}],
  ['get_task_output', { task_id: 'bnone0000' }],
  ['apply_flag_settings', { settings: {} }],
  ['update_settings', { source: 'localSettings', settings: {} }],
  ['set_config', { config: {} }],
  ['get_available_modes', {}],
  ['get_available_models', {}],
  ['subscribe', { channel: 'commands' }],
  ['unsubscribe', { channel: 'commands' }],
  ['logout', {}],
].map(([sub, body]) => ({
  name: `ctl_${sub}`,
  about: `control request ${sub} after one turn`,
  clis: ALL,
  args: STREAM,
  steps: typeof body === 'function' ? (cli) => afterTurn(ctl('req_2', { subtype: sub, ...body(cli) })) : afterTurn(ctl('req_2', { subtype: sub, ...body })),
}));

/** Control requests whose values or timing are the point. */
const CONTROL_EDGES = [
  { name: 'ctl_stop_task_unknown', about: 'stop_task of a task id that does not exist', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'stop_task', task_id: 'bnone0000' })) },
  { name: 'ctl_set_model_invalid', about: 'set_model to a model that does not exist', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_model', model: 'no-such-model-x' })) },
  { name: 'ctl_set_model_default', about: 'set_model with model "default" (reset)', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_model', model: 'default' })) },
  { name: 'ctl_set_model_then_turn', about: 'set_model opus, then a turn (model of the next frames)', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_model', model: 'opus' }), sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_set_permission_mode_invalid', about: 'set_permission_mode to an unknown mode', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'set_permission_mode', mode: 'bogus' })) },
  { name: 'ctl_set_permission_mode_idle', about: 'set_permission_mode before the first turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_permission_mode', mode: 'plan' }), sleep(2), close] },
  { name: 'ctl_set_model_idle', about: 'set_model before the first turn', clis: ALL, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_model', model: 'default' }), sleep(2), close] },
  { name: 'ctl_before_initialize', about: 'a turn with no initialize first', clis: ALL, args: STREAM, steps: [user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_duplicate_request_id', about: 'two control requests with the same request_id', clis: ALL, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'mcp_status' }), ctl('req_2', { subtype: 'mcp_status' })) },
];

/** CLI → SDK requests. FGBASH makes the fake model call a foreground Bash that needs permission. The answers
 * carry both SDKs' shapes (`behavior` for Claude, `allowed` for cbc 2.117.0, which ignores `behavior`). */
const HOST = [
  { name: 'req_can_use_tool_allow', about: 'a gated Bash call, the host allows', clis: ALL, args: (cli) => [...STREAM, ...(cli === CBC ? [] : ['--permission-prompt-tool', 'stdio'])], steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'allow', allowed: true, updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_can_use_tool_deny', about: 'a gated Bash call, the host denies', clis: ALL, args: (cli) => [...STREAM, ...(cli === CBC ? [] : ['--permission-prompt-tool', 'stdio'])], steps: [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: { behavior: 'deny', allowed: false, message: 'not now', reason: 'not now' } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_no_prompt_tool', about: 'a gated Bash call with no permission prompt tool', clis: CLAUDE, args: STREAM, steps: [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(1), close] },
  { name: 'req_hook_callback', about: 'a PreToolUse hook registered in initialize, then a bypassed Bash call', clis: ALL, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }] } }), user('FGBASH please'), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close] },
  { name: 'req_tool_bypass', about: 'a Bash call under bypassPermissions (tool result frames)', clis: ALL, args: STREAM, bypass: true, steps: [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(1), close] },
];

/** Session flags and their error paths (the SDKs pass the hidden ones too). */
const PRE_TURN = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
const SESSION = [
  { name: 'ses_continue_none', about: '--continue with no earlier session', clis: ALL, args: ['-p', 'hi', '--continue', ...P_STREAM], steps: [close] },
  { name: 'ses_continue', about: '--continue after one -p session in the same cwd', clis: ALL, args: ['-p', 'hi', '--continue', ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_resume_unknown', about: '--resume of an unknown session id', clis: ALL, args: ['-p', 'hi', '--resume', '5e551011-0000-4000-8000-0000000000ff', ...P_STREAM], steps: [close] },
  { name: 'ses_resume_invalid', about: '--resume of a value that is no uuid', clis: ALL, args: ['-p', 'hi', '--resume', 'not-a-uuid', ...P_STREAM], steps: [close] },
  { name: 'ses_resume', about: '--resume of a stored session', clis: ALL, args: ['-p', 'hi', '--resume', SID, ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_resume_fork', about: '--resume --fork-session of a stored session', clis: ALL, args: ['-p', 'hi', '--resume', SID, '--fork-session', ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_session_id', about: '--session-id with a fresh uuid', clis: ALL, args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] },
  { name: 'ses_session_id_in_use', about: '--session-id of a stored session', clis: ALL, args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], pre: PRE_TURN, steps: [close] },
  { name: 'ses_session_id_invalid', about: '--session-id that is no uuid', clis: ALL, args: ['-p', 'hi', '--session-id', 'not a uuid!', ...P_STREAM], steps: [close] },
  { name: 'ses_no_persistence', about: '--no-session-persistence, then --resume of that id', clis: CLAUDE, args: ['-p', 'hi', '--resume', SID, ...P_STREAM], pre: { args: ['-p', 'hi', '--session-id', SID, '--no-session-persistence', ...P_STREAM], steps: [close] }, steps: [close] },
  { name: 'ses_max_turns', about: '--max-turns 1 with a tool call (the SDK passes --max-turns)', clis: ALL, args: ['-p', 'FGBASH please', '--max-turns', '1', ...P_STREAM], bypass: true, steps: [close] },
  { name: 'ses_max_turns_stream', about: '--max-turns 1 in stream-json input mode', clis: ALL, args: [...STREAM, '--max-turns', '1'], bypass: true, steps: [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_replay_user', about: '--replay-user-messages echoes user lines', clis: ALL, args: [...STREAM, '--replay-user-messages'], steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_partial', about: '--include-partial-messages stream_event frames', clis: ALL, args: [...STREAM, '--include-partial-messages'], steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_partial_p', about: '-p with --include-partial-messages', clis: ALL, args: ['-p', 'hi', '--include-partial-messages', ...P_STREAM], steps: [close] },
  { name: 'ses_stream_no_verbose', about: 'stream-json output without --verbose', clis: ALL, args: ['-p', 'hi', '--output-format', 'stream-json'], steps: [close] },
  { name: 'ses_stream_in_text_out', about: '--input-format stream-json with text output', clis: ALL, args: ['-p', '--input-format', 'stream-json'], steps: [user('hi'), waitFor('Hello', 20), sleep(1), close] },
  { name: 'ses_p_no_prompt', about: '-p with no prompt and stdin closed', clis: ALL, args: ['-p'], steps: [close] },
  { name: 'ses_p_stdin_prompt', about: '-p with the prompt on stdin as text', clis: ALL, args: ['-p'], steps: [{ send: 'hi' }, close] },
  { name: 'ses_bad_output_format', about: '--output-format xml', clis: ALL, args: ['-p', 'hi', '--output-format', 'xml'], steps: [close] },
  { name: 'ses_bad_input_format', about: '--input-format xml', clis: ALL, args: ['-p', 'hi', '--input-format', 'xml'], steps: [close] },
  { name: 'ses_bad_permission_mode', about: '--permission-mode bogus', clis: ALL, args: ['-p', 'hi', '--permission-mode', 'bogus', ...P_STREAM], steps: [close] },
  { name: 'ses_unknown_option', about: 'an option no CLI has', clis: ALL, args: ['-p', 'hi', '--no-such-option', ...P_STREAM], steps: [close] },
  { name: 'ses_json_schema', about: '--json-schema in -p json mode (structured_output)', clis: ALL, args: ['-p', 'hi', '--output-format', 'json', '--json-schema', '{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}'], steps: [close] },
  { name: 'ses_api_error', about: 'a turn whose model request fails (400)', clis: ALL, args: STREAM, steps: [...ready(), user('APIERR please'), waitFor(RESULT), sleep(1), user('hi'), waitFor('"num_turns"', 20), sleep(2), close] },
  { name: 'ses_model_alias', about: '--model opus (alias resolution in init and result)', clis: CLAUDE, args: ['-p', 'hi', '--model', 'opus', ...P_STREAM], steps: [close] },
];

/** Signals and stdin EOF at each phase. */
const SIGNALS = [
  ...['SIGINT', 'SIGTERM'].flatMap((sig) => {
    const s = sig.toLowerCase().slice(3);
    return [
      { name: `sig_${s}_idle`, about: `${sig} before any input`, clis: ALL, args: STREAM, steps: [sleep(3), { signal: sig }, sleep(3)] },
      { name: `sig_${s}_after_init`, about: `${sig} after initialize`, clis: ALL, args: STREAM, steps: [...ready(), { signal: sig }, sleep(3)] },
      { name: `sig_${s}_mid_turn`, about: `${sig} while a turn runs`, clis: ALL, args: STREAM, steps: [...ready(), user('SLOWTEXT please'), sleep(2), { signal: sig }, sleep(3)] },
      { name: `sig_${s}_after_result`, about: `${sig} after a result, stdin open`, clis: ALL, args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), { signal: sig }, sleep(3)] },
    ];
  }),
  { name: 'sig_hup_idle', about: 'SIGHUP after initialize', clis: ALL, args: STREAM, steps: [...ready(), { signal: 'SIGHUP' }, sleep(3)] },
  { name: 'eof_after_init', about: 'stdin EOF right after initialize', clis: ALL, args: STREAM, steps: [init(), close, sleep(5)] },
  { name: 'eof_after_result', about: 'stdin EOF after a result', clis: ALL, args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), close, sleep(3)] },
  { name: 'eof_after_error', about: 'stdin EOF after an error result (exit code)', clis: ALL, args: STREAM, steps: [...ready(), user('APIERR please'), waitFor(RESULT), close, sleep(3)] },
  { name: 'eof_p_mid', about: '-p run whose stdin closes while the model is slow', clis: ALL, args: ['-p', 'SLOWTEXT please', ...P_STREAM], steps: [close] },
];

/** Environment switches the real CLIs read. */
const ENV = [
  { name: 'env_session_state', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1', clis: ALL, args: STREAM, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(2), close] },
  { name: 'env_sdk_reads_state', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 and CLAUDE_CODE_SDK_READS_SESSION_STATE=1', clis: ALL, args: STREAM, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1', CLAUDE_CODE_SDK_READS_SESSION_STATE: '1' }, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(2), close] },
  { name: 'env_entrypoint_sdk', about: 'CLAUDE_CODE_ENTRYPOINT=sdk-ts, CLAUDE_AGENT_SDK_VERSION (as the Claude SDK spawns)', clis: ALL, args: STREAM, env: { CLAUDE_CODE_ENTRYPOINT: 'sdk-ts', CLAUDE_AGENT_SDK_VERSION: '0.3.328' }, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'env_cbc_entrypoint', about: 'CODEBUDDY_CODE_ENTRYPOINT=sdk-ts (as the CodeBuddy SDK spawns)', clis: ALL, args: STREAM, env: { CODEBUDDY_CODE_ENTRYPOINT: 'sdk-ts' }, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'env_disable_bg', about: 'CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS=1 / CLAUDE_CODE_DISABLE_BACKGROUND_TASKS=1', clis: ALL, args: STREAM, env: { CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS: '1', CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: '1' }, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'env_disable_workflows', about: 'CODEBUDDY_DISABLE_WORKFLOWS=1', clis: ALL, args: STREAM, env: { CODEBUDDY_DISABLE_WORKFLOWS: '1' }, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'env_model', about: 'ANTHROPIC_MODEL / CODEBUDDY_MODEL pick the model', clis: ALL, args: ['-p', 'hi', ...P_STREAM], env: { ANTHROPIC_MODEL: 'claude-haiku-4-5', CODEBUDDY_MODEL: 'gpt-5.5' }, steps: [close] },
  { name: 'env_progress_summaries', about: 'CLAUDE_CODE_AGENT_PROGRESS_SUMMARIES=1', clis: CLAUDE, args: STREAM, env: { CLAUDE_CODE_AGENT_PROGRESS_SUMMARIES: '1' }, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'env_file_checkpointing', about: 'CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true', clis: CLAUDE, args: STREAM, env: { CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: 'true' }, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
];

/** Argument values for the generated `opt_*` cases (an option not listed here takes none, or is skipped). */
const VALUE = {
  '--add-dir': ['.'],
  '--agent': ['general-purpose'],
  '--agents': ['{"reviewer":{"description":"Reviews code","prompt":"You are a code reviewer"}}'],
  '--allowedTools': ['Bash'],
  '--disallowedTools': ['Bash'],
  '--append-system-prompt': ['Be brief.'],
  '--system-prompt': ['You are terse.'],
  '--system-prompt-file': ['prompt.txt'],
  '--autocompact': ['auto'],
  '--betas': ['fake-beta-2025-01-01'],
  '--debug-file': ['debug.log'],
  '--effort': ['high'],
  '--fallback-model': (cli) => [cli === CBC ? 'gpt-5.5' : 'sonnet'],
  '--model': (cli) => [cli === CBC ? 'gpt-5.5' : 'sonnet'],
  '--text-to-image-model': ['x-image'],
  '--image-to-image-model': ['x-image'],
  '--file': ['file_abc:doc.txt'],
  '--input-format': ['text'],
  '--output-format': ['stream-json'],
  '--json-schema': ['{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}'],
  '--max-budget-usd': ['0.0000001'],
  '--max-turns': ['3'],
  '--mcp-config': ['{"mcpServers":{}}'],
  '--name': ['surface-run'],
  '--permission-mode': ['plan'],
  '--permission-mode-before-plan': ['default'],
  '--subagent-permission-mode': ['default'],
  '--permission-prompts': ['none'],
  '--plugin-dir': ['plugins'],
  '--plugin-url': ['http://127.0.0.1:9/plugin.zip'],
  '--setting-sources': ['user'],
  '--settings': ['{}'],
  '--system-prompt-snapshot': ['off'],
  '--tools': ['Bash,Read'],
  '--header': ['X-Surface: 1'],
  '--channels': ['server:none'],
  '--dangerously-load-development-channels': ['server:none'],
  '--worktree-branch': ['main'],
  '--port': ['0'],
  '--host': ['127.0.0.1'],
  '--acp-transport': ['stdio'],
  '--remote-control-session-name-prefix': ['surface'],
};

/**
 * Options not run as an `opt_*` case, with the reason (inventory.mjs shows it). Session flags, formats and
 * the hidden options have their own cases above.
 */
export const OPTION_NOT_RUN = {
  '--bg': 'starts a detached background session that outlives the capture (and its daemon); not safe to run here',
  '--background': 'alias of --bg: starts a detached background session; not safe to run here',
  '--serve': 'starts an HTTP server and an interactive session (not headless stdio)',
  '--open': 'opens a browser (with --serve)',
  '--sandbox': 'needs Docker/Podman or the E2B service',
  '--sandbox-upload-dir': 'E2B sandbox only (network service)',
  '--sandbox-new': 'needs Docker/Podman or the E2B service',
  '--sandbox-id': 'needs the E2B service',
  '--sandbox-kill': 'needs Docker/Podman or the E2B service',
  '--teleport': 'attaches to a remote sandbox or cloud session (network service)',
  '--remote-control': 'connects to the remote control service (network)',
  '--cloud': 'creates a claude.ai cloud session (network, login)',
  '--environment': 'creates a cloud session on a self-hosted environment (network, login)',
  '--desktop': 'opens the Claude Desktop app',
  '--from-pr': 'needs GitHub access (network)',
  '--tmux': 'opens a tmux session (interactive)',
  '--tmux-classic': 'opens a tmux session (interactive)',
  '--swarm': 'starts teammate processes and a Web UI (interactive)',
  '--ide': 'connects to a running IDE (interactive)',
  '--chrome': 'connects to the Claude in Chrome extension (interactive)',
  '--acp': 'a different protocol (ACP), not stream-json',
  '--print': 'every -p case exercises it (p_json, p_text, ses_*)',
  '--continue': 'session flag: cases ses_continue_none, ses_continue',
  '--resume': 'session flag: cases ses_resume*',
  '--fork-session': 'session flag: case ses_resume_fork',
  '--include-partial-messages': 'session flag: cases ses_partial, ses_partial_p',
  '--replay-user-messages': 'session flag: case ses_replay_user',
  '--no-session-persistence': 'session flag: case ses_no_persistence',
  '--session-id': 'session flag: cases ses_session_id*',
};

/** The generated `opt_*` cases: `-p hi` in stream-json with one option, per CLI whose help lists it. */
function optionCases() {
  const byName = new Map();
  for (const cli of ALL) {
    for (const o of helpOptions(cli)) {
      if (o.name in OPTION_NOT_RUN) continue;
      const c = byName.get(o.name) ?? { name: `opt_${o.name.replace(/^-+/, '').replace(/[^A-Za-z0-9]+/g, '_')}`, about: `-p hi with ${o.name}`, clis: [], option: o.name };
      c.clis.push(cli);
      byName.set(o.name, c);
    }
  }
  return [...byName.values()].map((c) => {
    const v = VALUE[c.option];
    const value = (cli) => (typeof v === 'function' ? v(cli) : v ?? []);
    const files = c.option.endsWith('-file') && c.option.includes('prompt') ? { 'prompt.txt': 'You are terse.' } : undefined;
    return { ...c, args: (cli) => ['-p', 'hi', ...P_STREAM, c.option, ...value(cli)], steps: [close], ...(files ? { files } : {}) };
  });
}

/** @type {Case[]} every surface case. */
export const SURFACE_CASES = [...STDIN, ...CONTENT, ...CONTROL, ...CONTROL_EDGES, ...HOST, ...SESSION, ...SIGNALS, ...ENV, ...optionCases(), ...MORE_CASES];

const seen = new Set();
for (const c of SURFACE_CASES) {
  if (seen.has(c.name)) throw new Error(`surface case ${c.name} is defined twice`);
  seen.add(c.name);
}
