// Surface cases: fk (see index.mjs). Tuning variants (issue #16) of Claude's control requests, MCP servers,
// options and system/init: other values, combinations and timing an SDK author would send (round 6, helper FK).
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { afterTurn, CLAUDE, P_STREAM, ready, RESULT } from '../surface-kit.mjs';

const SCHEMA = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
/** A stdio MCP server whose command does not exist, and an HTTP one nobody listens for. */
const GHOST = { type: 'stdio', command: '/nonexistent/mcp-ghost', args: [] };
const DEAD_HTTP = { type: 'http', url: 'http://127.0.0.1:9/mcp' };
const mcp = (servers) => ['--mcp-config', JSON.stringify({ mcpServers: servers })];
/** `-p hi` (or `prompt`) in stream-json with `extra` options. */
const p = (name, about, extra, prompt = 'hi', more = {}) => ({ name, about, clis: CLAUDE, args: ['-p', prompt, ...P_STREAM, ...extra], steps: [close], ...more });
/** stream-json input with `extra` options, running `steps`. */
const s = (name, about, extra, steps, more = {}) => ({ name, about, clis: CLAUDE, args: [...STREAM, ...extra], steps, ...more });

const INITIALIZE = [
  s('ctl_initialize_json_schema_two_turns', 'initialize with jsonSchema, then two turns (the reminder on each?)', [], [...ready({ jsonSchema: SCHEMA }), user('hi'), waitFor(RESULT, 60), sleep(1), user('hi'), waitFor('"num_turns":4', 60), sleep(1), close]),
  s('ctl_initialize_json_schema_with_flag', 'initialize with jsonSchema and --json-schema both given', ['--json-schema', JSON.stringify(SCHEMA)], [...ready({ jsonSchema: SCHEMA }), user('hi'), waitFor(RESULT, 60), sleep(1), close]),
  s('ctl_initialize_json_schema_idle', 'initialize with jsonSchema, EOF before any turn (the initialize reply alone)', [], [...ready({ jsonSchema: SCHEMA }), sleep(1), close]),
  s('ctl_initialize_json_schema_tools_bash', 'initialize with jsonSchema under --tools Bash (where StructuredOutput goes in a short list)', ['--tools', 'Bash'], [...ready({ jsonSchema: SCHEMA }), user('hi'), waitFor(RESULT, 60), sleep(1), close]),
  s('ctl_initialize_system_prompt_only', 'initialize with systemPrompt alone, then a turn', [], [...ready({ systemPrompt: 'You are terse.' }), user('hi'), waitFor(RESULT), sleep(1), close]),
  s('ctl_initialize_append_prompt_json_schema', 'initialize with appendSystemPrompt and jsonSchema (the SDK query() with outputFormat)', [], [...ready({ appendSystemPrompt: 'Be brief.', jsonSchema: SCHEMA }), user('hi'), waitFor(RESULT, 60), sleep(1), close]),
];

const MCP = [
  s('ctl_mcp_status_bad_server', 'mcp_status after one turn with a --mcp-config stdio server that cannot start', mcp({ ghost: GHOST }), afterTurn(ctl('req_2', { subtype: 'mcp_status' }))),
  s('ctl_mcp_status_bad_server_idle', 'mcp_status before any turn with a --mcp-config stdio server that cannot start', mcp({ ghost: { ...GHOST, command: '/opt/absent/mcp-ghost' } }), [...ready(), ctl('req_2', { subtype: 'mcp_status' }), sleep(3), close]),
  // (the idle case's command is outside /nonexistent: compare.mjs replays a case whose capture names no run folder in /nonexistent)
  s('ctl_mcp_status_http_server', 'mcp_status after one turn with a --mcp-config http server nobody listens for', mcp({ web: DEAD_HTTP }), afterTurn(ctl('req_2', { subtype: 'mcp_status' }))),
  s('ctl_mcp_toggle_bad_server', 'mcp_toggle enabled: false of a failed --mcp-config server, then mcp_status', mcp({ ghost: GHOST }), afterTurn(ctl('req_2', { subtype: 'mcp_toggle', serverName: 'ghost', enabled: false }), sleep(1), ctl('req_3', { subtype: 'mcp_status' }))),
  s('ctl_mcp_reconnect_bad_server', 'mcp_reconnect of a failed --mcp-config server', mcp({ ghost: GHOST }), afterTurn(ctl('req_2', { subtype: 'mcp_reconnect', serverName: 'ghost' }))),
  s('ctl_mcp_set_servers_then_status', 'mcp_set_servers with a stdio server that cannot start, then mcp_status', [], afterTurn(ctl('req_2', { subtype: 'mcp_set_servers', servers: { ghost: GHOST } }), sleep(2), ctl('req_3', { subtype: 'mcp_status' }))),
  p('opt_mcp_config_two_bad_servers', '--mcp-config with two failing servers (order in system/init)', mcp({ zeta: GHOST, alpha: { ...GHOST, command: '/nonexistent/other' } })),
  p('opt_mcp_config_http_server', '--mcp-config with an http server nobody listens for', mcp({ web: DEAD_HTTP })),
  p('opt_mcp_config_bad_no_strict', '--mcp-config with a failing stdio server, without --strict-mcp-config', mcp({ ghost: GHOST })),
  p('opt_mcp_config_two_flags', 'two --mcp-config values, one failing server each', [...mcp({ one: GHOST }), ...mcp({ two: GHOST })]),
  p('opt_mcp_config_file', '--mcp-config naming a JSON file in the cwd', ['--mcp-config', 'servers.json'], 'hi', { files: { 'servers.json': JSON.stringify({ mcpServers: { ghost: GHOST } }) } }),
  p('opt_mcp_config_project_file', 'a .mcp.json in the cwd with a failing server (no --mcp-config)', [], 'hi', { files: { '.mcp.json': JSON.stringify({ mcpServers: { ghost: GHOST } }) } }),
  s('ctl_mcp_toggle_bad_server_reenable', 'mcp_toggle off then on of a failed --mcp-config server, then mcp_status', mcp({ ghost: GHOST }), afterTurn(ctl('req_2', { subtype: 'mcp_toggle', serverName: 'ghost', enabled: false }), sleep(1), ctl('req_3', { subtype: 'mcp_toggle', serverName: 'ghost', enabled: true }), sleep(2), ctl('req_4', { subtype: 'mcp_status' }))),
  s('ctl_mcp_set_servers_replace', 'mcp_set_servers naming another server while a --mcp-config one is configured, then mcp_status', mcp({ ghost: GHOST }), afterTurn(ctl('req_2', { subtype: 'mcp_set_servers', servers: { other: { ...GHOST, command: '/nonexistent/other' } } }), sleep(2), ctl('req_3', { subtype: 'mcp_status' }))),
  s('ctl_mcp_status_project_file', 'mcp_status with a failing server in the cwd .mcp.json', [], afterTurn(ctl('req_2', { subtype: 'mcp_status' })), { files: { '.mcp.json': JSON.stringify({ mcpServers: { ghost: GHOST } }) } }),
  s('ctl_mcp_status_true_command', 'mcp_status with a --mcp-config stdio server whose command exits at once (true)', mcp({ quick: { type: 'stdio', command: 'true', args: [] } }), afterTurn(ctl('req_2', { subtype: 'mcp_status' }))),
  p('opt_mcp_config_sse_server', '--mcp-config with an sse server nobody listens for', mcp({ events: { type: 'sse', url: 'http://127.0.0.1:9/sse' } })),
];

const PERMISSIONS = [
  p('opt_settings_deny_bash', '--settings denying Bash, with a Bash call in -p', ['--settings', '{"permissions":{"deny":["Bash"]}}'], 'FGBASH please'),
  p('opt_settings_allow_bash_project', '.claude/settings.json in the cwd allowing Bash, with a Bash call in -p', [], 'FGBASH please', { files: { '.claude/settings.json': '{"permissions":{"allow":["Bash"]}}' } }),
  p('opt_settings_allow_bash_local', '.claude/settings.local.json in the cwd allowing Bash, with a Bash call in -p', [], 'FGBASH please', { files: { '.claude/settings.local.json': '{"permissions":{"allow":["Bash"]}}' } }),
  p('opt_settings_allow_pattern', '--settings allowing Bash(touch:*), with a Bash call in -p', ['--settings', '{"permissions":{"allow":["Bash(touch:*)"]}}'], 'FGBASH please'),
];

const STDIN = [
  { name: 'in_truncated_object', about: 'a stdin line with a JSON object cut short, then a turn', clis: CLAUDE, args: STREAM, steps: [...ready(), { send: '{"type":"keep_alive"' }, sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'in_object_trailing_text', about: 'a JSON object followed by text on one line, then a turn', clis: CLAUDE, args: STREAM, steps: [...ready(), { send: '{"type":"keep_alive"} trailing' }, sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'in_single_quotes', about: 'a line with single-quoted JSON-like text, then a turn', clis: CLAUDE, args: STREAM, steps: [...ready(), { send: "{'type':'keep_alive'}" }, sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...INITIALIZE, ...MCP, ...PERMISSIONS, ...STDIN];
