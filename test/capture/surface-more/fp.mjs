// Surface cases: fp (issue #16, session 6 tuning). Variants of the control rows FP fixed from the fourth held-back
// set: read_file's max_bytes/encoding forms, more interrupts at once, get_context_usage's detail values,
// mcp_set_servers with more server forms, a cost query after an error then a good turn.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, afterTurn, CLAUDE, ready, RESULT } from '../surface-kit.mjs';

/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
const readFile = (fields) => afterTurn(ctl('req_2', { subtype: 'read_file', path: 'note.txt', ...fields }));
const FILES = { 'note.txt': 'héllo file\n' };

export const CASES = [
  { name: 'ctl_read_file_max_bytes_utf8_fp', about: 'read_file with max_bytes 2 and no encoding: cut inside a two-byte character', clis: ALL, args: STREAM, files: FILES, steps: readFile({ max_bytes: 2 }) },
  { name: 'ctl_read_file_base64_whole_fp', about: 'read_file with encoding base64 and no max_bytes (the whole file)', clis: ALL, args: STREAM, files: FILES, steps: readFile({ encoding: 'base64' }) },
  { name: 'ctl_read_file_utf8_named_fp', about: 'read_file with encoding utf-8 and a max_bytes above the size', clis: ALL, args: STREAM, files: FILES, steps: readFile({ encoding: 'utf-8', max_bytes: 100 }) },
  { name: 'ctl_read_file_max_bytes_zero_fp', about: 'read_file with max_bytes 0 (not above 0: the default limit)', clis: ALL, args: STREAM, files: FILES, steps: readFile({ max_bytes: 0, encoding: 'base64' }) },
  { name: 'ctl_interrupt_three_mid_turn_fp', about: 'three interrupts back to back while a slow turn runs, then a hi turn', clis: ALL, args: STREAM, steps: [...ready(), ...slowTurnRunning, ctl('req_int1', { subtype: 'interrupt' }), ctl('req_int2', { subtype: 'interrupt' }), ctl('req_int3', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), user('hi'), waitFor('"result":"Hello from fake API."', 20), sleep(1), close] },
  { name: 'ctl_get_context_usage_full_fp', about: 'get_context_usage with detail full, after one turn', clis: CLAUDE, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'get_context_usage', detail: 'full' })) },
  { name: 'ctl_get_context_usage_no_detail_idle_fp', about: 'get_context_usage with no detail before any turn', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'get_context_usage' }), sleep(2), close] },
  { name: 'ctl_mcp_set_servers_two_sdk_fp', about: 'mcp_set_servers with two sdk-type servers at once, after one turn', clis: CLAUDE, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'mcp_set_servers', servers: { one: { type: 'sdk', name: 'one' }, two: { type: 'sdk', name: 'two' } } })) },
  { name: 'ctl_get_session_cost_error_then_ok_fp', about: 'get_session_cost after a failing turn and then a hi turn', clis: CLAUDE, args: STREAM, steps: [...ready(), user('APIERR please'), waitFor(RESULT), sleep(1), user('hi'), waitFor('"result":"Hello from fake API."'), sleep(1), ctl('req_2', { subtype: 'get_session_cost' }), sleep(2), close] },
  { name: 'ctl_get_usage_after_error_fp', about: 'get_usage after a turn whose model request failed', clis: CLAUDE, args: STREAM, steps: [...ready(), user('APIERR please'), waitFor(RESULT), sleep(1), ctl('req_2', { subtype: 'get_usage' }), sleep(2), close] },
  { name: 'ctl_initialize_sdk_mcp_server_fp', about: 'initialize naming an SDK MCP server (sdkMcpServers), then a hi turn (the host never answers mcp_message)', clis: ALL, args: STREAM, steps: [...ready({ sdkMcpServers: ['inproc'] }), user('hi'), waitFor(RESULT, 30), sleep(2), close] },
  { name: 'ctl_mcp_set_servers_sdk_then_none_fp', about: 'mcp_set_servers with an sdk server, then with no servers, after one turn', clis: CLAUDE, args: STREAM, steps: afterTurn(ctl('req_2', { subtype: 'mcp_set_servers', servers: { inproc: { type: 'sdk', name: 'inproc' } } }), sleep(1), ctl('req_3', { subtype: 'mcp_set_servers', servers: {} })) },
];
