// Surface cases (tuning, issue #16, helper FD, round 9): Claude Code's control requests crossed with the phases an
// SDK sends them in (before initialize, idle, mid-turn, while a can_use_tool or hook_callback waits, while a background
// task runs, right after an interrupt, after stdin EOF) and the argument forms sdk.d.ts allows (missing optional fields,
// invalid values, unknown ids, wrong types); and host answers to the CLI's requests in unusual forms.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CLAUDE, ready, RESULT } from '../surface-kit.mjs';

const ASK = [...STREAM, '--permission-prompt-tool', 'stdio'];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const HOOK_CALLBACK = '"subtype":"hook_callback"';
const NOTIFIED = '"subtype":"task_notification"';
const STARTED = '"subtype":"task_started"';
const HI_RESULT = '"result":"Hello from fake API."';
const SLOW_RESULT = '"result":"slow reply"';
const FINAL_RESULT = '"result":"FINAL: acknowledged"';
const ALLOW = { behavior: 'allow', updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
/** The Claude SDK's hook matcher shape in initialize. */
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
/** A FGBASH turn whose can_use_tool request is waiting for the host. */
const permissionWaiting = [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1)];
/** A FGBASH turn whose PreToolUse hook callback is waiting for the host (bypassed call). */
const hookWaiting = [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor(HOOK_CALLBACK), sleep(1)];
/** A background sub-agent whose reply takes 6 s, launched; its turn has ended. */
const slowAgentRunning = [...ready(), user('BGSLOWAGENT please'), waitFor(FINAL_RESULT, 30), sleep(1)];
/** A slow workflow launched; its turn has ended. */
const workflowRunning = [...ready(), user('WFSLOW please'), waitFor(STARTED, 30), waitFor(RESULT, 30), sleep(1)];

/** Which tasks an interrupt stops: background Bash, background agents, workflows, idle and mid-turn. */
const INTERRUPT = [
  { name: 'ctl_interrupt_bg_agent_fd', about: 'interrupt while only a slow background Agent runs (after its turn), then its notification', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(NOTIFIED, 30), waitFor('"num_turns"', 20), sleep(3), close] },
  { name: 'ctl_interrupt_workflow_fd', about: 'interrupt while only a slow workflow runs (after its turn)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...workflowRunning, ctl('req_int', { subtype: 'interrupt' }), waitFor(NOTIFIED, 40), sleep(4), close] },
  { name: 'ctl_interrupt_mid_turn_bg_agent_fd', about: 'a slow background Agent runs, then a slow turn interrupted mid-reply', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, user('SLOWTEXT please'), sleep(1.5), ctl('req_int', { subtype: 'interrupt' }), waitFor(NOTIFIED, 30), sleep(6), close] },
  { name: 'ctl_interrupt_mid_turn_bg_bash_fd', about: 'a background Bash runs, then a slow turn interrupted under way', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 25), user('SLOWTEXT please'), sleep(0.6), ctl('req_int', { subtype: 'interrupt' }), waitFor(NOTIFIED, 25), sleep(5), close] },
  { name: 'ctl_interrupt_pending_permission_fd', about: 'interrupt while a can_use_tool request waits, then a hi turn', clis: CLAUDE, args: ASK, steps: [...permissionWaiting, ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(1), user('hi'), waitFor(HI_RESULT, 20), sleep(1), close] },
  { name: 'ctl_interrupt_before_init_fd', about: 'interrupt as the first line, before initialize, then a turn', clis: CLAUDE, args: STREAM, steps: [ctl('req_0', { subtype: 'interrupt' }), sleep(2), ...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
];

/** get_settings: `effective` and `sources` from the settings files and flags the session read. */
const PROJECT_FILES = {
  '.claude/settings.json': JSON.stringify({ permissions: { allow: ['Bash', 'Bash(npm test)'], deny: ['WebSearch'] }, env: { FD_PROJECT: '1' } }),
  '.claude/settings.local.json': JSON.stringify({ permissions: { ask: ['Bash(git commit:*)'] }, includeCoAuthoredBy: false }),
};
const getSettings = (id = 'req_2') => [ctl(id, { subtype: 'get_settings' }), sleep(2)];
const SETTINGS = [
  { name: 'ctl_get_settings_files_fd', about: 'get_settings with user (the harness allow rules), project and local settings files', clis: CLAUDE, args: STREAM, bypass: true, files: PROJECT_FILES, steps: [...ready(), ...getSettings(), close] },
  { name: 'ctl_get_settings_flag_fd', about: 'get_settings with --settings JSON (permissions, env, a model)', clis: CLAUDE, args: [...STREAM, '--settings', '{"permissions":{"deny":["WebFetch"]},"env":{"FD_FLAG":"1"},"model":"sonnet"}'], steps: [...ready(), ...getSettings(), close] },
  { name: 'ctl_get_settings_sources_project_fd', about: 'get_settings with --setting-sources project beside user, project and local files', clis: CLAUDE, args: [...STREAM, '--setting-sources', 'project'], bypass: true, files: PROJECT_FILES, steps: [...ready(), ...getSettings(), close] },
  { name: 'ctl_get_settings_after_apply_flag_fd', about: 'apply_flag_settings (permissions and a model), then get_settings', clis: CLAUDE, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'apply_flag_settings', settings: { model: 'haiku', permissions: { deny: ['WebFetch'] } } }), sleep(2), ...getSettings('req_3'), close] },
  { name: 'ctl_get_settings_managed_fd', about: 'get_settings with --managed-settings denying WebFetch and a --settings file rule', clis: CLAUDE, args: [...STREAM, '--managed-settings', '{"permissions":{"deny":["WebFetch"]}}', '--settings', '{"permissions":{"deny":["WebFetch","WebSearch"]}}'], steps: [...ready(), ...getSettings(), close] },
  { name: 'ctl_get_settings_before_init_fd', about: 'get_settings as the first line (before initialize), with --settings', clis: CLAUDE, args: [...STREAM, '--settings', '{"permissions":{"allow":["Read"]}}'], steps: [ctl('req_0', { subtype: 'get_settings' }), sleep(2), ...ready(), close] },
];

export const CASES = [...INTERRUPT, ...SETTINGS];
