// Surface cases: G2's cbc 2.117.0 tuning variants (issue #16, round 10) of the eighth set's cbc misses at other
// phases and in other combinations: deny / ask / allow rules in other forms and sources against the fake model's
// compound Bash call (`touch fg.txt && echo fg-output`), with hooks, modes, -p and json output; --json-schema with
// a tool call, a resumed session and --continue; --max-turns after a host's denial and with a hook; --continue and
// --resume with each output format, after a tool session, and an interrupted continued turn.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CBC, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

const ONLY = [CBC];
const CALL = { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' };
/** cbc 2.117.0 allows only with `allowed: true` (its SdkPermissionClient). */
const ALLOW = { behavior: 'allow', allowed: true, updatedInput: CALL };
const DENY = { behavior: 'deny', allowed: false, message: 'no' };
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const HI_RESULT = '"result":"Hello from fake API."';
const SCHEMA = '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}';
/** A FGBASH turn to its result; the host allows if it is asked at all (a rule may refuse the call first). */
const fgbash = (answer = ALLOW) => [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: answer, timeout: 30 }, waitFor(RESULT), sleep(1), close];
/** A FGBASH turn refused or allowed without asking the host: no answer step. */
const fgbashUnasked = [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(1), close];
const optS = (name, about, extra, steps = fgbash(), more = {}) => ({ name, about, clis: ONLY, args: [...STREAM, ...extra], steps, ...more });
const settings = (permissions) => ['--settings', JSON.stringify({ permissions })];
const hooks = (event, matcher) => ({ hooks: { [event]: [{ ...(matcher ? { matcher } : {}), hookCallbackIds: ['hook_0'] }] } });
/** A one-turn -p session pinned to SID, run before the case (what --continue / --resume pick up). */
const PRE = { args: ['-p', 'hi', '--session-id', SID, ...P_STREAM], steps: [close] };
/** A -p session pinned to SID whose turn ran a bypassed Bash call. */
const PRE_TOOL = { args: ['-p', 'FGBASH please', '--session-id', SID, ...P_STREAM, '--permission-mode', 'bypassPermissions'], steps: [close] };

/** Deny, ask and allow rules in other forms and sources against the compound Bash call. */
const RULES = [
  optS('opt_disallowedTools_echo_pattern_stream_g2', '--disallowedTools "Bash(echo:*)" (the second simple command) in stream-json input mode, a FGBASH turn', ['--disallowedTools', 'Bash(echo:*)']),
  optS('opt_disallowedTools_exact_part_stream_g2', '--disallowedTools "Bash(touch fg.txt)" (one simple command exactly) in stream-json input mode', ['--disallowedTools', 'Bash(touch fg.txt)']),
  optS('opt_disallowedTools_exact_whole_stream_g2', '--disallowedTools naming the whole compound command exactly, in stream-json input mode', ['--disallowedTools', 'Bash(touch fg.txt && echo fg-output)']),
  optS('opt_disallowedTools_glob_stream_g2', '--disallowedTools "Bash(echo *)" (a glob) in stream-json input mode', ['--disallowedTools', 'Bash(echo *)']),
  optS('opt_disallowedTools_lowercase_pattern_stream_g2', '--disallowedTools "bash(touch:*)" (tool name in lower case) in stream-json input mode', ['--disallowedTools', 'bash(touch:*)']),
  optS('opt_disallowedTools_other_pattern_stream_g2', '--disallowedTools "Bash(rm:*)" (no simple command matches) in stream-json input mode, the host allows', ['--disallowedTools', 'Bash(rm:*)']),
  optS('opt_disallowedTools_short_prefix_stream_g2', '--disallowedTools "Bash(tou:*)" (a prefix of the command name, not a word) in stream-json input mode', ['--disallowedTools', 'Bash(tou:*)']),
  optS('opt_disallowedTools_pattern_allowed_bash_g2', '--allowedTools Bash with --disallowedTools "Bash(touch:*)" in stream-json input mode', ['--allowedTools', 'Bash', '--disallowedTools', 'Bash(touch:*)']),
  optS('opt_disallowedTools_pattern_bypass_stream_g2', '--disallowedTools "Bash(echo:*)" with --permission-mode bypassPermissions in stream-json input mode', ['--disallowedTools', 'Bash(echo:*)', '--permission-mode', 'bypassPermissions'], fgbashUnasked),
  optS('opt_disallowedTools_pattern_dontask_stream_g2', '--disallowedTools "Bash(echo:*)" with --permission-mode dontAsk in stream-json input mode', ['--disallowedTools', 'Bash(echo:*)', '--permission-mode', 'dontAsk'], fgbashUnasked),
  optS('opt_settings_deny_pattern_stream_g2', '--settings with permissions.deny ["Bash(echo:*)"] in stream-json input mode, a FGBASH turn', settings({ deny: ['Bash(echo:*)'] })),
  optS('opt_settings_ask_pattern_allowed_g2', '--settings with permissions.ask ["Bash(echo:*)"] and --allowedTools Bash, stream-json, a FGBASH turn', [...settings({ ask: ['Bash(echo:*)'] }), '--allowedTools', 'Bash']),
  optS('opt_settings_ask_pattern_bypass_g2', '--settings with permissions.ask ["Bash(echo:*)"] under --permission-mode bypassPermissions, stream-json, a FGBASH turn', [...settings({ ask: ['Bash(echo:*)'] }), '--permission-mode', 'bypassPermissions']),
  { name: 'opt_disallowedTools_pattern_p_g2', about: '-p with --disallowedTools "Bash(echo:*)" and a FGBASH prompt (stream-json output)', clis: ONLY, args: ['-p', 'FGBASH please', ...P_STREAM, '--disallowedTools', 'Bash(echo:*)'], steps: [close] },
  { name: 'opt_disallowedTools_pattern_p_json_g2', about: '-p --output-format json with --disallowedTools "Bash(echo:*)" and a FGBASH prompt', clis: ONLY, args: ['-p', 'FGBASH please', '--output-format', 'json', '--disallowedTools', 'Bash(echo:*)'], steps: [close] },
  optS('opt_disallowedTools_pattern_then_hi_g2', '--disallowedTools "Bash(echo:*)" in stream-json input mode, a refused FGBASH turn, then a hi turn', ['--disallowedTools', 'Bash(echo:*)'], [...ready(), user('FGBASH please'), waitFor(RESULT), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close]),
  optS('req_hook_callback_pre_deny_rule_g2', 'a PreToolUse hook (continue: true) and --disallowedTools "Bash(echo:*)", a FGBASH turn', ['--disallowedTools', 'Bash(echo:*)'], [...ready(hooks('PreToolUse', 'Bash')), user('FGBASH please'), { answer: 'hook_callback', response: { continue: true } }, { answer: 'can_use_tool', response: ALLOW, timeout: 10 }, waitFor(RESULT), sleep(1), close]),
  optS('req_hook_callback_pre_allow_deny_rule_g2', 'a PreToolUse hook answering permissionDecision allow, with --disallowedTools "Bash(echo:*)", a FGBASH turn', ['--disallowedTools', 'Bash(echo:*)'], [...ready(hooks('PreToolUse', 'Bash')), user('FGBASH please'), { answer: 'hook_callback', response: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } } }, { answer: 'can_use_tool', response: ALLOW, timeout: 10 }, waitFor(RESULT), sleep(1), close]),
  optS('ctl_set_permission_mode_bypass_deny_rule_g2', 'set_permission_mode bypassPermissions after a hi turn, then a FGBASH turn under --disallowedTools "Bash(echo:*)"', ['--disallowedTools', 'Bash(echo:*)'], [...ready(), user('hi'), waitFor(HI_RESULT), sleep(1), ctl('req_mode', { subtype: 'set_permission_mode', mode: 'bypassPermissions' }), waitFor('"request_id":"req_mode"'), sleep(1), user('FGBASH please'), { answer: 'can_use_tool', response: ALLOW, timeout: 10 }, waitFor('FINAL'), sleep(1), close]),
];

/** --json-schema and --max-turns with a host's answer, a hook, a resumed or continued session. */
const LIMITS = [
  { name: 'opt_json_schema_resume_stream_g2', about: '--resume of a stored session with --json-schema in stream-json input mode, a hi turn', clis: ONLY, args: [...STREAM, '--resume', SID, '--json-schema', SCHEMA], pre: PRE, steps: [...ready({ hasPrompt: true }), user('hi'), waitFor(RESULT, 30), sleep(2), close] },
  { name: 'opt_json_schema_continue_p_json_g2', about: '-p --continue --output-format json with --json-schema, after one -p session', clis: ONLY, args: ['-p', 'hi', '--continue', '--output-format', 'json', '--json-schema', SCHEMA], pre: PRE, steps: [close] },
  optS('opt_max_turns_one_deny_host_g2', '--max-turns 1 in stream-json input mode, a gated Bash call the host denies', ['--max-turns', '1'], fgbash(DENY)),
  optS('opt_max_turns_one_pre_hook_g2', '--max-turns 1 in stream-json input mode, a bypassed Bash call with a PreToolUse hook answered continue: true', ['--max-turns', '1', '--permission-mode', 'bypassPermissions'], [...ready(hooks('PreToolUse', 'Bash')), user('FGBASH please'), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT), sleep(1), close]),
  optS('opt_max_turns_one_allow_then_hi_g2', '--max-turns 1 in stream-json input mode, a gated Bash call the host allows, then a hi turn', ['--max-turns', '1'], [...ready(), user('FGBASH please'), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close]),
];

/** --continue / --resume with each output format, after a tool session, and an interrupted continued turn. */
const SESSIONS = [
  { name: 'ses_continue_p_text_g2', about: '-p --continue with text output, after one -p session', clis: ONLY, args: ['-p', 'hi', '--continue'], pre: PRE, steps: [close] },
  { name: 'ses_continue_p_stream_g2', about: '-p --continue with stream-json output, after one -p session', clis: ONLY, args: ['-p', 'hi', '--continue', ...P_STREAM], pre: PRE, steps: [close] },
  { name: 'ses_resume_p_json_g2', about: '-p --resume <id> --output-format json, after one -p session', clis: ONLY, args: ['-p', 'hi', '--resume', SID, '--output-format', 'json'], pre: PRE, steps: [close] },
  { name: 'ses_continue_p_json_after_tool_g2', about: '-p --continue --output-format json after a -p session whose turn ran a Bash call', clis: ONLY, args: ['-p', 'hi', '--continue', '--output-format', 'json'], pre: PRE_TOOL, steps: [close] },
  { name: 'ses_continue_stream_json_out_g2', about: '--continue in stream-json input mode with --output-format json, a hi turn', clis: ONLY, args: ['--input-format', 'stream-json', '--output-format', 'json', '--verbose', '--continue'], pre: PRE, steps: [...ready(), user('hi'), waitFor('"type": "result"', 20), sleep(1), close] },
  { name: 'ses_continue_interrupt_then_turn_g2', about: '--continue in stream-json input mode, an interrupted slow turn, then a hi turn', clis: ONLY, args: [...STREAM, '--continue'], pre: PRE, steps: [...ready(), user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1), ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...RULES, ...LIMITS, ...SESSIONS];
