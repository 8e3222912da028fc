// Surface cases (tuning, issue #16, helper FR): Claude Code's control requests, host requests, hooks and MCP in
// other phases and argument forms — sdk-type servers given by --mcp-config (alone, with mcp_status, and as the Claude
// SDK passes them: named in initialize's sdkMcpServers too), mcp_read_resource's argument checks, stdin EOF while
// other hook events wait, get_context_usage at other phases, SIGTERM at other points of a partial-messages turn.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CLAUDE, ready, RESULT } from '../surface-kit.mjs';

/** The Claude SDK's hook matcher shape in initialize. */
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];
const SDK_CONFIG = ['--mcp-config', '{"mcpServers":{"inproc":{"type":"sdk","name":"inproc"}}}'];
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];

const MCP = [
  { name: 'opt_mcp_config_sdk_server_status_fr', about: '--mcp-config naming an sdk-type server, then mcp_status before any turn', clis: CLAUDE, args: [...STREAM, ...SDK_CONFIG], steps: [...ready(), ctl('req_2', { subtype: 'mcp_status' }), sleep(2), close] },
  { name: 'opt_mcp_config_sdk_server_registered_fr', about: '--mcp-config naming an sdk-type server that initialize also names in sdkMcpServers (the Claude SDK argv), then a turn', clis: CLAUDE, args: [...STREAM, ...SDK_CONFIG], steps: [...ready({ sdkMcpServers: ['inproc'] }), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'opt_mcp_config_sdk_server_p_fr', about: '-p with --mcp-config naming an sdk-type server (no host to answer)', clis: CLAUDE, args: ['-p', 'hi', '--output-format', 'stream-json', '--verbose', ...SDK_CONFIG], steps: [close] },
  { name: 'ctl_mcp_read_resource_no_uri_fr', about: 'mcp_read_resource with a serverName and no uri', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'mcp_read_resource', serverName: 'ghost' }), sleep(2), close] },
  { name: 'ctl_mcp_read_resource_no_server_fr', about: 'mcp_read_resource with a ui:// uri and no serverName', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'mcp_read_resource', uri: 'ui://x' }), sleep(2), close] },
  { name: 'ctl_mcp_read_resource_bad_server_fr', about: 'mcp_read_resource of a ui:// uri on a configured stdio server that failed to connect', clis: CLAUDE, args: [...STREAM, '--mcp-config', '{"mcpServers":{"broken":{"command":"no-such-mcp-binary"}}}'], steps: [...ready(), ctl('req_2', { subtype: 'mcp_read_resource', serverName: 'broken', uri: 'ui://x' }), sleep(2), close] },
];

const HOOKS = [
  { name: 'eof_pending_prompt_hook_fr', about: 'stdin EOF while a UserPromptSubmit hook_callback waits for the host', clis: CLAUDE, args: STREAM, steps: [...ready({ hooks: { UserPromptSubmit: hook('hook_0') } }), user('hi'), waitFor('"subtype":"hook_callback"'), sleep(1), close, sleep(5)] },
  { name: 'eof_pending_post_tool_hook_fr', about: 'stdin EOF while a PostToolUse hook_callback waits for the host (bypassed Bash call)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready({ hooks: { PostToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor('"subtype":"hook_callback"'), sleep(1), close, sleep(5)] },
  { name: 'eof_pending_second_pre_hook_fr', about: 'two PreToolUse hooks; the first answered, stdin EOF while the second waits', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }, { matcher: 'Bash', hookCallbackIds: ['hook_1'] }] } }), user('FGBASH please'), { answer: 'hook_callback', response: {} }, waitFor('"callback_id":"hook_1"'), sleep(1), close, sleep(5)] },
  { name: 'eof_pending_stop_hook_fr', about: 'stdin EOF while a Stop hook_callback waits for the host', clis: CLAUDE, args: STREAM, steps: [...ready({ hooks: { Stop: hook('hook_0') } }), user('hi'), waitFor('"subtype":"hook_callback"'), sleep(1), close, sleep(5)] },
];

const CONTEXT = [
  { name: 'ctl_get_context_usage_before_init_fr', about: 'get_context_usage as the first line, before initialize', clis: CLAUDE, args: STREAM, steps: [ctl('req_0', { subtype: 'get_context_usage' }), sleep(3), ...ready(), close] },
  { name: 'ctl_get_context_usage_pending_hook_fr', about: 'get_context_usage while a PreToolUse hook_callback waits (bypassed Bash call)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor('"subtype":"hook_callback"'), sleep(1), ctl('req_2', { subtype: 'get_context_usage' }), sleep(2), { answer: 'hook_callback', response: {} }, waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_mcp_status_mid_turn_fr', about: 'mcp_status while a slow turn runs, with a configured stdio server that fails', clis: CLAUDE, args: [...STREAM, '--mcp-config', '{"mcpServers":{"broken":{"command":"no-such-mcp-binary"}}}'], steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'mcp_status' }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'ctl_get_context_usage_after_tool_fr', about: 'get_context_usage after a turn with a bypassed Bash call', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready(), user('FGBASH please'), waitFor(RESULT, 30), sleep(1), ctl('req_2', { subtype: 'get_context_usage' }), sleep(2), close] },
  { name: 'ctl_get_context_usage_two_turns_fr', about: 'get_context_usage after two text turns', clis: CLAUDE, args: STREAM, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('hi again'), waitFor('"num_turns"', 20), sleep(2), ctl('req_2', { subtype: 'get_context_usage' }), sleep(2), close] },
  { name: 'ctl_get_context_usage_mid_turn_summary_fr', about: 'get_context_usage with detail summary while a slow turn runs', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'get_context_usage', detail: 'summary' }), waitFor(RESULT, 30), sleep(1), close] },
];

const SIGNALS = [
  { name: 'sig_term_replay_fr', about: 'SIGTERM while a slow turn runs with --replay-user-messages (no partial messages)', clis: CLAUDE, args: [...STREAM, '--replay-user-messages'], steps: [...ready(), ...slowTurnRunning, { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'ctl_interrupt_partial_replay_fr', about: 'interrupt while a slow turn streams with --include-partial-messages and --replay-user-messages', clis: CLAUDE, args: [...STREAM, '--include-partial-messages', '--replay-user-messages'], steps: [...ready(), ...slowTurnRunning, ctl('req_2', { subtype: 'interrupt' }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'sig_term_partial_replay_fr', about: 'SIGTERM while a slow turn streams with --include-partial-messages and --replay-user-messages', clis: CLAUDE, args: [...STREAM, '--include-partial-messages', '--replay-user-messages'], steps: [...ready(), ...slowTurnRunning, { signal: 'SIGTERM' }, sleep(3)] },
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...MCP, ...HOOKS, ...CONTEXT, ...SIGNALS];
