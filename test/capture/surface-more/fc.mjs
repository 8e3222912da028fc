// Surface cases (tuning, issue #16, helper FC): Claude Code's permission rules and what a can_use_tool answer's
// updatedPermissions change (addRules / replaceRules / removeRules with allow / deny / ask, addDirectories, other
// destinations), list_permission_rules with rules from every source, a user line that arrives while a turn waits
// (can_use_tool answered, a hook callback waiting), and command hooks from --settings run for real.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { C328, CLAUDE, P_STREAM, ready, RESULT } from '../surface-kit.mjs';

const ASK = [...STREAM, '--permission-prompt-tool', 'stdio'];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const HI_RESULT = '"result":"Hello from fake API."';
const INPUT = { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' };
/** An allow answer with these permission updates. */
const allowWith = (...updatedPermissions) => ({ answer: 'can_use_tool', response: { behavior: 'allow', updatedInput: INPUT, updatedPermissions } });
const rules = (behavior, destination, ...list) => ({ type: 'addRules', rules: list.map(([toolName, ruleContent]) => (ruleContent === undefined ? { toolName } : { toolName, ruleContent })), behavior, destination });
const list = (id) => [ctl(id, { subtype: 'list_permission_rules' }), sleep(2)];
/** A FGBASH turn asked about and answered with `answer`, to its result. */
const askedTurn = (answer) => [user('FGBASH please'), waitFor(CAN_USE_TOOL, 30), sleep(0.5), answer, waitFor(RESULT, 30), sleep(1)];
/** A second FGBASH turn: asked again, or not (the result waits; an unanswered prompt ends at EOF). */
const secondTurn = [user('FGBASH please'), sleep(6)];
const hookSettings = (hooks) => ['--settings', JSON.stringify({ hooks })];
const cmd = (command, matcher) => [{ ...(matcher ? { matcher } : {}), hooks: [{ type: 'command', command }] }];

const RULES = [
  { name: 'ctl_list_permission_rules_sources_fc', about: 'list_permission_rules with --allowedTools / --disallowedTools patterns, MCP names and --settings allow/deny/ask rules', clis: [C328], args: [...STREAM, '--allowedTools', 'Bash(npm run:*),Read,mcp__srv__tool,Bash(git status)', '--disallowedTools', 'WebFetch,Bash(rm *)', '--settings', JSON.stringify({ permissions: { allow: ['Edit', 'Bash(ls:*)'], deny: ['Bash(curl:*)'], ask: ['Bash(git push:*)', 'Write'] } })], steps: [...ready(), ...list('req_2'), close] },
  { name: 'ctl_list_permission_rules_updates_fc', about: 'list_permission_rules after an allow answer adding allow/deny/ask rules and a directory for the session', clis: [C328], args: ASK, files: { 'sub/a.txt': 'a' }, steps: [...ready(), ...askedTurn(allowWith(rules('allow', 'session', ['Bash', 'touch:*'], ['Bash', 'echo fg-output']), rules('deny', 'session', ['WebFetch']), rules('ask', 'session', ['Bash', 'git push:*']), { type: 'addDirectories', directories: ['sub'], destination: 'session' })), ...list('req_2'), close] },
  { name: 'ctl_list_permission_rules_local_settings_fc', about: 'list_permission_rules after an allow answer adding a rule to localSettings and userSettings', clis: [C328], args: ASK, steps: [...ready(), ...askedTurn(allowWith(rules('allow', 'localSettings', ['Bash', 'touch fg.txt && echo fg-output']), rules('allow', 'userSettings', ['Read']))), ...list('req_2'), close] },
  { name: 'req_can_use_tool_deny_rule_then_call_fc', about: 'an allow answer adding a session deny rule for Bash, then a second Bash call', clis: CLAUDE, args: ASK, steps: [...ready(), ...askedTurn(allowWith(rules('deny', 'session', ['Bash']))), ...secondTurn, close, sleep(2)] },
  { name: 'req_can_use_tool_ask_rule_then_call_fc', about: 'an allow answer adding a session allow rule and an ask rule for the same tool, then a second Bash call', clis: CLAUDE, args: ASK, steps: [...ready(), ...askedTurn(allowWith(rules('allow', 'session', ['Bash']), rules('ask', 'session', ['Bash', 'touch:*']))), ...secondTurn, close, sleep(2)] },
  { name: 'req_can_use_tool_replace_rules_fc', about: 'an allow answer: addRules Bash, then replaceRules allow with a rule covering only echo, then a second Bash call', clis: CLAUDE, args: ASK, steps: [...ready(), ...askedTurn(allowWith(rules('allow', 'session', ['Bash']), { type: 'replaceRules', rules: [{ toolName: 'Bash', ruleContent: 'echo:*' }], behavior: 'allow', destination: 'session' })), ...secondTurn, close, sleep(2)] },
  { name: 'req_can_use_tool_remove_rules_fc', about: 'an allow answer: addRules Bash then removeRules Bash, then a second Bash call', clis: CLAUDE, args: ASK, steps: [...ready(), ...askedTurn(allowWith(rules('allow', 'session', ['Bash']), { type: 'removeRules', rules: [{ toolName: 'Bash' }], behavior: 'allow', destination: 'session' })), ...secondTurn, close, sleep(2)] },
  { name: 'req_can_use_tool_local_rule_then_call_fc', about: 'an allow answer adding a Bash allow rule to localSettings, then a second Bash call', clis: CLAUDE, args: ASK, steps: [...ready(), ...askedTurn(allowWith(rules('allow', 'localSettings', ['Bash']))), ...secondTurn, close, sleep(2)] },
];

const FOLD = [
  { name: 'in_user_pending_permission_answer_fc', about: 'a user line while can_use_tool waits, then the host allows', clis: CLAUDE, args: ASK, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL, 30), sleep(1), user('hi'), sleep(2), { answer: 'can_use_tool', response: { behavior: 'allow', updatedInput: INPUT } }, waitFor(RESULT, 30), sleep(4), close, sleep(2)] },
  { name: 'in_user_pending_permission_deny_fc', about: 'a user line while can_use_tool waits, then the host denies', clis: CLAUDE, args: ASK, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL, 30), sleep(1), user('hi'), sleep(2), { answer: 'can_use_tool', response: { behavior: 'deny', message: 'not this one' } }, waitFor(RESULT, 30), sleep(4), close, sleep(2)] },
  { name: 'in_user_pending_pre_hook_fc', about: 'a user line while a PreToolUse hook_callback waits, then the hook is answered', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }] } }), user('FGBASH please'), waitFor('"subtype":"hook_callback"', 30), sleep(1), user('hi'), sleep(2), { answer: 'hook_callback', response: { continue: true } }, waitFor(RESULT, 30), sleep(4), close, sleep(2)] },
  { name: 'in_two_users_pending_permission_fc', about: 'two user lines while can_use_tool waits, then the host allows', clis: CLAUDE, args: ASK, steps: [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL, 30), sleep(1), user('hi'), user('SLOWTEXT please'), sleep(2), { answer: 'can_use_tool', response: { behavior: 'allow', updatedInput: INPUT } }, waitFor(RESULT, 30), sleep(8), close, sleep(2)] },
];

const HOOKS = [
  { name: 'opt_settings_hook_pre_tool_fc', about: '-p FGBASH with --include-hook-events and PreToolUse + PostToolUse command hooks in --settings', clis: CLAUDE, args: ['-p', 'FGBASH please', ...P_STREAM, '--include-hook-events', '--allowedTools', 'Bash', ...hookSettings({ PreToolUse: cmd('echo pre', 'Bash'), PostToolUse: cmd('echo post', 'Bash') })], steps: [close] },
  { name: 'opt_settings_hook_exit2_fc', about: '-p FGBASH, a PreToolUse command hook in --settings that exits 2 with a reason on stderr', clis: CLAUDE, args: ['-p', 'FGBASH please', ...P_STREAM, '--include-hook-events', '--allowedTools', 'Bash', ...hookSettings({ PreToolUse: cmd('echo blocked-by-hook >&2; exit 2', 'Bash') })], steps: [close] },
  { name: 'opt_settings_hook_exit1_fc', about: '-p hi, a UserPromptSubmit command hook in --settings that exits 1', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, '--include-hook-events', ...hookSettings({ UserPromptSubmit: cmd('echo oops >&2; exit 1') })], steps: [close] },
  { name: 'opt_settings_hook_no_events_fc', about: '-p hi, a UserPromptSubmit command hook in --settings, without --include-hook-events', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, ...hookSettings({ UserPromptSubmit: cmd('echo hooked') })], steps: [close] },
  { name: 'opt_settings_hook_json_block_fc', about: '-p hi, a UserPromptSubmit command hook printing {"decision":"block"}', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, '--include-hook-events', ...hookSettings({ UserPromptSubmit: cmd(`echo '{"decision":"block","reason":"no prompts today"}'`) })], steps: [close] },
  { name: 'opt_settings_hook_stop_fc', about: '-p hi with Stop and SessionStart command hooks in --settings', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, '--include-hook-events', ...hookSettings({ Stop: cmd('echo stopping'), SessionStart: cmd('echo starting') })], steps: [close] },
  { name: 'opt_settings_hook_stream_fc', about: 'stream-json turns with --include-hook-events and a UserPromptSubmit command hook in --settings', clis: CLAUDE, args: [...STREAM, '--include-hook-events', ...hookSettings({ UserPromptSubmit: cmd('echo hooked') })], steps: [...ready(), user('hi'), waitFor(RESULT, 30), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
];

const RESUME = [];

export const CASES = [...RULES, ...FOLD, ...HOOKS, ...RESUME];

