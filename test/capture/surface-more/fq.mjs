// Surface cases (tuning, issue #16, helper FQ): cbc 2.117.0's background work in other modes and combinations — a
// background Agent in -p, a background Bash call under the default permission mode (in -p and asked over stdio), two
// background agents in one session, the task control requests after a team-member spawn, and EOF / SIGTERM while a
// spawned team member runs.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, CBC, P_STREAM, ready, RESULT } from '../surface-kit.mjs';

const ONLY_CBC = [CBC];
/** init, a BGAGENT turn and its result. */
const agentTurn = () => [...ready(), user('BGAGENT please'), waitFor(RESULT, 30), sleep(1)];

export const CASES = [
  { name: 'ses_p_bg_agent_fq', about: '-p with a background Agent request', clis: ALL, args: ['-p', 'BGAGENT please', ...P_STREAM], bypass: true, steps: [close, sleep(6)] },
  { name: 'ses_p_bg_bash_default_mode_fq', about: '-p with a background Bash request under the default permission mode (no bypass)', clis: ONLY_CBC, args: ['-p', 'BGBASH please', ...P_STREAM], steps: [close, sleep(4)] },
  { name: 'req_can_use_tool_bg_bash_fq', about: 'a background Bash request under the default permission mode, the host allows it over stdio', clis: ONLY_CBC, args: STREAM, steps: [...ready(), user('BGBASH please'), { answer: 'can_use_tool', response: { behavior: 'allow', updatedInput: { command: 'sleep 2; echo bg-output', description: 'Sleep then echo', run_in_background: true } }, timeout: 30 }, waitFor(RESULT, 30), sleep(4), close] },
  { name: 'req_can_use_tool_bg_bash_allowed_fq', about: 'a background Bash request under the default permission mode, the host allows it with allowed: true (cbc reads it)', clis: ONLY_CBC, args: STREAM, steps: [...ready(), user('BGBASH please'), { answer: 'can_use_tool', response: { behavior: 'allow', allowed: true, updatedInput: { command: 'sleep 2; echo bg-output', description: 'Sleep then echo', run_in_background: true } }, timeout: 30 }, waitFor(RESULT, 30), sleep(4), close] },
  { name: 'req_can_use_tool_bg_bash_deny_fq', about: 'a background Bash request under the default permission mode, the host denies it', clis: ONLY_CBC, args: STREAM, steps: [...ready(), user('BGBASH please'), { answer: 'can_use_tool', response: { behavior: 'deny', allowed: false, message: 'no background work' }, timeout: 30 }, waitFor(RESULT, 30), sleep(2), close] },
  { name: 'req_can_use_tool_bg_agent_fq', about: 'a background Agent request under the default permission mode (does the Agent tool ask?)', clis: ONLY_CBC, args: STREAM, steps: [...ready(), user('BGAGENT please'), { answer: 'can_use_tool', response: { behavior: 'allow', updatedInput: { description: 'bg helper', prompt: 'SUBAGENT_ALPHA do it', subagent_type: 'general-purpose', run_in_background: true } }, timeout: 15 }, waitFor(RESULT, 30), sleep(3), close] },
  { name: 'ses_bg_agent_twice_fq', about: 'two turns that each start a background Agent (the team member names count)', clis: ONLY_CBC, args: STREAM, bypass: true, steps: [...agentTurn(), user('BGAGENT again please'), waitFor('"num_turns":', 30), sleep(3), close] },
  { name: 'ctl_background_tasks_after_bg_agent_fq', about: 'background_tasks after a background Agent was spawned', clis: ONLY_CBC, args: STREAM, bypass: true, steps: [...agentTurn(), ctl('req_2', { subtype: 'background_tasks' }), sleep(3), close] },
  { name: 'ctl_stop_task_after_bg_bash_fq', about: 'stop_task of an unknown id after a refused background Bash call', clis: ONLY_CBC, args: STREAM, bypass: true, steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 30), sleep(1), ctl('req_2', { subtype: 'stop_task', task_id: 'bnone0000' }), sleep(3), close] },
  { name: 'eof_bg_agent_running_fq', about: 'stdin EOF right after the result of a turn that spawned a background Agent', clis: ONLY_CBC, args: STREAM, bypass: true, steps: [...ready(), user('BGAGENT please'), waitFor(RESULT, 30), close, sleep(8)] },
  { name: 'sig_term_bg_agent_running_fq', about: 'SIGTERM right after the result of a turn that spawned a background Agent', clis: ONLY_CBC, args: STREAM, bypass: true, steps: [...ready(), user('BGAGENT please'), waitFor(RESULT, 30), { signal: 'SIGTERM' }, sleep(4)] },
  { name: 'ses_bg_bash_allowed_tools_fq', about: 'a background Bash request under the default mode with --allowedTools Bash (no host asked)', clis: ONLY_CBC, args: [...STREAM, '--allowedTools', 'Bash'], steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 30), sleep(2), close] },
  { name: 'ses_bg_bash_dontask_fq', about: 'a background Bash request under --permission-mode dontAsk', clis: ONLY_CBC, args: [...STREAM, '--permission-mode', 'dontAsk'], steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 30), sleep(2), close] },
  { name: 'ses_bg_bash_plan_fq', about: 'a background Bash request under --permission-mode plan', clis: ONLY_CBC, args: [...STREAM, '--permission-mode', 'plan'], steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 30), sleep(2), close] },
  { name: 'ctl_set_permission_mode_bypass_bg_bash_fq', about: 'set_permission_mode bypassPermissions, then a background Bash request', clis: ONLY_CBC, args: STREAM, steps: [...ready(), ctl('req_2', { subtype: 'set_permission_mode', mode: 'bypassPermissions' }), sleep(1), user('BGBASH please'), waitFor(RESULT, 30), sleep(2), close] },
  { name: 'ses_bg_agent_wait_fq', about: 'a background Agent spawned, 15 s of stdin held open (does the team member report back?), then a plain turn', clis: ONLY_CBC, args: STREAM, bypass: true, steps: [...agentTurn(), sleep(15), user('hi'), waitFor('"result":"Hello from fake API."', 30), sleep(2), close] },
  { name: 'ses_bg_bash_then_hi_fq', about: 'a refused background Bash turn, then a plain turn', clis: ONLY_CBC, args: STREAM, bypass: true, steps: [...ready(), user('BGBASH please'), waitFor(RESULT, 30), sleep(1), user('hi'), waitFor('"result":"Hello from fake API."', 30), sleep(2), close] },
];
